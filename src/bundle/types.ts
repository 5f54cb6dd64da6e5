// Shapes stored in a bundle and shared by the build (which writes them) and the worker (which reads them).
// The public resources among them are declared once, as zod schemas, in src/contract/resources.ts.
import type { CompanyFacts, Scenario, ValidationReport } from "../contract/resources.ts";

export type { CompanyFacts, PublicSummary, ValidationCheck, ValidationReport } from "../contract/resources.ts";
/** The Scenario resource as served (without `available_tickers`, which the detail route adds). */
export type ScenarioRecord = Scenario;

export interface ShardRef {
  key: string; // store key (content-addressed)
  hash: string; // sha-256 of the shard bytes
  bytes: number;
  rows: number;
}

export interface Manifest {
  format: 1;
  scenario: ScenarioRecord;
  /** Hash over the scenario record, every shard hash and the validation report. */
  content_hash: string;
  /** Trading days in the scenario, for the catalog filter. */
  day_count: number;
  /**
   * Tickers by role: `prices` (every instrument), `companies` (operating companies), `funds`,
   * `warrants`, and the tickers each resource holds data for.
   */
  tickers: Record<string, string[]>;
  companies: CompanyFacts[];
  funds: FundInfo[];
  /** Shard name (`prices/AAPL`, `market/snapshots`) -> where it lives. */
  shards: Record<string, ShardRef>;
  validation_key: string;
}

export interface CatalogEntry {
  scenario: ScenarioRecord;
  ticker_count: number;
  day_count: number;
  healthy: boolean;
  content_hash: string;
}

export interface Catalog {
  format: 1;
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
