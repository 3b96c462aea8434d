/**
 * Spray products and export markets (Management > Spray Products, spray.products.manage): the plant
 * protection products an organisation applies, each with its withholding period (the days between
 * its last application on a block and that block's harvest) for the local market and, where it
 * differs, for each of the organisation's export markets. The rule that turns applications into the
 * first day a block may be harvested is withholding.ts.
 *
 * - A product's name is unique in its organisation, ignoring case and spacing at its ends.
 * - Withholding days are whole numbers from WITHHOLDING_DAYS_MIN to WITHHOLDING_DAYS_MAX; the local
 *   days are required, a market entry names one of the organisation's export markets, at most once.
 * - Export markets are a short list per organisation, unique ignoring case; "local" is not one of
 *   them (it is the default every product has). A market a product names cannot be deleted.
 * - Edits name the version they were read at: 412 when someone saved in between.
 */
import { z } from 'zod';
import { idSchema, versionSchema } from '../core/common.js';
import { exportFileTimestamp } from '../picking/csv.js';

export const SPRAY_PATHS = {
  /** GET: every product of the organisation, by name; POST: add one */
  products: '/api/spray/products',
  /** PUT: edit (with its version); DELETE */
  product: '/api/spray/products/:id',
  /** GET: the products as CSV (the import's columns) */
  productsExport: '/api/spray/products/export',
  /** multipart CSV file of products; ?mode=preview (default) or commit (core/csv-import.ts) */
  productImports: '/api/spray/product-imports',
  /** GET: the organisation's export markets, by name; POST: add one */
  markets: '/api/spray/markets',
  /** DELETE: a market no product names */
  market: '/api/spray/markets/:id',
} as const;

export const sprayProductPath = (id: number) => SPRAY_PATHS.product.replace(':id', String(id));
export const sprayMarketPath = (id: number) => SPRAY_PATHS.market.replace(':id', String(id));

export const WITHHOLDING_DAYS_MIN = 0;
export const WITHHOLDING_DAYS_MAX = 365;
export const SPRAY_PRODUCT_NAME_MAX = 100;
export const SPRAY_REGISTRATION_MAX = 50;
export const SPRAY_INGREDIENT_NAME_MAX = 100;
export const SPRAY_CONCENTRATION_MAX = 50;
export const SPRAY_INGREDIENTS_MAX = 10;
export const SPRAY_PEST_MAX = 60;
export const SPRAY_PESTS_MAX = 20;
export const SPRAY_MARKET_NAME_MAX = 40;
/** export markets an organisation keeps */
export const SPRAY_MARKETS_MAX = 30;

/** The market every product's default days are for; no export market may take its name. */
export const LOCAL_MARKET = 'local';

/** The formulation types a product is sold as (the codes of the CropLife catalogue). */
export const SPRAY_FORMULATIONS = [
  { code: 'EC', name: 'Emulsifiable concentrate' },
  { code: 'SC', name: 'Suspension concentrate' },
  { code: 'WP', name: 'Wettable powder' },
  { code: 'WG', name: 'Water-dispersible granules' },
  { code: 'SL', name: 'Soluble concentrate' },
  { code: 'SP', name: 'Water-soluble powder' },
  { code: 'EW', name: 'Emulsion, oil in water' },
  { code: 'CS', name: 'Capsule suspension' },
  { code: 'OD', name: 'Oil dispersion' },
  { code: 'GR', name: 'Granules' },
] as const;
export const SPRAY_FORMULATION_CODES = SPRAY_FORMULATIONS.map((f) => f.code) as [SprayFormulation, ...SprayFormulation[]];
export type SprayFormulation = (typeof SPRAY_FORMULATIONS)[number]['code'];

export const SPRAY_MESSAGES = {
  nameRequired: 'Enter the product name',
  nameLength: `The product name is at most ${SPRAY_PRODUCT_NAME_MAX} characters`,
  nameTaken: 'A spray product with this name already exists',
  registrationLength: `The registration number is at most ${SPRAY_REGISTRATION_MAX} characters`,
  formulationUnknown: `Choose a formulation: ${SPRAY_FORMULATION_CODES.join(', ')}`,
  ingredientNameRequired: 'Enter the active ingredient',
  ingredientNameLength: `An active ingredient is at most ${SPRAY_INGREDIENT_NAME_MAX} characters`,
  concentrationLength: `A concentration is at most ${SPRAY_CONCENTRATION_MAX} characters`,
  ingredientsTooMany: `A product has at most ${SPRAY_INGREDIENTS_MAX} active ingredients`,
  ingredientDuplicate: 'Each active ingredient is listed once',
  pestRequired: 'Enter the target pest',
  pestLength: `A target pest is at most ${SPRAY_PEST_MAX} characters`,
  pestsTooMany: `A product has at most ${SPRAY_PESTS_MAX} target pests`,
  pestDuplicate: 'Each target pest is listed once',
  daysRange: `Withholding days must be a whole number from ${WITHHOLDING_DAYS_MIN} to ${WITHHOLDING_DAYS_MAX}`,
  marketDuplicate: 'Each market has one withholding period',
  marketUnknown: 'Choose one of the organization’s export markets',
  marketsTooManyEntries: `A product has at most ${SPRAY_MARKETS_MAX} market entries`,
  marketNameRequired: 'Enter the market name',
  marketNameLength: `A market name is at most ${SPRAY_MARKET_NAME_MAX} characters`,
  marketNameReserved: 'Local is every product’s default; name the export market differently',
  marketNameTaken: 'An export market with this name already exists',
  marketsTooMany: `An organization keeps at most ${SPRAY_MARKETS_MAX} export markets`,
  marketInUse: 'A spray product names this market; remove its entry first',
  stale: 'The spray product was changed by someone else; reload it and try again',
  importNoFile: 'Choose a CSV file of spray products to import',
  importNotCsv: 'The spray product file is not a CSV text file',
  importEmpty: 'The spray product file has no rows',
  importTooManyRows: 'The spray product file has more than 2000 rows',
  importMissingColumn: (column: string) => `The spray product file has no ${column} column`,
  importCellTooLong: 'A value in the spray product file is longer than 1000 characters',
  importIngredientsInvalid: 'Write active ingredients as "name: concentration", separated by ;',
  importMarketDaysInvalid: 'Write market days as "market=days", separated by ;',
  importDuplicate: 'This product appears more than once in the file',
  importHasErrors: 'The spray product file has refused lines; nothing was imported',
} as const;

/** The stable reason key of each of SPRAY_MESSAGES (see reasons.ts). */
export const SPRAY_REASONS = {
  nameRequired: 'spray-product-name-required',
  nameLength: 'spray-product-name-length',
  nameTaken: 'spray-product-name-taken',
  registrationLength: 'spray-registration-length',
  formulationUnknown: 'spray-formulation-unknown',
  ingredientNameRequired: 'spray-ingredient-required',
  ingredientNameLength: 'spray-ingredient-length',
  concentrationLength: 'spray-concentration-length',
  ingredientsTooMany: 'spray-ingredients-too-many',
  ingredientDuplicate: 'spray-ingredient-duplicate',
  pestRequired: 'spray-pest-required',
  pestLength: 'spray-pest-length',
  pestsTooMany: 'spray-pests-too-many',
  pestDuplicate: 'spray-pest-duplicate',
  daysRange: 'withholding-days-range',
  marketDuplicate: 'withholding-market-duplicate',
  marketUnknown: 'withholding-market-unknown',
  marketsTooManyEntries: 'withholding-markets-too-many',
  marketNameRequired: 'export-market-name-required',
  marketNameLength: 'export-market-name-length',
  marketNameReserved: 'export-market-name-reserved',
  marketNameTaken: 'export-market-name-taken',
  marketsTooMany: 'export-markets-too-many',
  marketInUse: 'export-market-in-use',
  stale: 'spray-product-stale',
  importNoFile: 'spray-import-no-file',
  importNotCsv: 'spray-import-not-csv',
  importEmpty: 'spray-import-empty',
  importTooManyRows: 'spray-import-too-many-rows',
  importMissingColumn: 'spray-import-missing-column',
  importCellTooLong: 'spray-import-cell-too-long',
  importIngredientsInvalid: 'spray-import-ingredients-invalid',
  importMarketDaysInvalid: 'spray-import-market-days-invalid',
  importDuplicate: 'spray-import-duplicate',
  importHasErrors: 'spray-import-has-errors',
} as const satisfies Record<keyof typeof SPRAY_MESSAGES, string>;

const M = SPRAY_MESSAGES;

/** A name as uniqueness compares it: trimmed, lower case. */
export const sprayNameKey = (name: string) => name.trim().toLowerCase();

/** Withholding days: a whole number from WITHHOLDING_DAYS_MIN to WITHHOLDING_DAYS_MAX. */
export const withholdingDaysSchema = z
  .number({ error: M.daysRange })
  .int({ message: M.daysRange })
  .min(WITHHOLDING_DAYS_MIN, { message: M.daysRange })
  .max(WITHHOLDING_DAYS_MAX, { message: M.daysRange });

const requiredText = (max: number, required: string, tooLong: string) =>
  z.string({ error: required }).trim().min(1, { message: required }).max(max, { message: tooLong });

export const activeIngredientSchema = z.object({
  name: requiredText(SPRAY_INGREDIENT_NAME_MAX, M.ingredientNameRequired, M.ingredientNameLength),
  /** free text: "18 g/L", "50 %" */
  concentration: z.string().trim().max(SPRAY_CONCENTRATION_MAX, { message: M.concentrationLength }).default(''),
});
export type ActiveIngredient = z.output<typeof activeIngredientSchema>;

export const marketWithholdingSchema = z.object({
  /** one of the organisation's export markets, by name */
  market: requiredText(SPRAY_MARKET_NAME_MAX, M.marketNameRequired, M.marketNameLength),
  days: withholdingDaysSchema,
});
export type MarketWithholding = z.output<typeof marketWithholdingSchema>;

/** An export market's name: not blank, not "local", at most SPRAY_MARKET_NAME_MAX characters. */
export const marketNameSchema = requiredText(SPRAY_MARKET_NAME_MAX, M.marketNameRequired, M.marketNameLength).refine(
  (name) => sprayNameKey(name) !== LOCAL_MARKET,
  { message: M.marketNameReserved },
);

/** Each item once, ignoring case: the issue names the repeated item's field. */
function once<T>(items: readonly T[], key: (item: T) => string, path: (i: number) => (string | number)[], message: string, ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  items.forEach((item, i) => {
    const k = sprayNameKey(key(item));
    if (seen.has(k)) ctx.addIssue({ code: 'custom', path: path(i), message });
    seen.add(k);
  });
}

const productFields = {
  name: requiredText(SPRAY_PRODUCT_NAME_MAX, M.nameRequired, M.nameLength),
  registrationNumber: z.string().trim().max(SPRAY_REGISTRATION_MAX, { message: M.registrationLength }).default(''),
  formulation: z.enum(SPRAY_FORMULATION_CODES, { error: M.formulationUnknown }),
  activeIngredients: z.array(activeIngredientSchema).max(SPRAY_INGREDIENTS_MAX, { message: M.ingredientsTooMany }).default([]),
  targetPests: z
    .array(requiredText(SPRAY_PEST_MAX, M.pestRequired, M.pestLength))
    .max(SPRAY_PESTS_MAX, { message: M.pestsTooMany })
    .default([]),
  /** the local market's days, and every market's without an entry of its own */
  localWithholdingDays: withholdingDaysSchema,
  marketWithholding: z.array(marketWithholdingSchema).max(SPRAY_MARKETS_MAX, { message: M.marketsTooManyEntries }).default([]),
};

type ProductFields = { activeIngredients: ActiveIngredient[]; targetPests: string[]; marketWithholding: MarketWithholding[] };

function productRules(body: ProductFields, ctx: z.RefinementCtx) {
  once(body.activeIngredients, (a) => a.name, (i) => ['activeIngredients', i, 'name'], M.ingredientDuplicate, ctx);
  once(body.targetPests, (p) => p, (i) => ['targetPests', i], M.pestDuplicate, ctx);
  once(body.marketWithholding, (m) => m.market, (i) => ['marketWithholding', i, 'market'], M.marketDuplicate, ctx);
}

/** A new product. Whether each market entry names one of the organisation's markets is the server's check (marketUnknown). */
export const sprayProductBodySchema = z.object(productFields).superRefine(productRules);
export type SprayProductBody = z.input<typeof sprayProductBodySchema>;
export type SprayProductValues = z.output<typeof sprayProductBodySchema>;

/** An edit: the whole product, and the version it was read at. */
export const updateSprayProductBodySchema = z.object({ ...productFields, version: versionSchema }).superRefine(productRules);
export type UpdateSprayProductBody = z.input<typeof updateSprayProductBodySchema>;

export const sprayIdParamsSchema = z.object({ id: idSchema });

export const sprayProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  registrationNumber: z.string(),
  formulation: z.string(),
  activeIngredients: z.array(z.object({ name: z.string(), concentration: z.string() })),
  targetPests: z.array(z.string()),
  localWithholdingDays: z.number().int(),
  /** by market name */
  marketWithholding: z.array(z.object({ market: z.string(), days: z.number().int() })),
  version: z.number().int(),
});
export type SprayProduct = z.infer<typeof sprayProductSchema>;
export const sprayProductsResponseSchema = z.object({ result: z.array(sprayProductSchema) });
export type SprayProductsResponse = z.infer<typeof sprayProductsResponseSchema>;

export const exportMarketBodySchema = z.object({ name: marketNameSchema });
export type ExportMarketBody = z.input<typeof exportMarketBodySchema>;
export const exportMarketSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** products with an entry for this market: while any has, the market cannot be deleted */
  productCount: z.number().int(),
});
export type ExportMarket = z.infer<typeof exportMarketSchema>;
export const exportMarketsResponseSchema = z.object({ result: z.array(exportMarketSchema) });
export type ExportMarketsResponse = z.infer<typeof exportMarketsResponseSchema>;

/** The formulation's name beside its code ("EC: Emulsifiable concentrate"); the code itself for one not listed. */
export const formulationLabel = (code: string): string => {
  const found = SPRAY_FORMULATIONS.find((f) => f.code === code);
  return found ? `${found.code}: ${found.name}` : code;
};

// ---------------------------------------------------------------------------------------------
// CSV: the import's columns are the export's, so an exported file can be edited and imported back.

export const SPRAY_IMPORT_MAX_BYTES = 1024 * 1024;
export const SPRAY_IMPORT_MAX_ROWS = 2_000;
export const SPRAY_IMPORT_MAX_CELL = 1_000;

/**
 * A line per product: name, registration_number, formulation (a code), active_ingredients
 * ("name: concentration; ..."), target_pests ("pest; ..."), local_days, market_days
 * ("market=days; ..."). A product of the same name (ignoring case) is changed, else created.
 */
export const SPRAY_IMPORT_COLUMNS = ['name', 'registration_number', 'formulation', 'active_ingredients', 'target_pests', 'local_days', 'market_days'] as const;
export type SprayImportColumn = (typeof SPRAY_IMPORT_COLUMNS)[number];
export const SPRAY_IMPORT_REQUIRED_COLUMNS: readonly SprayImportColumn[] = ['name', 'formulation', 'local_days'];
export const SPRAY_IMPORT_EXAMPLE: Readonly<Record<SprayImportColumn, string>> = {
  name: 'Abamectin 18 EC',
  registration_number: 'L1234',
  formulation: 'EC',
  active_ingredients: 'Abamectin: 18 g/L',
  target_pests: 'Citrus thrips; Citrus red mite',
  local_days: '7',
  market_days: 'EU=14; China=21',
};

/** The separator of a list inside one cell. */
export const SPRAY_LIST_SEPARATOR = ';';

/** A product's cells as the CSV writes them. */
export function sprayProductCells(p: Pick<SprayProduct, 'name' | 'registrationNumber' | 'formulation' | 'activeIngredients' | 'targetPests' | 'localWithholdingDays' | 'marketWithholding'>): Record<SprayImportColumn, string | number> {
  const join = (items: readonly string[]) => items.join(`${SPRAY_LIST_SEPARATOR} `);
  return {
    name: p.name,
    registration_number: p.registrationNumber,
    formulation: p.formulation,
    active_ingredients: join(p.activeIngredients.map((a) => (a.concentration ? `${a.name}: ${a.concentration}` : a.name))),
    target_pests: join(p.targetPests),
    local_days: p.localWithholdingDays,
    market_days: join(p.marketWithholding.map((m) => `${m.market}=${m.days}`)),
  };
}

/** The items of a list cell: split on ;, trimmed, blanks left out. */
export const splitSprayList = (cell: string): string[] =>
  cell
    .split(SPRAY_LIST_SEPARATOR)
    .map((s) => s.trim())
    .filter((s) => s !== '');

/** "name: concentration; ..." read back (the concentration may hold colons of its own), or null when an item has no name. */
export function parseIngredientsCell(cell: string): ActiveIngredient[] | null {
  const items = splitSprayList(cell).map((item) => {
    const at = item.indexOf(':');
    return at < 0 ? { name: item, concentration: '' } : { name: item.slice(0, at).trim(), concentration: item.slice(at + 1).trim() };
  });
  return items.some((i) => i.name === '') ? null : items;
}

/** "market=days; ..." read back, or null when an item is not market=whole number. */
export function parseMarketDaysCell(cell: string): { market: string; days: number }[] | null {
  const items = splitSprayList(cell).map((item) => {
    const match = /^(.+?)\s*=\s*(\d{1,4})$/.exec(item);
    return match ? { market: match[1]!.trim(), days: Number(match[2]) } : null;
  });
  return items.some((i) => i === null) ? null : (items as { market: string; days: number }[]);
}

export const SPRAY_EXPORT_NAMES = { componentName: 'SprayProductsComponent', reportName: 'Spray Products' } as const;

/** SprayProducts-yyyy-MM-dd-HH-mm-ss.csv, in the business time zone, as every export is named. */
export const sprayProductsFileName = (at: Date): string => `SprayProducts-${exportFileTimestamp(at)}.csv`;
