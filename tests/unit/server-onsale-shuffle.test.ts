/**
 * The pre-queue's shuffle (server/src/onsale/shuffle.ts) is a fair permutation: over many shuffles
 * every person lands first (and last) about equally often (chi-square), and every order of three
 * appears about equally often. A seeded generator keeps the test stable; the product uses crypto.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { shuffle } from "../../server/src/onsale/shuffle";

/** A small seeded generator (mulberry32): uniform enough for a chi-square test, the same every run. */
function seeded(seed: number): (max: number) => number {
  let a = seed >>> 0;
  return (max) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const u = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    return Math.floor(u * max);
  };
}

/** How often each key came out of `trials` runs of `run`. */
function tally(trials: number, run: () => string): Map<string, number> {
  const seen = new Map<string, number>();
  for (let t = 0; t < trials; t++) {
    const key = run();
    seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  return seen;
}

function chiSquare(counts: number[], expected: number): number {
  return counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
}

describe("the pre-queue's shuffle", () => {
  it("puts each of 20 people first and last equally often (chi-square, 19 degrees of freedom)", () => {
    const n = 20;
    const trials = 40_000;
    const below = seeded(37);
    const people = Array.from({ length: n }, (_, i) => i);
    const first = new Array<number>(n).fill(0);
    const last = new Array<number>(n).fill(0);
    for (let t = 0; t < trials; t++) {
      const order = shuffle(people, below);
      first[order[0] as number] = (first[order[0] as number] ?? 0) + 1;
      last[order[n - 1] as number] = (last[order[n - 1] as number] ?? 0) + 1;
    }
    // the 0.999 quantile of chi-square with 19 degrees of freedom is 43.8
    assert.ok(chiSquare(first, trials / n) < 43.8, `first places: ${first.join(" ")}`);
    assert.ok(chiSquare(last, trials / n) < 43.8, `last places: ${last.join(" ")}`);
  });

  it("makes each of the 6 orders of 3 people equally often, and the order of arrival no more than the rest", () => {
    const trials = 30_000;
    const below = seeded(2026);
    const seen = tally(trials, () => shuffle(["a", "b", "c"], below).join(""));
    assert.equal(seen.size, 6);
    // the 0.999 quantile of chi-square with 5 degrees of freedom is 20.5
    assert.ok(chiSquare([...seen.values()], trials / 6) < 20.5, JSON.stringify(Object.fromEntries(seen)));
  });

  it("a biased shuffle (each swap from the whole list) fails the same test", () => {
    // the classic mistake: j from 0..n-1 instead of 0..i; 27 outcomes over 6 orders cannot be uniform
    const naive = <T>(items: readonly T[], below: (max: number) => number): T[] => {
      const out = [...items];
      for (let i = 0; i < out.length; i++) {
        const j = below(out.length);
        [out[i], out[j]] = [out[j] as T, out[i] as T];
      }
      return out;
    };
    const trials = 30_000;
    const below = seeded(2026);
    const seen = tally(trials, () => naive(["a", "b", "c"], below).join(""));
    assert.ok(chiSquare([...seen.values()], trials / 6) > 20.5, "the test tells a biased shuffle apart");
  });

  it("uses the cryptographic generator by default and keeps every item", () => {
    const items = Array.from({ length: 1000 }, (_, i) => i);
    const out = shuffle(items);
    assert.deepEqual(
      [...out].sort((a, b) => a - b),
      items,
    );
    assert.notDeepEqual(out, items);
  });
});
