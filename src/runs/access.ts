// Who reaches a run (docs/runs.md, "Keys"): the account that opened it, and the run's own key. The
// run key is a clock key whose horizon is the run's day, read from the run's object on every request
// (src/http/auth.ts), so that a read right after an advance sees the new day and never a later one.
import type { Context } from "hono";
import type { z } from "zod";
import type { AppEnv } from "../env.ts";
import type { RunClocks } from "../http/auth.ts";
import { ApiError } from "../http/errors.ts";
import { Scenario } from "../http/scenario.ts";
import { newKeySecret, storeKey, type KeyRecord } from "../keys.ts";
import type { NewRun } from "./contract.ts";
import { costModelOf, DEFAULT_STARTING_CASH } from "./costs.ts";
import type { AccountRuns } from "./account-runs.ts";
import type { RunRecord } from "./record.ts";
import type { RunObject } from "./run-object.ts";
import type { EquityPoint } from "./session.ts";
import { broadFund, lastRunDay } from "./window.ts";

export interface Caller {
  account_id: string;
  /** The run a run key is bound to; null for an account's key. */
  run_id: string | null;
}

const RUN_ID = /^run_[0-9a-f]{16}$/;

function newRunId(): string {
  return `run_${[...crypto.getRandomValues(new Uint8Array(8))].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
}

declare module "../env.ts" {
  interface Env {
    /** One object per run: its book, ledger and clock (docs/runs.md). */
    RUNS: DurableObjectNamespace<RunObject>;
    /** One object per account: the runs it opened. */
    ACCOUNT_RUNS: DurableObjectNamespace<AccountRuns>;
  }
}

/** The run routes, and a run key's clock for the key check (src/http/auth.ts). */
export const RUN_CLOCKS: RunClocks = {
  isRunRoute: (path) => path === "/runs" || path.startsWith("/runs/"),
  async clockOf(c, runId) {
    const now = await c.env.RUNS.get(c.env.RUNS.idFromName(runId)).clock();
    if (!now) throw new ApiError(401, "Missing or invalid X-API-KEY header");
    return { scenario_id: now.scenario_id, horizon: now.day };
  },
};

/** The run's object, for a caller who may reach it: 404 otherwise (a run of another account is not said to exist). */
export function runStub(c: Context<AppEnv>, caller: Caller, id = c.req.param("run_id") ?? "") {
  if (!RUN_ID.test(id) || (caller.run_id !== null && caller.run_id !== id))
    throw new ApiError(404, `Run ${id} not found`);
  return c.env.RUNS.get(c.env.RUNS.idFromName(id));
}

export async function listRunIds(c: Context<AppEnv>, caller: Caller): Promise<string[]> {
  if (caller.run_id) return [caller.run_id];
  return c.env.ACCOUNT_RUNS.get(c.env.ACCOUNT_RUNS.idFromName(caller.account_id)).list();
}

/** The benchmark asked for, or the scenario's broad index fund. */
function benchmarkOf(scenario: Scenario, asked: string | undefined): string {
  const chosen = asked ?? broadFund(scenario.manifest);
  if (!chosen) throw new ApiError(422, "The scenario has no index fund: name a benchmark");
  return chosen;
}

function requireWindow(scenario: Scenario, start: string, end: string): void {
  const s = scenario.manifest.scenario;
  const last = lastRunDay(scenario.manifest);
  if (start < s.start_date)
    throw new ApiError(422, `start_date ${start} is before the scenario's first day ${s.start_date}`);
  if (end > last)
    throw new ApiError(422, `end_date ${end} is after the last day a run may reach in this scenario, ${last}`);
  if (start >= end) throw new ApiError(422, `start_date ${start} must be before end_date ${end}`);
}

async function runKeyFor(c: Context<AppEnv>, record: RunRecord): Promise<string> {
  const key = newKeySecret();
  const account = c.get("account")!;
  const keyRecord: KeyRecord = {
    account_id: record.terms.account_id,
    rate_limit_per_minute: account.rate_limit_per_minute,
    label: `run ${record.terms.run_id} (${record.terms.agent})`,
    created: new Date().toISOString().slice(0, 10),
    clock: { scenario_id: record.terms.scenario_id, horizon: record.day },
    run: { run_id: record.terms.run_id },
  };
  await storeKey(c.env.KEYS, key, keyRecord);
  return key;
}

/** A new run for the caller: its record, first close and key; 403 for a run key. */
export async function openRunFor(
  c: Context<AppEnv>,
  caller: Caller,
  asked: z.output<typeof NewRun>,
): Promise<{ record: RunRecord; point: EquityPoint; key: string }> {
  if (caller.run_id) throw new ApiError(403, "A run key cannot open runs: a run opened later would read past its day");
  const scenario = await Scenario.open(c.get("reader"), asked.scenario_id, []);
  const end = asked.end_date ?? lastRunDay(scenario.manifest);
  requireWindow(scenario, asked.start_date, end);
  const costs = costModelOf(asked.costs);
  const benchmark = benchmarkOf(scenario, asked.benchmark);
  const kind = await scenario.requireTicker(benchmark).catch(() => null);
  if (kind !== "fund" && kind !== "company")
    throw new ApiError(422, `The benchmark ${benchmark} is not a fund or a company of the scenario`);
  const runId = newRunId();
  const terms = {
    run_id: runId,
    account_id: caller.account_id,
    agent: asked.agent,
    selection: asked.selection ?? null,
    scenario_id: asked.scenario_id,
    scenario_current_date: scenario.manifest.scenario.current_date,
    benchmark,
    starting_cash: asked.starting_cash ?? DEFAULT_STARTING_CASH,
    costs,
    created_at: new Date().toISOString(),
  };
  const stub = c.env.RUNS.get(c.env.RUNS.idFromName(runId));
  const opened = await stub.open(terms, asked.start_date, end);
  if (!opened.ok) throw new ApiError(opened.status, opened.detail);
  const key = await runKeyFor(c, opened.value.record);
  await c.env.ACCOUNT_RUNS.get(c.env.ACCOUNT_RUNS.idFromName(caller.account_id)).add(runId);
  return { ...opened.value, key };
}
