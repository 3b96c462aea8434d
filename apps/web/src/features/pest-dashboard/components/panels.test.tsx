import { cleanup, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { en } from '@orchard/shared/i18n';
import { type PestDashboardResponse } from '@orchard/shared/pest-dashboard';
import { createFormatters } from '../../../lib/format';
import { i18n } from '../../../lib/i18n-core';
import { loadAllTexts } from '../../../lib/load-all-texts';
import { InfectionPanel, ScoutingFrequencyPanel, TrapCountsPanel } from './panels';

vi.mock('../../../lib/use-formatters', () => ({ useFormatters: () => createFormatters('en-ZA') }));
// the user's menu: a figure links only to a screen it has
// and their permissions: a figure links only to rows they may read
const session = vi.hoisted(() => ({
  menu: [] as { id: string; displayName: string; icon: null; url: string | null; hasSubItems: boolean; items: [] }[],
  permissions: ['scouting.view', 'traps.view'] as string[],
}));
vi.mock('../../../lib/session/use-session-context', () => ({
  useSessionContext: () => ({ menu: session.menu, hasPermission: (p: string) => session.permissions.includes(p) }),
}));
const leaf = (url: string) => ({ id: url, displayName: url, icon: null, url, hasSubItems: false, items: [] as [] });
// the canvas chart is Chart.js's business; here only that each series gets one
vi.mock('./trap-count-chart', () => ({ default: ({ series }: { series: { pest: string } }) => <div data-testid="chart">{series.pest}</div> }));

const p = en.pestDashboard;
const place = { farmId: 1, farmName: 'Kransvlei', blockId: 10, blockName: 'A1' };
const scouted = { sessions: 1, lastSessionId: 5, lastScoutedOn: '2026-11-20' };

function answer(over: Partial<PestDashboardResponse> = {}): PestDashboardResponse {
  return {
    date: '2026-11-24',
    from: '2026-11-14',
    to: '2026-11-24',
    defaultThresholds: true,
    infection: { rows: [], blocksWithoutPoints: [] },
    trapCounts: { series: [] },
    trapsOverThreshold: { rows: [] },
    scoutingFrequency: { requiredDays: 14, blocks: [], farms: [] },
    ...over,
  };
}

const show = (ui: React.ReactElement) =>
  render(
    <MemoryRouter>
      <I18nextProvider i18n={i18n}>{ui}</I18nextProvider>
    </MemoryRouter>,
  );

describe('pest dashboard panels', () => {
  beforeAll(async () => {
    await loadAllTexts();
  });
  afterEach(() => {
    cleanup();
    session.menu = [];
    session.permissions = ['scouting.view', 'traps.view'];
  });

  it('infection: points as infested of inspected, share and threshold with one decimal, the status in words and tone', () => {
    const data = answer({
      infection: {
        rows: [
          { ...place, ...scouted, pest: 'red-scale', pestName: 'Red scale', pointsInspected: 8, pointsInfested: 3, sharePercent: 37.5, thresholdPercent: 10, status: 'over' },
          { ...place, ...scouted, pest: 'sooty-mould', pestName: 'Sooty mould', pointsInspected: 8, pointsInfested: 1, sharePercent: 12.5, thresholdPercent: null, status: null },
        ],
        blocksWithoutPoints: [{ ...place, blockId: 11, blockName: 'A2', ...scouted }],
      },
    });
    show(<InfectionPanel data={data} answered loading={false} />);
    const table = screen.getByRole('table', { name: p.infection.caption });
    const [over, none] = within(table).getAllByRole('row').slice(1);
    expect(over?.textContent).toContain('3 of 8');
    expect(over?.textContent).toContain('37,5');
    const tag = within(over!).getByText(p.status.over);
    expect(tag.closest('.p-tag')?.classList.contains('tone-danger')).toBe(true);
    expect(none?.textContent).toContain(p.status.none);
    expect(screen.getByText(p.infection.withoutPoints.replace('{{blocks}}', 'Kransvlei A2'))).toBeTruthy();
    // without the Scouting screen in the menu, the figure is text only
    expect(within(table).queryAllByRole('link')).toEqual([]);
  });

  it('a figure links to the rows behind it where the menu has their screen: the block\'s scouting in the window, the trap\'s block', () => {
    session.menu = [leaf('/field/scouting'), leaf('/field/traps')];
    const data = answer({
      infection: {
        rows: [{ ...place, ...scouted, pest: 'red-scale', pestName: 'Red scale', pointsInspected: 8, pointsInfested: 3, sharePercent: 37.5, thresholdPercent: 10, status: 'over' }],
        blocksWithoutPoints: [],
      },
      scoutingFrequency: {
        requiredDays: 14,
        blocks: [{ ...place, lastSessionId: 5, lastScoutedOn: '2026-11-20', daysSince: 4, requiredDays: 14, status: 'on-time' }],
        farms: [],
      },
    });
    show(<InfectionPanel data={data} answered loading={false} />);
    const points = screen.getByRole('link', { name: /^3 of 8: / });
    expect(points.getAttribute('href')).toBe('/field/scouting?farmId=1&blockId=10&from=2026-11-14&to=2026-11-24');
    expect(points.textContent).toBe('3 of 8');
    expect(points.getAttribute('aria-label')).toBe(p.links.sessions.replace('{{value}}', '3 of 8').replace('{{farm}}', 'Kransvlei').replace('{{block}}', 'A1'));
    cleanup();
    show(<ScoutingFrequencyPanel data={data} answered loading={false} />);
    const last = within(screen.getByRole('table', { name: p.scouting.caption })).getByRole('link');
    expect(last.getAttribute('href')).toBe('/field/scouting?farmId=1&blockId=10&from=2026-11-20&to=2026-11-20');
  });

  it('a figure stays text where the screen opens on its capture form only (the capture permission without the view permission)', () => {
    session.menu = [leaf('/field/scouting'), leaf('/field/traps')];
    session.permissions = ['scouting.capture', 'traps.capture'];
    const data = answer({
      scoutingFrequency: {
        requiredDays: 14,
        blocks: [{ ...place, lastSessionId: 5, lastScoutedOn: '2026-11-20', daysSince: 4, requiredDays: 14, status: 'on-time' }],
        farms: [],
      },
    });
    show(<ScoutingFrequencyPanel data={data} answered loading={false} />);
    const table = screen.getByRole('table', { name: p.scouting.caption });
    expect(within(table).getByText('2026/11/20')).toBeTruthy();
    expect(within(table).queryAllByRole('link')).toEqual([]);
  });

  it('before the first answer a panel shows its skeleton; an empty answer says so in the panel\'s words', () => {
    const { unmount } = show(<InfectionPanel data={undefined} answered={false} loading />);
    expect(screen.queryByText(p.infection.empty)).toBeNull();
    expect(screen.getAllByRole('status').length).toBeGreaterThan(0);
    unmount();
    show(<InfectionPanel data={answer()} answered loading={false} />);
    expect(screen.getByText(p.infection.empty)).toBeTruthy();
    show(<TrapCountsPanel data={answer()} answered loading={false} />);
    expect(screen.getByText(p.trapCounts.empty)).toBeTruthy();
  });

  it('trap counts: one titled chart per trap type and pest with its summary', async () => {
    const day = { day: '2026-11-24', inspections: 2, totalCount: 20, meanCount: 10, maxCount: 12, status: 'over' as const };
    const data = answer({
      trapCounts: {
        series: [{ trapType: 'delta', trapTypeName: 'Delta trap', pest: 'false-codling-moth', pestName: 'False codling moth', thresholdCount: 5, traps: 2, overDays: 1, days: [day] }],
      },
    });
    show(<TrapCountsPanel data={data} answered loading={false} />);
    expect(screen.getByRole('heading', { level: 4, name: 'Delta trap: False codling moth' })).toBeTruthy();
    expect(screen.getByText(p.trapCounts.seriesSummary.replace('{{traps}}', '2').replace('{{days}}', '1'))).toBeTruthy();
    expect((await screen.findByTestId('chart')).textContent).toBe('false-codling-moth');
  });

  it('scouting frequency: the required days, each block\'s status in words, and the compact input checks beside it', () => {
    const data = answer({
      scoutingFrequency: {
        requiredDays: 14,
        blocks: [
          { ...place, lastSessionId: null, lastScoutedOn: null, daysSince: null, requiredDays: 14, status: 'never' },
          { ...place, blockId: 11, blockName: 'A2', lastSessionId: 5, lastScoutedOn: '2026-11-01', daysSince: 23, requiredDays: 14, status: 'overdue' },
        ],
        farms: [{ farmId: 1, farmName: 'Kransvlei', last: 23, oldest: null, oldestId: null, oldestIds: [] }],
      },
    });
    show(<ScoutingFrequencyPanel data={data} answered loading={false} />);
    expect(screen.getByText(p.scouting.required.replace('{{days}}', '14'))).toBeTruthy();
    const table = screen.getByRole('table', { name: p.scouting.caption });
    const [never, overdue] = within(table).getAllByRole('row').slice(1);
    expect(never?.textContent).toContain(p.scouting.status.never);
    expect(overdue?.textContent).toContain(p.scouting.status.overdue);
    expect(overdue?.textContent).toContain('23');
    expect(screen.getByRole('table', { name: en.inputChecks.compactCaption }).textContent).toContain('Kransvlei');
  });
});
