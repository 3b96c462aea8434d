/** Harvest reports: figures, totals, order, cell text and wire schemas (docs/domain.md, Harvest). */
export * from './figures.js';
export * from './format.js';
export * from './rounding.js';
export * from './schemas.js';
export * from './sort.js';
export * from './harvest.js';
export * from './bin-import-lines.js';
