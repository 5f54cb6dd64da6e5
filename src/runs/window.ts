// Where a run may go in a scenario (docs/runs.md, "Routes"): to its current_date, or on a future
// branch to its end_date; benchmarked by default on its broad index fund.
import type { Manifest } from "../bundle/types.ts";

/** The last day a run may reach. */
export function lastRunDay(manifest: Manifest): string {
  const s = manifest.scenario;
  return s.scenario_type === "future_branch" ? s.end_date : s.current_date;
}

/** The fund tracking the S&P 500 (else the first fund), or null for a scenario without funds. */
export function broadFund(manifest: Manifest): string | null {
  const funds = manifest.funds;
  return (funds.find((f) => f.benchmark.startsWith("S&P 500")) ?? funds[0])?.ticker ?? null;
}
