import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { en } from '@orchard/shared/i18n';
import {
  DEFAULT_PEST_DASHBOARD_THRESHOLDS,
  PEST_THRESHOLDS_MESSAGES,
  PEST_THRESHOLDS_PATH,
  pestThresholdsResponse,
  type PestThresholdsResponse,
  type SavePestThresholdsBody,
} from '@orchard/shared/pest-thresholds';
import '../../lib/i18n';
import { ApiError } from '../../lib/api-error';
import { sessionStore } from '../../lib/session/session-store';
import { PestThresholdsPage } from './pest-thresholds-page';

const apiRequest = vi.fn();
vi.mock('../../lib/api-client', () => ({ apiRequest: (...args: unknown[]) => apiRequest(...args) }));

const pt = en.pestThresholds;
const M = PEST_THRESHOLDS_MESSAGES;
const slow = { timeout: 10_000 };
const defaults: PestThresholdsResponse = pestThresholdsResponse(DEFAULT_PEST_DASHBOARD_THRESHOLDS);

let stored: PestThresholdsResponse;
let onPut: (body: SavePestThresholdsBody) => Promise<PestThresholdsResponse>;

const puts = () => apiRequest.mock.calls.filter((c) => (c[1] as { method?: string }).method === 'PUT');
const sent = (n = 0) => (puts()[n]![1] as { body: SavePestThresholdsBody }).body;

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PestThresholdsPage />
    </QueryClientProvider>,
  );
}

const input = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;
const pestInput = (pest: string) => input(pt.pests.thresholdOf.replace('{{pest}}', pest));
const trapInput = (trapType: string, pest: string) => input(pt.traps.countOf.replace('{{trapType}}', trapType).replace('{{pest}}', pest));
const type = (el: HTMLInputElement, text: string) => {
  fireEvent.change(el, { target: { value: text } });
  fireEvent.blur(el);
};
const button = (name: string) => screen.getByRole('button', { name });
/** the message under an input (its aria-describedby) */
const messageOf = (el: HTMLInputElement) => document.getElementById(`${el.id}-error`)?.textContent ?? '';
const pestNames = () =>
  Array.from(document.querySelectorAll('.threshold-table-pests tbody tr')).map((tr) => tr.querySelector('td .threshold-row-name span')?.textContent ?? '');

/** PrimeReact's dropdown: its trigger opens the panel, whose options are picked by their names */
const optionEl = (name: string) => document.querySelector<HTMLElement>(`.p-dropdown-panel [role="option"][aria-label="${name}"]`);
const offered = () => Array.from(document.querySelectorAll('.p-dropdown-panel [role="option"]')).map((o) => o.getAttribute('aria-label'));
async function openChoice(label: string) {
  fireEvent.click(screen.getByLabelText(label, { exact: true }).closest('.p-dropdown')!.querySelector('.p-dropdown-trigger')!);
  await waitFor(() => expect(offered().length).toBeGreaterThan(0), slow);
}
async function choose(label: string, option: string) {
  await openChoice(label);
  fireEvent.click(optionEl(option)!);
  await waitFor(() => expect(document.querySelector('.p-dropdown-panel')).toBeNull(), slow);
}

async function loaded() {
  await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: pt.pests.heading })).toBeTruthy(), slow);
}

describe('Pest Thresholds page', { timeout: 45_000 }, () => {
  beforeEach(() => {
    sessionStore.setState({ organizationId: 7 });
    stored = defaults;
    onPut = (body) => {
      stored = { ...pestThresholdsResponse({ ...body, isDefault: false, version: body.version + 1 }) };
      return Promise.resolve(stored);
    };
    apiRequest.mockReset();
    apiRequest.mockImplementation((path: string, options: { method?: string; body?: SavePestThresholdsBody }) => {
      expect(path).toBe(PEST_THRESHOLDS_PATH);
      return options.method === 'PUT' ? onPut(options.body!) : Promise.resolve(stored);
    });
  });
  afterEach(cleanup);

  it('shows the defaults with their note: the frequency, a row per pest and per trap pair', async () => {
    setup();
    await loaded();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(pt.title);
    expect(document.querySelector('.threshold-defaults')?.textContent).toBe(pt.defaultsNote);
    expect(input(pt.frequency.label).value).toBe('14');
    expect(pestNames()).toEqual(defaults.pests.map((p) => p.pestName));
    expect(pestInput('Red scale').value).toBe('10');
    expect(trapInput('Delta trap', 'False codling moth').value).toBe('10');
    expect(document.querySelectorAll('.threshold-table-traps tbody tr')).toHaveLength(defaults.traps.length);
  });

  it('a saved set has no defaults note', async () => {
    stored = { ...defaults, version: 3, isDefault: false };
    setup();
    await loaded();
    expect(document.querySelector('.threshold-defaults')).toBeNull();
  });

  it('a value with two decimals shows the shared message at its field and saves nothing; so do an empty one and a bad frequency', async () => {
    setup();
    await loaded();
    type(pestInput('Red scale'), '2.55');
    type(trapInput('Bucket trap', 'Fruit fly'), '');
    type(input(pt.frequency.label), '3.5');
    fireEvent.click(button(pt.save));
    await waitFor(() => expect(messageOf(pestInput('Red scale'))).toBe(M.percentRange), slow);
    expect(messageOf(trapInput('Bucket trap', 'Fruit fly'))).toBe(M.countRange);
    expect(messageOf(input(pt.frequency.label))).toBe(M.frequencyRange);
    expect(pestInput('Red scale').value).toBe('2.55');
    expect(pestInput('Red scale').getAttribute('aria-invalid')).toBe('true');
    expect(pestInput('Red scale').classList.contains('p-invalid')).toBe(true);
    expect(puts()).toHaveLength(0);
  });

  it('saves what was typed: a changed threshold, a removed row and an added pest, on the version it was read at', async () => {
    setup();
    await loaded();
    type(pestInput('Red scale'), '7.5');
    fireEvent.click(button(pt.pests.remove.replace('{{pest}}', 'Aphids')));
    expect(pestNames()).not.toContain('Aphids');
    // add Citrus black spot (not listed by default): its row is in catalogue order, its threshold still to type
    const add = button(pt.pests.add);
    expect(add.hasAttribute('disabled')).toBe(true);
    await choose(pt.pests.toAdd, 'Citrus black spot');
    fireEvent.click(button(pt.pests.add));
    await waitFor(() => expect(pestNames().at(-1)).toBe('Citrus black spot'), slow);
    type(pestInput('Citrus black spot'), '2,5');
    fireEvent.click(button(pt.traps.remove.replace('{{trapType}}', 'Yellow sticky card').replace('{{pest}}', 'Citrus thrips')));
    fireEvent.click(button(pt.save));

    await waitFor(() => expect(puts()).toHaveLength(1), slow);
    const body = sent();
    expect(body.version).toBe(0);
    expect(body.scoutingFrequencyDays).toBe(14);
    expect(body.pests.find((p) => p.pest === 'red-scale')?.thresholdPercent).toBe(7.5);
    expect(body.pests.find((p) => p.pest === 'citrus-black-spot')?.thresholdPercent).toBe(2.5);
    expect(body.pests.map((p) => p.pest)).not.toContain('aphids');
    expect(body.pests).toHaveLength(defaults.pests.length);
    expect(body.traps).toHaveLength(defaults.traps.length - 1);
    expect(body.traps.some((t) => t.trapType === 'sticky-card')).toBe(false);
    // the form starts again from the saved set: no defaults note, the next save names version 1
    await waitFor(() => expect(document.querySelector('.threshold-defaults')).toBeNull(), slow);
    // written with the culture's decimal separator
    expect(pestInput('Red scale').value).toMatch(/^7[.,]5$/);
    fireEvent.click(button(pt.save));
    await waitFor(() => expect(puts()).toHaveLength(2), slow);
    expect(sent(1).version).toBe(1);
  });

  it('adds a trap threshold for a pest a lure draws; the type\'s listed pests are not offered', async () => {
    setup();
    await loaded();
    await choose(pt.traps.trapType, 'Delta trap');
    await openChoice(pt.traps.pestToAdd);
    expect(offered()).toEqual(['Fruit fly', 'Citrus thrips', 'Bollworm']);
    fireEvent.click(optionEl('Bollworm')!);
    fireEvent.click(button(pt.traps.add));
    await waitFor(() => expect(trapInput('Delta trap', 'Bollworm')).toBeTruthy(), slow);
    type(trapInput('Delta trap', 'Bollworm'), '12');
    fireEvent.click(button(pt.save));
    await waitFor(() => expect(puts()).toHaveLength(1), slow);
    expect(sent().traps.slice(0, 3)).toEqual([
      { trapType: 'delta', pest: 'red-scale', thresholdCount: 100 },
      { trapType: 'delta', pest: 'false-codling-moth', thresholdCount: 10 },
      { trapType: 'delta', pest: 'bollworm', thresholdCount: 12 },
    ]);
  });

  it('Reset puts the loaded values back', async () => {
    setup();
    await loaded();
    const reset = button(pt.reset);
    expect(reset.hasAttribute('disabled')).toBe(true);
    type(pestInput('Red scale'), '3');
    fireEvent.click(button(pt.pests.remove.replace('{{pest}}', 'Mealybug')));
    await waitFor(() => expect(button(pt.reset).hasAttribute('disabled')).toBe(false), slow);
    fireEvent.click(button(pt.reset));
    await waitFor(() => expect(pestInput('Red scale').value).toBe('10'), slow);
    expect(pestNames()).toEqual(defaults.pests.map((p) => p.pestName));
    expect(puts()).toHaveLength(0);
  });

  it('a save someone else beat shows the stale message; Reload loads their set', async () => {
    setup();
    await loaded();
    onPut = () => {
      stored = { ...defaults, version: 4, isDefault: false, scoutingFrequencyDays: 21 };
      return Promise.reject(new ApiError({ status: 412, code: 'PRECONDITION_FAILED', message: M.stale, reason: 'pest-thresholds-stale' }));
    };
    type(pestInput('Red scale'), '8');
    fireEvent.click(button(pt.save));
    await waitFor(() => expect(document.querySelector('.threshold-stale')).not.toBeNull(), slow);
    const alert = document.querySelector('.threshold-stale') as HTMLElement;
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent).toContain(M.stale);
    expect(button(pt.save).hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(alert).getByRole('button', { name: pt.reload }));
    await waitFor(() => expect(input(pt.frequency.label).value).toBe('21'), slow);
    expect(pestInput('Red scale').value).toBe('10');
    expect(screen.queryByText(M.stale)).toBeNull();
    expect(button(pt.save).hasAttribute('disabled')).toBe(false);
  });

  it('while saving, Save shows its progress and cannot be pressed again', async () => {
    setup();
    await loaded();
    let finish: (set: PestThresholdsResponse) => void = () => undefined;
    onPut = () => new Promise((resolve) => (finish = resolve));
    fireEvent.click(button(pt.save));
    await waitFor(() => expect(puts()).toHaveLength(1), slow);
    const save = screen.getByRole('button', { name: pt.save });
    expect(save.hasAttribute('disabled')).toBe(true);
    expect(save.querySelector('.p-button-loading-icon')).not.toBeNull();
    fireEvent.click(save);
    finish({ ...defaults, version: 1, isDefault: false });
    await waitFor(() => expect(screen.getByRole('button', { name: pt.save }).hasAttribute('disabled')).toBe(false), slow);
    expect(puts()).toHaveLength(1);
  });
});
