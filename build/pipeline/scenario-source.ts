// The YAML scenario definitions in scenarios-src/, validated by zod. Everything of the Scenario
// resource that is not derived lives here; generator_version comes from the code.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { z } from "zod";
import { normalizeTicker } from "../../src/contract/ticker.ts";
import { SECTOR_VALUATION_PULL } from "../models/market.ts";
import { BANKS } from "../models/rates.ts";
import { REGIMES } from "../models/regimes.ts";

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be YYYY-MM-DD");

export const ScenarioSource = z
  .object({
    id: z.uuid(),
    name: z.string().min(1),
    scenario_type: z.string().min(1),
    seed: z
      .int()
      .min(0)
      .max(2 ** 31 - 1),
    status: z.enum(["ready"]),
    start_date: isoDate,
    end_date: isoDate,
    current_date: isoDate,
    calibration_version: z.string().min(1),
    dataset_split: z.enum(["train", "validation", "test", "holdout"]),
    public_summary: z.object({
      scenario_theme: z.string().min(1),
      path_mode: z.enum(["historical_context", "future_branch"]),
      macro_regime: z.string().min(1),
      scenario_title: z.string().min(1),
      market_description: z.string().min(1),
      agent_task: z.string().min(1),
      market_mechanics: z.array(z.string().min(1)).min(1),
    }),
    universe: z
      .object({
        tickers: z.array(z.string()).default([]),
        sectors: z.array(z.string()).default([]),
        count: z.int().min(1).max(5000),
        /** Index funds tracking benchmarks built from the universe. */
        index_funds: z.boolean().default(true),
        /** Non-operating instruments (warrants) added to the tickers. */
        warrants: z.int().min(0).max(20).default(2),
      })
      .strict(),
    theme: z
      .object({
        /** Extra annual drift of a sector's factor (the theme's winners and losers). */
        sector_tilts: z.record(z.string(), z.number()).default({}),
        catalyst: z
          .object({
            date: isoDate,
            regime: z.enum(REGIMES),
            summary: z.string().min(1),
            /** Market log-return on the catalyst day. */
            market_jump: z.number().min(-0.3).max(0.3),
          })
          .strict()
          .optional(),
      })
      .strict()
      .default({ sector_tilts: {} }),
    regime: z
      .object({
        initial: z.enum(REGIMES).default("expansion"),
        /** Base annual market volatility before regime multipliers. */
        market_vol_annual: z.number().positive().default(0.145),
      })
      .strict()
      .default({ initial: "expansion", market_vol_annual: 0.145 }),
    /** The scenario's stated story, which the generator follows. One object so further story parts sit beside `policy`. */
    story: z
      .object({
        /** Windows in which a central bank only hikes, only cuts, or holds (crisis emergency cuts aside). */
        policy: z
          .array(
            z
              .object({ bank: z.enum(BANKS), from: isoDate, to: isoDate, direction: z.enum(["hike", "cut", "hold"]) })
              .strict()
              .refine((w) => w.from <= w.to, { message: "story.policy window: from must not be after to" }),
          )
          .default([]),
        /** Sectors that beat the index over the scenario, and sectors that trail it. */
        sectors: z
          .object({ leading: z.array(z.string()).default([]), lagging: z.array(z.string()).default([]) })
          .strict()
          .optional(),
        /** Direction of inflation from the scenario's start to its end. */
        inflation: z.enum(["rising", "falling", "stable"]).optional(),
        /** Direction of the market (its total return) from the scenario's start to its current date. */
        market: z.enum(["rising", "falling"]).optional(),
        /** What the catalyst hits: these sectors' and names' move against the market on its day. */
        catalyst: z
          .object({
            sectors: z.array(z.string()).default([]),
            tickers: z.array(z.string()).default([]),
            /** Log-return of the hit names less the market's on the catalyst day. */
            excess_move: z.number().min(-0.3).max(0.3),
          })
          .strict()
          .optional(),
      })
      .strict()
      .optional(),
  })
  .strict()
  .refine((s) => s.public_summary.path_mode !== "future_branch" || (!s.story?.sectors && !s.story?.inflation), {
    message: "a future_branch story states no sectors or inflation: they would steer its context by its hidden branch",
  })
  .refine((s) => !s.story?.catalyst || s.theme.catalyst, {
    message: "story.catalyst needs theme.catalyst",
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
  .refine((s) => !s.theme.catalyst || (s.theme.catalyst.date >= s.start_date && s.theme.catalyst.date <= s.end_date), {
    message: "theme.catalyst.date must lie inside the scenario",
  })
  // The generator makes the story's sector leadership happen: each sector the story names drifts
  // at least storyTilt a year up (leading) or down (lagging), whatever the theme's tilt.
  .transform((s) => {
    const tilts = { ...s.theme.sector_tilts };
    const tilt = storyTilt(s.start_date, s.end_date);
    for (const sector of s.story?.sectors?.leading ?? []) tilts[sector] = Math.max(tilts[sector] ?? 0, tilt);
    for (const sector of s.story?.sectors?.lagging ?? []) tilts[sector] = Math.min(tilts[sector] ?? 0, -tilt);
    return { ...s, theme: { ...s.theme, sector_tilts: tilts } };
  });

/**
 * The yearly drift that makes a stated sector lead or lag: two standard deviations of a sector
 * group's cap-weighted excess return over the scenario's length. Its price noise (about 0.25 a
 * year, betas and stock noise included) returns toward its business at 0.2 a year; its business's
 * own growth differs from the rest's by about 5.5% a year for good (a company's premium is 6%, and
 * one or two large companies weigh most in a group): 0.47 a year for one year (energy led the
 * S&P 500 by about 75 points in 2022), 0.12 for fifteen. Over fifteen years this gives an sd of
 * 0.91; over 40 draws of crisis-cycle-2005 the financials' excess varied by sd 0.73.
 */
export function storyTilt(start: string, end: string): number {
  const years = Math.max(0.25, (Date.parse(end) - Date.parse(start)) / (365.25 * 86_400_000));
  const pull = SECTOR_VALUATION_PULL;
  const priceVariance = (0.25 ** 2 * (1 - Math.exp(-2 * pull * years))) / (2 * pull);
  const businessVariance = (0.055 * years) ** 2;
  return (2 * Math.sqrt(priceVariance + businessVariance)) / years;
}

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
export const storySectors = (s: ScenarioSource) => [
  ...new Set([
    ...(s.story?.sectors?.leading ?? []),
    ...(s.story?.sectors?.lagging ?? []),
    ...(s.story?.catalyst?.sectors ?? []),
  ]),
];

export type ScenarioSource = z.infer<typeof ScenarioSource>;

export interface LoadedSource {
  file: string;
  source: ScenarioSource;
  /** Hash of the file's bytes: with the generator version, decides whether a rebuild is needed. */
  hash: string;
}

export function loadScenarioSources(dir: string): LoadedSource[] {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".yaml") || f.endsWith(".yml"))
    .sort();
  const loaded = files.map((file) => {
    const text = readFileSync(join(dir, file), "utf8");
    const result = ScenarioSource.safeParse(parse(text));
    if (!result.success) {
      throw new Error(`${file}: invalid scenario source\n${z.prettifyError(result.error)}`);
    }
    return { file, source: result.data, hash: createHash("sha256").update(text).digest("hex") };
  });
  const ids = new Set<string>();
  for (const { file, source } of loaded) {
    if (ids.has(source.id)) throw new Error(`${file}: duplicate scenario id ${source.id}`);
    ids.add(source.id);
  }
  return loaded;
}
