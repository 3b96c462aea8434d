/** What every seed part shares: the open transaction, the PRNG, the reference date and the ids made so far. */
import { getTableName } from 'drizzle-orm';
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { AppDb, DbKind } from '../client';
import type { Prng } from './prng';
import type { DemoOrganizationKey } from './data';

export type SeedTx = Parameters<Parameters<AppDb['transaction']>[0]>[0];

/** Ids of the rows created so far, keyed by their natural names. Later parts add their own maps. */
export interface SeedIds {
  provinces: Map<string, number>;
  regions: Map<string, number>;
  /** by area name */
  areas: Map<string, number>;
  organizations: Map<DemoOrganizationKey, number>;
  /** by legal entity name */
  legalEntities: Map<string, number>;
  /** by farm name */
  farms: Map<string, number>;
  /** by packhouse name */
  packhouses: Map<string, number>;
  /** by `${organisationKey}/${roleName}`, see roleKey() */
  roles: Map<string, number>;
  /** by user name */
  users: Map<string, number>;
}

export interface SeedContext {
  tx: SeedTx;
  kind: DbKind;
  /** the root generator; a part should take `rng.fork(partName)` so parts do not shift each other */
  rng: Prng;
  /** integer >= 1; multiplies the large operational tables */
  scale: number;
  /** "now" of the demo world; every date is derived from it */
  referenceDate: Date;
  ids: SeedIds;
  /** rows inserted per table name */
  counts: Record<string, number>;
  /** argon2id hash per distinct demo password (hashed once, before the transaction) */
  passwordHashes: ReadonlyMap<string, string>;
  /** the demo users have already dismissed the demo release note */
  dismissReleaseNote: boolean;
  /** inserts rows in batches sized to stay under the bind-parameter limit */
  insert<T extends PgTable>(table: T, rows: PgInsertValue<T>[]): Promise<void>;
  /** same, returning the inserted rows in insertion order */
  insertReturning<T extends PgTable>(table: T, rows: PgInsertValue<T>[]): Promise<T['$inferSelect'][]>;
  /** referenceDate minus a number of days (fractions allowed) */
  daysBefore(days: number): Date;
}

export interface SeedPart {
  name: string;
  run(ctx: SeedContext): Promise<void>;
}

export const roleKey = (organization: DemoOrganizationKey, roleName: string): string => `${organization}/${roleName}`;

/** PostgreSQL allows 65 535 bind parameters per statement; stay well below. */
const MAX_PARAMS = 30_000;
const MAX_ROWS = 5_000;

function batchSize(rows: readonly object[]): number {
  let columns = 1;
  for (const row of rows.slice(0, 50)) columns = Math.max(columns, Object.keys(row).length);
  return Math.max(1, Math.min(MAX_ROWS, Math.floor(MAX_PARAMS / columns)));
}

export function createSeedContext(init: {
  tx: SeedTx;
  kind: DbKind;
  rng: Prng;
  scale: number;
  referenceDate: Date;
  passwordHashes: ReadonlyMap<string, string>;
  dismissReleaseNote?: boolean;
}): SeedContext {
  const counts: Record<string, number> = {};
  const add = (table: PgTable, n: number) => {
    const name = getTableName(table);
    counts[name] = (counts[name] ?? 0) + n;
  };
  const ctx: SeedContext = {
    ...init,
    dismissReleaseNote: init.dismissReleaseNote ?? false,
    counts,
    ids: {
      provinces: new Map(),
      regions: new Map(),
      areas: new Map(),
      organizations: new Map(),
      legalEntities: new Map(),
      farms: new Map(),
      packhouses: new Map(),
      roles: new Map(),
      users: new Map(),
    },
    async insert(table, rows) {
      const size = batchSize(rows);
      for (let i = 0; i < rows.length; i += size) {
        const chunk = rows.slice(i, i + size);
        await init.tx.insert(table).values(chunk);
        add(table, chunk.length);
      }
    },
    async insertReturning<T extends PgTable>(table: T, rows: PgInsertValue<T>[]) {
      const size = batchSize(rows);
      const out: T['$inferSelect'][] = [];
      for (let i = 0; i < rows.length; i += size) {
        const chunk = rows.slice(i, i + size);
        const inserted = (await init.tx.insert(table).values(chunk).returning()) as T['$inferSelect'][];
        out.push(...inserted);
        add(table, chunk.length);
      }
      return out;
    },
    daysBefore: (days) => new Date(init.referenceDate.getTime() - Math.round(days * 86_400_000)),
  };
  return ctx;
}
