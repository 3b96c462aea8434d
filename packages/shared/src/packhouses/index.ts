export * from './packhouses.js';
