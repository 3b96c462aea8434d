export * from './attention.js';
