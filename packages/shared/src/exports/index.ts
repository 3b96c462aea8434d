export * from './exports.js';
