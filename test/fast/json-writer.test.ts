// The JSON writer (src/http/json-writer.ts) prints numbers byte for byte as JSON.stringify does: every
// price in cents below ten thousand dollars, cents up to where doubles no longer tell them apart, whole
// numbers up to 2^53, and whatever else (fractions of a cent, negatives, exponents) through the fallback.
import { describe, expect, it } from "vitest";
import { Rng } from "../../build/ground/rng.ts";
import { JsonWriter } from "../../src/http/json-writer.ts";

const text = new TextDecoder();

/** The numbers written one after another, comma-separated, as the writer's text. */
function written(xs: number[]): string {
  const out = new JsonWriter(16); // small, so that it grows
  const comma = new TextEncoder().encode(",");
  for (const [i, x] of xs.entries()) {
    if (i > 0) out.raw(comma);
    out.number(x);
  }
  return text.decode(out.bytes);
}

/** Indexes of the numbers the writer prints otherwise than JSON.stringify. */
const differences = (xs: number[]) => {
  const printed = written(xs).split(",");
  return xs.flatMap((x, i) => (printed[i] === JSON.stringify(x) ? [] : [`${x}: ${printed[i]}`]));
};

describe("JsonWriter", () => {
  it("prints every cent from 0 to 10,000 dollars as JSON.stringify does", () => {
    expect(differences(Array.from({ length: 1_000_001 }, (_, c) => c / 100))).toEqual([]);
  });

  it("prints prices in cents up to 10^12, whole numbers up to 2^53 and any other number alike", () => {
    const rng = new Rng(3, "json-writer");
    const xs = [0, -0, 1e9, 1e9 - 0.01, 1e9 + 0.01, 2 ** 53, 2 ** 53 - 1, 2 ** 53 + 2, 1e21, 1.5e-7, 0.001, 0.015];
    for (let i = 0; i < 200_000; i++) {
      xs.push(Math.round(10 ** rng.between(0, 12)) / 100); // cents
      xs.push(Math.round(10 ** rng.between(0, 16))); // whole
      xs.push(10 ** rng.between(-8, 22) * (rng.uniform() < 0.1 ? -1 : 1)); // anything
      xs.push(Math.round(rng.between(0, 1e6) * 1e4) / 1e4); // four decimals
    }
    expect(differences(xs)).toEqual([]);
  });

  it("grows its buffer and keeps what it held", () => {
    const xs = Array.from({ length: 5000 }, (_, i) => i * 1.25);
    expect(written(xs)).toBe(xs.map((x) => JSON.stringify(x)).join(","));
  });
});
