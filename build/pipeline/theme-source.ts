// A theme is one YAML file in scenarios-src/: its story, regimes, universe, tilts, catalyst, agent
// task and dataset split, and the scenarios made of it, each a seed, a universe size and a window
// (docs/scenarios.md). A twin names the scenario it branches from: the same world up to its branch
// date, another catalyst (or none) after it. Loading expands every theme into scenario sources and
// refuses a library whose sources contradict themselves (static checks, before anything is generated).
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { parse } from "yaml";
import { z } from "zod";
import { realPolicyMoves } from "../models/rates.ts";
import { RETIRED_FILE } from "../store/catalog.ts";
import {
  Catalyst,
  Exits,
  Listings,
  CatalystStory,
  DATASET_SPLITS,
  isoDate,
  PolicyWindow,
  RegimeSource,
  storySectors,
  Story,
  worldKeyOf,
  type ScenarioSourceInput,
} from "../ground/scenario-source.ts";
import { ScenarioSource } from "./scenario-source.ts";

/** What drives every world, unless a theme says otherwise. */
const MARKET_MECHANICS = [
  "hidden regime chain driving drift, volatility, credit and policy",
  "factor model with market, sector and stock-specific returns",
  "scheduled earnings and idiosyncratic events with price and volume reactions",
  "dividends and splits reflected in adjusted_close",
];

const Window = z
  .object({ start: isoDate, end: isoDate, current: isoDate.optional() })
  .strict()
  .refine((w) => w.start < w.end, { message: "window: start must be before end" });

/** What a scenario may say of itself besides its theme's (a window's story can differ from the era's). */
const Own = {
  scenario_title: z.string().min(1).optional(),
  market_description: z.string().min(1).optional(),
  default: z.boolean().optional(),
};

const ScenarioEntry = z
  .object({
    name: z.string().min(1),
    seed: z.int().min(0),
    count: z.int().min(1).max(5000),
    window: Window.optional(),
    /** Streams of another world (the four first scenarios keep the worlds they were built with). */
    world: z.string().min(1).optional(),
    /** Parts of the theme's story this window states otherwise (its market's direction, say). */
    story: Story.partial().optional(),
    /**
     * Seeds of its replicas: the same scenario at each seed, named `<name>-r1`, `-r2`... Each seed is
     * one whose world holds the story (`npm run library:find-seed -- --name N --replicas K`). A twin of
     * it is replicated with it, at the same seeds.
     */
    replicas: z.array(z.int().min(0)).optional(),
    ...Own,
  })
  .strict();

/** A twin: its branch (date, catalyst or none, story after it) on the world of the scenario it names. */
const TwinEntry = z
  .object({
    name: z.string().min(1),
    twin_of: z.string().min(1),
    branch: z
      .object({
        date: isoDate,
        catalyst: Catalyst.nullable(),
        story: z
          .object({
            policy: z.array(PolicyWindow).optional(),
            market: z.enum(["rising", "falling"]).optional(),
            catalyst: CatalystStory.optional(),
          })
          .strict()
          .default({}),
      })
      .strict(),
    ...Own,
  })
  .strict();

export const ThemeSource = z
  .object({
    /** What the theme is about: the scenarios' `public_summary.scenario_theme`. */
    title: z.string().min(1),
    dataset_split: z.enum(DATASET_SPLITS),
    path_mode: z.enum(["historical_context", "future_branch"]),
    scenario_type: z.string().min(1),
    macro_regime: z.string().min(1),
    scenario_title: z.string().min(1),
    market_description: z.string().min(1),
    agent_task: z.string().min(1),
    market_mechanics: z.array(z.string().min(1)).min(1).default(MARKET_MECHANICS),
    calibration_version: z.string().min(1).default("cal-2026.11"),
    window: Window,
    universe: z
      .object({
        tickers: z.array(z.string()).optional(),
        sectors: z.array(z.string()).optional(),
        index_funds: z.boolean().optional(),
        warrants: z.int().min(0).max(20).optional(),
      })
      .strict()
      .default({}),
    regime: RegimeSource.optional(),
    sector_tilts: z.record(z.string(), z.number()).optional(),
    catalyst: Catalyst.optional(),
    story: Story.optional(),
    exits: Exits.optional(),
    listings: Listings.optional(),
    scenarios: z.array(z.union([TwinEntry, ScenarioEntry])).min(1),
  })
  .strict();

export type ThemeSource = z.output<typeof ThemeSource>;
type Entry = ThemeSource["scenarios"][number];
type Twin = z.output<typeof TwinEntry>;
const isTwin = (e: Entry): e is Twin => "twin_of" in e;

export interface LoadedSource {
  /** The theme file. */
  file: string;
  source: ScenarioSource;
  /** Hash of the expanded source: with the generator's version and inputs, whether a rebuild is needed. */
  hash: string;
}

/** The name of a scenario's k-th replica (from 1). */
export const replicaName = (name: string, k: number) => `${name}-r${k}`;

/**
 * The theme's entries with their replicas after them: each replica a plain entry at its seed, in its
 * own world; a twin of a replicated scenario has a twin replica at each of those seeds.
 */
function withReplicas(entries: Entry[]): { entry: Entry; replicaOf?: string }[] {
  const seeds = new Map(entries.flatMap((e) => (!isTwin(e) && e.replicas ? [[e.name, e.replicas] as const] : [])));
  const replicas = entries.flatMap((e) =>
    (seeds.get(isTwin(e) ? e.twin_of : e.name) ?? []).map((seed, i) => {
      const name = replicaName(e.name, i + 1);
      const entry: Entry = isTwin(e)
        ? { ...e, name, twin_of: replicaName(e.twin_of, i + 1), default: false }
        : { ...e, name, seed, world: undefined, replicas: undefined, default: false };
      return { entry, replicaOf: e.name };
    }),
  );
  return [...entries.map((entry) => ({ entry })), ...replicas];
}

/** A theme's scenarios, expanded and zod-checked; a problem names the file and the scenario. */
export function expandTheme(slug: string, theme: ThemeSource): ScenarioSource[] {
  const entries = withReplicas(theme.scenarios);
  const replicaOf = new Map(entries.flatMap((e) => (e.replicaOf ? [[e.entry.name, e.replicaOf] as const] : [])));
  const plain = new Map<string, ScenarioSourceInput>();
  for (const { entry } of entries)
    if (!isTwin(entry))
      plain.set(entry.name, { ...scenarioOf(slug, theme, entry), replica_of: replicaOf.get(entry.name) });
  const out = new Map(plain);
  for (const { entry } of entries) {
    if (!isTwin(entry)) continue;
    const base = plain.get(entry.twin_of);
    if (!base)
      throw new Error(
        `${entry.name}: twin_of ${entry.twin_of} is no scenario of this theme (a twin's twin is a plain scenario)`,
      );
    const [original, twin] = twinPair(base, entry);
    out.set(entry.twin_of, original);
    out.set(entry.name, { ...twin, replica_of: replicaOf.get(entry.name) });
  }
  return entries.map(({ entry }) => {
    const result = ScenarioSource.safeParse(out.get(entry.name));
    if (!result.success) throw new Error(`${entry.name}: ${z.prettifyError(result.error)}`);
    return result.data;
  });
}

function scenarioOf(slug: string, theme: ThemeSource, entry: z.output<typeof ScenarioEntry>): ScenarioSourceInput {
  const window = entry.window ?? theme.window;
  const story = theme.story || entry.story ? { ...theme.story, ...entry.story } : undefined;
  return {
    name: entry.name,
    theme: slug,
    world: entry.world,
    default: entry.default ?? false,
    scenario_type: theme.scenario_type,
    seed: entry.seed,
    start_date: window.start,
    end_date: window.end,
    current_date: window.current ?? window.end,
    calibration_version: theme.calibration_version,
    dataset_split: theme.dataset_split,
    public_summary: {
      scenario_theme: theme.title,
      path_mode: theme.path_mode,
      macro_regime: theme.macro_regime,
      scenario_title: entry.scenario_title ?? theme.scenario_title,
      market_description: entry.market_description ?? theme.market_description,
      agent_task: theme.agent_task,
      market_mechanics: theme.market_mechanics,
    },
    universe: { ...theme.universe, count: entry.count },
    sector_tilts: theme.sector_tilts,
    catalyst: theme.catalyst,
    exits: theme.exits,
    listings: theme.listings,
    // An era's turning points that fall in this window.
    regime: theme.regime && {
      ...theme.regime,
      path: theme.regime.path.filter((p) => p.from > window.start && p.from <= window.end),
    },
    story,
  };
}

/**
 * A twin and the scenario it names: one world (streams, universe, everything before the branch)
 * with the twin's catalyst and story after the branch date. Policy windows from the branch date on
 * are each one's own; both universes hold the sectors either story names.
 */
function twinPair(base: ScenarioSourceInput, entry: Twin): [ScenarioSourceInput, ScenarioSourceInput] {
  const { date } = entry.branch;
  const baseStory = base.story ?? {};
  const shared = (baseStory.policy ?? []).filter((w) => w.from < date);
  const { catalyst: _, market: __, ...trunkStory } = baseStory;
  const story = {
    ...trunkStory,
    ...(entry.branch.story.market ? { market: entry.branch.story.market } : {}),
    ...(entry.branch.story.catalyst ? { catalyst: entry.branch.story.catalyst } : {}),
    policy: [...shared, ...(entry.branch.story.policy ?? [])],
  };
  const required = [
    ...new Set([...storySectors({ story: baseStory as never }), ...storySectors({ story: story as never })]),
  ].sort();
  const universe = { ...base.universe, required_sectors: required };
  const twin: ScenarioSourceInput = {
    ...base,
    name: entry.name,
    default: entry.default ?? false,
    twin: { name: base.name, branch_date: date, counterfactual: true },
    public_summary: {
      ...base.public_summary,
      scenario_title: entry.scenario_title ?? base.public_summary.scenario_title,
      market_description: entry.market_description ?? base.public_summary.market_description,
    },
    universe,
    catalyst: entry.branch.catalyst ?? undefined,
    // A failure the story names comes with its catalyst: a twin without one has none.
    ...(base.exits?.catalyst_failure && !entry.branch.catalyst
      ? { exits: { ...base.exits, catalyst_failure: undefined } }
      : {}),
    // The turning points after the branch are its twin's path, not its own.
    ...(base.regime ? { regime: { ...base.regime, path: (base.regime.path ?? []).filter((p) => p.from < date) } } : {}),
    story,
  };
  return [{ ...base, universe, twin: { name: entry.name, branch_date: date, counterfactual: false } }, twin];
}

/** Every theme of a directory (`<theme>.yaml`), expanded; the library's static checks must pass. */
export function loadScenarioSources(dir: string): LoadedSource[] {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".yaml") && f !== RETIRED_FILE)
    .sort();
  const loaded: LoadedSource[] = [];
  for (const file of files) {
    const parsed = ThemeSource.safeParse(parse(readFileSync(join(dir, file), "utf8")));
    if (!parsed.success) throw new Error(`${file}: invalid theme\n${z.prettifyError(parsed.error)}`);
    let sources: ScenarioSource[];
    try {
      sources = expandTheme(basename(file, ".yaml"), parsed.data);
    } catch (error) {
      throw new Error(`${file}: ${(error as Error).message}`);
    }
    for (const source of sources)
      loaded.push({ file, source, hash: createHash("sha256").update(JSON.stringify(source)).digest("hex") });
  }
  const problems = libraryProblems(loaded);
  if (problems.length) throw new Error(`scenario sources contradict themselves:\n  ${problems.join("\n  ")}`);
  return loaded;
}

const daysBetween = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / 86_400_000;

/** The default subset (`default: true`): what `npm start` builds and the tests run on. */
export const defaultSources = (dir: string) => loadScenarioSources(dir).filter((l) => l.source.default);

/**
 * What can be known wrong about a library before generating it: names used twice; a twin whose
 * branch is not where the two part; a story whose policy windows contradict the real decisions of
 * the era it claims to be (a historical context).
 */
export function libraryProblems(loaded: LoadedSource[]): string[] {
  const problems: string[] = [];
  const byName = new Map<string, ScenarioSource>();
  for (const { file, source } of loaded) {
    if (byName.has(source.name)) problems.push(`${file}: ${source.name} is also the name of another scenario`);
    byName.set(source.name, source);
  }
  // Two scenarios of one world, size and window are one scenario twice (a replica's seed taken twice),
  // unless they are a twin pair.
  const worlds = new Map<string, ScenarioSource>();
  for (const { file, source: s } of loaded) {
    const key = JSON.stringify([worldKeyOf(s), s.universe.count, s.start_date, s.end_date]);
    const same = worlds.get(key);
    if (same && same.twin?.name !== s.name)
      problems.push(`${file}: ${s.name} is the world of ${same.name} again (seed ${s.seed})`);
    worlds.set(key, s);
  }
  for (const { file, source: s } of loaded) {
    const at = `${file}: ${s.name}`;
    if (s.twin) {
      const other = byName.get(s.twin.name);
      const date = s.twin.branch_date;
      if (!other || other.twin?.name !== s.name) problems.push(`${at}: its twin ${s.twin.name} does not name it back`);
      else if (
        worldKeyOf(other) !== worldKeyOf(s) ||
        other.seed !== s.seed ||
        other.start_date !== s.start_date ||
        other.end_date !== s.end_date
      )
        problems.push(`${at}: a twin shares its twin's world, seed and window`);
      if (date <= s.start_date || date > s.end_date)
        problems.push(`${at}: branch date ${date} is not inside the window`);
      if (s.catalyst && s.catalyst.date < date)
        problems.push(`${at}: its catalyst (${s.catalyst.date}) comes before the branch date ${date}`);
    }
    // A business move the statements are to show needs two quarters after the catalyst.
    if (s.catalyst && s.story?.catalyst?.revenue_move !== undefined && daysBetween(s.catalyst.date, s.end_date) < 200)
      problems.push(
        `${at}: story.catalyst.revenue_move needs 200 days after the catalyst for its statements to show it`,
      );
    for (const w of s.story?.policy ?? []) {
      if (w.to < s.start_date || w.from > s.end_date)
        problems.push(`${at}: story.policy ${w.bank} ${w.from}..${w.to} lies outside the window`);
      // History holds for a historical context, but for a counterfactual twin after its branch.
      if (
        s.public_summary.path_mode !== "historical_context" ||
        (s.twin?.counterfactual && w.from >= s.twin.branch_date)
      )
        continue;
      const moves = realPolicyMoves(w.bank, w.from, w.to);
      const against = moves.filter((m) => (w.direction === "hike" ? m < 0 : w.direction === "cut" ? m > 0 : m !== 0));
      if (against.length)
        problems.push(
          `${at}: story.policy says ${w.bank} ${w.direction === "hold" ? "holds" : `${w.direction}s`} ${w.from}..${w.to}; ` +
            `the real ${w.bank} moved ${against.map((m) => (m > 0 ? "+" : "") + m.toFixed(2)).join(", ")} then`,
        );
    }
  }
  return problems;
}
