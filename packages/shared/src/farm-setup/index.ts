export * from './farm-setup.js';
export * from './production-block-label.js';
export * from './farm-setup-exports.js';
