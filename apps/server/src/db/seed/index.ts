/**
 * Deterministic demo data: a South African citrus setting (growers, a packhouse, their farms and
 * packhouses, roles and the demo users). Runs once on an empty, migrated database, inside one
 * transaction; a database that already has users is left alone.
 *
 * Later areas add a file under parts/ and append it to SEED_PARTS. A part receives the shared
 * SeedContext: the transaction, a PRNG (fork it by name), the reference date, `scale` and the ids
 * of everything created before it.
 */
import { count, sql } from 'drizzle-orm';
import { hashPassword } from '../../lib/password';
import type { DbHandle } from '../client';
import { analyzeDatabase } from '../statistics';
import { users } from '../schema/index';
import { createSeedContext, type SeedPart } from './context';
import { SEED_RANDOM_SEED, SEED_REFERENCE_DATE } from './data';
import { DEMO_USERS, type DemoUser } from './demo-users';
import { attendancePart } from './parts/attendance';
import { employeesPart } from './parts/employees';
import { harvestPart } from './parts/harvest';
import { identityPart } from './parts/identity';
import { organizationsPart } from './parts/organizations';
import { pickingPart } from './parts/picking';
import { placesPart } from './parts/places';
import { releaseNotesPart } from './parts/release-notes';
import { scoutingPart } from './parts/scouting';
import { fieldCapturePart } from './parts/field-capture';
import { pestReadingsPart } from './parts/pest-readings';
import { packhouseReadingsPart } from './parts/packhouse-readings';
import { createPrng } from './prng';

export { DEMO_USERS, demoUser, type DemoUser, type DemoMembership } from './demo-users';
export * from './data';
export type { SeedContext, SeedIds, SeedPart, SeedTx } from './context';
export { roleKey } from './context';
export { createPrng, type Prng } from './prng';

/** In order; each part may use the ids of the parts before it. */
export const SEED_PARTS: readonly SeedPart[] = [placesPart, organizationsPart, identityPart, harvestPart, pickingPart, employeesPart, attendancePart, scoutingPart, fieldCapturePart, pestReadingsPart, packhouseReadingsPart, releaseNotesPart];

export interface SeedOptions {
  /** integer >= 1 (default 1); multiplies the large operational tables */
  scale?: number;
  /** "now" of the demo world (default SEED_REFERENCE_DATE) */
  referenceDate?: Date;
  /** the demo users have already dismissed the demo release note (default false) */
  dismissReleaseNote?: boolean;
}

export interface SeedSummary {
  /** false when the database already had users and nothing was written */
  seeded: boolean;
  /** why nothing was written */
  skippedReason?: string;
  scale: number;
  referenceDate: string;
  /** rows inserted per table (empty when skipped) */
  counts: Record<string, number>;
  users: readonly DemoUser[];
}

/** pg_advisory_xact_lock key, so two processes seeding one PostgreSQL database do not both insert */
const SEED_LOCK_KEY = 7_291_455_001;
const ALREADY_SEEDED = 'The database already has users; demo data was not added.';

export async function seedDemoData(handle: DbHandle, options: SeedOptions = {}): Promise<SeedSummary> {
  const scale = options.scale ?? 1;
  if (!Number.isInteger(scale) || scale < 1) throw new RangeError(`scale must be an integer >= 1 (got ${String(scale)})`);
  const referenceDate = options.referenceDate ?? SEED_REFERENCE_DATE;
  if (Number.isNaN(referenceDate.getTime())) throw new RangeError('referenceDate is not a valid date');
  const base = { scale, referenceDate: referenceDate.toISOString(), users: DEMO_USERS };
  const skipped: SeedSummary = { ...base, seeded: false, skippedReason: ALREADY_SEEDED, counts: {} };

  if (await hasUsers(handle)) return skipped;

  // argon2id is the slow part: hash each distinct password once, in parallel, outside the transaction.
  const passwords = [...new Set(DEMO_USERS.map((u) => u.password))];
  const hashes = await Promise.all(passwords.map((p) => hashPassword(p)));
  const passwordHashes = new Map(passwords.map((p, i) => [p, hashes[i]!]));

  const counts = await handle.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [row] = await tx.select({ n: count() }).from(users);
    if ((row?.n ?? 0) > 0) return null;
    const ctx = createSeedContext({
      tx,
      kind: handle.kind,
      rng: createPrng(SEED_RANDOM_SEED),
      scale,
      referenceDate,
      passwordHashes,
      dismissReleaseNote: options.dismissReleaseNote ?? false,
    });
    for (const part of SEED_PARTS) await part.run(ctx);
    return ctx.counts;
  });

  if (!counts) return skipped;
  // planner statistics of the new rows (PGlite has no autovacuum; PostgreSQL's comes later)
  await analyzeDatabase(handle);
  return { ...base, seeded: true, counts };
}

async function hasUsers({ db }: DbHandle): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return (row?.n ?? 0) > 0;
}
