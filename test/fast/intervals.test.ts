// The bootstrap intervals of the evaluation report and the leaderboard (src/runs/intervals.ts): the
// same values give the same interval; the interval of a mean of normal draws has the width the normal
// theory gives; nulls are left out; a single value is its own interval.
import { describe, expect, it } from "vitest";
import { Rng } from "../../build/ground/rng.ts";
import { differences, meanWithInterval } from "../../src/runs/intervals.ts";

describe("a mean's bootstrap interval", () => {
  it("has about the width of the normal theory's 95% interval, around the mean", () => {
    const rng = new Rng(7, "intervals");
    const xs = Array.from({ length: 400 }, () => 0.5 + 2 * rng.normal());
    const found = meanWithInterval(xs)!;
    const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
    const sd = Math.sqrt(xs.reduce((s, x) => s + (x - mean) ** 2, 0) / (xs.length - 1));
    expect(found.mean).toBeCloseTo(mean, 12);
    expect(found.n).toBe(400);
    const width = found.high - found.low;
    expect(width / ((2 * 1.96 * sd) / Math.sqrt(xs.length))).toBeGreaterThan(0.9);
    expect(width / ((2 * 1.96 * sd) / Math.sqrt(xs.length))).toBeLessThan(1.1);
    expect(Math.abs((found.low + found.high) / 2 - mean)).toBeLessThan(width / 10);
    expect(meanWithInterval(xs)).toEqual(found);
    // The same values in another order: the same interval (a group's runs come in any order).
    expect(meanWithInterval([...xs].reverse())).toEqual(found);
  });

  it("leaves nulls out, and is the value itself for one value and nothing for none", () => {
    expect(meanWithInterval([null, 2, undefined, 4])).toMatchObject({ mean: 3, n: 2 });
    expect(meanWithInterval([null, 0.25])).toEqual({ mean: 0.25, low: 0.25, high: 0.25, n: 1 });
    expect(meanWithInterval([null, undefined])).toBeNull();
    // Two values: every resample's mean lies between them, and both ends are reached.
    const two = meanWithInterval([1, 3])!;
    expect([two.low, two.mean, two.high]).toEqual([1, 2, 3]);
  });

  it("pairs differences where both sides are numbers", () => {
    expect(differences([1, null, 3, 5], [0.5, 1, null, 2])).toEqual([0.5, 3]);
  });
});
