// The bench's scenarios: the library (scenarios-src/) plus two ten-year ones written here, one of 100
// companies (long histories of one ticker) and one of 500 (market-wide rows of a large universe).
// Built into a temp dir, or into BENCH_BUNDLES (kept, and rebuilt only when the generator changed).
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { unpack } from "msgpackr";
import { buildScenarios, DEFAULT_SRC_DIR } from "../../build/pipeline/library.ts";
import { CATALOG_KEY } from "../../src/bundle/layout.ts";

export const MEGACAP = "7d3f1c2a-5b8e-4c61-9a0f-2e4b6d8c1a37";
export const HISTORY = "8e741814-0dd8-4a47-b449-202dd4b6c16a";
export const HISTORY_500 = "b3c5d7e9-1f2a-4b6c-8d0e-500c0a11e500";

/** Same shape as scenarios-src/megacap-tech-2023.yaml; a count without tickers lets the generator pick. */
function historyYaml(id: string, name: string, count: number): string {
  return `# Bench only: ten years of ${count} tickers, to measure long histories and wide markets.
id: ${id}
name: ${name}
scenario_type: sector_focus
seed: 20140102
status: ready
start_date: "2014-01-02"
end_date: "2023-12-29"
current_date: "2023-12-29"
calibration_version: cal-2026.11
dataset_split: train
public_summary:
  scenario_theme: A decade of broad-market history
  path_mode: historical_context
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
universe:
  count: ${count}
theme:
  sector_tilts: {}
regime:
  initial: expansion
  market_vol_annual: 0.16
`;
}

export interface BuiltLibrary {
  scenarios: number;
  built: number;
  bars: number;
  seconds: number;
}

/** Build every scenario into `outDir` (sources staged in `srcDir`); bars = instruments x days, from the catalog. */
export function buildBenchScenarios(srcDir: string, outDir: string): BuiltLibrary {
  mkdirSync(srcDir, { recursive: true });
  for (const f of readdirSync(DEFAULT_SRC_DIR).filter((f) => f.endsWith(".yaml"))) {
    copyFileSync(join(DEFAULT_SRC_DIR, f), join(srcDir, f));
  }
  const write = (file: string, text: string) => {
    const path = join(srcDir, file);
    if (!existsSync(path) || readFileSync(path, "utf8") !== text) writeFileSync(path, text);
  };
  write("bench-history.yaml", historyYaml(HISTORY, "bench-history", 100));
  write("bench-history-500.yaml", historyYaml(HISTORY_500, "bench-history-500", 500));
  const started = performance.now();
  const result = buildScenarios({ srcDir, outDir, quiet: true });
  const seconds = (performance.now() - started) / 1000;
  // The catalog's entries (not the manifests, whose shape is the build's business) give the sizes.
  const catalog = unpack(readFileSync(join(outDir, CATALOG_KEY))) as {
    scenarios: { ticker_count?: number; day_count?: number }[];
  };
  const bars = catalog.scenarios.reduce((sum, s) => sum + (s.ticker_count ?? 0) * (s.day_count ?? 0), 0);
  return { scenarios: catalog.scenarios.length, built: result.built.length, bars, seconds };
}
