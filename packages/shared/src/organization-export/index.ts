export * from './organization-export.js';
