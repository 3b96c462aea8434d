/**
 * Search and sort of a Farm Setup list, on the cells as the table shows them (names, not ids): a row
 * matches when any shown cell holds the searched text, ignoring case and the spaces around it; a
 * column sorts by its shown text in natural order ("C2" before "C10"), or by its number where it
 * shows one, empty cells last either way, rows that compare equal kept in the list's order.
 */
import { compareNatural } from '@orchard/shared/harvest';

export type SetupSortValue = string | number | null;

/** Does any of the row's shown cells contain `search`? An empty search matches every row. */
export function setupRowMatches(cells: readonly string[], search: string): boolean {
  const needle = search.trim().toLocaleLowerCase('en');
  if (needle === '') return true;
  return cells.some((cell) => cell.toLocaleLowerCase('en').includes(needle));
}

const isEmpty = (value: SetupSortValue) => value === null || value === '';

function compareValues(a: SetupSortValue, b: SetupSortValue): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return compareNatural(String(a), String(b));
}

/** The rows sorted by `value`, ascending (1) or descending (-1); any other order leaves them as they are. */
export function sortSetupRows<T>(rows: readonly T[], value: (row: T) => SetupSortValue, order: number | null | undefined): T[] {
  if (order !== 1 && order !== -1) return [...rows];
  return rows
    .map((row, index) => ({ row, index, value: value(row) }))
    .sort((a, b) => {
      const emptyA = isEmpty(a.value);
      const emptyB = isEmpty(b.value);
      if (emptyA || emptyB) return emptyA === emptyB ? a.index - b.index : emptyA ? 1 : -1;
      return order * compareValues(a.value, b.value) || a.index - b.index;
    })
    .map((entry) => entry.row);
}
