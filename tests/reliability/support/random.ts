import { randomInt } from 'node:crypto';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';

/**
 * The one source of every random choice a check makes, seeded so that a failing run can be
 * replayed: RELIABILITY_SEED=<the printed seed> runs the same choices again (the timing of
 * processes and the network still differs between runs).
 */
export interface SeededRandom {
  seed: number;
  /** A whole number from `min` to `max`, both included. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** True with probability `p`. */
  chance(p: number): boolean;
  /** One of the keys, with probability proportional to its weight. */
  weighted<K extends string>(weights: Record<K, number>): K;
}

export function seededRandom(): SeededRandom {
  const given = process.env.RELIABILITY_SEED;
  const seed = given ? Number(given) : randomInt(0, 2 ** 31);
  if (!Number.isSafeInteger(seed)) throw new Error(`RELIABILITY_SEED must be a whole number, not ${given}`);
  const generator = xoroshiro128plus(seed);
  const int = (min: number, max: number) => uniformInt(generator, min, max);
  return {
    seed,
    int,
    pick: (items) => {
      if (items.length === 0) throw new Error('Nothing to pick from');
      return items[int(0, items.length - 1)]!;
    },
    chance: (p) => int(0, 999_999) < p * 1_000_000,
    weighted(weights) {
      const entries = Object.entries(weights) as [keyof typeof weights, number][];
      let roll = int(0, entries.reduce((sum, [, weight]) => sum + weight, 0) - 1);
      for (const [key, weight] of entries) {
        if (roll < weight) return key;
        roll -= weight;
      }
      throw new Error('Weights must be positive whole numbers');
    },
  };
}
