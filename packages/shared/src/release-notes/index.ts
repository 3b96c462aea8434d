export * from './release-notes.js';
