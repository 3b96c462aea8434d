export * from './account.js';
