export * from './themes.js';
export * from './preferences.js';
