/**
 * The organisation data export on the demo data: the archive of Citrus Valley Growers is unzipped
 * (yauzl) and held against the database: every table the organisation owns is there with exactly
 * its rows (counted here with SQL of the test's own), no row or text of another organisation, no
 * secret; the manifest describes the files; only holders of management.organisationData download it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PERMISSIONS } from '@orchard/shared/core';
import {
  ORGANIZATION_EXPORT_MANIFEST,
  ORGANIZATION_EXPORT_PATHS,
  organizationExportManifestSchema,
  organizationExportTableFile,
} from '@orchard/shared/organization-export';
import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { addMember, createOrganization, createRole, createUser } from '../../../test/helpers/fixtures';
import { fixedClock } from '../../../test/helpers/picking-world';
import { createTenantWorld, runTenantCase } from '../../../test/helpers/tenant-matrix';
import { rowsOf } from '../../db/client';
import { findMigrationsFolder } from '../../db/migrate';
import { demoUser, seedDemoData } from '../../db/seed/index';
import { exportLogs, farms, legalEntities, memberships, notifications, organizations, roles, sprayProducts, users } from '../../db/schema/index';
import { EXPORTED_TABLES, NOT_EXPORTED_TABLES } from './organization-export.tables';

const NOW = new Date('2026-03-11T08:00:00+02:00');
const CANARY = 'CANARY-OTHER-ORGANISATION-7f3a';

/** Every entry of a zip archive by name, decompressed. */
async function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, file) => (err ? reject(err) : resolve(file))),
  );
  const entries = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on('error', reject);
    zip.on('end', () => resolve());
    zip.on('entry', (entry: yauzl.Entry) => {
      zip.openReadStream(entry, (err, stream) => {
        if (err) return reject(err);
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('error', reject);
        stream.on('end', () => {
          entries.set(entry.fileName, Buffer.concat(chunks));
          zip.readEntry();
        });
      });
    });
    zip.readEntry();
  });
  return entries;
}

/** How many rows of each table belong to the organisation, counted without the export's own list. */
async function countOwned(t: TestApp, table: string, organizationId: number): Promise<number> {
  const parents: Record<string, string> = {
    organizations: `select count(*) from organizations where id = ${organizationId}`,
    users: `select count(*) from users where id in (select user_id from memberships where organization_id = ${organizationId})`,
    role_permissions: `select count(*) from role_permissions rp join roles r on r.id = rp.role_id where r.organization_id = ${organizationId}`,
    scouting_observations: `select count(*) from scouting_observations o join scouting_sessions s on s.id = o.session_id where s.organization_id = ${organizationId}`,
    picking_estimate_weeks: `select count(*) from picking_estimate_weeks w join picking_estimates e on e.id = w.picking_estimate_id where e.organization_id = ${organizationId}`,
    packhouses: `select count(*) from packhouses p where p.owner_organization_id = ${organizationId} or exists (select 1 from organization_packhouses op where op.packhouse_id = p.id and op.organization_id = ${organizationId})`,
    packhouse_capacities: `select count(*) from packhouse_capacities c join packhouses p on p.id = c.packhouse_id where p.owner_organization_id = ${organizationId}`,
    spray_product_market_days: `select count(*) from spray_product_market_days d join spray_products p on p.id = d.product_id where p.organization_id = ${organizationId}`,
  };
  const query = parents[table] ?? `select count(*) from "${table}" where organization_id = ${organizationId}`;
  const [row] = await rowsOf<{ count: string | number }>(t.db, sql.raw(query));
  return Number(row!.count);
}

describe('organisation data export', () => {
  let t: TestApp;
  let grower: number;
  let letaba: number;
  let admin: number;
  let manager: number;
  let archive: Map<string, Buffer>;
  let response: Awaited<ReturnType<TestApp['app']['inject']>>;

  const download = async (userId: number, organizationId: number) =>
    t.app.inject({ method: 'GET', url: ORGANIZATION_EXPORT_PATHS.archive, headers: await t.headersFor(userId, organizationId) });
  const idOf = async (name: string) => (await t.db.select({ id: organizations.id }).from(organizations).where(eq(organizations.name, name)))[0]!.id;
  const userIdOf = async (userName: string) => (await t.db.select({ id: users.id }).from(users).where(eq(users.userName, userName)))[0]!.id;
  const csvOf = (table: string) => parse(archive.get(organizationExportTableFile(table))!.toString('utf8')) as string[][];

  beforeAll(async () => {
    t = await createTestApp({}, { clock: fixedClock(NOW) });
    await seedDemoData(t.handle);
    grower = await idOf('Citrus Valley Growers');
    letaba = await idOf('Letaba Citrus Estates');
    admin = await userIdOf(demoUser('admin').userName);
    manager = await userIdOf(demoUser('manager').userName);
    // another organisation's rows, each carrying the canary: none may reach the grower's archive
    const [entity] = await t.db.insert(legalEntities).values({ organizationId: letaba, name: `Entity ${CANARY}` }).returning();
    await t.db.insert(farms).values({ organizationId: letaba, legalEntityId: entity!.id, farmName: `Farm ${CANARY}` });
    await createRole(t.db, letaba, `Role ${CANARY}`, [PERMISSIONS.usersView], { description: CANARY });
    await t.db.insert(notifications).values({ userId: admin, organizationId: letaba, header: CANARY, body: CANARY });
    const outsider = await createUser(t.db, `outsider-${CANARY.toLowerCase()}`, { fullName: `Outsider ${CANARY}` });
    await addMember(t.db, outsider.id, letaba);
    // a third organisation of its own, with a member of the grower's in it too
    const other = await createOrganization(t.db, `Organisation ${CANARY}`);
    await addMember(t.db, manager, other.id, [(await createRole(t.db, other.id, `Other ${CANARY}`, [PERMISSIONS.usersView])).id]);

    // a row with lists in jsonb columns
    await t.db.insert(sprayProducts).values({
      organizationId: grower,
      name: 'Mancozeb 800 WP',
      formulation: 'WP',
      activeIngredients: [{ name: 'mancozeb', concentration: '800 g/kg' }],
      targetPests: ['Black spot', 'Alternaria'],
      localWithholdingDays: 14,
    });

    response = await download(admin, grower);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    archive = await unzip(response.rawPayload);
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  it('answers a zip attachment named for the moment of the export', () => {
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe('attachment; filename="OrganisationData-2026-03-11-08-00-00.zip"');
    expect(response.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  });

  it('decides for every table of the schema: each one carrying organization_id is exported', async () => {
    const tables = (await rowsOf<{ name: string }>(t.db, sql`select tablename as name from pg_tables where schemaname = 'public'`)).map((r) => r.name);
    const exported = EXPORTED_TABLES.map((s) => s.name);
    expect([...exported, ...NOT_EXPORTED_TABLES].sort()).toEqual([...tables].sort());
    const withOrganization = (
      await rowsOf<{ name: string }>(t.db, sql`select table_name as name from information_schema.columns where table_schema = 'public' and column_name = 'organization_id'`)
    ).map((r) => r.name);
    expect(withOrganization.length).toBeGreaterThan(35);
    for (const table of withOrganization) expect(exported, table).toContain(table);
    for (const table of exported) expect([...archive.keys()], table).toContain(organizationExportTableFile(table));
  });

  it("holds exactly the organisation's rows of every table, as many as the database has", async () => {
    let filled = 0;
    for (const spec of EXPORTED_TABLES) {
      const [header, ...rows] = csvOf(spec.name);
      expect(header, spec.name).toEqual(spec.columns.map((c) => c.name));
      // the export's own log row is written after its last byte
      const ownLog = spec.name === 'export_logs' ? 1 : 0;
      expect(rows.length, spec.name).toBe((await countOwned(t, spec.name, grower)) - ownLog);
      if (rows.length > 0) filled += 1;
      const organizationColumn = header!.indexOf('organization_id');
      if (organizationColumn >= 0) for (const row of rows) expect(row[organizationColumn], spec.name).toBe(String(grower));
    }
    // the demo data fills most of them, so the counts above say something
    expect(filled).toBeGreaterThan(30);
    expect(csvOf('fruit_bins').length).toBeGreaterThan(100);
  });

  it('the manifest names the organisation, the moment, the schema version and every file with its rows and columns', async () => {
    const manifest = organizationExportManifestSchema.parse(JSON.parse(archive.get(ORGANIZATION_EXPORT_MANIFEST)!.toString('utf8')));
    expect(manifest.organization).toEqual({ id: grower, name: 'Citrus Valley Growers' });
    expect(manifest.exportedAt).toBe('2026-03-11T08:00:00+02:00');
    // the latest migration, which the database has applied
    const journal = JSON.parse(readFileSync(join(findMigrationsFolder(), 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
    expect(manifest.schemaVersion).toBe(journal.entries.at(-1)!.tag);
    const [applied] = await rowsOf<{ count: string | number }>(t.db, sql`select count(*) from drizzle.__drizzle_migrations`);
    expect(Number(applied!.count)).toBe(journal.entries.length);
    expect(manifest.files.map((f) => f.table)).toEqual(EXPORTED_TABLES.map((s) => s.name));
    for (const file of manifest.files) {
      const [header, ...rows] = csvOf(file.table);
      expect(file.file).toBe(organizationExportTableFile(file.table));
      expect(file.columns).toEqual(header);
      expect(file.rowCount, file.table).toBe(rows.length);
    }
    expect([...archive.keys()].sort()).toEqual([...manifest.files.map((f) => f.file), ORGANIZATION_EXPORT_MANIFEST].sort());
  });

  it("holds nothing of another organisation's, and no secret", async () => {
    const everything = [...archive.values()].map((b) => b.toString('utf8')).join('\n');
    expect(everything).not.toContain(CANARY);
    expect(everything).not.toContain('$argon2');
    for (const { passwordHash } of await t.db.select({ passwordHash: users.passwordHash }).from(users)) expect(everything).not.toContain(passwordHash);
    for (const [name, bytes] of archive) {
      if (name === ORGANIZATION_EXPORT_MANIFEST) continue;
      const header = (parse(bytes.toString('utf8'), { to_line: 1 }) as string[][])[0]!;
      for (const column of header) expect(column, name).not.toMatch(/password|token|hash|bytes/);
    }
    for (const table of ['refresh_tokens', 'password_reset_tokens', 'used_stream_tickets', 'mail_outbox']) expect(archive.has(organizationExportTableFile(table))).toBe(false);
    // a member of several organisations: name and e-mail only, and none of their other memberships
    const [header, ...members] = csvOf('users');
    expect(header).toEqual(['id', 'user_name', 'email', 'full_name']);
    expect(members.map((m) => m[1])).toEqual(expect.arrayContaining(['admin', 'manager']));
    expect(csvOf('memberships').slice(1).every((m) => m[1] === String(grower))).toBe(true);
  });

  it('writes lists and objects (jsonb columns) as their JSON text', () => {
    const [header, ...rows] = csvOf('spray_products');
    const row = rows.find((r) => r[header!.indexOf('name')] === 'Mancozeb 800 WP')!;
    expect(JSON.parse(row[header!.indexOf('active_ingredients')]!)).toEqual([{ name: 'mancozeb', concentration: '800 g/kg' }]);
    expect(JSON.parse(row[header!.indexOf('target_pests')]!)).toEqual(['Black spot', 'Alternaria']);
  });

  it('writes one export-log row for the download, with its size', async () => {
    const logs = await t.db.select().from(exportLogs).where(eq(exportLogs.componentName, 'OrganizationExportComponent'));
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ userId: admin, organizationId: grower, reportName: 'Organisation Data', size: response.rawPayload.length });
  });

  it('lists the files the archive holds for the screen', async () => {
    const res = await t.app.inject({ method: 'GET', url: ORGANIZATION_EXPORT_PATHS.contents, headers: await t.headersFor(admin, grower) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.organization).toEqual({ id: grower, name: 'Citrus Valley Growers' });
    expect(body.files.map((f: { table: string }) => f.table)).toEqual(EXPORTED_TABLES.map((s) => s.name));
  });

  it('refuses a member without management.organisationData (403) and answers 404 for an organisation the caller is not in', async () => {
    const refused = await download(manager, grower);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('FORBIDDEN');
    const stranger = await createUser(t.db, 'export-stranger');
    const own = await createOrganization(t.db, 'Export Stranger Org');
    await addMember(t.db, stranger.id, own.id, [(await createRole(t.db, own.id, 'Admin', [PERMISSIONS.managementOrganisationData])).id]);
    const elsewhere = await download(stranger.id, grower);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.body).not.toContain('Citrus Valley');
    // the stranger's own organisation exports only itself
    const ownArchive = await unzip((await download(stranger.id, own.id)).rawPayload);
    const ownMembers = parse(ownArchive.get('memberships.csv')!.toString('utf8')) as string[][];
    expect(ownMembers.slice(1)).toEqual([[String(stranger.id), String(own.id), expect.any(String)]]);
    expect((await t.db.select().from(memberships).where(eq(memberships.organizationId, own.id))).length).toBe(1);
  });

  it("in the tenant matrix: B's member naming A's organisation gets 404; B's own archive holds nothing of A's", async () => {
    const world = await createTenantWorld(t);
    await runTenantCase(t, world, {
      name: "A's archive through A's organisation id",
      request: (w) => ({ method: 'GET', url: ORGANIZATION_EXPORT_PATHS.archive, headers: { 'x-organization-id': String(w.a.organizationId) } }),
      expect: 'not-found',
    });
    const own = await runTenantCase(t, world, { name: "B's own archive", request: () => ({ method: 'GET', url: ORGANIZATION_EXPORT_PATHS.archive }), expect: 'no-leak' });
    expect(own.statusCode).toBe(200);
    const files = [...(await unzip(own.rawPayload)).values()].map((b) => b.toString('utf8')).join('\n');
    expect(files).toContain(world.b.canary);
    expect(files).not.toContain(world.a.canary);
  });

  it("the seed's Administrators hold the permission, other demo roles do not", async () => {
    const holders = await rowsOf<{ name: string }>(
      t.db,
      sql`select distinct r.name from ${roles} r join role_permissions rp on rp.role_id = r.id where rp.permission = ${PERMISSIONS.managementOrganisationData} and r.organization_id = ${grower}`,
    );
    expect(holders.map((h) => h.name)).toEqual(['Administrator']);
  });
});
