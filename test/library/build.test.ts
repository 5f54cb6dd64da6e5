import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { unpack } from "msgpackr";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { maskedName } from "../../build/mask/mask-bundle.ts";
import { buildScenarios, DEFAULT_SRC_DIR, staleScenarios, type BuildResult } from "../../build/pipeline/library.ts";
import { generatorInputFiles, generatorInputsHash } from "../../build/pipeline/generator-inputs.ts";
import { Shard } from "../../src/bundle/shard.ts";
import { closeOf } from "../../src/bundle/closes.ts";
import { periodOf, type ShardKind } from "../../src/bundle/shards.ts";
import { SHARDS } from "../../src/families/shards.ts";
import type { Manifest } from "../../src/bundle/types.ts";
import { manifestKey, shardKey } from "../../src/bundle/layout.ts";
import { defaultIds, readBundleObjects, readCatalog } from "../support/bundles.ts";
import { writableCopy } from "../support/libraries.ts";

/** The cached default library, built on two worker threads (test/support/fixtures.ts). */
const library = inject("libraryDir");
const { MEGACAP } = defaultIds(library);

function manifestOf(outDir: string, id: string): Manifest {
  return unpack(readFileSync(join(outDir, manifestKey(id)))) as Manifest;
}

function shardOf(outDir: string, id: string, name: string): Shard {
  return new Shard(new Uint8Array(readFileSync(join(outDir, shardKey(id, name)))));
}

describe("scenario build", () => {
  /** The default library built again, independently: one scenario after another, in this thread. */
  const again = mkdtempSync(join(tmpdir(), "bundles-"));
  let rebuilt: BuildResult;
  // About 80 s on one core.
  beforeAll(async () => void (rebuilt = await buildScenarios({ outDir: again, quiet: true })), 300_000);
  afterAll(() => rmSync(again, { recursive: true, force: true }));

  it("is deterministic: built again one after another in this thread, it has the bytes built on two worker threads at once", () => {
    // The four, and the masked twin of the one of the test split.
    expect(rebuilt.built).toEqual([
      "ai-capex-branch-2026",
      "crisis-cycle-2005",
      "megacap-tech-2023",
      "rate-shock-2022",
      maskedName("ai-capex-branch-2026"),
    ]);
    const a = readBundleObjects(library);
    const b = readBundleObjects(again);
    expect([...b.keys()].sort()).toEqual([...a.keys()].sort());
    for (const [key, bytes] of a) expect(Buffer.from(bytes).equals(Buffer.from(b.get(key)!)), key).toBe(true);
  });

  it("catalogs every scenario with its counts and health", () => {
    const catalog = readCatalog(library);
    expect(catalog.scenarios.map((e) => e.scenario.name).sort()).toEqual(
      [
        "ai-capex-branch-2026",
        "crisis-cycle-2005",
        "megacap-tech-2023",
        "rate-shock-2022",
        maskedName("ai-capex-branch-2026"),
      ].sort(),
    );
    expect(catalog.scenarios.filter((e) => e.masked).map((e) => e.scenario.name)).toEqual([
      maskedName("ai-capex-branch-2026"),
    ]);
    const megacap = catalog.scenarios.find((e) => e.scenario.id === MEGACAP)!;
    // 10 companies, 3 index funds (SPY, IVV and XLK: three technology members) and 2 warrants.
    expect(megacap).toMatchObject({ ticker_count: 19, day_count: 250, healthy: true });
    expect(megacap.scenario.generator_version).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it("keeps the manifest small: counts, funds and period counts; instruments and companies in shards", () => {
    const manifest = manifestOf(library, MEGACAP);
    expect(Object.keys(manifest).sort()).toEqual([
      "content_hash",
      "counts",
      "day_count",
      "format",
      "funds",
      "periods",
      "scenario",
    ]);
    expect(manifest.counts).toEqual({ instruments: 19, companies: 14, funds: 3, warrants: 2 });
    const instruments = shardOf(library, MEGACAP, SHARDS.instruments.name());
    expect(instruments.keys).toHaveLength(19);
    const kinds = instruments.rows(0, instruments.length).map((r) => r[1]);
    expect(kinds.filter((k) => k === "company")).toHaveLength(14);
    const companies = shardOf(library, MEGACAP, SHARDS.companies.name());
    expect(companies.keys).toEqual(instruments.keys.filter((_, i) => kinds[i] === "company"));
    expect(manifest.funds.map((f) => f.ticker).sort()).toEqual(["IVV", "SPY", "XLK"]);
    expect(Object.keys(manifest.periods["market/snapshots"])).toHaveLength(12);
    const snapshotRows = Object.values(manifest.periods["market/snapshots"]).reduce((x, y) => x + y, 0);
    expect(snapshotRows).toBe(manifest.day_count * 19);
    expect(Object.keys(manifest.periods["events/all"])).toEqual(["2023"]);
  });

  it("counts the rows of every shard of every kind split by period in the manifest, as the kinds declare", () => {
    const periodic = (Object.values(SHARDS) as ShardKind[]).filter((kind) => kind.period);
    expect(periodic.length).toBeGreaterThan(5);
    const keys = [...readBundleObjects(library).keys()];
    for (const { scenario } of readCatalog(library).scenarios) {
      const manifest = manifestOf(library, scenario.id);
      const counted: string[] = [];
      for (const key of keys) {
        const name = key.match(new RegExp(`^scenarios/${scenario.id}/shards/(.+)\\.mpk$`))?.[1];
        const kind = name && periodic.find((k) => name.startsWith(`${k.prefix}/`));
        if (!name || !kind) continue;
        const period = periodOf(kind, name.slice(kind.prefix.length + 1));
        if (!period) continue;
        expect(manifest.periods[period[0]]?.[period[1]], name).toBe(shardOf(library, scenario.id, name).length);
        counted.push(name);
      }
      const listed = Object.entries(manifest.periods).flatMap(([series, periods]) =>
        Object.keys(periods).map((p) => `${series}/${p}`),
      );
      expect(counted.sort()).toEqual(listed.sort());
    }
  });

  it("packs each day's closes of every company in the order of the companies shard, as the market snapshot has them", () => {
    const manifest = manifestOf(library, MEGACAP);
    const companies = shardOf(library, MEGACAP, SHARDS.companies.name()).keys;
    const months = Object.keys(manifest.periods["market/closes"]);
    expect(months).toEqual(Object.keys(manifest.periods["market/snapshots"]));
    for (const month of months) {
      const closes = shardOf(library, MEGACAP, SHARDS.closes.name(month));
      const snapshot = shardOf(library, MEGACAP, SHARDS.marketSnapshots.name(month));
      for (let d = 0; d < closes.length; d++) {
        const day = closes.keys[d];
        const packed = closes.bytes(d);
        expect(packed.byteLength, day).toBe(companies.length * 16);
        companies.forEach((ticker, k) => {
          const i = snapshot.lowerBound(`${day} ${ticker}`);
          const bar = snapshot.objects(i, i + 1)[0];
          expect(closeOf(packed, k), `${day} ${ticker}`).toEqual({ close: bar.close, marketCap: bar.market_cap });
        });
      }
    }
  });

  it("stores the kinds served row by row as each row's JSON text, and the others as msgpack rows", () => {
    const prices = shardOf(library, MEGACAP, SHARDS.prices.name("AAPL"));
    const text = new TextDecoder().decode(prices.json(0, 3));
    expect(JSON.parse(`[${text}]`)).toEqual(prices.objects(0, 3));
    expect(Object.keys(prices.objects(0, 1)[0])).toEqual(["ticker", "time", "open", "high", "low", "close", "volume"]);
    const components = shardOf(library, MEGACAP, SHARDS.components.name("AAPL"));
    const fragment = new TextDecoder().decode(components.json(0, 1));
    expect(JSON.parse(`{${fragment}}`)).toEqual(components.objects(0, 1)[0]);
    expect(components.objects(0, 1)[0]).not.toHaveProperty("time");
    const instruments = shardOf(library, MEGACAP, SHARDS.instruments.name());
    expect(instruments.rows(0, 1)[0]).toEqual([instruments.keys[0], expect.any(String)]);
    expect(() => prices.rows(0, 1)).toThrow(/JSON text/);
  });

  it("writes one sorted price shard per ticker whose bars satisfy the OHLC and volume invariants", () => {
    const manifest = manifestOf(library, MEGACAP);
    const tickers = shardOf(library, MEGACAP, SHARDS.instruments.name()).keys;
    expect(tickers).toContain("BRK-B");
    for (const ticker of tickers) {
      const shard = shardOf(library, MEGACAP, SHARDS.prices.name(ticker));
      expect(shard.columns).toEqual([...SHARDS.prices.columns]);
      const components = shardOf(library, MEGACAP, SHARDS.components.name(ticker));
      expect(components.keys).toEqual(shard.keys); // row i of one is row i of the other
      expect(shard.length).toBe(manifest.day_count);
      for (const b of shard.objects(0, shard.length) as Record<string, number>[]) {
        expect(b.low).toBeLessThanOrEqual(Math.min(b.open, b.close));
        expect(b.high).toBeGreaterThanOrEqual(Math.max(b.open, b.close));
        expect(b.low).toBeGreaterThan(0);
        expect(Number.isInteger(b.volume) && b.volume >= 0).toBe(true);
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
      // The managers' hidden styles (build/families/holdings/model.ts).
      "breadth",
      "indexShare",
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
    for (const [key, bytes] of readBundleObjects(library)) {
      if (key.includes("/shards/")) {
        const shard = new Shard(bytes);
        shard.columns.forEach((c) => seen.add(c));
        // Binary rows are numbers packed by their kind's code: no names in them.
        if (!shard.binary) walk(shard.objects(0, shard.length));
      } else walk(unpack(bytes));
    }
    expect([...hidden].filter((k) => seen.has(k))).toEqual([]);
    expect(seen).toContain("event_return"); // the public price reaction is there
  });

  it("links price reactions back to their events", () => {
    const events = shardOf(library, MEGACAP, SHARDS.events.name("AAPL"));
    const eventIds = new Set(events.objects(0, events.length).map((e) => e.event_id));
    const prices = shardOf(library, MEGACAP, SHARDS.components.name("AAPL"));
    const bars = prices.objects(0, prices.length);
    const reacting = bars.filter((b) => b.event_return !== 0);
    expect(reacting.length).toBeGreaterThan(3);
    for (const b of reacting) {
      const ids = (b.metadata as { source_event_ids: string[] }).source_event_ids;
      expect(ids.length).toBeGreaterThan(0);
      for (const id of ids) expect(eventIds).toContain(id);
    }
  });

  it("skips unchanged scenarios; an edited one gets a new id beside the old, which it supersedes", async () => {
    const srcDir = mkdtempSync(join(tmpdir(), "src-"));
    const outDir = mkdtempSync(join(tmpdir(), "bundles-"));
    try {
      cpSync(DEFAULT_SRC_DIR, srcDir, { recursive: true });
      rmSync(outDir, { recursive: true });
      writableCopy(library, outDir);
      const again = await buildScenarios({ srcDir, outDir, quiet: true });
      // The masked twin too: made of an unchanged original by an unchanged mask.
      expect(again.built).toEqual([]);
      expect(again.skipped).toHaveLength(5);
      const file = join(srcDir, "megacap-ai-rally.yaml");
      writeFileSync(file, readFileSync(file, "utf8").replace("seed: 20230103", "seed: 20230104"));
      const edited = await buildScenarios({ srcDir, outDir, quiet: true });
      expect(edited.built).toEqual(["megacap-tech-2023"]);
      const fresh = edited.ids.get("megacap-tech-2023")!;
      expect(fresh).not.toBe(MEGACAP);
      expect(manifestOf(outDir, fresh).scenario.seed).toBe(20230104);
      // The old version is still there, byte for byte, and listed as superseded by the new one.
      const before = readBundleObjects(library);
      for (const [key, bytes] of readBundleObjects(outDir))
        if (key.startsWith(`scenarios/${MEGACAP}/`))
          expect(Buffer.from(bytes).equals(Buffer.from(before.get(key)!)), key).toBe(true);
      const listed = readCatalog(outDir).scenarios.filter((e) => e.scenario.name === "megacap-tech-2023");
      expect(listed.map((e) => [e.scenario.id, e.superseded_by])).toEqual([
        [MEGACAP, fresh],
        [fresh, null],
      ]);
      // Retired on purpose, it leaves the catalog and the bundles; its successor stays current.
      writeFileSync(join(srcDir, "retired.yaml"), `- { id: ${MEGACAP}, name: megacap-tech-2023, reason: a test }\n`);
      await buildScenarios({ srcDir, outDir, quiet: true });
      expect(readCatalog(outDir).scenarios.filter((e) => e.scenario.name === "megacap-tech-2023")).toMatchObject([
        { scenario: { id: fresh }, superseded_by: null },
      ]);
      expect(existsSync(join(outDir, "scenarios", MEGACAP))).toBe(false);
      // Pruning drops what is not current.
      writeFileSync(file, readFileSync(file, "utf8").replace("seed: 20230104", "seed: 20230105"));
      const third = (await buildScenarios({ srcDir, outDir, quiet: true })).ids.get("megacap-tech-2023")!;
      await buildScenarios({ srcDir, outDir, quiet: true, prune: true });
      expect(readCatalog(outDir).scenarios.map((e) => e.scenario.id)).toContain(third);
      expect(readCatalog(outDir).scenarios.map((e) => e.scenario.id)).not.toContain(fresh);
    } finally {
      rmSync(srcDir, { recursive: true, force: true });
      rmSync(outDir, { recursive: true, force: true });
    }
  });

  it("finds the generator's inputs by its imports: an edit to a module only the price model imports makes every scenario stale", () => {
    const options = { srcDir: DEFAULT_SRC_DIR, outDir: library };
    expect(staleScenarios(options, generatorInputsHash())).toEqual([]);
    const touched = (file: string) => (path: string) =>
      path.endsWith(file) ? `${readFileSync(path, "utf8")}\n// touched\n` : readFileSync(path);
    expect(staleScenarios(options, generatorInputsHash(touched("src/contract/adjusted-price.ts")))).toHaveLength(4);
    expect(staleScenarios(options, generatorInputsHash(touched("build/refdata/companies.csv")))).toHaveLength(4);
    // A data file a module reads from beside it is an input, whatever its name (risks.yaml is prose.ts's).
    expect(generatorInputFiles()).toEqual(
      expect.arrayContaining([
        "build/families/filings/risks.yaml",
        "build/families/news/events.yaml",
        "build/families/news/markets.yaml",
      ]),
    );
    // What serving alone reads is no input.
    expect(generatorInputFiles()).not.toContain("src/families/prices/routes.ts");
    expect(staleScenarios(options, generatorInputsHash(touched("src/families/prices/routes.ts")))).toEqual([]);
  });

  it("writes an empty library, into a directory not made yet, when the sources hold no scenario it is asked for", async () => {
    const dir = mkdtempSync(join(tmpdir(), "empty-"));
    try {
      const outDir = join(dir, "not", "made");
      const result = await buildScenarios({ outDir, sources: [], quiet: true });
      expect(result.built).toEqual([]);
      expect(readCatalog(outDir).scenarios).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("rejects an invalid scenario source with the reason", async () => {
    const srcDir = mkdtempSync(join(tmpdir(), "src-"));
    try {
      writeFileSync(join(srcDir, "bad.yaml"), "title: bad\nscenarios: []\n");
      await expect(buildScenarios({ srcDir, outDir: join(srcDir, "out"), quiet: true })).rejects.toThrow(
        /bad.yaml: invalid theme[^]*dataset_split/,
      );
    } finally {
      rmSync(srcDir, { recursive: true, force: true });
    }
  });
});
