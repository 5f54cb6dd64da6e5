// An evaluation's two files (docs/evaluation.md, "The report"): the result file (JSON: every run and
// the summary) and the report (Markdown: the summary's tables, then each scenario's run).
import type { MeanInterval } from "../../src/runs/intervals.ts";
import { BASELINE_NAMES, REPORTED_SCORES, type ReportedScore } from "../../src/runs/leaderboard.ts";
import type { RunResult } from "./harness.ts";
import type { Summary } from "./summary.ts";

export interface EvaluationRecord {
  agent: string;
  command: string;
  selection: string;
  base_url: string;
  started_at: string;
  wall_seconds: number;
  parallel: number;
  timeout_seconds: number;
  summary: Summary;
  runs: RunResult[];
}

/** The result file's content: the runs without the orders kept for the peeking check. */
export function resultJson(record: EvaluationRecord): string {
  const runs = record.runs.map(({ orders: _orders, ...run }) => run);
  return JSON.stringify({ ...record, runs }, null, 2) + "\n";
}

/** Returns and drawdowns in percent, ratios as they are. */
const PERCENT = new Set<ReportedScore>(["total_return", "cagr", "annual_volatility", "max_drawdown", "alpha"]);

function value(score: ReportedScore, x: number | null | undefined): string {
  if (x === null || x === undefined) return "–";
  return PERCENT.has(score) ? `${(x * 100).toFixed(1)}%` : x.toFixed(2);
}

const interval = (score: ReportedScore, i: MeanInterval | undefined) =>
  i ? `${value(score, i.mean)} [${value(score, i.low)}, ${value(score, i.high)}]` : "–";

const row = (cells: (string | number)[]) => `| ${cells.join(" | ")} |`;
const table = (head: string[], rows: (string | number)[][]) =>
  [row(head), row(head.map(() => "---")), ...rows.map(row)].join("\n");

export function markdownReport(r: EvaluationRecord): string {
  const s = r.summary;
  const overall = table(
    ["score", "mean [95% interval]", ...BASELINE_NAMES.map((b) => `excess over ${b}`)],
    REPORTED_SCORES.map((score) => [
      score,
      interval(score, s.overall[score]),
      ...BASELINE_NAMES.map((b) => interval(score, s.excess[b][score])),
    ]),
  );
  const themes = table(
    ["theme", "split", "runs", "total return", "Sharpe", "max drawdown", "Sharpe over benchmark"],
    s.themes.map((t) => [
      t.theme,
      t.dataset_split,
      t.runs,
      interval("total_return", t.scores.total_return),
      interval("sharpe_ratio", t.scores.sharpe_ratio),
      interval("max_drawdown", t.scores.max_drawdown),
      interval("sharpe_ratio", t.excess_over_benchmark.sharpe_ratio),
    ]),
  );
  const gap = s.memorization_gap.pairs
    ? table(
        ["score", "original minus masked twin [95% interval]"],
        REPORTED_SCORES.map((score) => [score, interval(score, s.memorization_gap.gap[score])]),
      )
    : "No test-split scenario was run beside its masked twin (`--masked`).";
  const peeking = s.peeking.length
    ? table(
        ["scenario", "counterfactual twin", "branch", "orders before it", "identical", "first difference"],
        s.peeking.map((p) => [
          p.scenario,
          p.twin,
          p.branch_date,
          p.orders_before_branch,
          (p.identical ? "yes" : "**NO**") + (p.runs_end_before_branch ? " (the runs end before the branch)" : ""),
          p.first_difference ?? "",
        ]),
      )
    : "No counterfactual twin pair was run whole.";
  const runs = table(
    ["scenario", "theme", "exit", "total return", "Sharpe", "max drawdown", "benchmark's return", "benchmark's Sharpe"],
    r.runs.map((run) => [
      run.scenario.name + (run.scenario.masks ? ` (masks ${run.scenario.masks})` : ""),
      run.scenario.theme,
      exitOf(run),
      value("total_return", run.score?.total_return),
      value("sharpe_ratio", run.score?.sharpe_ratio),
      value("max_drawdown", run.score?.max_drawdown),
      value("total_return", run.baselines.benchmark?.total_return),
      value("sharpe_ratio", run.baselines.benchmark?.sharpe_ratio),
    ]),
  );
  return `# Evaluation of ${r.agent}

\`${r.command}\` on ${r.selection} (${s.runs} runs, ${r.parallel} at a time, ${r.timeout_seconds} s each at most), ${r.base_url}, ${r.started_at}; ${r.wall_seconds.toFixed(0)} s in all.
Scored: ${s.scored}; failed: ${s.failed}; out of time: ${s.timed_out}; advanced to their end by the harness: ${s.completed_by_harness}.

## Over the scenarios

Means over the ${s.themes.reduce((n, t) => n + t.runs, 0)} scenarios (masked twins apart), with 95% bootstrap intervals; the excess over a baseline is the mean of the differences scenario by scenario.

${overall}

## By theme

${themes}

## The memorization gap

${s.memorization_gap.pairs} test-split scenarios beside their masked twins.

${gap}

## The peeking check

Orders placed before a counterfactual twin pair's branch date, compared between the two runs.

${peeking}

## Runs

${runs}
`;
}

function exitOf(run: RunResult): string {
  if (run.error) return `error: ${run.error}`;
  const exit = run.agent_exit;
  if (!exit) return "–";
  const how = exit.timed_out ? "out of time" : exit.exit_code === 0 ? "ok" : `exit ${exit.exit_code ?? exit.signal}`;
  return run.completed_by_harness ? `${how}, completed` : how;
}
