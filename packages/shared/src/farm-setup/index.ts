export * from './farm-setup.js';
