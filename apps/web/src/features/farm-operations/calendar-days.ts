/** Calendar days as the Calendar widget holds them (local midnight) and as the API speaks them (yyyy-MM-dd). */
const pad = (n: number) => String(n).padStart(2, '0');

/** yyyy-MM-dd of a calendar cell (month 0-based, as PrimeReact gives it) */
export const dayKey = (year: number, month: number, day: number) => `${year}-${pad(month + 1)}-${pad(day)}`;

export const toDay = (date: Date) => dayKey(date.getFullYear(), date.getMonth(), date.getDate());

export function fromDay(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
}

/** The day the dashboard opens on: the latest day with scouting up to today, else today. */
export function initialDay(scouted: readonly string[], today: string): string {
  let latest: string | null = null;
  for (const day of scouted) if (day <= today && (latest === null || day > latest)) latest = day;
  return latest ?? today;
}

/** PrimeReact puts aria-selected and aria-disabled on the day's span, which has no role (axe: aria-allowed-attr). */
export const calendarPt = { dayLabel: { 'aria-selected': undefined, 'aria-disabled': undefined } as never };
