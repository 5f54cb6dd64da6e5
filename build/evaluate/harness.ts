// An evaluation (docs/evaluation.md): one run per chosen scenario, each driven by its own agent
// process, a few at a time. The harness opens the run with the account's key over the window its
// baselines were scored on, starts the agent with the run's key, and once the process ends (or its
// wall time runs out) advances whatever is left of the run to its end, so every run is scored over
// the same days as its baselines. What it collects is what the report is made from (report.ts).
import { join } from "node:path";
import { startRun, type ClientOptions, type Run, type Schemas } from "../../clients/typescript/src/index.ts";
import { runAgent, type AgentExit } from "./agent-process.ts";
import type { Planned } from "./selection.ts";

export interface EvaluationOptions {
  /** The account's key and the service's address. */
  client: ClientOptions;
  command: string;
  agent: string;
  selection: string;
  timeoutSeconds: number;
  parallel: number;
  logDir: string;
  /** Called as each run ends (the progress bar). */
  onRunEnd?: (result: RunResult) => void;
}

export type Score = Schemas["RunScore"];

/** A placed order as the peeking check compares them: what was asked, on which day. */
export type PlacedOrder = Pick<
  Schemas["RunOrder"],
  "placed_on" | "ticker" | "side" | "shares" | "type" | "limit_price"
>;

export interface RunResult {
  scenario: {
    id: string;
    name: string;
    theme: string;
    dataset_split: string;
    replica_of: string | null;
    /** A masked twin: the name of the scenario it masks. */
    masks: string | null;
    twin: { name: string; branch_date: string; counterfactual: boolean } | null;
  };
  run_id: string | null;
  /** Why there is no score: the run could not be opened, or failed. */
  error: string | null;
  agent_exit: AgentExit | null;
  /** The agent left days of the run: the harness advanced it to its end, positions held. */
  completed_by_harness: boolean;
  start_date: string;
  end_date: string;
  score: Score | null;
  baselines: Record<string, Score>;
  /** Orders as placed, kept for the peeking check (left out of the result file: they can be many). */
  orders?: PlacedOrder[];
}

/** Runs every planned scenario, `parallel` at a time; results in the order planned. */
export async function evaluate(plan: Planned[], o: EvaluationOptions): Promise<RunResult[]> {
  const results: RunResult[] = new Array(plan.length);
  let next = 0;
  const worker = async () => {
    while (next < plan.length) {
      const i = next++;
      results[i] = await evaluateOne(plan[i], o);
      o.onRunEnd?.(results[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(o.parallel, plan.length)) }, worker));
  return results;
}

async function evaluateOne({ listing, masks }: Planned, o: EvaluationOptions): Promise<RunResult> {
  const baselines = Object.fromEntries((listing.baselines ?? []).map((b) => [b.name, b.score]));
  // The window the baselines were scored over (a future branch's stops at its current_date).
  const window = listing.baselines?.[0] ?? { start_date: listing.start_date, end_date: listing.current_date };
  const result: RunResult = {
    scenario: {
      id: listing.id,
      name: listing.name,
      theme: listing.theme,
      dataset_split: listing.dataset_split,
      replica_of: listing.replica_of,
      masks,
      twin: listing.twin ?? null,
    },
    run_id: null,
    error: null,
    agent_exit: null,
    completed_by_harness: false,
    start_date: window.start_date,
    end_date: window.end_date,
    score: null,
    baselines,
  };
  let run: Run;
  try {
    run = await startRun(o.client, {
      scenario_id: listing.id,
      agent: o.agent,
      // A masked twin's run is of its own group: the leaderboard sets it beside its originals'.
      selection: masks ? `${o.selection} masked-twins` : o.selection,
      start_date: window.start_date,
      end_date: window.end_date,
    });
  } catch (error) {
    return { ...result, error: `could not open a run: ${(error as Error).message}` };
  }
  result.run_id = run.id;
  result.agent_exit = await runAgent(
    o.command,
    { SYNTH_BASE: o.client.baseUrl, SYNTH_KEY: run.key, SYNTH_RUN_ID: run.id, SYNTH_SCENARIO: listing.id },
    o.timeoutSeconds,
    join(o.logDir, `${listing.name}.log`),
  );
  try {
    await run.refresh();
    if (!run.finished) {
      result.completed_by_harness = true;
      await run.advance(run.state.end_date);
    }
    result.score = run.state.score ?? null;
    result.orders = (await run.orderList()).map(({ placed_on, ticker, side, shares, type, limit_price }) => ({
      placed_on,
      ticker,
      side,
      shares,
      type,
      limit_price,
    }));
  } catch (error) {
    result.error = `could not complete the run: ${(error as Error).message}`;
  }
  return result;
}
