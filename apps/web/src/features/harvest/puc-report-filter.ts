/**
 * Filter state of the Harvest PUC report (docs/domain.md, Harvest PUC Report): null means All. Changing the packhouse resets
 * the variety to All (its varieties and the report are then reloaded for the new packhouse).
 */
export interface PucReportFilter {
  packhouse: number | null;
  variety: number | null;
}

export const ALL_FILTER: PucReportFilter = { packhouse: null, variety: null };

export function choosePackhouse(filter: PucReportFilter, packhouse: number | null): PucReportFilter {
  if (filter.packhouse === packhouse) return filter;
  return { packhouse, variety: null };
}

export function chooseVariety(filter: PucReportFilter, variety: number | null): PucReportFilter {
  return { ...filter, variety };
}

/** Dropdown value of "All": PrimeReact treats null as no selection, so All is 0 in the list. */
export const ALL_VALUE = 0;
export const toOption = (id: number | null): number => id ?? ALL_VALUE;
export const fromOption = (value: unknown): number | null => (typeof value === 'number' && value !== ALL_VALUE ? value : null);
