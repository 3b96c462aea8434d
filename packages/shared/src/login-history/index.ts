export * from './login-history.js';
