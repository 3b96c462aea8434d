export * from './spray-products.js';
export * from './withholding.js';
