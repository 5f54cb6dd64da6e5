import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { unpack } from "msgpackr";
import { afterAll, describe, expect, it } from "vitest";
import { buildScenarios, DEFAULT_SRC_DIR } from "../build/build-scenarios.ts";
import { Shard } from "../src/bundle/shard.ts";
import { SHARDS } from "../src/bundle/shards.ts";
import type { Manifest } from "../src/bundle/types.ts";
import { manifestKey } from "../src/bundle/layout.ts";
import { buildTempBundles, MEGACAP, readBundleObjects, readCatalog } from "./support/bundles.ts";

const first = buildTempBundles();
const second = buildTempBundles();
afterAll(() => {
  first.cleanup();
  second.cleanup();
});

function manifestOf(outDir: string, id: string): Manifest {
  return unpack(readFileSync(join(outDir, manifestKey(id)))) as Manifest;
}

describe("scenario build", () => {
  it("is deterministic: the same sources give byte-identical bundles", () => {
    const a = readBundleObjects(first.outDir);
    const b = readBundleObjects(second.outDir);
    expect([...a.keys()].sort()).toEqual([...b.keys()].sort());
    for (const [key, bytes] of a) expect(Buffer.from(bytes).equals(Buffer.from(b.get(key)!)), key).toBe(true);
  });

  it("catalogs every scenario with its counts and health", () => {
    const catalog = readCatalog(first.outDir);
    expect(catalog.scenarios.map((e) => e.scenario.name).sort()).toEqual([
      "ai-capex-branch-2026",
      "megacap-tech-2023",
      "rate-shock-2022",
    ]);
    const megacap = catalog.scenarios.find((e) => e.scenario.id === MEGACAP)!;
    // 10 companies, 3 index funds (SPY, IVV and XLK: three technology members) and 2 warrants.
    expect(megacap).toMatchObject({ ticker_count: 15, day_count: 250, healthy: true });
    expect(megacap.scenario.generator_version).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it("indexes instruments by role, then the tickers each resource covers", () => {
    const manifest = manifestOf(first.outDir, MEGACAP);
    const { prices, companies, funds, warrants } = manifest.tickers;
    expect(Object.keys(manifest.tickers)).toEqual([
      "prices",
      "companies",
      "funds",
      "warrants",
      "events",
      "corporate_actions",
    ]);
    expect(prices).toEqual([...companies, ...funds, ...warrants].sort());
    expect(companies).toEqual(manifest.companies.map((c) => c.ticker));
    expect(funds).toEqual(manifest.funds.map((f) => f.ticker).sort());
    for (const t of manifest.tickers.events) expect(manifest.shards).toHaveProperty([`events/${t}`]);
    for (const t of manifest.tickers.corporate_actions) expect(manifest.shards).toHaveProperty([`actions/${t}`]);
  });

  it("writes one sorted price shard per ticker whose bars satisfy the OHLC and volume invariants", () => {
    const manifest = manifestOf(first.outDir, MEGACAP);
    expect(manifest.tickers.prices).toContain("BRK-B");
    for (const ticker of manifest.tickers.prices) {
      const ref = manifest.shards[`prices/${ticker}`];
      const shard = new Shard(new Uint8Array(readFileSync(join(first.outDir, ref.key))));
      expect(shard.columns).toEqual([...SHARDS.prices.columns]);
      const components = new Shard(
        new Uint8Array(readFileSync(join(first.outDir, manifest.shards[`components/${ticker}`].key))),
      );
      expect(components.keys).toEqual(shard.keys); // row i of one is row i of the other
      expect(shard.length).toBe(manifest.day_count);
      const c = shard.index();
      for (const r of shard.rows(0, shard.length) as number[][]) {
        expect(r[c.low]).toBeLessThanOrEqual(Math.min(r[c.open], r[c.close]));
        expect(r[c.high]).toBeGreaterThanOrEqual(Math.max(r[c.open], r[c.close]));
        expect(r[c.low]).toBeGreaterThan(0);
        expect(Number.isInteger(r[c.volume]) && r[c.volume] >= 0).toBe(true);
      }
    }
  });

  it("never writes the hidden truth: no event effects, regimes paths or surprises in any object", () => {
    const hidden = new Set([
      "effect",
      "jump",
      "surprise",
      "expectedMove",
      "volumeMultiplier",
      "volMultiplier",
      "reactionDay",
      "regimes",
    ]);
    const seen = new Set<string>();
    const walk = (value: unknown) => {
      if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === "object") {
        for (const [k, v] of Object.entries(value)) {
          seen.add(k);
          walk(v);
        }
      }
    };
    for (const [key, bytes] of readBundleObjects(first.outDir)) {
      if (key.includes("/shards/")) {
        const shard = new Shard(bytes);
        shard.columns.forEach((c) => seen.add(c));
        walk(shard.rows(0, shard.length));
      } else walk(unpack(bytes));
    }
    expect([...hidden].filter((k) => seen.has(k))).toEqual([]);
    expect(seen).toContain("event_return"); // the public price reaction is there
  });

  it("links price reactions back to their events", () => {
    const manifest = manifestOf(first.outDir, MEGACAP);
    const events = new Shard(new Uint8Array(readFileSync(join(first.outDir, manifest.shards["events/AAPL"].key))));
    const eventIds = new Set(events.objects(0, events.length).map((e) => e.event_id));
    const prices = new Shard(new Uint8Array(readFileSync(join(first.outDir, manifest.shards["components/AAPL"].key))));
    const bars = prices.objects(0, prices.length);
    const reacting = bars.filter((b) => b.event_return !== 0);
    expect(reacting.length).toBeGreaterThan(3);
    for (const b of reacting) {
      const ids = (b.metadata as { source_event_ids: string[] }).source_event_ids;
      expect(ids.length).toBeGreaterThan(0);
      for (const id of ids) expect(eventIds).toContain(id);
    }
  });

  it("skips unchanged scenarios and rebuilds an edited one", () => {
    const srcDir = mkdtempSync(join(tmpdir(), "src-"));
    try {
      cpSync(DEFAULT_SRC_DIR, srcDir, { recursive: true });
      const again = buildScenarios({ srcDir, outDir: first.outDir, quiet: true });
      expect(again.built).toEqual([]);
      expect(again.skipped).toHaveLength(3);
      const file = join(srcDir, "megacap-tech-2023.yaml");
      writeFileSync(file, readFileSync(file, "utf8").replace("seed: 20230103", "seed: 20230104"));
      const edited = buildScenarios({ srcDir, outDir: first.outDir, quiet: true });
      expect(edited.built).toEqual(["megacap-tech-2023"]);
      expect(manifestOf(first.outDir, MEGACAP).content_hash).not.toBe(manifestOf(second.outDir, MEGACAP).content_hash);
    } finally {
      rmSync(srcDir, { recursive: true, force: true });
    }
  });

  it("rejects an invalid scenario source with the reason", () => {
    const srcDir = mkdtempSync(join(tmpdir(), "src-"));
    try {
      writeFileSync(join(srcDir, "bad.yaml"), "id: not-a-uuid\nname: bad\n");
      expect(() => buildScenarios({ srcDir, outDir: join(srcDir, "out"), quiet: true })).toThrow(
        /bad.yaml: invalid scenario source/,
      );
    } finally {
      rmSync(srcDir, { recursive: true, force: true });
    }
  });
});
