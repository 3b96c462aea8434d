/**
 * The filters of a field capture list (farm, block, a range of days) and their one spelling in a
 * URL: the list's API query (?farmId=&blockId=&from=&to=) and the screen's own address use the same
 * names, so a link from a figure elsewhere (the pest dashboard's rows) opens a capture screen on the
 * rows behind it. An address is read with the API's own query rule: a value the API would refuse
 * is left out, and a range whose days are in the wrong order is dropped as a whole.
 */
import { fieldCaptureQuerySchema } from '@orchard/shared/field-capture';

export interface FieldListFilters {
  farmId: number | null;
  blockId: number | null;
  /** yyyy-MM-dd or '' */
  from: string;
  to: string;
}

export const EMPTY_FILTERS: FieldListFilters = { farmId: null, blockId: null, from: '', to: '' };

/** The search parameters of the filters that are set. */
export function fieldFilterParams(f: Partial<FieldListFilters>): URLSearchParams {
  const params = new URLSearchParams();
  if (f.farmId != null) params.set('farmId', String(f.farmId));
  if (f.blockId != null) params.set('blockId', String(f.blockId));
  if (f.from) params.set('from', f.from);
  if (f.to) params.set('to', f.to);
  return params;
}

/** A capture screen's address opened on the rows the filters choose. */
export function fieldListLink(path: string, f: Partial<FieldListFilters>): string {
  const search = fieldFilterParams(f).toString();
  return search ? `${path}?${search}` : path;
}

const one = (params: URLSearchParams, name: string) => params.get(name) ?? undefined;

/** The filters an address names (`location.search`), each only when valid; the rest empty. */
export function filtersFromSearch(search: string): FieldListFilters {
  const params = new URLSearchParams(search);
  const read = <K extends 'farmId' | 'blockId' | 'from' | 'to'>(name: K) => {
    const value = one(params, name);
    if (value === undefined) return undefined;
    const parsed = fieldCaptureQuerySchema.safeParse({ [name]: value });
    return parsed.success ? parsed.data[name] : undefined;
  };
  const from = read('from') ?? '';
  const to = read('to') ?? '';
  const ordered = !from || !to || from <= to;
  return {
    farmId: read('farmId') ?? null,
    blockId: read('blockId') ?? null,
    from: ordered ? from : '',
    to: ordered ? to : '',
  };
}
