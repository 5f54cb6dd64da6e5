// The bench's scenarios: the default subset (scenarios-src/) plus two ten-year ones written here, one of 100
// companies (long histories of one ticker) and one of 500 (market-wide rows of a large universe), both
// with companies leaving (docs/exits.md).
// Built into a temp dir, or into BENCH_BUNDLES (kept, and rebuilt only when the generator changed).
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { unpack } from "msgpackr";
import { buildScenarios, DEFAULT_SRC_DIR } from "../../build/pipeline/library.ts";
import { CATALOG_KEY } from "../../src/bundle/layout.ts";

/** The scenarios' ids, known once built (an id is a hash of the content): set by buildBenchScenarios. */
export let MEGACAP = "";
export let HISTORY = "";
export let HISTORY_500 = "";
/** The default subset's crisis cycle: companies list inside it (docs/listings.md). */
export let CRISIS = "";

/** A theme of two ten-year scenarios, in the default subset; a count without tickers lets the generator pick. */
const HISTORY_THEME = `# Bench only: ten years of 100 and of 500 tickers, to measure long histories and wide markets.
title: A decade of broad-market history
dataset_split: train
path_mode: historical_context
scenario_type: sector_focus
macro_regime: expansion
scenario_title: Ten years across a mixed universe
market_description: >-
  A long expansion with ordinary corrections, used to measure generation and serving of long
  price histories.
agent_task: >-
  Allocate across the universe using only data visible as of each decision date.
market_mechanics:
  - factor model with market, sector and stock-specific returns
  - volatility clustering with leverage
window: { start: "2014-01-02", end: "2023-12-29" }
regime:
  initial: expansion
  market_vol_annual: 0.16
# Companies leave at the documented rates: the lists and snapshots are measured with exits.
exits: { takeovers: 1, failures: 1 }
scenarios:
  - { name: bench-history, seed: 20140102, count: 100, world: 8e741814-0dd8-4a47-b449-202dd4b6c16a, default: true }
  - { name: bench-history-500, seed: 20140102, count: 500, world: b3c5d7e9-1f2a-4b6c-8d0e-500c0a11e500, default: true }
`;

export interface BuiltLibrary {
  scenarios: number;
  built: number;
  bars: number;
  seconds: number;
}

/** Build every scenario into `outDir` (sources staged in `srcDir`); bars = instruments x days, from the catalog. */
export async function buildBenchScenarios(srcDir: string, outDir: string): Promise<BuiltLibrary> {
  mkdirSync(srcDir, { recursive: true });
  for (const f of readdirSync(DEFAULT_SRC_DIR).filter((f) => f.endsWith(".yaml"))) {
    copyFileSync(join(DEFAULT_SRC_DIR, f), join(srcDir, f));
  }
  const path = join(srcDir, "bench-history.yaml");
  if (!existsSync(path) || readFileSync(path, "utf8") !== HISTORY_THEME) writeFileSync(path, HISTORY_THEME);
  const started = performance.now();
  const result = await buildScenarios({ srcDir, outDir, quiet: true });
  const seconds = (performance.now() - started) / 1000;
  // The catalog's entries (not the manifests, whose shape is the build's business) give the sizes.
  const catalog = unpack(readFileSync(join(outDir, CATALOG_KEY))) as {
    scenarios: { ticker_count?: number; day_count?: number; superseded_by: string | null }[];
  };
  const current = catalog.scenarios.filter((s) => s.superseded_by === null);
  const bars = current.reduce((sum, s) => sum + (s.ticker_count ?? 0) * (s.day_count ?? 0), 0);
  [MEGACAP, HISTORY, HISTORY_500, CRISIS] = [
    "megacap-tech-2023",
    "bench-history",
    "bench-history-500",
    "crisis-cycle-2005",
  ].map((name) => result.ids.get(name)!);
  return { scenarios: current.length, built: result.built.length, bars, seconds };
}
