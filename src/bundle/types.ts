// Shapes stored in a bundle and shared by the build (which writes them) and the worker (which reads them).

export interface PublicSummary {
  scenario_theme: string;
  path_mode: "historical_context" | "future_branch";
  macro_regime: string;
  scenario_title: string;
  market_description: string;
  agent_task: string;
  market_mechanics: string[];
}

/** The Scenario resource as served (without `available_tickers`, which the detail route adds). */
export interface ScenarioRecord {
  id: string;
  status: string;
  scenario_type: string;
  seed: number;
  name: string;
  start_date: string;
  end_date: string;
  current_date: string;
  generator_version: string;
  calibration_version: string;
  dataset_split: string;
  public_summary: PublicSummary;
}

export interface CompanyFacts {
  ticker: string;
  name: string;
  sector: string;
  industry: string;
  category: string;
  exchange: string;
  location: string | null;
  cik: string | null;
  is_active: boolean;
  sic_code: string | null;
  sic_industry: string | null;
  sic_sector: string | null;
  sec_filings_url: string | null;
}

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

export interface ValidationCheck {
  name: string;
  family: string;
  passed: boolean;
  /** Warnings do not make a scenario unhealthy. */
  severity: "error" | "warning";
  observed: unknown;
  expected: unknown;
  detail: string;
}

export interface ValidationReport {
  scenario_id: string;
  healthy: boolean;
  generator_version: string;
  calibration_version: string;
  summary: { passed: number; failed: number; warnings: number };
  checks: ValidationCheck[];
}
