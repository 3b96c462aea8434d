/**
 * Steps on the field capture screens: the capture forms' fields and dropdowns, the outbox status
 * and waiting captures, and the scout's view of the server through the API.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { businessTimestamp, dayOf } from '@orchard/shared/core';
import {
  FIELD_CAPTURE_PATHS,
  SCOUTING_PATHS,
  type FieldBlock,
  type ScoutingSession,
  type ScoutingSessionsResponse,
} from '@orchard/shared/field-capture';
import { en, exactly, toast } from './app';
import type { DemoUser } from './demo-users';
import { apiSignIn, type ApiSession } from './users-api';

export const f = en.fieldCapture;

export interface FieldApi {
  session: ApiSession;
  headers: Record<string, string>;
}

/** The user's API session in their first organisation. */
export async function fieldApi(baseURL: string, user: DemoUser): Promise<FieldApi> {
  const session = await apiSignIn(baseURL, user);
  const org = session.organizations.find((o) => o.name === user.organizations[0]!.organizationName)!;
  return { session, headers: { Authorization: `Bearer ${session.token}`, 'x-organization-id': String(org.id) } };
}

export async function apiGet<T>(a: FieldApi, path: string): Promise<T> {
  const res = await a.session.api.get(path, { headers: a.headers });
  expect(res.status(), path).toBe(200);
  return (await res.json()) as T;
}

/** The first of the user's blocks by farm and block name (what the forms list first). */
export async function firstBlock(a: FieldApi): Promise<FieldBlock> {
  const blocks = (await apiGet<FieldBlock[]>(a, FIELD_CAPTURE_PATHS.blocks)).sort(
    (x, y) => x.farmName.localeCompare(y.farmName) || x.name.localeCompare(y.name),
  );
  expect(blocks.length).toBeGreaterThan(0);
  return blocks[0]!;
}

/** Every scouting session of a block today with an observation note starting with `tag`. */
export async function sessionsTagged(a: FieldApi, blockId: number, tag: string): Promise<ScoutingSession[]> {
  const day = dayOf(new Date());
  const page = await apiGet<ScoutingSessionsResponse>(a, `${SCOUTING_PATHS.sessions}?blockId=${blockId}&from=${day}&to=${day}&pageSize=100`);
  return page.rows.filter((r) => r.observations.some((o) => o.note?.startsWith(tag)));
}

export const outboxStatus = (page: Page) => page.locator('.outbox-status');
export const pendingCaptures = (page: Page) => page.locator('.pending-capture');

/** A field of a capture form by its label. */
export const formField = (form: Locator, label: string) =>
  form.locator('.field').filter({ has: form.page().locator('label', { hasText: exactly(label) }) });

/** Picks an option of a form's dropdown (the first one when none is named). */
export async function choose(form: Locator, label: string, option?: string) {
  const page = form.page();
  await formField(form, label).locator('.p-dropdown').click();
  const panel = page.locator('.p-dropdown-panel');
  await (option ? panel.getByRole('option', { name: option, exact: true }) : panel.getByRole('option').first()).click();
  await expect(panel).toBeHidden();
}

const chosen = async (form: Locator, label: string) => (await formField(form, label).locator('.p-dropdown-label').textContent())?.trim();

/** Farm and block of a form, chosen only when they differ (a form keeps the last ones). */
export async function chooseBlock(form: Locator, block: FieldBlock) {
  if ((await chosen(form, f.farm)) !== block.farmName) await choose(form, f.farm, block.farmName);
  if ((await chosen(form, f.block)) !== block.name) await choose(form, f.block, block.name);
}

export const scoutingForm = (page: Page) => page.getByRole('form', { name: f.scouting.form });

const clock = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * Types when the session started, up to half an hour before now (South African time) on the same
 * day: the form refuses a session that ends, when saved, in the minute it started. In the day's
 * first minute the end is typed a minute later instead.
 */
export async function typeSessionTimes(form: Locator) {
  const [hours, minutes] = businessTimestamp(new Date()).slice(11, 16).split(':').map(Number) as [number, number];
  const now = hours * 60 + minutes;
  const typed: [string, string][] = now === 0 ? [[f.scouting.start, '00:00'], [f.scouting.end, '00:01']] : [[f.scouting.start, clock(Math.max(0, now - 30))]];
  for (const [label, time] of typed) {
    const input = form.getByLabel(label, { exact: true });
    await input.fill(time);
    await input.press('Escape');
    await expect(input).toHaveValue(time);
  }
}

/** One scouting session on the block: Red scale counted at point 1, with a note; saved (or queued). */
export async function captureScouting(page: Page, block: FieldBlock, note: string, count: string) {
  const form = scoutingForm(page);
  await chooseBlock(form, block);
  await typeSessionTimes(form);
  await choose(form, f.scouting.pest, 'Red scale');
  await form.getByLabel(f.scouting.count, { exact: true }).fill(count);
  await form.getByLabel(f.note, { exact: true }).fill(note);
  await form.getByRole('button', { name: f.save, exact: true }).click();
  await expect(toast(page, f.success, f.scouting.saved).last()).toBeVisible();
}
