/** Capacity cells: how they read ("totalBins / capacity") and what an edited row sends. */
import { capacitySchema, type CapacityRowResponse, type CapacitySaveBody } from '@orchard/shared/picking';

/** "totalBins / capacity"; a week without a saved capacity shows "-" after the slash. */
export function formatCapacityCell(totalBins: number, capacity: number | null, format: (n: number) => string = String): string {
  return `${format(totalBins)} / ${capacity === null ? '-' : format(capacity)}`;
}

/** The inputs of a row in edit mode: the capacity text per week key ('yyyy-Www'). */
export type CapacityDraft = Record<string, string>;

export function draftOf(row: CapacityRowResponse): CapacityDraft {
  return Object.fromEntries(
    Object.entries(row.weeks)
      .filter(([, w]) => !w.readonly)
      .map(([key, w]) => [key, w.capacity === null ? '' : String(w.capacity)]),
  );
}

export type CapacitySavePlan =
  | { kind: 'unchanged' }
  | { kind: 'invalid'; weekKey: string }
  | { kind: 'save'; body: CapacitySaveBody };

/** The changed editable weeks of a row with their versions; any changed week that is not 1 to 5 digits blocks the save. */
export function capacitySavePlan(row: CapacityRowResponse, draft: CapacityDraft, pagerDate: string | null): CapacitySavePlan {
  const weeks: CapacitySaveBody['weeks'] = [];
  for (const [key, text] of Object.entries(draft)) {
    const week = row.weeks[key];
    if (!week || week.readonly) continue;
    if (text === (week.capacity === null ? '' : String(week.capacity))) continue;
    const parsed = capacitySchema.safeParse(text);
    if (!parsed.success) return { kind: 'invalid', weekKey: key };
    weeks.push({ year: week.year, week: week.week, capacity: parsed.data, version: week.version });
  }
  if (weeks.length === 0) return { kind: 'unchanged' };
  return { kind: 'save', body: { weeks, ...(pagerDate ? { pagerDate } : {}) } };
}
