export * from './en.js';
