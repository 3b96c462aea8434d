/** A small seeded pseudo-random generator (mulberry32) so the demo data is the same on every run. */
export interface Prng {
  /** a float in [0, 1) */
  next(): number;
  /** an integer in [min, max] (both inclusive) */
  int(min: number, max: number): number;
  /** a float in [min, max) */
  float(min: number, max: number): number;
  /** true with the given probability */
  chance(probability: number): boolean;
  /** one element of a non-empty list */
  pick<T>(items: readonly T[]): T;
  /** a new generator derived from this one and a label, so one part's draws do not shift another's */
  fork(label: string): Prng;
}

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a, to turn labels into seeds. */
export function hashString(value: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    h ^= value.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function createPrng(seed: number): Prng {
  const next = mulberry32(seed);
  const prng: Prng = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    float: (min, max) => min + next() * (max - min),
    chance: (probability) => next() < probability,
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new RangeError('pick from an empty list');
      return items[Math.floor(next() * items.length)] as T;
    },
    fork: (label) => createPrng((seed ^ hashString(label)) >>> 0),
  };
  return prng;
}
