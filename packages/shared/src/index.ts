export * from './permissions.js';
export * from './menu.js';
export * from './errors.js';
export * from './constants.js';
export * from './i18n/en.js';
export * from './api/auth.js';
export * from './api/shell.js';
export * from './picking/index.js';
