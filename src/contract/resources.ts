// The public resource shapes (docs/contract.md, "Resources"; docs/api-choices.md, "Response keys
// the contract leaves open", for the rows it leaves open), as zod schemas: the routes declare their
// responses with them, the OpenAPI document is generated from them, the build writes what they
// describe, and the tests validate live answers against them. Each schema with an `id` becomes a
// named component of the document.
import { z } from "zod";
import { day, field, ticker } from "./fields.ts";
import { Baseline } from "./scores.ts";

export const PublicSummary = z
  .object({
    scenario_theme: field(z.string(), "What the scenario is about.", "Platform technology leads"),
    path_mode: field(
      z.enum(["historical_context", "future_branch"]),
      "historical_context: history up to current_date = end_date; future_branch: a continuation after current_date, hidden unless asked for with as_of.",
      "historical_context",
    ),
    macro_regime: field(z.string(), "The macro backdrop at the start.", "expansion"),
    scenario_title: field(z.string(), "Title.", "Megacap technology, 2023"),
    market_description: field(z.string(), "What happens in the market, as public at current_date."),
    agent_task: field(z.string(), "What an agent is asked to do in this world."),
    market_mechanics: field(z.array(z.string()), "The mechanisms that drive the generated data."),
  })
  .meta({ id: "PublicSummary", description: "The scenario's public summary (never its hidden truth)." });

export const Twin = z
  .object({
    name: field(z.string(), "The twin's name (`/scenarios?name=` gives its id).", "gfc-2008-no-lehman"),
    branch_date: day(
      "The first day on which the two worlds may differ: every row public before it is the same in both.",
      "2008-09-15",
    ),
    counterfactual: field(
      z.boolean(),
      "True for the one that departs from the path its theme tells (in a historical context, from history) after the branch date.",
      false,
    ),
  })
  .meta({ id: "Twin", description: "A counterfactual twin: the same world up to branch_date, another path after it." });

export const Scenario = z
  .object({
    id: field(
      z.string(),
      "Identifier, used as `scenario_id`: a hash of the scenario's content, so an id always serves the same bytes (a rebuild that changes anything gets a new id).",
      "7d3f1c2a-5b8e-8c61-9a0f-2e4b6d8c1a37",
    ),
    status: field(z.string(), "Lifecycle state; library scenarios are `ready`.", "ready"),
    scenario_type: field(z.string(), "Kind of scenario.", "sector_focus"),
    seed: field(z.int(), "Seed of the generation: with generator_version it fixes every number.", 20230103),
    name: field(z.string(), "Short name, shared by every version of the scenario.", "megacap-tech-2023"),
    theme: field(z.string(), "The theme it is made of (`/scenarios/themes`).", "megacap-ai-rally"),
    twin: field(Twin.nullable(), "Its counterfactual twin, if it has one."),
    replica_of: field(
      z.string().nullable(),
      "A replica: the name of the scenario whose story it tells at another seed, every story check holding (`/scenarios?replica_of=` lists a scenario's replicas).",
      null,
    ),
    start_date: day("First trading day.", "2023-01-03"),
    end_date: day("Last trading day generated.", "2023-12-29"),
    current_date: day(
      "The agent's present: the default horizon of every endpoint (later dates need an explicit as_of).",
      "2023-12-29",
    ),
    generator_version: field(z.string(), "Version of the generator that built it.", "0.41.0"),
    calibration_version: field(z.string(), "Version of the statistical calibration.", "cal-2026.11"),
    dataset_split: field(z.enum(["train", "validation", "test", "holdout"]), "Evaluation split.", "train"),
    public_summary: PublicSummary,
  })
  .meta({ id: "Scenario", description: "A self-contained synthetic market world." });

export const ScenarioListing = Scenario.extend({
  superseded_by: field(
    z.string().nullable(),
    "The newer version of the same name, if this one was rebuilt with different content; it serves on, unchanged, until retired.",
    null,
  ),
  twin_scenario_id: field(z.string().nullable(), "The current version of its twin, if it has one.", null),
  masked: field(
    z.boolean(),
    "True for a masked twin: another scenario's world under pseudonymous tickers, names and CIKs, its years moved by a multiple of 28 (docs/masked-twins.md). The catalog does not say which scenario it masks.",
    false,
  ),
  baselines: z.array(Baseline).meta({
    description:
      "Cash, the benchmark held, and equal weight rebalanced monthly, scored over the whole window by the runs' engine (docs/runs.md).",
  }),
}).meta({
  id: "ScenarioListing",
  description: "A scenario as the library lists it, with its links to other versions and its twin.",
});

export const Theme = z
  .object({
    theme: field(z.string(), "The theme's name (`/scenarios?theme=`).", "megacap-ai-rally"),
    title: field(
      z.string(),
      "What its scenarios are about (their `public_summary.scenario_theme`).",
      "AI-driven rally in mega-cap technology",
    ),
    dataset_split: field(
      z.enum(["train", "validation", "test", "holdout"]),
      "Evaluation split of every scenario of the theme (a theme is never split).",
      "train",
    ),
    path_mode: field(
      z.enum(["historical_context", "future_branch"]),
      "Path mode of its scenarios.",
      "historical_context",
    ),
    scenario_count: field(z.int(), "Its scenarios in the library (current versions).", 3),
  })
  .meta({
    id: "Theme",
    description: "A theme of the library: a story its scenarios tell with other seeds, sizes and windows.",
  });

export const ScenarioDetail = Scenario.extend({
  available_tickers: field(z.array(z.string()), "Every instrument with prices: companies, funds, warrants.", [
    "AAPL",
    "SPY",
  ]),
  baselines: z.array(Baseline).meta({ description: "The scenario's baselines, as the catalog lists them." }),
}).meta({ id: "ScenarioDetail", description: "A scenario with its instruments." });

export const CompanyFacts = z
  .object({
    ticker: ticker(),
    name: field(z.string(), "Company name (real identity).", "Apple Inc."),
    sector: field(z.string(), "GICS sector (see `/sectors`).", "Information Technology"),
    industry: field(z.string(), "GICS sub-industry.", "Technology Hardware, Storage & Peripherals"),
    category: field(z.string(), "Security category.", "Common Stock"),
    exchange: field(z.string(), "Listing exchange.", "NASDAQ"),
    location: field(z.string().nullable(), "Headquarters.", "Cupertino, California"),
    cik: field(z.string().nullable(), "SEC CIK, zero-padded to 10 digits.", "0000320193"),
    is_active: field(z.boolean(), "Whether the company is active in the scenario.", true),
    sic_code: field(z.string().nullable(), "SIC code.", "3571"),
    sic_industry: field(z.string().nullable(), "SIC industry.", "ELECTRONIC COMPUTERS"),
    sic_sector: field(z.string().nullable(), "SIC division.", "Manufacturing"),
    sec_filings_url: field(z.string().nullable(), "The company's real EDGAR page.").meta({ format: "uri" }),
    listing_date: field(
      z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/)
        .nullable(),
      "First trading day of the company's stock, where the reference data records its IPO (its daily history " +
        "opens with the IPO-price row); null where it does not (most companies), and for a horizon before that day.",
      "2009-08-06",
    ).meta({ format: "date" }),
    website_url: field(
      z.string().nullable(),
      "The company's real website: null, as the reference data holds no websites (none is made up).",
    ).meta({ format: "uri" }),
    number_of_employees: field(
      z.int().nullable(),
      "Real headcount: null, as the reference data holds no headcounts (none is generated).",
    ),
  })
  .meta({
    id: "CompanyFacts",
    description: "Identity of an operating company (real); everything financial is synthetic.",
  });

export const ValidationCheck = z
  .object({
    name: field(z.string(), "Check name.", "ohlc_ordering"),
    family: field(z.string(), "Resource family it checks.", "prices"),
    passed: field(z.boolean(), "Whether it passed.", true),
    severity: field(
      z.enum(["error", "warning"]),
      "error: the scenario is unhealthy if it fails; warning: a statistical target.",
      "error",
    ),
    observed: field(z.unknown(), "What was measured."),
    expected: field(z.unknown(), "The rule or band."),
    detail: field(
      z.string(),
      "One sentence.",
      "low <= min(open, close) <= max(open, close) <= high: holds on all 3750 rows",
    ),
  })
  .meta({ id: "ValidationCheck", description: "One check of the validation report." });

export const ValidationReport = z
  .object({
    scenario_id: field(z.string(), "The scenario.", "7d3f1c2a-5b8e-8c61-9a0f-2e4b6d8c1a37"),
    healthy: field(z.boolean(), "True when no error-severity check failed (on the whole world).", true),
    generator_version: field(z.string(), "Generator version.", "0.41.0"),
    calibration_version: field(z.string(), "Calibration version.", "cal-2026.11"),
    summary: field(
      z.object({
        passed: field(z.int(), "Checks passed.", 49),
        failed: field(z.int(), "Error checks failed.", 0),
        warnings: field(z.int(), "Warning checks outside their band.", 14),
      }),
      "Counts of the checks.",
    ),
    checks: field(z.array(ValidationCheck), "Every check."),
  })
  .meta({
    id: "ValidationReport",
    description:
      "Accounting, price and point-in-time checks, and statistics against their bands. For a future_branch scenario, measured over the context up to current_date only.",
  });

export const ErrorBody = z
  .object({
    detail: field(
      z.string(),
      "One sentence naming the parameter and the rule.",
      "Query parameter 'limit' must be at most 10000",
    ),
    errors: field(
      z.array(
        z.object({
          loc: z.array(z.union([z.string(), z.number()])).meta({ example: ["query", "limit"] }),
          msg: z.string().meta({ example: "must be at most 10000" }),
          type: z.string().meta({ example: "too_big" }),
        }),
      ),
      "422 only: every failed rule.",
    ).optional(),
  })
  .meta({ id: "Error", description: "Every error answer." });

export const Health = z
  .object({
    status: field(z.literal("ok"), "Always ok when the worker answers.", "ok"),
    environment: field(z.string(), "Deployment environment.", "production"),
  })
  .meta({ id: "Health" });

export type PublicSummary = z.infer<typeof PublicSummary>;
export type Scenario = z.infer<typeof Scenario>;
export type CompanyFacts = z.infer<typeof CompanyFacts>;
export type ValidationCheck = z.infer<typeof ValidationCheck>;
export type ValidationReport = z.infer<typeof ValidationReport>;
