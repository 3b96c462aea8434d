/**
 * Timing helpers of the bench sections in scripts/bench/: the median and p95 of sequential runs,
 * measured in turns so a slower stretch of the shared machine falls on every figure alike.
 */

export interface Spread {
  median: number;
  p95: number;
  runs: number;
}

export function spread(times: readonly number[]): Spread {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] as number;
  return { median: at(0.5), p95: at(0.95), runs: sorted.length };
}

/**
 * Median and p95 of `runs` sequential timed calls of each function after `warmup` untimed ones, in
 * ms. The functions take turns.
 */
export async function inTurns<K extends string>(fns: Record<K, () => Promise<unknown>>, runs: number, warmup: number): Promise<Record<K, Spread>> {
  const keys = Object.keys(fns) as K[];
  const times = Object.fromEntries(keys.map((k) => [k, [] as number[]])) as Record<K, number[]>;
  for (let i = 0; i < warmup; i += 1) for (const k of keys) await fns[k]();
  for (let i = 0; i < runs; i += 1) {
    for (const k of keys) {
      const start = performance.now();
      await fns[k]();
      times[k].push(performance.now() - start);
    }
  }
  return Object.fromEntries(keys.map((k) => [k, spread(times[k])])) as Record<K, Spread>;
}

/** One timed call, in ms. */
export async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

export const fmtMs = (n: number) => `${n.toFixed(1)} ms`;
export const fmtS = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
export const medianP95 = (s: Spread) => `median ${fmtMs(s.median)} / p95 ${fmtMs(s.p95)}`;
export const count = (n: number) => n.toLocaleString('en-US');

/** A budget with its verdict, as every row that has one prints it: "budget <= 2x: met" or "... : MISSED". */
export const judged = (budget: string, met: boolean) => `${budget}: ${met ? 'met' : 'MISSED'}`;

/** A bench table row: measure, value, reference / budget, notes. */
export type BenchRow = [string, string, string, string];
