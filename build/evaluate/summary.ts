// What an evaluation's runs add up to (docs/evaluation.md, "The report"): each reported score's mean
// over the scenarios with its 95% bootstrap interval, its excess over each baseline (the mean of the
// paired differences), the same by theme, the memorization gap (each test-split scenario against its
// masked twin), and the peeking check of each counterfactual twin pair.
import { differences, type MeanInterval } from "../../src/runs/intervals.ts";
import { BASELINE_NAMES, byScore, type ReportedScore } from "../../src/runs/leaderboard.ts";
import type { PlacedOrder, RunResult } from "./harness.ts";

type ByScore = Partial<Record<ReportedScore, MeanInterval>>;

export interface ThemeSummary {
  theme: string;
  dataset_split: string;
  runs: number;
  scores: ByScore;
  excess_over_benchmark: ByScore;
}

export interface PeekingPair {
  scenario: string;
  twin: string;
  branch_date: string;
  /** Orders placed before the branch date, in each run. */
  orders_before_branch: number;
  /** The runs ended before the branch (a future branch's runs stop at its current_date): whole runs were compared. */
  runs_end_before_branch: boolean;
  identical: boolean;
  /** The first order placed before the branch that the other run did not place, as "day ticker side shares". */
  first_difference: string | null;
}

export interface Summary {
  runs: number;
  scored: number;
  failed: number;
  timed_out: number;
  completed_by_harness: number;
  overall: ByScore;
  excess: Record<string, ByScore>;
  themes: ThemeSummary[];
  memorization_gap: { pairs: number; gap: ByScore };
  peeking: PeekingPair[];
}

/** Each score's mean excess over a baseline, over the runs with both. */
const excessOver = (runs: RunResult[], baseline: string) =>
  byScore((s) =>
    differences(
      runs.map((r) => r.score?.[s]),
      runs.map((r) => r.baselines[baseline]?.[s]),
    ),
  );

export function summarize(results: RunResult[]): Summary {
  // The scenarios proper: masked twins count only in the memorization gap.
  const plain = results.filter((r) => !r.scenario.masks);
  const themes = [...new Set(plain.map((r) => r.scenario.theme))].sort();
  return {
    runs: results.length,
    scored: results.filter((r) => r.score).length,
    failed: results.filter((r) => r.error || (r.agent_exit && r.agent_exit.exit_code !== 0)).length,
    timed_out: results.filter((r) => r.agent_exit?.timed_out).length,
    completed_by_harness: results.filter((r) => r.completed_by_harness).length,
    overall: byScore((s) => plain.map((r) => r.score?.[s])),
    excess: Object.fromEntries(BASELINE_NAMES.map((b) => [b, excessOver(plain, b)])),
    themes: themes.map((theme) => {
      const runs = plain.filter((r) => r.scenario.theme === theme);
      return {
        theme,
        dataset_split: runs[0].scenario.dataset_split,
        runs: runs.length,
        scores: byScore((s) => runs.map((r) => r.score?.[s])),
        excess_over_benchmark: excessOver(runs, "benchmark"),
      };
    }),
    memorization_gap: memorizationGap(results),
    peeking: peekingPairs(plain),
  };
}

/** Original minus masked twin, scenario by scenario. */
function memorizationGap(results: RunResult[]): Summary["memorization_gap"] {
  const byName = new Map(results.map((r) => [r.scenario.name, r]));
  const pairs = results.flatMap((masked) => {
    const original = masked.scenario.masks ? byName.get(masked.scenario.masks) : undefined;
    return original?.score && masked.score ? [[original.score, masked.score] as const] : [];
  });
  return {
    pairs: pairs.length,
    gap: byScore((s) =>
      differences(
        pairs.map(([o]) => o[s]),
        pairs.map(([, m]) => m[s]),
      ),
    ),
  };
}

const orderLine = (o: PlacedOrder) =>
  `${o.placed_on} ${o.ticker} ${o.side} ${o.shares} ${o.type} ${o.limit_price ?? ""}`.trim();

/** Each counterfactual twin pair both of whose runs are here: were their orders before the branch the same? */
export function peekingPairs(results: RunResult[]): PeekingPair[] {
  const byName = new Map(results.map((r) => [r.scenario.name, r]));
  return results.flatMap((r) => {
    // Each pair once: from its counterfactual side, whose twin is the scenario the theme tells.
    const twin = r.scenario.twin;
    const other = twin?.counterfactual ? byName.get(twin.name) : undefined;
    if (!twin || !other || !r.orders || !other.orders) return [];
    const before = (orders: PlacedOrder[]) => orders.filter((o) => o.placed_on < twin.branch_date).map(orderLine);
    const [mine, theirs] = [before(r.orders), before(other.orders)];
    const difference = mine.find((line, i) => theirs[i] !== line) ?? theirs.find((line, i) => mine[i] !== line) ?? null;
    return [
      {
        scenario: other.scenario.name,
        twin: r.scenario.name,
        branch_date: twin.branch_date,
        orders_before_branch: mine.length,
        runs_end_before_branch: r.end_date < twin.branch_date,
        identical: difference === null,
        first_difference: difference,
      },
    ];
  });
}
