export * from './setup-checklist.js';
