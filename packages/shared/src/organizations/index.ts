export * from './organizations.js';
export * from './organization-onboarding.js';
