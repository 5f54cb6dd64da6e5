// Shapes stored in a bundle and shared by the build (which writes them) and the worker (which reads them).
// The public resources among them are declared once, as zod schemas, in src/contract/resources.ts.
import type { Scenario } from "../contract/resources.ts";
import type { BaselineScore } from "../contract/scores.ts";

export type { CompanyFacts, PublicSummary, ValidationCheck, ValidationReport } from "../contract/resources.ts";
/** The Scenario resource as served (without `available_tickers`, which the detail route adds). */
export type ScenarioRecord = Scenario;

/**
 * A scenario's index: small whatever the universe (per-instrument data lives in shards named by
 * convention, see shards.ts and layout.ts).
 */
export interface Manifest {
  format: 2;
  scenario: ScenarioRecord;
  /** Hash over the scenario record, the validation report and every shard's name and hash. */
  content_hash: string;
  /** Trading days in the scenario, for the catalog filter. */
  day_count: number;
  /** Instruments by kind: counts only (the `instruments` shard lists them). */
  counts: { instruments: number; companies: number; funds: number; warrants: number };
  /** The scenario's index funds (a handful). */
  funds: FundInfo[];
  /**
   * Rows per period of the shards split by period, for paging across them: `events/all` and
   * `actions/all` by year (`"2023"`), `market/snapshots` by month (`"2023-06"`), `funds/<T>` by year.
   */
  periods: Record<string, Record<string, number>>;
  /** A masked twin (build/mask): another scenario's world under pseudonyms and moved years. */
  masked?: true;
}

export interface CatalogEntry {
  scenario: ScenarioRecord;
  ticker_count: number;
  day_count: number;
  healthy: boolean;
  content_hash: string;
  /** The newer version of the same name that replaces it in the listing; null for the current one. It serves on until retired. */
  superseded_by: string | null;
  /** The current version of its twin, if it has one and the library holds it. */
  twin_scenario_id: string | null;
  /** A masked twin of another scenario, which the catalog does not name (docs/masked-twins.md). */
  masked?: true;
  /** Which source and generator built it (build/pipeline/library.ts): what a publish from CI compares to skip it. */
  build_stamp?: string;
  /** Its baselines, scored by the runs' engine over its whole window (build/runs/baselines.ts). */
  baselines?: BaselineScore[];
}

/**
 * The library: every scenario the store serves (each version, until retired). The only object that
 * changes; a publish replaces it whole, last.
 */
export interface Catalog {
  format: 3;
  scenarios: CatalogEntry[];
  /** Index funds any scenario may hold (`/index-funds/tickers`). */
  index_funds: string[];
  /** Central banks with policy-rate series (`/macro/interest-rates/banks`). */
  banks: { bank: string; name: string }[];
}

export interface FundInfo {
  ticker: string;
  name: string;
  issuer: string;
  benchmark: string;
  expense_ratio: number;
}
