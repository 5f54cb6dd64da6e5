// Crypto in the cached build of the default library: each scenario's published realism_crypto checks
// in band wherever it is long enough to measure them, the one-year scenarios' kurtosis included (at
// generator 0.67.0, before the jump days, megacap-tech-2023 read 1.23 and ai-capex-branch-2026 1.31
// against the band's 2); and the year's biggest move served as a jump day's bar, wide and heavy.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { unpack } from "msgpackr";
import { describe, expect, inject, it } from "vitest";
import { Shard } from "../../src/bundle/shard.ts";
import { shardKey, validationKey } from "../../src/bundle/layout.ts";
import type { ValidationReport } from "../../src/bundle/types.ts";
import { CRYPTO_SHARDS } from "../../src/families/crypto/shards.ts";
import { median, quantile } from "../../build/models/statistics.ts";
import { defaultIds, DEFAULT_NAMES } from "../support/bundles.ts";

const libraryDir = inject("libraryDir");
const ids = defaultIds(libraryDir);

const report = (id: string) => unpack(readFileSync(join(libraryDir, validationKey(id)))) as ValidationReport;

describe("crypto in the default library", () => {
  it.each(Object.keys(DEFAULT_NAMES) as (keyof typeof DEFAULT_NAMES)[])(
    "%s reports Bitcoin's statistics in band where it measures them",
    (name) => {
      const checks = report(ids[name]).checks.filter((c) => c.family === "realism_crypto");
      const measured = checks.filter((c) => c.observed !== null);
      console.log(`${DEFAULT_NAMES[name]}: ${measured.map((c) => `${c.name} ${c.observed}`).join(", ")}`);
      expect(measured.map((c) => c.name)).toContain("crypto_btc_excess_kurtosis");
      for (const c of measured) expect(c.passed, `${c.name}: ${c.detail}`).toBe(true);
    },
  );

  it("serves a one-year scenario's biggest Bitcoin move with a wide range and heavy volume", () => {
    const bytes = readFileSync(join(libraryDir, shardKey(ids.MEGACAP, CRYPTO_SHARDS.cryptoPrices.name("BTC-USD"))));
    const shard = new Shard(new Uint8Array(bytes));
    const bars = shard.objects(0, shard.length) as {
      open: number;
      high: number;
      low: number;
      close: number;
      volume: number;
    }[];
    const move = (b: (typeof bars)[number]) => Math.abs(Math.log(b.close / b.open));
    const biggest = bars.reduce((a, b) => (move(b) > move(a) ? b : a));
    const range = (b: (typeof bars)[number]) => Math.log(b.high / b.low);
    console.log(
      `biggest move ${move(biggest).toFixed(3)}, range ${range(biggest).toFixed(3)}, volume ${biggest.volume}`,
    );
    expect(move(biggest)).toBeGreaterThan(4 * median(bars.map(move)));
    expect(range(biggest)).toBeGreaterThan(quantile(bars.map(range), 0.95));
    expect(biggest.volume).toBeGreaterThan(1.5 * median(bars.map((b) => b.volume)));
  });
});
