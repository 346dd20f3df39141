import { randomInt } from "node:crypto";

/** A uniform integer in [0, max): the cryptographic one by default, a seeded one in tests. */
export type RandomBelow = (max: number) => number;

/**
 * Fisher–Yates: every order of `items` is equally likely when `below` is uniform. The cryptographic
 * generator keeps the order unpredictable, so no one can time their arrival to land in front.
 */
export function shuffle<T>(items: readonly T[], below: RandomBelow = randomInt): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = below(i + 1);
    const t = out[i] as T;
    out[i] = out[j] as T;
    out[j] = t;
  }
  return out;
}
