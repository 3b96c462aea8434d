import { PERMISSIONS, businessTimestamp, type Permission } from '@orchard/shared/core';
import { parse } from 'csv-parse/sync';
import {
  EMPLOYEES_CSV_COLUMNS,
  EMPLOYEES_EXPORT_NAMES,
  EMPLOYEE_FULLNAME_MAX,
  EMPLOYEE_MESSAGES,
  EMPLOYEE_TYPE_MAX,
  EMPLOYEES_PATHS,
  type Employee,
} from '@orchard/shared/employees';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { addMember, assignFarms, createRole, createUser } from '../../../test/helpers/fixtures';
import { createTenantWorld, runTenantCase, type TenantWorld } from '../../../test/helpers/tenant-matrix';
import { employeeTypes, employees, exportLogs, farms, legalEntities } from '../../db/schema/index';

const onePath = (id: number) => EMPLOYEES_PATHS.one.replace(':id', String(id));

describe('employee management', () => {
  let t: TestApp;
  let w: TenantWorld;
  const ids = {} as {
    le1: number;
    le2: number;
    le3: number;
    leB: number;
    farm1: number;
    farm2: number;
    farm3: number;
    permanent: number;
    seasonal: number;
    typeB: number;
    thabo: number;
    anele: number;
    empB: number;
  };

  const as = async (userId: number, organizationId: number, options: InjectOptions) =>
    t.app.inject({ ...options, headers: { ...(await t.headersFor(userId, organizationId)), ...(options.headers ?? {}) } });
  const asA = (options: InjectOptions) => as(w.a.userId, w.a.organizationId, options);
  const listA = async (search = '') => {
    const res = await asA({ method: 'GET', url: `${EMPLOYEES_PATHS.list}${search}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Employee[];
  };
  const rowsOf = async (organizationId: number) =>
    (await t.db.select().from(employees).where(eq(employees.organizationId, organizationId))).map((e) => ({ ...e })).sort((x, y) => x.id - y.id);
  const typesOf = async (organizationId: number) =>
    (await t.db.select().from(employeeTypes).where(eq(employeeTypes.organizationId, organizationId))).sort((x, y) => x.id - y.id);

  beforeAll(async () => {
    t = await createTestApp();
    w = await createTenantWorld(t);
    const A = w.a.organizationId;
    const B = w.b.organizationId;
    const [le1, le2, leB, le3] = await t.db
      .insert(legalEntities)
      .values([
        { organizationId: A, name: 'Alpha Farming (Pty) Ltd' },
        { organizationId: A, name: 'Beta Boerdery (Pty) Ltd' },
        { organizationId: B, name: `B Entity ${w.b.canary}` },
        { organizationId: A, name: 'Gamma Estates (Pty) Ltd' },
      ])
      .returning();
    // a legal entity is visible through the farms assigned to the caller (data-rules/farm-scope): A's member
    // has a farm of Alpha and of Beta, none of Gamma
    const [farm1, farm2, farm3, farmB] = await t.db
      .insert(farms)
      .values([
        { organizationId: A, legalEntityId: le1!.id, farmName: 'Alpha farm' },
        { organizationId: A, legalEntityId: le2!.id, farmName: 'Beta farm' },
        { organizationId: A, legalEntityId: le3!.id, farmName: 'Gamma farm' },
        { organizationId: B, legalEntityId: leB!.id, farmName: 'B farm' },
      ])
      .returning();
    await assignFarms(t.db, w.a.userId, A, [farm1!.id, farm2!.id]);
    await assignFarms(t.db, w.b.userId, B, [farmB!.id]);
    const [permanent, seasonal, typeB] = await t.db
      .insert(employeeTypes)
      .values([
        { organizationId: A, type: 'Permanent' },
        { organizationId: A, type: 'Seasonal' },
        { organizationId: B, type: `Type ${w.b.canary}` },
      ])
      .returning();
    const [thabo, anele, empB] = await t.db
      .insert(employees)
      .values([
        { organizationId: A, legalEntityId: le1!.id, employeeTypeId: permanent!.id, fullname: 'Thabo Mokoena', dateCreate: new Date('2026-01-05T08:00:00Z') },
        { organizationId: A, legalEntityId: le2!.id, employeeTypeId: seasonal!.id, fullname: 'Anele Dlamini' },
        { organizationId: B, legalEntityId: leB!.id, employeeTypeId: typeB!.id, fullname: `B Person ${w.b.canary}` },
      ])
      .returning();
    Object.assign(ids, { le1: le1!.id, le2: le2!.id, le3: le3!.id, leB: leB!.id, farm1: farm1!.id, farm2: farm2!.id, farm3: farm3!.id, permanent: permanent!.id, seasonal: seasonal!.id, typeB: typeB!.id, thabo: thabo!.id, anele: anele!.id, empB: empB!.id });
    // A's own rows carry A's canary for the tenant matrix
    await t.db.insert(employees).values({ organizationId: A, legalEntityId: le1!.id, employeeTypeId: seasonal!.id, fullname: `A Person ${w.a.canary}` });
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists the organisation\'s employees with id, type, legal entity, full name and date created', async () => {
    const rows = await listA();
    expect(rows.slice(0, 2)).toEqual([
      {
        id: ids.thabo,
        fullname: 'Thabo Mokoena',
        legal_Entity: ids.le1,
        legalEntityName: 'Alpha Farming (Pty) Ltd',
        type: ids.permanent,
        employeeType: 'Permanent',
        date_Create: '2026-01-05T08:00:00.000Z',
        version: 1,
      },
      expect.objectContaining({ id: ids.anele, fullname: 'Anele Dlamini', legalEntityName: 'Beta Boerdery (Pty) Ltd', employeeType: 'Seasonal' }),
    ]);
    expect(rows.map((r) => r.id)).not.toContain(ids.empB);
  });

  it('filters by legal entities and employee types (repeated or comma-separated)', async () => {
    expect((await listA(`?legalEntities=${ids.le2}`)).map((r) => r.id)).toEqual([ids.anele]);
    expect((await listA(`?types=${ids.permanent}`)).map((r) => r.id)).toEqual([ids.thabo]);
    expect((await listA(`?legalEntities=${ids.le1},${ids.le2}&types=${ids.permanent}&types=${ids.seasonal}`)).length).toBe(3);
    expect((await asA({ method: 'GET', url: `${EMPLOYEES_PATHS.list}?types=abc` })).statusCode).toBe(400);
  });

  it('exports the list as CSV: the same rows and filter, the table\'s columns, formula cells neutralised, and logs the export', async () => {
    const [odd] = await t.db
      .insert(employees)
      .values({ organizationId: w.a.organizationId, legalEntityId: ids.le2, employeeTypeId: ids.permanent, fullname: '=HYPERLINK("x")' })
      .returning();
    const before = await t.db.select().from(exportLogs).where(eq(exportLogs.organizationId, w.a.organizationId));
    const res = await asA({ method: 'GET', url: EMPLOYEES_PATHS.export });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="Employees-\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2}\.csv"$/);
    expect(res.body.endsWith('\r\n')).toBe(true);
    const records = parse(res.body) as string[][];
    expect(records[0]).toEqual(['Id', 'Type', 'Legal Entity', 'Full Name', 'Date Created']);
    expect(records[0]).toEqual(EMPLOYEES_CSV_COLUMNS.map((c) => c.header));
    const list = await listA();
    expect(records.slice(1).map((r) => Number(r[0]))).toEqual(list.map((r) => r.id));
    expect(records[1]).toEqual([String(ids.thabo), 'Permanent', 'Alpha Farming (Pty) Ltd', 'Thabo Mokoena', businessTimestamp(new Date('2026-01-05T08:00:00Z'))]);
    expect(records.find((r) => Number(r[0]) === odd!.id)?.[3]).toBe(`'=HYPERLINK("x")`);
    expect(res.body).not.toContain(w.b.canary);

    const filtered = parse((await asA({ method: 'GET', url: `${EMPLOYEES_PATHS.export}?legalEntities=${ids.le2}&types=${ids.seasonal}` })).body) as string[][];
    expect(filtered.slice(1).map((r) => Number(r[0]))).toEqual([ids.anele]);

    const after = await t.db.select().from(exportLogs).where(eq(exportLogs.organizationId, w.a.organizationId));
    expect(after).toHaveLength(before.length + 2);
    expect(after.find((l) => !before.some((b) => b.id === l.id) && l.url === EMPLOYEES_PATHS.export)).toMatchObject({
      userId: w.a.userId,
      ...EMPLOYEES_EXPORT_NAMES,
      size: Buffer.byteLength(res.body, 'utf8'),
    });
    await t.db.delete(employees).where(eq(employees.id, odd!.id));
  });

  it('an export filtered by a legal entity outside the caller\'s farms or organisation answers 404 and logs nothing', async () => {
    const count = async () => (await t.db.select().from(exportLogs)).length;
    const before = await count();
    for (const search of [`?legalEntities=${ids.le3}`, `?legalEntities=${ids.leB}`, `?types=${ids.typeB}`]) {
      const res = await asA({ method: 'GET', url: `${EMPLOYEES_PATHS.export}${search}` });
      expect(res.statusCode, search).toBe(404);
    }
    expect((await asA({ method: 'GET', url: `${EMPLOYEES_PATHS.export}?types=abc` })).statusCode).toBe(400);
    expect(await count()).toBe(before);
  });

  it("answers the organisation's legal entities of the caller's farms, and its employee types", async () => {
    expect((await asA({ method: 'GET', url: EMPLOYEES_PATHS.legalEntities })).json()).toEqual([
      { id: ids.le1, name: 'Alpha Farming (Pty) Ltd' },
      { id: ids.le2, name: 'Beta Boerdery (Pty) Ltd' },
    ]);
    expect((await asA({ method: 'GET', url: EMPLOYEES_PATHS.types })).json()).toEqual([
      { id: ids.permanent, type: 'Permanent' },
      { id: ids.seasonal, type: 'Seasonal' },
    ]);
  });

  it('gets one employee and finds employees by full name, legal entity and type', async () => {
    expect((await asA({ method: 'GET', url: onePath(ids.thabo) })).json()).toMatchObject({ id: ids.thabo, fullname: 'Thabo Mokoena' });
    expect((await asA({ method: 'GET', url: onePath(999_999) })).statusCode).toBe(404);
    const find = (fullname: string, legalEntity: number, type: number) =>
      asA({ method: 'GET', url: `${EMPLOYEES_PATHS.find}?${new URLSearchParams({ fullname, legalEntity: String(legalEntity), type: String(type) })}` });
    expect((await find(' thabo MOKOENA ', ids.le1, ids.permanent)).json().map((e: Employee) => e.id)).toEqual([ids.thabo]);
    expect((await find('Thabo Mokoena', ids.le2, ids.permanent)).json()).toEqual([]);
    expect((await find('', ids.le1, ids.permanent)).statusCode).toBe(400);
  });

  it('adds an employee (201, trimmed) and refuses the same full name, legal entity and type with "User and type combination Aleady Exists for this Legal Entity"', async () => {
    const res = await asA({ method: 'POST', url: EMPLOYEES_PATHS.list, payload: { fullname: '  Sipho Ndlovu ', legal_Entity: ids.le1, type: ids.seasonal } });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as Employee;
    expect(created).toMatchObject({ id: expect.any(Number), fullname: 'Sipho Ndlovu', legal_Entity: ids.le1, type: ids.seasonal, version: 1 });
    expect(created.id).toBeGreaterThan(0);
    expect((await listA()).map((r) => r.id)).toContain(created.id);

    const before = await rowsOf(w.a.organizationId);
    for (const fullname of ['Sipho Ndlovu', ' sipho ndlovu ']) {
      const dup = await asA({ method: 'POST', url: EMPLOYEES_PATHS.list, payload: { fullname, legal_Entity: ids.le1, type: ids.seasonal } });
      expect(dup.statusCode).toBe(409);
      expect(dup.json().error).toMatchObject({ code: 'CONFLICT', message: EMPLOYEE_MESSAGES.duplicate });
    }
    expect(EMPLOYEE_MESSAGES.duplicate).toBe('User and type combination Aleady Exists for this Legal Entity');
    expect(await rowsOf(w.a.organizationId)).toEqual(before);

    // the same name under another type or legal entity is another employee
    const otherType = await asA({ method: 'POST', url: EMPLOYEES_PATHS.list, payload: { fullname: 'Sipho Ndlovu', legal_Entity: ids.le1, type: ids.permanent } });
    expect(otherType.statusCode).toBe(201);
    const otherEntity = await asA({ method: 'POST', url: EMPLOYEES_PATHS.list, payload: { fullname: 'Sipho Ndlovu', legal_Entity: ids.le2, type: ids.seasonal } });
    expect(otherEntity.statusCode).toBe(201);
  });

  it.each([
    ['no legal entity', { fullname: 'X', type: 1 }],
    ['no type', { fullname: 'X', legal_Entity: 1 }],
    ['no full name', { legal_Entity: 1, type: 1 }],
    ['a blank full name', { fullname: '   ', legal_Entity: 1, type: 1 }],
    ['a full name of 201 characters', { fullname: 'n'.repeat(201), legal_Entity: 1, type: 1 }],
    ['legal entity 0', { fullname: 'X', legal_Entity: 0, type: 1 }],
  ])('refuses an employee with %s (400)', async (_label, payload) => {
    const res = await asA({ method: 'POST', url: EMPLOYEES_PATHS.list, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
  });

  it("refuses a full name or a type over its maximum with the rule's message; nothing is added", async () => {
    const before = await rowsOf(w.a.organizationId);
    const name = await asA({ method: 'POST', url: EMPLOYEES_PATHS.list, payload: { fullname: 'F'.repeat(EMPLOYEE_FULLNAME_MAX + 1), legal_Entity: ids.le1, type: ids.seasonal } });
    expect(name.statusCode).toBe(400);
    expect(name.json().error.details).toEqual([{ field: 'fullname', message: EMPLOYEE_MESSAGES.fullnameLength, reason: 'employee-fullname-too-long' }]);
    expect(await rowsOf(w.a.organizationId)).toEqual(before);
    const type = await asA({ method: 'POST', url: EMPLOYEES_PATHS.types, payload: { type: 'T'.repeat(EMPLOYEE_TYPE_MAX + 1) } });
    expect(type.statusCode).toBe(400);
    expect(type.json().error.details).toEqual([{ field: 'type', message: EMPLOYEE_MESSAGES.typeLength, reason: 'employee-type-too-long' }]);
  });

  it('edits an employee with the version read, and answers 412 to a stale version without overwriting', async () => {
    const current = (await asA({ method: 'GET', url: onePath(ids.anele) })).json() as Employee;
    const res = await asA({
      method: 'PUT',
      url: onePath(ids.anele),
      payload: { fullname: 'Anele Dlamini-Zulu', legal_Entity: ids.le1, type: ids.permanent, version: current.version },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: ids.anele, fullname: 'Anele Dlamini-Zulu', legal_Entity: ids.le1, type: ids.permanent, version: current.version + 1 });

    // a second editor still holding the old version
    const stale = await asA({
      method: 'PUT',
      url: onePath(ids.anele),
      payload: { fullname: 'Someone Else', legal_Entity: ids.le2, type: ids.seasonal, version: current.version },
    });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().error).toMatchObject({ code: 'PRECONDITION_FAILED', message: EMPLOYEE_MESSAGES.staleVersion });
    expect((await asA({ method: 'GET', url: onePath(ids.anele) })).json()).toMatchObject({ fullname: 'Anele Dlamini-Zulu', version: current.version + 1 });
  });

  it('of two concurrent edits from the same version exactly one wins', async () => {
    const current = (await asA({ method: 'GET', url: onePath(ids.anele) })).json() as Employee;
    const edit = (fullname: string) =>
      asA({ method: 'PUT', url: onePath(ids.anele), payload: { fullname, legal_Entity: ids.le1, type: ids.permanent, version: current.version } });
    const results = await Promise.all([edit('Concurrent One'), edit('Concurrent Two')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 412]);
    const winner = results.find((r) => r.statusCode === 200)!.json() as Employee;
    expect((await asA({ method: 'GET', url: onePath(ids.anele) })).json()).toMatchObject({ fullname: winner.fullname, version: current.version + 1 });
  });

  it('refuses editing into an existing combination (409) and keeps its own combination editable', async () => {
    const thabo = (await asA({ method: 'GET', url: onePath(ids.thabo) })).json() as Employee;
    const anele = (await asA({ method: 'GET', url: onePath(ids.anele) })).json() as Employee;
    const dup = await asA({
      method: 'PUT',
      url: onePath(ids.anele),
      payload: { fullname: ' THABO MOKOENA', legal_Entity: thabo.legal_Entity, type: thabo.type, version: anele.version },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe(EMPLOYEE_MESSAGES.duplicate);
    const same = await asA({
      method: 'PUT',
      url: onePath(ids.thabo),
      payload: { fullname: 'Thabo Mokoena', legal_Entity: thabo.legal_Entity, type: thabo.type, version: thabo.version },
    });
    expect(same.statusCode).toBe(200);
    expect((await asA({ method: 'PUT', url: onePath(999_999), payload: { fullname: 'X', legal_Entity: ids.le1, type: ids.permanent, version: 1 } })).statusCode).toBe(404);
    expect((await asA({ method: 'PUT', url: onePath(ids.thabo), payload: { fullname: 'X', legal_Entity: ids.le1, type: ids.permanent } })).statusCode).toBe(400);
  });

  it('deletes an employee (204), then answers 404 with a message', async () => {
    const created = (await asA({ method: 'POST', url: EMPLOYEES_PATHS.list, payload: { fullname: 'To Delete', legal_Entity: ids.le2, type: ids.permanent } })).json() as Employee;
    expect((await asA({ method: 'DELETE', url: onePath(created.id) })).statusCode).toBe(204);
    expect((await listA()).map((r) => r.id)).not.toContain(created.id);
    const again = await asA({ method: 'DELETE', url: onePath(created.id) });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe('Employee not found');
  });

  it('adds an employee type (201 with an id above 0, trimmed) and refuses an equal one, case-insensitive and trimmed, with "Type Already Exists"', async () => {
    const res = await asA({ method: 'POST', url: EMPLOYEES_PATHS.types, payload: { type: '  Contractor ' } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(Number), type: 'Contractor' });
    expect(res.json().id).toBeGreaterThan(0);
    const before = await typesOf(w.a.organizationId);
    for (const type of ['Contractor', 'contractor', '  CONTRACTOR  ', 'permanent']) {
      const dup = await asA({ method: 'POST', url: EMPLOYEES_PATHS.types, payload: { type } });
      expect(dup.statusCode, type).toBe(409);
      expect(dup.json().error).toMatchObject({ code: 'CONFLICT', message: 'Type Already Exists' });
    }
    expect(await typesOf(w.a.organizationId)).toEqual(before);
    // B's types do not count against A
    const bSide = await as(w.b.userId, w.b.organizationId, { method: 'POST', url: EMPLOYEES_PATHS.types, payload: { type: 'contractor' } });
    expect(bSide.statusCode).toBe(201);
  });

  it.each([
    ['no type', {}],
    ['an empty type', { type: '' }],
    ['a blank type', { type: '   ' }],
    ['a type of 101 characters', { type: 't'.repeat(101) }],
  ])('refuses an employee type with %s (400)', async (_label, payload) => {
    const res = await asA({ method: 'POST', url: EMPLOYEES_PATHS.types, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
  });

  describe('permissions', () => {
    const memberWith = async (name: string, permissions: readonly Permission[]) => {
      const user = await createUser(t.db, name);
      const role = await createRole(t.db, w.a.organizationId, `Role ${name}`, permissions);
      await addMember(t.db, user.id, w.a.organizationId, [role.id]);
      await assignFarms(t.db, user.id, w.a.organizationId, [ids.farm1, ids.farm2]);
      return user.id;
    };
    const reads = (): InjectOptions[] => [
      { method: 'GET', url: EMPLOYEES_PATHS.list },
      { method: 'GET', url: EMPLOYEES_PATHS.export },
      { method: 'GET', url: onePath(ids.thabo) },
      { method: 'GET', url: `${EMPLOYEES_PATHS.find}?fullname=x&legalEntity=${ids.le1}&type=${ids.permanent}` },
      { method: 'GET', url: EMPLOYEES_PATHS.legalEntities },
      { method: 'GET', url: EMPLOYEES_PATHS.types },
    ];
    const manages = (): InjectOptions[] => [
      { method: 'POST', url: EMPLOYEES_PATHS.list, payload: { fullname: 'Gate', legal_Entity: ids.le1, type: ids.permanent } },
      { method: 'PUT', url: onePath(ids.thabo), payload: { fullname: 'Gate', legal_Entity: ids.le1, type: ids.permanent, version: 1 } },
      { method: 'DELETE', url: onePath(ids.thabo) },
    ];
    const addType = (): InjectOptions => ({ method: 'POST', url: EMPLOYEES_PATHS.types, payload: { type: 'Gate Type' } });

    it('reading needs employees.view', async () => {
      const none = await memberWith('emp-none', [PERMISSIONS.pickingView]);
      const viewer = await memberWith('emp-viewer', [PERMISSIONS.employeesView]);
      for (const options of reads()) {
        expect((await as(none, w.a.organizationId, options)).statusCode, `${options.method} ${options.url}`).toBe(403);
        expect((await as(viewer, w.a.organizationId, options)).statusCode, `${options.method} ${options.url}`).toBe(200);
      }
    });

    it('adding, editing and deleting employees needs employees.manage; view or manageTypes is not enough', async () => {
      const viewer = await memberWith('emp-viewer2', [PERMISSIONS.employeesView, PERMISSIONS.employeesManageTypes]);
      const before = await rowsOf(w.a.organizationId);
      for (const options of manages()) {
        const res = await as(viewer, w.a.organizationId, options);
        expect(res.statusCode, `${options.method} ${options.url}`).toBe(403);
        expect(res.json().error.code).toBe('FORBIDDEN');
      }
      expect(await rowsOf(w.a.organizationId)).toEqual(before);
      const manager = await memberWith('emp-manager', [PERMISSIONS.employeesManage]);
      const added = await as(manager, w.a.organizationId, manages()[0]!);
      expect(added.statusCode).toBe(201);
      expect((await as(manager, w.a.organizationId, { method: 'DELETE', url: onePath(added.json().id) })).statusCode).toBe(204);
    });

    it('adding employee types needs employees.manageTypes; manage is not enough', async () => {
      const manager = await memberWith('emp-manager2', [PERMISSIONS.employeesView, PERMISSIONS.employeesManage]);
      expect((await as(manager, w.a.organizationId, addType())).statusCode).toBe(403);
      const typer = await memberWith('emp-typer', [PERMISSIONS.employeesManageTypes]);
      expect((await as(typer, w.a.organizationId, addType())).statusCode).toBe(201);
    });
  });

  describe('farm assignments', () => {
    const extra = {} as { betaOnly: number; gammaOnly: number; alphaOnly: number };
    const member = async (name: string, farmIds: number[]) => {
      const user = await createUser(t.db, name);
      const role = await createRole(t.db, w.a.organizationId, `Role ${name}`, [PERMISSIONS.employeesView, PERMISSIONS.employeesManage]);
      await addMember(t.db, user.id, w.a.organizationId, [role.id]);
      await assignFarms(t.db, user.id, w.a.organizationId, farmIds);
      return user.id;
    };
    const status = async (userId: number, options: InjectOptions) => (await as(userId, w.a.organizationId, options)).statusCode;
    const json = async <T>(userId: number, url: string): Promise<T> => {
      const res = await as(userId, w.a.organizationId, { method: 'GET', url });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      return res.json<T>();
    };

    beforeAll(async () => {
      const [alphaOnly, betaOnly, gammaOnly] = await t.db
        .insert(employees)
        .values([
          { organizationId: w.a.organizationId, legalEntityId: ids.le1, employeeTypeId: ids.permanent, fullname: 'Alpha Only' },
          { organizationId: w.a.organizationId, legalEntityId: ids.le2, employeeTypeId: ids.permanent, fullname: 'Beta Only' },
          { organizationId: w.a.organizationId, legalEntityId: ids.le3, employeeTypeId: ids.permanent, fullname: 'Gamma Only' },
        ])
        .returning();
      Object.assign(extra, { alphaOnly: alphaOnly!.id, betaOnly: betaOnly!.id, gammaOnly: gammaOnly!.id });
    });

    it('a member assigned the Alpha and Gamma farms sees those legal entities and their employees only', async () => {
      const two = await member('emp-two-farms', [ids.farm1, ids.farm3]);
      expect(await json<{ name: string }[]>(two, EMPLOYEES_PATHS.legalEntities)).toEqual([
        { id: ids.le1, name: 'Alpha Farming (Pty) Ltd' },
        { id: ids.le3, name: 'Gamma Estates (Pty) Ltd' },
      ]);
      const rows = await json<Employee[]>(two, EMPLOYEES_PATHS.list);
      expect(new Set(rows.map((r) => r.legal_Entity))).toEqual(new Set([ids.le1, ids.le3]));
      expect(rows.map((r) => r.id)).toEqual(expect.arrayContaining([extra.alphaOnly, extra.gammaOnly]));
      expect(rows.map((r) => r.id)).not.toContain(extra.betaOnly);
      expect((await json<Employee[]>(two, `${EMPLOYEES_PATHS.list}?legalEntities=${ids.le3}`)).map((r) => r.id)).toEqual([extra.gammaOnly]);
      // the export holds the same rows as the list
      const exported = await as(two, w.a.organizationId, { method: 'GET', url: EMPLOYEES_PATHS.export });
      expect(exported.statusCode).toBe(200);
      expect((parse(exported.body) as string[][]).slice(1).map((r) => Number(r[0]))).toEqual(rows.map((r) => r.id));
      expect(exported.body).not.toContain('Beta Only');
      // A's member (Alpha and Beta farms) does not see Gamma's
      expect((await listA()).map((r) => r.id)).not.toContain(extra.gammaOnly);
      expect((await asA({ method: 'GET', url: `${EMPLOYEES_PATHS.list}?legalEntities=${ids.le3}` })).statusCode).toBe(404);
    });

    it("answers 404 for a legal entity or employee reached only through another farm, and changes nothing", async () => {
      const two = await member('emp-two-farms-2', [ids.farm1, ids.farm3]);
      const before = await rowsOf(w.a.organizationId);
      const beta = (await asA({ method: 'GET', url: onePath(extra.betaOnly) })).json() as Employee;
      for (const options of [
        { method: 'GET', url: `${EMPLOYEES_PATHS.list}?legalEntities=${ids.le2}` },
        { method: 'GET', url: `${EMPLOYEES_PATHS.find}?fullname=Beta%20Only&legalEntity=${ids.le2}&type=${ids.permanent}` },
        { method: 'GET', url: onePath(extra.betaOnly) },
        { method: 'PUT', url: onePath(extra.betaOnly), payload: { fullname: 'Moved', legal_Entity: ids.le1, type: ids.permanent, version: beta.version } },
        { method: 'DELETE', url: onePath(extra.betaOnly) },
        { method: 'POST', url: EMPLOYEES_PATHS.list, payload: { fullname: 'New Beta', legal_Entity: ids.le2, type: ids.permanent } },
        { method: 'PUT', url: onePath(extra.alphaOnly), payload: { fullname: 'Alpha Only', legal_Entity: ids.le2, type: ids.permanent, version: 1 } },
      ] as InjectOptions[]) {
        const res = await as(two, w.a.organizationId, options);
        expect(res.statusCode, `${options.method} ${options.url}`).toBe(404);
        expect(res.json().error.code).toBe('NOT_FOUND');
      }
      expect(await rowsOf(w.a.organizationId)).toEqual(before);
    });

    it('a member with no farm assigned sees no legal entity and no employee', async () => {
      const none = await member('emp-no-farms', []);
      expect(await json<unknown[]>(none, EMPLOYEES_PATHS.legalEntities)).toEqual([]);
      expect(await json<unknown[]>(none, EMPLOYEES_PATHS.list)).toEqual([]);
      const exported = await as(none, w.a.organizationId, { method: 'GET', url: EMPLOYEES_PATHS.export });
      expect(parse(exported.body)).toEqual([EMPLOYEES_CSV_COLUMNS.map((c) => c.header)]);
      expect(await status(none, { method: 'GET', url: onePath(extra.alphaOnly) })).toBe(404);
      expect(await status(none, { method: 'GET', url: `${EMPLOYEES_PATHS.list}?legalEntities=${ids.le1}` })).toBe(404);
      // employee types are the organisation's, not farm data
      expect((await json<unknown[]>(none, EMPLOYEES_PATHS.types)).length).toBeGreaterThan(0);
    });
  });

  describe("tenant matrix: B's member against A's employees, legal entities and types", () => {
    it("cannot read, edit or delete A's employee (404), A's rows unchanged", async () => {
      const before = await rowsOf(w.a.organizationId);
      const unchanged = async () => {
        expect(await rowsOf(w.a.organizationId)).toEqual(before);
      };
      await runTenantCase(t, w, { name: 'get', request: () => ({ method: 'GET', url: onePath(ids.thabo) }), expect: 'not-found' });
      await runTenantCase(t, w, {
        name: 'edit',
        request: () => ({ method: 'PUT', url: onePath(ids.thabo), payload: { fullname: 'Hijack', legal_Entity: ids.leB, type: ids.typeB, version: 1 } }),
        expect: 'not-found',
        unchanged,
      });
      await runTenantCase(t, w, { name: 'delete', request: () => ({ method: 'DELETE', url: onePath(ids.thabo) }), expect: 'not-found', unchanged });
    });

    it("cannot add or move an employee into A's legal entity or type (404), nor filter or find by them", async () => {
      const before = await rowsOf(w.a.organizationId);
      const bBefore = await rowsOf(w.b.organizationId);
      const unchanged = async () => {
        expect(await rowsOf(w.a.organizationId)).toEqual(before);
        expect(await rowsOf(w.b.organizationId)).toEqual(bBefore);
      };
      for (const [name, payload] of [
        ['A legal entity', { fullname: 'Intruder', legal_Entity: ids.le1, type: ids.typeB }],
        ['A type', { fullname: 'Intruder', legal_Entity: ids.leB, type: ids.permanent }],
      ] as const) {
        await runTenantCase(t, w, { name: `add with ${name}`, request: () => ({ method: 'POST', url: EMPLOYEES_PATHS.list, payload }), expect: 'not-found', unchanged });
        await runTenantCase(t, w, {
          name: `edit B's employee into ${name}`,
          request: () => ({ method: 'PUT', url: onePath(ids.empB), payload: { ...payload, version: 1 } }),
          expect: 'not-found',
          unchanged,
        });
      }
      await runTenantCase(t, w, { name: 'filter by A legal entity', request: () => ({ method: 'GET', url: `${EMPLOYEES_PATHS.list}?legalEntities=${ids.le1}` }), expect: 'not-found' });
      await runTenantCase(t, w, { name: 'filter by A type', request: () => ({ method: 'GET', url: `${EMPLOYEES_PATHS.list}?types=${ids.permanent}` }), expect: 'not-found' });
      await runTenantCase(t, w, {
        name: 'find by A legal entity and type',
        request: () => ({ method: 'GET', url: `${EMPLOYEES_PATHS.find}?fullname=Thabo%20Mokoena&legalEntity=${ids.le1}&type=${ids.permanent}` }),
        expect: 'not-found',
      });
    });

    it("B's lists carry no A data", async () => {
      for (const url of [EMPLOYEES_PATHS.list, EMPLOYEES_PATHS.legalEntities, EMPLOYEES_PATHS.types, EMPLOYEES_PATHS.export]) {
        const res = await runTenantCase(t, w, { name: url, request: () => ({ method: 'GET', url }), expect: 'no-leak' });
        expect(res.statusCode).toBe(200);
        expect(res.body).toContain(w.b.canary);
      }
    });
  });
});
