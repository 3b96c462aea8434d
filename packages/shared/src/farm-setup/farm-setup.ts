/**
 * Farm setup (management.farmSetup): the master data an organisation keeps so it can run a season:
 * legal entities, farms, farm blocks per farm (where field data is recorded), PUCs per farm,
 * production blocks per PUC (each linked to a farm block on its PUC's farm or to none), and the
 * shared lists of commodities and varieties (each variety names one commodity of the list).
 *
 * Everything but varieties belongs to the current organisation and, from farms down, to the farms
 * assigned to the caller there (data-rules/farm-scope): another organisation's row, or one reached only
 * through other farms, answers 404. Edits carry the row's `version` (412 when someone saved in
 * between); a delete that data still refers to answers 409 with the reason.
 */
import { z } from 'zod';
import { BLOCK_HA_MAX } from '../harvest/schemas.js';
import { idSchema, jsonIdSchema, versionSchema } from '../core/common.js';

export const FARM_SETUP_PATHS = {
  legalEntities: '/api/farm-setup/legal-entities',
  legalEntity: '/api/farm-setup/legal-entities/:id',
  farms: '/api/farm-setup/farms',
  farm: '/api/farm-setup/farms/:id',
  farmBlocks: '/api/farm-setup/farm-blocks',
  farmBlock: '/api/farm-setup/farm-blocks/:id',
  pucs: '/api/farm-setup/pucs',
  puc: '/api/farm-setup/pucs/:id',
  productionBlocks: '/api/farm-setup/production-blocks',
  productionBlock: '/api/farm-setup/production-blocks/:id',
  varieties: '/api/farm-setup/varieties',
  commodities: '/api/farm-setup/commodities',
  /** multipart CSV file of production blocks; ?mode=preview (default) or commit (core/csv-import.ts) */
  productionBlockImports: '/api/farm-setup/production-block-imports',
} as const;

export const BLOCK_IMPORT_MAX_BYTES = 1024 * 1024;
export const BLOCK_IMPORT_MAX_ROWS = 5_000;
export const BLOCK_IMPORT_MAX_CELL = 200;

/**
 * Columns of a production-block CSV file (header row required, any order, names case-insensitive):
 * puc (the PUC name), code (the block code under it), name, ha, variety (its name), planting_year
 * (optional column and cell). A line whose PUC and code name an existing block changes it; any
 * other line creates one. The farm block link of a block is kept as it is (new blocks: none).
 */
export const BLOCK_IMPORT_COLUMNS = ['puc', 'code', 'name', 'ha', 'variety', 'planting_year'] as const;
export type BlockImportColumn = (typeof BLOCK_IMPORT_COLUMNS)[number];
export const BLOCK_IMPORT_REQUIRED_COLUMNS: readonly BlockImportColumn[] = ['puc', 'code', 'name', 'ha', 'variety'];
/** a line of the template, showing each column's format */
export const BLOCK_IMPORT_EXAMPLE: Readonly<Record<BlockImportColumn, string>> = {
  puc: 'C1023',
  code: 'B01',
  name: 'River North',
  ha: '4.5',
  variety: 'Navel',
  planting_year: '2015',
};

export const FARM_SETUP_NAME_MAX = 100;
export const FARM_SETUP_CODE_MAX = 20;
export const FARM_SETUP_COMMODITY_MAX = 50;
export const PLANTING_YEAR_MIN = 1900;

export const FARM_SETUP_MESSAGES = {
  legalEntityNameRequired: 'Legal entity name is required',
  legalEntityNameLength: `The legal entity name may be at most ${FARM_SETUP_NAME_MAX} characters`,
  legalEntityInUse: 'This legal entity cannot be deleted: farms or employees belong to it, or it is the organisation\'s default',
  farmNameRequired: 'Farm name is required',
  farmNameLength: `The farm name may be at most ${FARM_SETUP_NAME_MAX} characters`,
  farmNameTaken: 'A farm with this name already exists',
  farmInUse: 'This farm cannot be deleted: it has PUCs or farm blocks',
  latitudeRange: 'Latitude must be between -90 and 90',
  longitudeRange: 'Longitude must be between -180 and 180',
  farmBlockNameRequired: 'Farm block name is required',
  farmBlockNameLength: `The farm block name may be at most ${FARM_SETUP_NAME_MAX} characters`,
  farmBlockNameTaken: 'A farm block with this name already exists on this farm',
  daffCodeLength: `The DAFF code may be at most ${FARM_SETUP_CODE_MAX} characters`,
  farmBlockLinkedElsewhere: 'Production blocks link to this farm block, so it stays on its farm',
  farmBlockInUse:
    'This farm block cannot be deleted: production blocks, scouting sessions, traps, tensiometer readings, water applied or phenology observations refer to it',
  pucNameRequired: 'PUC name is required',
  pucNameLength: `The PUC name may be at most ${FARM_SETUP_CODE_MAX} characters`,
  pucNameTaken: 'A PUC with this name already exists',
  pucInUse: 'This PUC cannot be deleted: it has production blocks, bin estimates or picking schedule rows',
  blockCodeRequired: 'Block code is required',
  blockCodeLength: `The block code may be at most ${FARM_SETUP_CODE_MAX} characters`,
  blockCodeTaken: 'A block with this code already exists under this PUC',
  blockNameRequired: 'Block name is required',
  blockNameLength: `The block name may be at most ${FARM_SETUP_NAME_MAX} characters`,
  hectaresInvalid: `Hectares must be more than 0 and at most ${BLOCK_HA_MAX}, with at most 4 decimals`,
  plantingYearRange: 'Planting year must be between {min} and {max}',
  farmBlockOtherFarm: 'The linked farm block must lie on the PUC\'s farm',
  blockInUse: 'This production block cannot be deleted: bins or yield estimates refer to it',
  varietyNameRequired: 'Variety name is required',
  varietyNameLength: `The variety name may be at most ${FARM_SETUP_NAME_MAX} characters`,
  varietyNameTaken: 'A variety with this name already exists',
  commodityRequired: 'Commodity is required',
  commodityLength: `The commodity may be at most ${FARM_SETUP_COMMODITY_MAX} characters`,
  commodityUnknown: 'Choose a commodity from the list',
  commodityNameTaken: 'A commodity with this name already exists',
  stale: 'This record was changed by someone else; reload it and try again',
  importNoFile: 'Choose a CSV file of production blocks to import',
  importNotCsv: 'The production block file is not a CSV text file',
  importEmpty: 'The production block file has no rows',
  importTooManyRows: `The production block file has more than ${BLOCK_IMPORT_MAX_ROWS} rows`,
  importMissingColumn: (column: string) => `The production block file has no ${column} column`,
  importCellTooLong: `A value in the production block file is longer than ${BLOCK_IMPORT_MAX_CELL} characters`,
  importFormula: 'Formula cells are not accepted (a value may not start with =, +, -, @, tab or carriage return)',
  importUnknownPuc: 'No PUC with this name on your farms',
  importUnknownVariety: 'No variety with this name',
  importDuplicate: 'This PUC and block code appear more than once in the file',
  importPlantingYearInvalid: 'Planting year must be a year such as 2015',
  importHasErrors: 'The production block file has refused lines; nothing was imported',
} as const;

/** The stable reason key of each of FARM_SETUP_MESSAGES (see reasons.ts). */
export const FARM_SETUP_REASONS = {
  legalEntityNameRequired: 'legal-entity-name-required',
  legalEntityNameLength: 'legal-entity-name-length',
  legalEntityInUse: 'legal-entity-in-use',
  farmNameRequired: 'farm-name-required',
  farmNameLength: 'farm-name-length',
  farmNameTaken: 'farm-name-taken',
  farmInUse: 'farm-in-use',
  latitudeRange: 'latitude-range',
  longitudeRange: 'longitude-range',
  farmBlockNameRequired: 'farm-block-name-required',
  farmBlockNameLength: 'farm-block-name-length',
  farmBlockNameTaken: 'farm-block-name-taken',
  daffCodeLength: 'daff-code-length',
  farmBlockLinkedElsewhere: 'farm-block-linked-elsewhere',
  farmBlockInUse: 'farm-block-in-use',
  pucNameRequired: 'puc-name-required',
  pucNameLength: 'puc-name-length',
  pucNameTaken: 'puc-name-taken',
  pucInUse: 'puc-in-use',
  blockCodeRequired: 'block-code-required',
  blockCodeLength: 'block-code-length',
  blockCodeTaken: 'block-code-taken',
  blockNameRequired: 'block-name-required',
  blockNameLength: 'block-name-length',
  hectaresInvalid: 'hectares-invalid',
  plantingYearRange: 'planting-year-range',
  farmBlockOtherFarm: 'farm-block-other-farm',
  blockInUse: 'production-block-in-use',
  varietyNameRequired: 'variety-name-required',
  varietyNameLength: 'variety-name-length',
  varietyNameTaken: 'variety-name-taken',
  commodityRequired: 'commodity-required',
  commodityLength: 'commodity-length',
  commodityUnknown: 'commodity-unknown',
  commodityNameTaken: 'commodity-name-taken',
  stale: 'farm-setup-stale',
  importNoFile: 'block-import-no-file',
  importNotCsv: 'block-import-not-csv',
  importEmpty: 'block-import-empty',
  importTooManyRows: 'block-import-too-many-rows',
  importMissingColumn: 'block-import-missing-column',
  importCellTooLong: 'block-import-cell-too-long',
  importFormula: 'block-import-formula',
  importUnknownPuc: 'block-import-unknown-puc',
  importUnknownVariety: 'block-import-unknown-variety',
  importDuplicate: 'block-import-duplicate',
  importPlantingYearInvalid: 'block-import-planting-year-invalid',
  importHasErrors: 'block-import-has-errors',
} as const satisfies Record<keyof typeof FARM_SETUP_MESSAGES, string>;

/** 'Planting year must be between 1900 and 2026' */
export function plantingYearMessage(max: number): string {
  return FARM_SETUP_MESSAGES.plantingYearRange.replace('{min}', String(PLANTING_YEAR_MIN)).replace('{max}', String(max));
}

const requiredText = (required: string, tooLong: string, max: number) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { message: required, abort: true })
    .max(max, tooLong);

/** At most 4 decimals, judged on the number's shortest decimal form. */
export function hasAtMostFourDecimals(value: number): boolean {
  if (!Number.isFinite(value)) return false;
  const text = String(value);
  if (/e/i.test(text)) return false;
  const [, fraction = ''] = text.split('.');
  return fraction.length <= 4;
}

export const hectaresSchema = z
  .number({ error: FARM_SETUP_MESSAGES.hectaresInvalid })
  .refine((v) => v > 0 && v <= BLOCK_HA_MAX && hasAtMostFourDecimals(v), { message: FARM_SETUP_MESSAGES.hectaresInvalid });

export const farmSetupIdParamsSchema = z.object({ id: idSchema });

/** Every edit names the version it was based on. */
const withVersion = <T extends z.ZodRawShape>(shape: T) => z.object({ ...shape, version: versionSchema });

// legal entities
export const legalEntityBodySchema = z.object({
  name: requiredText(FARM_SETUP_MESSAGES.legalEntityNameRequired, FARM_SETUP_MESSAGES.legalEntityNameLength, FARM_SETUP_NAME_MAX),
});
export type LegalEntityBody = z.infer<typeof legalEntityBodySchema>;
export const updateLegalEntityBodySchema = withVersion(legalEntityBodySchema.shape);
export type UpdateLegalEntityBody = z.infer<typeof updateLegalEntityBodySchema>;
export const setupLegalEntitySchema = z.object({ id: z.number().int(), name: z.string(), version: z.number().int() });
export type SetupLegalEntity = z.infer<typeof setupLegalEntitySchema>;
export const setupLegalEntitiesResponseSchema = z.array(setupLegalEntitySchema);

// farms

/** A farm's position in degrees, with the range's message (farm setup and Create New Organization). */
export const latitudeSchema = z.number().min(-90, FARM_SETUP_MESSAGES.latitudeRange).max(90, FARM_SETUP_MESSAGES.latitudeRange);
export const longitudeSchema = z.number().min(-180, FARM_SETUP_MESSAGES.longitudeRange).max(180, FARM_SETUP_MESSAGES.longitudeRange);
export const farmBodySchema = z.object({
  farmName: requiredText(FARM_SETUP_MESSAGES.farmNameRequired, FARM_SETUP_MESSAGES.farmNameLength, FARM_SETUP_NAME_MAX),
  legalEntityId: jsonIdSchema,
  areaId: jsonIdSchema.nullable().default(null),
  regionId: jsonIdSchema.nullable().default(null),
  provinceId: jsonIdSchema.nullable().default(null),
  lat: latitudeSchema.nullable().default(null),
  lng: longitudeSchema.nullable().default(null),
});
export type FarmBody = z.infer<typeof farmBodySchema>;
export const updateFarmBodySchema = withVersion(farmBodySchema.shape);
export type UpdateFarmBody = z.infer<typeof updateFarmBodySchema>;
export const setupFarmSchema = z.object({
  id: z.number().int(),
  farmName: z.string(),
  legalEntityId: z.number().int(),
  areaId: z.number().int().nullable(),
  regionId: z.number().int().nullable(),
  provinceId: z.number().int().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  version: z.number().int(),
});
export type SetupFarm = z.infer<typeof setupFarmSchema>;
export const setupFarmsResponseSchema = z.array(setupFarmSchema);

// farm blocks: the blocks of a farm as its growers know them in the field (scouting, traps,
// irrigation and phenology are recorded on them); a production block may link to one on its PUC's farm
export const farmBlocksQuerySchema = z.object({ farmId: idSchema.optional() });
/** An empty DAFF code is no code (null). */
const daffCodeSchema = z
  .string({ error: FARM_SETUP_MESSAGES.daffCodeLength })
  .trim()
  .max(FARM_SETUP_CODE_MAX, FARM_SETUP_MESSAGES.daffCodeLength)
  .nullable()
  .default(null)
  .transform((v) => (v === '' ? null : v));
export const farmBlockBodySchema = z.object({
  farmId: jsonIdSchema,
  name: requiredText(FARM_SETUP_MESSAGES.farmBlockNameRequired, FARM_SETUP_MESSAGES.farmBlockNameLength, FARM_SETUP_NAME_MAX),
  ha: hectaresSchema,
  varietyId: jsonIdSchema,
  daffCode: daffCodeSchema,
});
export type FarmBlockBody = z.infer<typeof farmBlockBodySchema>;
export const updateFarmBlockBodySchema = withVersion(farmBlockBodySchema.shape);
export type UpdateFarmBlockBody = z.infer<typeof updateFarmBlockBodySchema>;
export const setupFarmBlockSchema = z.object({
  id: z.number().int(),
  farmId: z.number().int(),
  name: z.string(),
  ha: z.number(),
  varietyId: z.number().int(),
  daffCode: z.string().nullable(),
  version: z.number().int(),
});
export type SetupFarmBlock = z.infer<typeof setupFarmBlockSchema>;
export const setupFarmBlocksResponseSchema = z.array(setupFarmBlockSchema);

// PUCs
export const pucsQuerySchema = z.object({ farmId: idSchema.optional() });
export const pucBodySchema = z.object({
  farmId: jsonIdSchema,
  pucName: requiredText(FARM_SETUP_MESSAGES.pucNameRequired, FARM_SETUP_MESSAGES.pucNameLength, FARM_SETUP_CODE_MAX),
});
export type PucBody = z.infer<typeof pucBodySchema>;
export const updatePucBodySchema = withVersion(pucBodySchema.shape);
export type UpdatePucBody = z.infer<typeof updatePucBodySchema>;
export const setupPucSchema = z.object({ id: z.number().int(), farmId: z.number().int(), pucName: z.string(), version: z.number().int() });
export type SetupPuc = z.infer<typeof setupPucSchema>;
export const setupPucsResponseSchema = z.array(setupPucSchema);

// production blocks
export const productionBlocksQuerySchema = z.object({ pucId: idSchema.optional() });
export const productionBlockBodySchema = z.object({
  pucId: jsonIdSchema,
  code: requiredText(FARM_SETUP_MESSAGES.blockCodeRequired, FARM_SETUP_MESSAGES.blockCodeLength, FARM_SETUP_CODE_MAX),
  name: requiredText(FARM_SETUP_MESSAGES.blockNameRequired, FARM_SETUP_MESSAGES.blockNameLength, FARM_SETUP_NAME_MAX),
  ha: hectaresSchema,
  varietyId: jsonIdSchema,
  /** checked against the app's clock on the server (PLANTING_YEAR_MIN to the current year) */
  plantingYear: z.number().int().nullable().default(null),
  farmBlockId: jsonIdSchema.nullable().default(null),
});
export type ProductionBlockBody = z.infer<typeof productionBlockBodySchema>;
export const updateProductionBlockBodySchema = withVersion(productionBlockBodySchema.shape);
export type UpdateProductionBlockBody = z.infer<typeof updateProductionBlockBodySchema>;
export const setupProductionBlockSchema = z.object({
  id: z.number().int(),
  pucId: z.number().int(),
  code: z.string(),
  /** null on blocks made before farm setup */
  name: z.string().nullable(),
  ha: z.number().nullable(),
  varietyId: z.number().int(),
  plantingYear: z.number().int().nullable(),
  farmBlockId: z.number().int().nullable(),
  version: z.number().int(),
});
export type SetupProductionBlock = z.infer<typeof setupProductionBlockSchema>;
export const setupProductionBlocksResponseSchema = z.array(setupProductionBlockSchema);

// commodities and varieties: lists every organisation shares, so an organisation's administrator
// lists and adds to them but never renames or deletes a row another organisation may use

export const commodityBodySchema = z.object({
  name: requiredText(FARM_SETUP_MESSAGES.commodityRequired, FARM_SETUP_MESSAGES.commodityLength, FARM_SETUP_COMMODITY_MAX),
});
export type CommodityBody = z.infer<typeof commodityBodySchema>;
export const setupCommoditySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** how many varieties name it */
  varietyCount: z.number().int(),
});
export type SetupCommodity = z.infer<typeof setupCommoditySchema>;
export const setupCommoditiesResponseSchema = z.array(setupCommoditySchema);

/** `commodity` must be the name of a commodity of the list, exactly (400 commodityUnknown otherwise). */
export const varietyBodySchema = z.object({
  varietyName: requiredText(FARM_SETUP_MESSAGES.varietyNameRequired, FARM_SETUP_MESSAGES.varietyNameLength, FARM_SETUP_NAME_MAX),
  commodity: requiredText(FARM_SETUP_MESSAGES.commodityRequired, FARM_SETUP_MESSAGES.commodityLength, FARM_SETUP_COMMODITY_MAX),
});
export type VarietyBody = z.infer<typeof varietyBodySchema>;
export const setupVarietySchema = z.object({ id: z.number().int(), varietyName: z.string(), commodity: z.string() });
export type SetupVariety = z.infer<typeof setupVarietySchema>;
export const setupVarietiesResponseSchema = z.array(setupVarietySchema);
