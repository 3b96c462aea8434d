/**
 * Row order of the harvest reports (docs/domain.md, Harvest): the PUC report by PUC, the block report by
 * linked block name, both in natural order ("PUC 2" before "PUC 10", "C0042" before "C1234").
 * Written by hand rather than with Intl.Collator so the server and every browser agree exactly.
 */
import type { BlockReportRow } from './schemas.js';

const TOKEN = /\d+|\D+/g;

/**
 * A string's digit and text runs. Sorting compares each name many times (a schedule of a thousand
 * rows about ten thousand times), so the runs of the names seen last are kept; the cache is emptied
 * when it grows past what one list holds.
 */
const tokenCache = new Map<string, readonly string[]>();
function tokensOf(s: string): readonly string[] {
  let tokens = tokenCache.get(s);
  if (tokens === undefined) {
    if (tokenCache.size >= 10_000) tokenCache.clear();
    tokens = s.match(TOKEN) ?? [];
    tokenCache.set(s, tokens);
  }
  return tokens;
}

function isDigits(token: string): boolean {
  const first = token.charCodeAt(0);
  return first >= 48 && first <= 57;
}

function compareDigits(a: string, b: string): number {
  const x = a.replace(/^0+/, '');
  const y = b.replace(/^0+/, '');
  if (x.length !== y.length) return x.length < y.length ? -1 : 1;
  return x < y ? -1 : x > y ? 1 : 0;
}

function compareText(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * Natural comparison: runs of digits compare by value, other text case-insensitively. Strings that
 * are equal that way ("P42" and "P0042", "c1" and "C1") fall back to plain code-unit order, so the
 * result is 0 only for identical strings and sorting never depends on the input order.
 */
export function compareNatural(a: string, b: string): number {
  const xs = tokensOf(a);
  const ys = tokensOf(b);
  const length = Math.min(xs.length, ys.length);
  for (let i = 0; i < length; i += 1) {
    const x = xs[i] as string;
    const y = ys[i] as string;
    const order = isDigits(x) && isDigits(y) ? compareDigits(x, y) : compareText(x, y);
    if (order !== 0) return order;
  }
  if (xs.length !== ys.length) return xs.length < ys.length ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Harvest PUC report order: by PUC name, naturally. Rows with the same PUC keep their order. */
export function sortPucRows<T extends { puc: string }>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => compareNatural(a.puc, b.puc));
}

type BlockSortFields = Pick<BlockReportRow, 'citrii_Block' | 'citrii_Block_Id' | 'production_Block' | 'variety'>;

/**
 * Block report order: rows linked to a farm block first, by block name naturally, then variety,
 * then production block id; unlinked (shaded, read-only) rows after them, by production block id
 * then variety, since they have no block name to sort by. Rows equal on all of these keep their
 * order.
 */
export function sortBlockRows<T extends BlockSortFields>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => {
    const aLinked = a.citrii_Block_Id !== null;
    const bLinked = b.citrii_Block_Id !== null;
    if (aLinked !== bLinked) return aLinked ? -1 : 1;
    if (aLinked) {
      return (
        compareNatural(a.citrii_Block ?? '', b.citrii_Block ?? '') ||
        compareNatural(a.variety, b.variety) ||
        a.production_Block - b.production_Block
      );
    }
    return (
      a.production_Block - b.production_Block ||
      compareNatural(a.variety, b.variety) ||
      compareNatural(a.citrii_Block ?? '', b.citrii_Block ?? '')
    );
  });
}
