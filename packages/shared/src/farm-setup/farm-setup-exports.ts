/**
 * The CSV exports of Farm Setup (management.farmSetup): one per tab, each the tab's list with the
 * tab's filter (farm blocks and PUCs `?farmId=`, production blocks `?pucId=`), every row of it, in
 * the table's order and columns after the row's Id, referenced rows written by name. Numbers have a
 * `.` decimal point and no grouping; an empty value is an empty cell.
 */
import { exportFileTimestamp } from '../picking/csv.js';

export type FarmSetupExportKind = 'legalEntities' | 'farms' | 'farmBlocks' | 'pucs' | 'productionBlocks' | 'varieties' | 'commodities';

export const FARM_SETUP_EXPORT_KINDS: readonly FarmSetupExportKind[] = ['legalEntities', 'farms', 'farmBlocks', 'pucs', 'productionBlocks', 'varieties', 'commodities'];

export const FARM_SETUP_EXPORT_PATHS: Readonly<Record<FarmSetupExportKind, string>> = {
  legalEntities: '/api/farm-setup/legal-entities/export',
  farms: '/api/farm-setup/farms/export',
  /** `?farmId=` as the list */
  farmBlocks: '/api/farm-setup/farm-blocks/export',
  /** `?farmId=` as the list */
  pucs: '/api/farm-setup/pucs/export',
  /** `?pucId=` as the list */
  productionBlocks: '/api/farm-setup/production-blocks/export',
  varieties: '/api/farm-setup/varieties/export',
  commodities: '/api/farm-setup/commodities/export',
};

const FILE_PREFIXES: Readonly<Record<FarmSetupExportKind, string>> = {
  legalEntities: 'LegalEntities',
  farms: 'Farms',
  farmBlocks: 'FarmBlocks',
  pucs: 'PUCs',
  productionBlocks: 'ProductionBlocks',
  varieties: 'Varieties',
  commodities: 'Commodities',
};

const REPORT_NAMES: Readonly<Record<FarmSetupExportKind, string>> = {
  legalEntities: 'Legal Entities',
  farms: 'Farms',
  farmBlocks: 'Farm Blocks',
  pucs: 'PUCs',
  productionBlocks: 'Production Blocks',
  varieties: 'Varieties',
  commodities: 'Commodities',
};

/** The export log's screen and report of a tab's export. */
export function farmSetupExportNames(kind: FarmSetupExportKind): { componentName: string; reportName: string } {
  return { componentName: 'FarmSetupComponent', reportName: `Farm Setup ${REPORT_NAMES[kind]}` };
}

/** e.g. FarmBlocks-yyyy-MM-dd-HH-mm-ss.csv, in the business time zone, as every export is named. */
export function farmSetupFileName(kind: FarmSetupExportKind, at: Date): string {
  return `${FILE_PREFIXES[kind]}-${exportFileTimestamp(at)}.csv`;
}

/** Each tab's CSV columns: the row's Id, then the table's columns. */
export const FARM_SETUP_CSV_COLUMNS = {
  legalEntities: [
    { key: 'id', header: 'Id' },
    { key: 'name', header: 'Name' },
  ],
  farms: [
    { key: 'id', header: 'Id' },
    { key: 'farmName', header: 'Farm Name' },
    { key: 'legalEntity', header: 'Legal Entity' },
    { key: 'lat', header: 'Latitude' },
    { key: 'lng', header: 'Longitude' },
  ],
  farmBlocks: [
    { key: 'id', header: 'Id' },
    { key: 'name', header: 'Farm Block Name' },
    { key: 'farm', header: 'Farm' },
    { key: 'ha', header: 'Hectares' },
    { key: 'variety', header: 'Variety' },
    { key: 'daffCode', header: 'DAFF Code' },
  ],
  pucs: [
    { key: 'id', header: 'Id' },
    { key: 'pucName', header: 'PUC Name' },
    { key: 'farm', header: 'Farm' },
  ],
  productionBlocks: [
    { key: 'id', header: 'Id' },
    { key: 'puc', header: 'PUC' },
    { key: 'code', header: 'Block Code' },
    { key: 'name', header: 'Block Name' },
    { key: 'ha', header: 'Hectares' },
    { key: 'variety', header: 'Variety' },
    { key: 'plantingYear', header: 'Planting Year' },
    { key: 'farmBlock', header: 'Farm Block' },
  ],
  varieties: [
    { key: 'id', header: 'Id' },
    { key: 'varietyName', header: 'Variety Name' },
    { key: 'commodity', header: 'Commodity' },
  ],
  commodities: [
    { key: 'id', header: 'Id' },
    { key: 'name', header: 'Commodity' },
    { key: 'varietyCount', header: 'Varieties' },
  ],
} as const satisfies Record<FarmSetupExportKind, readonly { key: string; header: string }[]>;
