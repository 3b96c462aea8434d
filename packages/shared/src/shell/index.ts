export * from './menu.js';
export * from './shell.js';
