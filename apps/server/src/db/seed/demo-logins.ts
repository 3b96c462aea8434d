/**
 * The demo sign-in history (Login history). One plan for the seed, the server tests and the browser
 * tests: each entry is one demo user's sign-ins into one organisation, as days before the seed's
 * reference date (fractions are parts of a day). No time sits within a few hours of the 7, 30 and
 * 90 day window edges, so counts taken shortly after seeding are the ones countDemoLogins gives.
 * Self-contained (no imports besides types) so the browser suite can load it by URL.
 */
import type { DemoOrganizationKey } from './data';

export type DemoLoginOutcome = 'success' | 'bad_password' | 'locked' | 'disabled';

export interface DemoLoginPlan {
  userName: string;
  organization: DemoOrganizationKey;
  /** successful sign-ins, days before the reference date */
  successDaysBefore: readonly number[];
  /** failed attempts, days before the reference date (recorded without organisation, as the sign-in does) */
  failures: readonly { daysBefore: number; reason: Exclude<DemoLoginOutcome, 'success'> }[];
}

/** `from`, `from + step`, ... while below `to`, skipping every day whose index hits `skipEvery`. */
function cadence(from: number, to: number, step: number, skipEvery = 0): number[] {
  const out: number[] = [];
  let i = 0;
  for (let d = from; d < to; d += step, i++) {
    if (skipEvery > 0 && i % skipEvery === skipEvery - 1) continue;
    out.push(Math.round(d * 1000) / 1000);
  }
  return out;
}

export const DEMO_LOGIN_PLANS: readonly DemoLoginPlan[] = [
  // the administrator works in the grower most days, looks in on the others
  { userName: 'admin', organization: 'grower', successDaysBefore: cadence(0.3, 120, 1, 7), failures: [{ daysBefore: 12.2, reason: 'bad_password' }] },
  { userName: 'admin', organization: 'packhouse', successDaysBefore: cadence(1.4, 100, 3), failures: [] },
  { userName: 'admin', organization: 'letaba', successDaysBefore: cadence(2.5, 100, 7), failures: [] },
  // the farm manager signs in on working days
  { userName: 'manager', organization: 'grower', successDaysBefore: cadence(0.4, 110, 1, 7), failures: [{ daysBefore: 33.3, reason: 'bad_password' }] },
  // the scout every second day during the scouting season
  { userName: 'scout', organization: 'grower', successDaysBefore: cadence(0.6, 75, 2), failures: [] },
  { userName: 'packhouse', organization: 'packhouse', successDaysBefore: cadence(0.35, 150, 1), failures: [] },
  { userName: 'staff', organization: 'grower', successDaysBefore: cadence(1.5, 120, 3), failures: [{ daysBefore: 4.6, reason: 'bad_password' }] },
  { userName: 'multi', organization: 'grower', successDaysBefore: cadence(0.5, 85, 4), failures: [] },
  { userName: 'multi', organization: 'packhouse', successDaysBefore: cadence(2.5, 100, 5), failures: [] },
  // signed in now and then, then locked themselves out yesterday with five wrong passwords
  {
    userName: 'locked',
    organization: 'grower',
    successDaysBefore: [3.5, 9.5, 16.5, 25.5, 40.5, 70.5, 120.5],
    failures: [
      ...[1.25, 1.24, 1.23, 1.22, 1.21].map((daysBefore) => ({ daysBefore, reason: 'bad_password' as const })),
      { daysBefore: 0.5, reason: 'locked' },
    ],
  },
  // left a while ago: weekly sign-ins up to about three months ago, one refused attempt since
  { userName: 'disabled', organization: 'grower', successDaysBefore: cadence(95.5, 200, 7), failures: [{ daysBefore: 10.4, reason: 'disabled' }] },
];

export interface DemoLoginCounts {
  weekCount: number;
  monthCount: number;
  lastThreeMonths: number;
  /** days before the reference date of the latest sign-in, null when none */
  lastDaysBefore: number | null;
}

/** The Login history figures of one demo user in one organisation, `elapsedDays` after the reference date. */
export function countDemoLogins(userName: string, organization: DemoOrganizationKey, elapsedDays = 0): DemoLoginCounts {
  const days = DEMO_LOGIN_PLANS.filter((p) => p.userName === userName && p.organization === organization)
    .flatMap((p) => p.successDaysBefore)
    .map((d) => d + elapsedDays);
  const within = (limit: number) => days.filter((d) => d < limit).length;
  return {
    weekCount: within(7),
    monthCount: within(30),
    lastThreeMonths: within(90),
    lastDaysBefore: days.length ? Math.min(...days) - elapsedDays : null,
  };
}
