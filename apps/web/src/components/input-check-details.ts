/**
 * What the input checks table works out for itself (docs/domain.md, Input checks):
 * a kind's figures on a row, the Oldest dialog's description and the text Copy details puts on the
 * clipboard, the order of the Oldest columns, and the age colouring of a cell. The figures come as
 * the API sends them (shared input-checks/figures.ts); nothing here recomputes an age.
 */
import {
  inputCheckAgeIntensity,
  inputCheckAgeText,
  type FarmInputCheckRow,
  type InputCheckKind,
} from '@orchard/shared/input-checks';
import type { TFunction } from 'i18next';
import type { CSSProperties } from 'react';

/** A row of the compact (dashboard) variant: the farm and its Scouting figures. */
export type CompactInputCheckRow = Pick<FarmInputCheckRow, 'farm' | 'scoutingLast' | 'scoutingOldest' | 'scoutingOldestId' | 'scoutingOldestIds'>;

/** A row as the table reads it: the full row, or the compact one (only its Scouting figures are read). */
export type InputCheckTableRow = FarmInputCheckRow | CompactInputCheckRow;

export interface KindFigures {
  /** whole days, null: No Data */
  last: number | null;
  oldest: number | null;
  oldestId: number | null;
  /** block names */
  oldestIds: readonly string[];
}

/** One kind's figures on a row; a kind the row does not carry reads as No Data. */
export function kindFigures(row: InputCheckTableRow, kind: InputCheckKind): KindFigures {
  const r = row as Partial<FarmInputCheckRow>;
  return {
    last: r[`${kind}Last`] ?? null,
    oldest: r[`${kind}Oldest`] ?? null,
    oldestId: r[`${kind}OldestId`] ?? null,
    oldestIds: r[`${kind}OldestIds`] ?? [],
  };
}

/**
 * The dialog's description: "No Data is available." when the Oldest is No Data,
 * otherwise "The following {kind} are {age} out of date:", the list following it.
 */
export function inputCheckDescription(kind: InputCheckKind, oldest: number | null, t: TFunction): string {
  if (oldest === null) return t('inputChecks.noDataAvailable', { noData: t('inputChecks.noDataValue') });
  return t('inputChecks.outOfDate', { kind: t(`inputChecks.listedKinds.${kind}`), age: inputCheckAgeText(oldest) });
}

/** What Copy details copies: the description, then each listed block on a line of its own. */
export function inputCheckDetailsText(description: string, ids: readonly string[]): string {
  return [description, ...ids].join('\n');
}

/** An age for ordering: No Data counts as older than any number of days. */
const ageOrder = (days: number | null) => (days === null ? Number.POSITIVE_INFINITY : days);

/**
 * The rows ordered by one kind's Oldest: ascending puts the freshest first, No Data last; equal ages
 * by their first listed block, then by farm, so the order never depends on the order that came in.
 */
export function sortByOldest<T extends InputCheckTableRow>(rows: readonly T[], kind: InputCheckKind, order: 1 | -1 | 0 | null | undefined): T[] {
  const sorted = [...rows];
  if (!order) return sorted;
  const compare = (a: T, b: T) => {
    const fa = kindFigures(a, kind);
    const fb = kindFigures(b, kind);
    const byAge = ageOrder(fa.oldest) - ageOrder(fb.oldest);
    if (byAge !== 0 && !Number.isNaN(byAge)) return byAge;
    return (fa.oldestIds[0] ?? '').localeCompare(fb.oldestIds[0] ?? '') || a.farm.localeCompare(b.farm);
  };
  return sorted.sort((a, b) => order * compare(a, b));
}

/** The inline custom property a coloured cell reads its orange's strength from (0 to 1). */
export const AGE_INTENSITY_PROPERTY = '--input-check-age';

/** The style of an age cell: how strongly it is coloured (3 to 14 days, No Data full). */
export function ageCellStyle(days: number | null): CSSProperties {
  return { [AGE_INTENSITY_PROPERTY]: String(inputCheckAgeIntensity(days)) } as CSSProperties;
}

/** The Scouting figures of one farm as the pest dashboard sends them, as a compact row. */
export function compactInputCheckRow(farm: { farmName: string; last: number | null; oldest: number | null; oldestId: number | null; oldestIds: string[] }): CompactInputCheckRow {
  return {
    farm: farm.farmName,
    scoutingLast: farm.last,
    scoutingOldest: farm.oldest,
    scoutingOldestId: farm.oldestId,
    scoutingOldestIds: farm.oldestIds,
  };
}
