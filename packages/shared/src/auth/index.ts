export * from './auth.js';
export * from './password-strength.js';
