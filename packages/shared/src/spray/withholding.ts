/**
 * The withholding-period rule (pre-harvest interval): the first day each production block may be
 * harvested for a market, given the spray applications on it and the products applied. Pure: the
 * callers read applications and products, this decides. docs/domain.md, "Spray products and
 * withholding periods", states the same rule in words.
 *
 * - An application counts on its business day: the calendar day, in the business time zone
 *   (core/calendar.ts), on which it was applied; 23:30 and 00:30 are different days.
 * - A product's days for a market are that market's entry, or its local days when it has no entry
 *   for the market. For a market not known (null) the strictest applies: the most days over the
 *   local days and every entry of the product.
 * - Clearance day = the application's business day + the product's days for the market (calendar
 *   days; a zero-day product clears on the day it was applied). The block may be harvested from its
 *   clearance day on; a day before it is inside the interval.
 * - Several products or applications on one block: the latest clearance day decides, and its reason
 *   names the product and the application that set it (on a tie, the later application, then the
 *   product first by name, then by id).
 * - A block no application covered has no clearance: it may be harvested any day.
 * - An application naming a product the caller did not give is an error (never read as "no days"):
 *   a gate that cannot know must not open.
 */
import { addDays, dayOf, isCalendarDay } from '../core/calendar.js';
import { LOCAL_MARKET, sprayNameKey } from './spray-products.js';

/** A product as the rule needs it. */
export interface WithholdingProduct {
  id: number;
  name: string;
  /** the local market's days, and every market's without an entry */
  localWithholdingDays: number;
  marketWithholding: readonly { market: string; days: number }[];
}

/** One application as the rule needs it. */
export interface WithholdingApplication {
  /** to name it in a reason; optional */
  id?: number;
  /** the business day (yyyy-MM-dd), or the instant it was applied (read on the business calendar) */
  appliedAt: string | Date;
  /** the production blocks it covered */
  blockIds: readonly number[];
  /** the products applied */
  productIds: readonly number[];
}

/**
 * The market of a harvest: LOCAL_MARKET, an export market's name (compared ignoring case), or
 * null when it is not known (the strictest market applies).
 */
export type WithholdingMarket = string | null;

/** Why a block is held until its clearance day: the product and application that set it. */
export interface WithholdingReason {
  blockId: number;
  productId: number;
  productName: string;
  /** the application's id when it has one */
  applicationId: number | null;
  /** the application's business day */
  appliedOn: string;
  /** the days counted */
  days: number;
  /** whose days they are: the market's entry, LOCAL_MARKET (its local days), or for an unknown market the strictest one's */
  daysMarket: string;
  /** the first day the block may be harvested */
  clearanceDay: string;
}

/** The business day of an application: a yyyy-MM-dd day as it is, an instant on the business calendar. */
export function applicationDay(appliedAt: string | Date): string {
  if (typeof appliedAt === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(appliedAt)) {
    if (isCalendarDay(appliedAt)) return appliedAt;
  } else {
    const ms = typeof appliedAt === 'string' ? Date.parse(appliedAt) : appliedAt.getTime();
    if (!Number.isNaN(ms)) return dayOf(new Date(ms));
  }
  throw new RangeError(`Not a day or an instant: ${String(appliedAt)}`);
}

/**
 * A product's days for a market and whose they are: the market's entry, else the local days; for
 * an unknown market (null) the most over the local days and every entry (the first market of the
 * most days; local on a tie with it).
 */
export function withholdingDaysFor(product: WithholdingProduct, market: WithholdingMarket): { days: number; market: string } {
  if (market === null) {
    let best = { days: product.localWithholdingDays, market: LOCAL_MARKET };
    for (const entry of product.marketWithholding) if (entry.days > best.days) best = { days: entry.days, market: entry.market };
    return best;
  }
  const key = sprayNameKey(market);
  if (key !== LOCAL_MARKET) {
    const entry = product.marketWithholding.find((m) => sprayNameKey(m.market) === key);
    if (entry) return { days: entry.days, market: entry.market };
  }
  return { days: product.localWithholdingDays, market: LOCAL_MARKET };
}

/** Does `a` hold the block longer than `b` (or as long, set by a later application, then a product first by name and id)? */
function outranks(a: WithholdingReason, b: WithholdingReason): boolean {
  if (a.clearanceDay !== b.clearanceDay) return a.clearanceDay > b.clearanceDay;
  if (a.appliedOn !== b.appliedOn) return a.appliedOn > b.appliedOn;
  if (a.productName !== b.productName) return a.productName.localeCompare(b.productName) < 0;
  return a.productId < b.productId;
}

/** The rule over one set of applications and products: ask it per block, market and day. */
export interface WithholdingGate {
  /** the blocks some application covered, ascending */
  blockIds: readonly number[];
  /** what holds the block for the market longest, or null when no application covered it */
  reason(blockId: number, market: WithholdingMarket): WithholdingReason | null;
  /** the first day the block may be harvested for the market; null: any day */
  clearanceDay(blockId: number, market: WithholdingMarket): string | null;
  /** is `day` (yyyy-MM-dd) before the block's clearance day for the market? */
  isInsideInterval(blockId: number, market: WithholdingMarket, day: string): boolean;
  /** what holds the block on `day`, or null when it may be harvested then */
  reasonOn(blockId: number, market: WithholdingMarket, day: string): WithholdingReason | null;
}

/** The rule over these applications and products (see the module comment). */
export function withholdingGate(applications: readonly WithholdingApplication[], products: readonly WithholdingProduct[]): WithholdingGate {
  const productsById = new Map(products.map((p) => [p.id, p]));
  const applied = applications.map((a) => ({
    id: a.id ?? null,
    day: applicationDay(a.appliedAt),
    blockIds: [...new Set(a.blockIds)],
    products: [...new Set(a.productIds)].map((id) => {
      const product = productsById.get(id);
      if (!product) throw new RangeError(`Application names product ${id}, which was not given`);
      return product;
    }),
  }));
  const byBlock = new Map<number, typeof applied>();
  for (const a of applied) for (const blockId of a.blockIds) byBlock.set(blockId, [...(byBlock.get(blockId) ?? []), a]);
  const cache = new Map<string, WithholdingReason | null>();

  const reason = (blockId: number, market: WithholdingMarket): WithholdingReason | null => {
    const key = `${blockId}\u0000${market === null ? '\u0000' : sprayNameKey(market)}`;
    if (cache.has(key)) return cache.get(key)!;
    let best: WithholdingReason | null = null;
    for (const a of byBlock.get(blockId) ?? []) {
      for (const product of a.products) {
        const { days, market: daysMarket } = withholdingDaysFor(product, market);
        const candidate: WithholdingReason = {
          blockId,
          productId: product.id,
          productName: product.name,
          applicationId: a.id,
          appliedOn: a.day,
          days,
          daysMarket,
          clearanceDay: addDays(a.day, days),
        };
        if (!best || outranks(candidate, best)) best = candidate;
      }
    }
    cache.set(key, best);
    return best;
  };

  const clearanceDay = (blockId: number, market: WithholdingMarket) => reason(blockId, market)?.clearanceDay ?? null;
  const isInsideInterval = (blockId: number, market: WithholdingMarket, day: string) => {
    if (!isCalendarDay(day)) throw new RangeError(`Not a day: ${day}`);
    const clears = clearanceDay(blockId, market);
    return clears !== null && day < clears;
  };
  return {
    blockIds: [...byBlock.keys()].sort((a, b) => a - b),
    reason,
    clearanceDay,
    isInsideInterval,
    reasonOn: (blockId, market, day) => (isInsideInterval(blockId, market, day) ? reason(blockId, market) : null),
  };
}

/** One row of the clearance table: a block, a market and what holds it. */
export interface BlockClearance {
  blockId: number;
  /** a market asked for, or null for the unknown market */
  market: WithholdingMarket;
  clearanceDay: string;
  reason: WithholdingReason;
}

/**
 * The clearance day of every block an application covered, for each of `markets` (LOCAL_MARKET,
 * export market names, null for unknown), by block then in the order of `markets`.
 */
export function blockClearances(
  applications: readonly WithholdingApplication[],
  products: readonly WithholdingProduct[],
  markets: readonly WithholdingMarket[],
): BlockClearance[] {
  const gate = withholdingGate(applications, products);
  return gate.blockIds.flatMap((blockId) =>
    markets.flatMap((market) => {
      const reason = gate.reason(blockId, market);
      return reason ? [{ blockId, market, clearanceDay: reason.clearanceDay, reason }] : [];
    }),
  );
}
