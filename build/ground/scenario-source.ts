// The scenario sources in scenarios-src/: one YAML file per theme (pipeline/theme-source.ts), each
// listing its scenarios; a scenario is its theme with a seed, a universe size and a window. This is
// the expanded, zod-checked form of one scenario, the vocabulary every part of the generator reads. Its id is not here: it is the
// hash of what the build makes of it (compile.ts), so changed content always gets a new id.
import { z } from "zod";
import { normalizeTicker } from "../../src/contract/ticker.ts";

/** The central banks a story's policy windows may name (build/models/rates.ts models them). */
export const BANKS = ["FED", "ECB", "BOE", "BOJ"] as const;
/** The hidden regimes a scenario's chain moves between (build/models/regimes.ts models them). */
export const REGIMES = ["expansion", "slowdown", "crisis", "inflation_shock", "recovery"] as const;

export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be YYYY-MM-DD");

export const DATASET_SPLITS = ["train", "validation", "test", "holdout"] as const;

export const Catalyst = z
  .object({
    date: isoDate,
    regime: z.enum(REGIMES),
    summary: z.string().min(1),
    /** Market log-return on the catalyst day. */
    market_jump: z.number().min(-0.3).max(0.3),
    /** The real crisis a crisis catalyst stands for (build/models/crisis-episodes.yaml): its volatility and fall are aimed at. */
    episode: z.string().min(1).optional(),
  })
  .strict();

export const PolicyWindow = z
  .object({ bank: z.enum(BANKS), from: isoDate, to: isoDate, direction: z.enum(["hike", "cut", "hold"]) })
  .strict()
  .refine((w) => w.from <= w.to, { message: "story.policy window: from must not be after to" });

/** What the catalyst hits: these sectors' and names' move against the market on its day. */
export const CatalystStory = z
  .object({
    sectors: z.array(z.string()).default([]),
    tickers: z.array(z.string()).default([]),
    /** Log-return of the hit names less the market's on the catalyst day. */
    excess_move: z.number().min(-0.3).max(0.3),
    /**
     * The log step of the hit names' revenue from the catalyst on (their business, in their statements);
     * without it, the step any business news gives (0.6 of its price move), which the story does not claim.
     */
    revenue_move: z.number().min(-1).max(1).optional(),
  })
  .strict();

/** The hidden regimes: where the chain starts, its base volatility, and the days it is put in a regime. */
export const RegimeSource = z
  .object({
    initial: z.enum(REGIMES).default("expansion"),
    /** Base annual market volatility before regime multipliers. */
    market_vol_annual: z.number().positive().default(0.145),
    /** Turning points of an era: on each date the chain is put in that regime, and runs on from there. */
    path: z
      .array(
        z
          .object({
            from: isoDate,
            regime: z.enum(REGIMES),
            /** As the catalyst's: the real crisis a crisis entry stands for. */
            episode: z.string().min(1).optional(),
          })
          .strict(),
      )
      .default([]),
  })
  .strict();

/** The scenario's stated story, which the generator follows and the validation report checks. */
const DateWindow = z
  .object({ from: isoDate, to: isoDate })
  .strict()
  .refine((w) => w.from <= w.to, { message: "from must not be after to" });

/** What the story says of the companies that leave and join the world (docs/exits.md, docs/listings.md). */
export const MembershipStory = z
  .object({
    /** At least this many takeover agreements announced inside the window. */
    takeovers: z.int().min(1).optional(),
    /** At least this many Chapter 11 filings. */
    failures: z.int().min(1).optional(),
    /** At least this many companies list inside the window. */
    listings: z.int().min(1).optional(),
    /** More companies list a year in the boom than in the bust. */
    listing_cycle: z.object({ boom: DateWindow, bust: DateWindow }).strict().optional(),
  })
  .strict();

export const Story = z
  .object({
    /** Windows in which a central bank only hikes, only cuts, or holds (crisis emergency cuts aside). */
    policy: z.array(PolicyWindow).default([]),
    /** Sectors that beat the index over the scenario, and sectors that trail it. */
    sectors: z
      .object({ leading: z.array(z.string()).default([]), lagging: z.array(z.string()).default([]) })
      .strict()
      .optional(),
    /** Direction of inflation from the scenario's start to its end. */
    inflation: z.enum(["rising", "falling", "stable"]).optional(),
    /** Direction of the market (its total return) from the scenario's start to its current date. */
    market: z.enum(["rising", "falling"]).optional(),
    catalyst: CatalystStory.optional(),
    membership: MembershipStory.optional(),
  })
  .strict();

/**
 * Companies leaving the world (build/families/exits): takeovers and failures at their documented
 * rates times these multiples; absent, none leave.
 */
export const Exits = z
  .object({
    takeovers: z.number().min(0).max(20).default(1),
    failures: z.number().min(0).max(20).default(1),
    /** The story names a failure: the largest company below the mega caps of these sectors files for Chapter 11 on the catalyst's day. */
    catalyst_failure: z
      .object({
        sectors: z.array(z.string()).min(1),
        /** Only companies of these industries (GICS sub-industries: `Regional Banks`), where given. */
        industries: z.array(z.string()).min(1).optional(),
      })
      .strict()
      .optional(),
  })
  .strict();

/**
 * Companies joining the world (build/families/listings): up to `count` companies of the reference
 * data that listed during the window, each on its real first trading day, or in a future branch
 * companies that listed once before it, each on a modelled day after the current date
 * (docs/listings.md); absent, none join.
 */
export const Listings = z
  .object({
    count: z.int().min(1).max(200),
  })
  .strict();

export const PublicSummary = z
  .object({
    scenario_theme: z.string().min(1),
    path_mode: z.enum(["historical_context", "future_branch"]),
    macro_regime: z.string().min(1),
    scenario_title: z.string().min(1),
    market_description: z.string().min(1),
    agent_task: z.string().min(1),
    market_mechanics: z.array(z.string().min(1)).min(1),
  })
  .strict();

/**
 * A scenario's fields and the rules between them, as its source states them. The generator reads it
 * through build/pipeline/scenario-source.ts, which makes the story's sector leadership a tilt.
 */
export const ScenarioSourceFields = z
  .object({
    /** Stable name: every version of the scenario (each generator's build of it) shares it. */
    name: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, "lower-case letters, digits and dashes"),
    /** The theme (its file's name in scenarios-src/). */
    theme: z.string().min(1),
    /**
     * Label of the world's random streams and artifact ids: scenarios with the same world and seed
     * draw the same numbers (twins share it). Default: `<theme>/<seed>`.
     */
    world: z.string().min(1).optional(),
    /** In the default subset that `npm start` builds (the rest with `npm run build:library`). */
    default: z.boolean().default(false),
    /** The counterfactual twin: the same world up to `branch_date`, another path after it. */
    twin: z
      .object({
        name: z.string().min(1),
        branch_date: isoDate,
        /** The one that names its twin in the theme: the path it takes after the branch is the other one. */
        counterfactual: z.boolean(),
      })
      .strict()
      .optional(),
    /** A replica: the scenario whose story it tells at another seed (docs/scenarios.md, "Replicas"). */
    replica_of: z.string().min(1).optional(),
    scenario_type: z.string().min(1),
    seed: z
      .int()
      .min(0)
      .max(2 ** 31 - 1),
    start_date: isoDate,
    end_date: isoDate,
    current_date: isoDate,
    calibration_version: z.string().min(1),
    dataset_split: z.enum(DATASET_SPLITS),
    public_summary: PublicSummary,
    universe: z
      .object({
        tickers: z.array(z.string()).default([]),
        sectors: z.array(z.string()).default([]),
        count: z.int().min(1).max(5000),
        /** Sectors that get at least two names besides the story's (a twin's, so both universes match). */
        required_sectors: z.array(z.string()).default([]),
        /** Index funds tracking benchmarks built from the universe. */
        index_funds: z.boolean().default(true),
        /** Non-operating instruments (warrants) added to the tickers. */
        warrants: z.int().min(0).max(20).default(2),
      })
      .strict(),
    /** Extra annual drift of a sector's factor (the theme's winners and losers). */
    sector_tilts: z.record(z.string(), z.number()).default({}),
    catalyst: Catalyst.optional(),
    regime: RegimeSource.default({ initial: "expansion", market_vol_annual: 0.145, path: [] }),
    story: Story.optional(),
    exits: Exits.optional(),
    listings: Listings.optional(),
  })
  .strict()
  .refine((s) => s.public_summary.path_mode !== "future_branch" || (!s.story?.sectors && !s.story?.inflation), {
    message: "a future_branch story states no sectors or inflation: they would steer its context by its hidden branch",
  })
  .refine((s) => !s.story?.catalyst || s.catalyst, { message: "story.catalyst needs a catalyst" })
  .refine(
    (s) =>
      !s.story?.membership ||
      (((!s.story.membership.takeovers && !s.story.membership.failures) || s.exits) &&
        ((!s.story.membership.listings && !s.story.membership.listing_cycle) || s.listings)),
    { message: "story.membership's exits need `exits`, its listings `listings`" },
  )
  .refine((s) => !s.exits?.catalyst_failure || (s.catalyst && s.public_summary.path_mode === "historical_context"), {
    message:
      "exits.catalyst_failure needs a catalyst, in a historical_context scenario (its distress begins before the catalyst)",
  })
  .refine((s) => (s.story?.catalyst?.tickers ?? []).every((t) => s.universe.tickers.includes(t)), {
    message: "story.catalyst.tickers must be listed in universe.tickers",
  })
  .refine((s) => s.start_date <= s.current_date && s.current_date <= s.end_date, {
    message: "dates must satisfy start_date <= current_date <= end_date",
  })
  .refine((s) => s.public_summary.path_mode === "future_branch" || s.current_date === s.end_date, {
    message: "a historical_context scenario has current_date = end_date (only a future_branch continues past it)",
  })
  .refine((s) => !s.catalyst || (s.catalyst.date >= s.start_date && s.catalyst.date <= s.end_date), {
    message: "catalyst.date must lie inside the scenario",
  })
  .refine((s) => s.regime.path.every((p) => p.from > s.start_date && p.from <= s.end_date), {
    message: "regime.path: each turning point must lie after start_date and inside the scenario",
  });

/** The label of a world's random streams and artifact ids: its `world`, or `<theme>/<seed>`. */
export const worldKeyOf = (s: Pick<ScenarioSource, "world" | "theme" | "seed">) => s.world ?? `${s.theme}/${s.seed}`;

/** Whether the story's catalyst hits a company: named among its tickers, or in one of its sectors. */
export function hitByCatalyst(
  catalyst: { tickers: string[]; sectors: string[] } | undefined,
  company: { ticker: string; sector: string },
): boolean {
  return (
    catalyst !== undefined &&
    (catalyst.tickers.some((t) => normalizeTicker(t) === company.ticker) || catalyst.sectors.includes(company.sector))
  );
}

/** Sectors a scenario's story speaks of: its universe must hold some of each. */
export const storySectors = (s: Pick<ScenarioSource, "story">) => [
  ...new Set([
    ...(s.story?.sectors?.leading ?? []),
    ...(s.story?.sectors?.lagging ?? []),
    ...(s.story?.catalyst?.sectors ?? []),
  ]),
];

export type ScenarioSource = z.output<typeof ScenarioSourceFields>;
export type ScenarioSourceInput = z.input<typeof ScenarioSourceFields>;

/** The scenario's story is a crisis (its catalyst's regime, or its public macro regime): the crisis is its world's worst spell. */
export const isCrisisStory = (source: Pick<ScenarioSource, "catalyst" | "public_summary">): boolean =>
  source.catalyst?.regime === "crisis" || source.public_summary.macro_regime === "crisis";

/**
 * The regime switches a source forces, in order: its era's turning points (regime.path), then its
 * catalyst; each with the real crisis it stands for, if it names one.
 */
export const forcedSwitches = (s: Pick<ScenarioSource, "catalyst" | "regime">) => [
  ...s.regime.path.map((p) => ({ date: p.from, regime: p.regime, episode: p.episode })),
  ...(s.catalyst ? [{ date: s.catalyst.date, regime: s.catalyst.regime, episode: s.catalyst.episode }] : []),
];

/** A scenario's rough cost to generate: its companies times its calendar days (builds and checks start the longest first). */
export const generationCost = (s: Pick<ScenarioSource, "universe" | "start_date" | "end_date">): number =>
  (s.universe.count * (Date.parse(s.end_date) - Date.parse(s.start_date))) / 86_400_000;
