// The leaderboard (docs/evaluation.md): an account's finished runs grouped by agent label and scenario
// selection, each reported score's mean with its 95% bootstrap interval over the group's runs, beside
// the same means of the baselines of the group's scenarios. It lists the caller's own account's runs
// only (on `npm start` the local key's: every run opened there); a clock or run key is refused it, as
// the catalog, since finished runs' scores describe whole windows.
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../env.ts";
import { field } from "../contract/fields.ts";
import { str } from "../contract/params.ts";
import type { CatalogEntry } from "../bundle/types.ts";
import { ApiError } from "../http/errors.ts";
import { API_KEY_SCHEME, errorResponses, type ApiApp } from "../http/route.ts";
import type { ScoredRun } from "./account-runs.ts";
import { meanWithInterval, type MeanInterval } from "./intervals.ts";
import type { Score } from "./score.ts";

/** The scores a leaderboard and an evaluation report summarise (docs/runs.md, "Scores", defines them). */
export const REPORTED_SCORES = [
  "total_return",
  "cagr",
  "annual_volatility",
  "sharpe_ratio",
  "sortino_ratio",
  "max_drawdown",
  "alpha",
  "information_ratio",
] as const satisfies readonly (keyof Score)[];
export type ReportedScore = (typeof REPORTED_SCORES)[number];

/** The baselines every run is set beside (docs/runs.md, "Baselines"). */
export const BASELINE_NAMES = ["cash", "benchmark", "equal_weight"] as const;

const Interval = z
  .object({
    score: field(z.enum(REPORTED_SCORES), "The score.", "sharpe_ratio"),
    mean: field(z.number(), "Its mean over the runs where it is defined.", 0.84),
    low: field(z.number(), "2.5th percentile of the bootstrap means.", 0.41),
    high: field(z.number(), "97.5th percentile of the bootstrap means.", 1.22),
    n: field(z.int(), "Runs averaged (a score undefined in a run is left out).", 12),
  })
  .meta({ id: "ScoreInterval", description: "A score's mean with its 95% bootstrap interval over runs." });

const Entry = z
  .object({
    agent: field(z.string(), "The agent's label.", "momentum"),
    selection: field(z.string().nullable(), "The scenario selection its runs were opened as.", "split=test"),
    runs: field(z.int(), "Finished runs.", 12),
    scenarios: field(z.int(), "Distinct scenarios among them.", 12),
    scores: z.array(Interval).meta({ description: "Each reported score's mean and interval." }),
    baselines: z
      .array(
        z.object({
          name: field(z.enum(BASELINE_NAMES), "The baseline.", "benchmark"),
          scores: z.array(Interval),
        }),
      )
      .meta({ description: "The same means of each baseline, over the baselines of the runs' scenarios." }),
  })
  .meta({ id: "LeaderboardEntry", description: "An agent's finished runs over one scenario selection." });

export const LEADERBOARD_ROUTE = createRoute({
  method: "get",
  path: "/leaderboard",
  tags: ["Runs"],
  summary: "The leaderboard of your runs",
  description:
    "Your account's finished runs, grouped by agent label and scenario selection (`selection` of `POST /runs`): each " +
    "score's mean with a 95% bootstrap interval over the runs, beside the baselines' over the same scenarios (scored " +
    "over each scenario's whole window, which is what `npm run evaluate` runs). " +
    "Best Sharpe ratio first.",
  security: [{ [API_KEY_SCHEME]: [] }],
  request: {
    query: z.object({
      agent: str({ description: "Only this agent's runs.", example: "momentum" }, 100).optional(),
      selection: str({ description: "Only runs opened as this selection.", example: "split=test" }, 200).optional(),
    }),
  },
  responses: {
    200: { description: "OK.", content: { "application/json": { schema: z.object({ leaderboard: z.array(Entry) }) } } },
    ...errorResponses,
  },
});

type Entry = z.output<typeof Entry>;

/** Each group's summary, best mean Sharpe ratio first (a group without one last). */
export function leaderboardOf(
  runs: ScoredRun[],
  baselinesOf: (scenarioId: string) => CatalogEntry["baselines"],
): Entry[] {
  const groups = new Map<string, ScoredRun[]>();
  for (const run of runs) {
    const key = JSON.stringify([run.agent, run.selection]);
    const group = groups.get(key);
    if (group) group.push(run);
    else groups.set(key, [run]);
  }
  const entries = [...groups.values()].map((group): Entry => {
    const baselines = group.map((r) => baselinesOf(r.scenario_id) ?? []);
    return {
      agent: group[0].agent,
      selection: group[0].selection,
      runs: group.length,
      scenarios: new Set(group.map((r) => r.scenario_id)).size,
      scores: intervals(group.map((r) => r.score)),
      baselines: BASELINE_NAMES.map((name) => ({
        name,
        scores: intervals(baselines.flatMap((list) => list.filter((b) => b.name === name).map((b) => b.score))),
      })),
    };
  });
  const sharpe = (e: Entry) => e.scores.find((s) => s.score === "sharpe_ratio")?.mean ?? -Infinity;
  return entries.sort((a, b) => sharpe(b) - sharpe(a) || (a.agent < b.agent ? -1 : 1));
}

/** Each reported score's mean and interval over the values given for it (a score with none is left out). */
export function byScore(
  values: (score: ReportedScore) => (number | null | undefined)[],
): Partial<Record<ReportedScore, MeanInterval>> {
  return Object.fromEntries(
    REPORTED_SCORES.flatMap((score) => {
      const interval = meanWithInterval(values(score));
      return interval ? [[score, interval]] : [];
    }),
  );
}

/** Each reported score's mean and interval over the scores given, as the leaderboard lists them. */
export const intervals = (scores: Score[]): z.output<typeof Interval>[] =>
  Object.entries(byScore((score) => scores.map((s) => s[score]))).map(([score, interval]) => ({
    score: score as ReportedScore,
    ...interval,
  }));

export function register(app: ApiApp): void {
  app.openapi(LEADERBOARD_ROUTE, (async (c: Context<AppEnv>) => {
    const account = c.get("account")!;
    if (account.clock || account.run)
      throw new ApiError(403, "A clock or run key cannot read the leaderboard: finished runs describe whole windows");
    const { agent, selection } = c.req.query();
    const stub = c.env.ACCOUNT_RUNS.get(c.env.ACCOUNT_RUNS.idFromName(account.account_id));
    const runs = (await stub.scoredRuns()).filter(
      (r) => (agent === undefined || r.agent === agent) && (selection === undefined || r.selection === selection),
    );
    const catalog = new Map((await c.get("reader").catalog()).scenarios.map((e) => [e.scenario.id, e]));
    return c.json({ leaderboard: leaderboardOf(runs, (id) => catalog.get(id)?.baselines) });
  }) as never);
}
