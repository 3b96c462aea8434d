/**
 * The tenant-matrix harness. Two organisations, A and B, each with a member holding every
 * permission. A's rows carry a canary string; every answer given to B's member is checked for it.
 *
 * Modules plug in with TenantCase lists: requests made by B's member (in B's context) that point at
 * A's objects by path, body, query, list filter or export. Each must answer 404 or an answer free of
 * A's canary; `unchanged` re-reads A's data afterwards to prove nothing was written.
 */
import { randomBytes } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { ALL_PERMISSIONS } from '@orchard/shared/core';
import { expect } from 'vitest';
import type { TestApp } from './app';
import { addMember, createOrganization, createRole, createUser } from './fixtures';

export interface TenantSide {
  organizationId: number;
  organizationName: string;
  userId: number;
  userName: string;
  canary: string;
}

export interface TenantWorld {
  a: TenantSide;
  b: TenantSide;
}

export async function createTenantWorld(t: TestApp): Promise<TenantWorld> {
  const make = async (label: string): Promise<TenantSide> => {
    const canary = `CANARY-${label}-${randomBytes(4).toString('hex')}`;
    const org = await createOrganization(t.db, `Organisation ${label} ${canary}`, { sort: label === 'A' ? 1 : 2 });
    const user = await createUser(t.db, `member-${label.toLowerCase()}-${canary.toLowerCase()}`, { fullName: `Member ${canary}` });
    const role = await createRole(t.db, org.id, `Everything ${canary}`, ALL_PERMISSIONS, { description: canary });
    await addMember(t.db, user.id, org.id, [role.id]);
    return { organizationId: org.id, organizationName: org.name, userId: user.id, userName: user.userName, canary };
  };
  return { a: await make('A'), b: await make('B') };
}

export interface TenantCase {
  name: string;
  /** the request B's member makes (headers for B's context are added) */
  request: (world: TenantWorld) => InjectOptions;
  /** 'not-found': must answer 404; 'no-leak': any status, but never A's canary */
  expect: 'not-found' | 'no-leak';
  /** re-read A's data and assert it is as it was */
  unchanged?: (world: TenantWorld) => Promise<void>;
}

export async function runTenantCase(t: TestApp, world: TenantWorld, c: TenantCase): Promise<LightMyRequestResponse> {
  const base = c.request(world);
  const headers = { ...(await t.headersFor(world.b.userId, world.b.organizationId)), ...(base.headers ?? {}) };
  const res = await t.app.inject({ ...base, headers });
  expect(res.body, `${c.name}: leaked organisation A's data`).not.toContain(world.a.canary);
  if (c.expect === 'not-found') {
    expect(res.statusCode, `${c.name}: ${res.body}`).toBe(404);
    expect(res.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  }
  if (c.unchanged) await c.unchanged(world);
  return res;
}

/** A value for a path parameter that passes the usual schemas. */
export function sampleParam(name: string, url: string): string {
  if (name === 'id' && url.includes('/blobs/')) return '00000000-0000-4000-8000-000000000000';
  if (name === 'container') return 'useravatar';
  if (name === 'name') return 'x';
  if (name === '*') return 'x';
  return '1';
}

export function fillPath(url: string): string {
  return url.replace(/:([A-Za-z_]+)/g, (_m, name: string) => sampleParam(name, url)).replace(/\*$/, 'x');
}
