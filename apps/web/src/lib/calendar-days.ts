/**
 * Calendar days as a PrimeReact Calendar holds them (a Date at local midnight) and as the API speaks
 * them (yyyy-MM-dd). Every date input of the product converts through these, and shows its days
 * with the culture's pattern (format.ts calendarDateFormat).
 */
const pad = (n: number) => String(n).padStart(2, '0');

/** yyyy-MM-dd of a calendar cell (month 0-based, as PrimeReact gives it). */
export const dayKey = (year: number, month: number, day: number) => `${year}-${pad(month + 1)}-${pad(day)}`;

/** The yyyy-MM-dd of the day a Calendar's Date stands for. */
export const toDay = (date: Date) => dayKey(date.getFullYear(), date.getMonth(), date.getDate());

/** The Calendar's Date of a yyyy-MM-dd day; null for anything that is not a real day (2026-02-30). */
export function fromDay(day: string | null | undefined): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day ?? '');
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return toDay(date) === day ? date : null;
}

/** PrimeReact puts aria-selected and aria-disabled on the day's span, which has no role (axe: aria-allowed-attr). */
export const calendarPt = { dayLabel: { 'aria-selected': undefined, 'aria-disabled': undefined } as never };
