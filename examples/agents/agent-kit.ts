// What the example agents share (docs/evaluation.md): the run `npm run evaluate` started them on, read
// from their environment (SYNTH_BASE, SYNTH_KEY: the run key, SYNTH_RUN_ID, SYNTH_SCENARIO), a
// monthly step through the run, the companies trading on the run's day, and a rebalance to weights.
import { joinRun, type Run } from "../../clients/typescript/src/index.ts";

export interface AgentRun {
  run: Run;
  scenarioId: string;
}

/** The run this process was started on; exits with a message when the harness's variables are missing. */
export async function runFromEnvironment(): Promise<AgentRun> {
  const { SYNTH_BASE, SYNTH_KEY, SYNTH_RUN_ID, SYNTH_SCENARIO } = process.env;
  if (!SYNTH_BASE || !SYNTH_KEY || !SYNTH_RUN_ID || !SYNTH_SCENARIO) {
    console.error(
      "Start me with `npm run evaluate -- --agent ...`: SYNTH_BASE, SYNTH_KEY, SYNTH_RUN_ID and SYNTH_SCENARIO are its.",
    );
    process.exit(2);
  }
  return { run: await joinRun({ baseUrl: SYNTH_BASE, apiKey: SYNTH_KEY }, SYNTH_RUN_ID), scenarioId: SYNTH_SCENARIO };
}

/**
 * Decides on the run's day, then advances about `months` months (to a month's last calendar day at
 * least a week away, so a session lies between), until the run reaches its end and finishes.
 */
export async function everyMonths(run: Run, months: number, decide: (day: string) => Promise<void>): Promise<void> {
  while (!run.finished) {
    await decide(run.day);
    await run.advance(monthEndAfter(run.day, months));
  }
}

/** The last day of the month `months` after the day's (one more when that is less than a week away). */
export function monthEndAfter(day: string, months: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  const end = (ahead: number) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + ahead + 1, 0));
  const target = end(months - 1).getTime() - d.getTime() < 7 * 86_400_000 ? end(months) : end(months - 1);
  return target.toISOString().slice(0, 10);
}

/** A date `days` calendar days before `day`. */
export function daysBefore(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}

/** The companies that trade on the run's day (funds and warrants have no market cap), with their closes. */
export async function companiesTrading({ run, scenarioId }: AgentRun): Promise<{ ticker: string; close: number }[]> {
  const rows = [];
  for await (const row of run.data.paginate(
    "/prices/snapshot/market",
    "snapshots",
    { scenario_id: scenarioId },
    { pageSize: 5000 },
  ))
    if (row.market_cap !== null && row.time === run.day) rows.push({ ticker: row.ticker, close: row.close });
  return rows;
}

/**
 * Trades to these weights of equity (each ticker held and not named goes to zero), in lists of at most
 * 100; a ticker not trading on the day (one that has left the world) is left alone.
 */
export async function rebalance(run: Run, weights: Map<string, number>, trading: Set<string>): Promise<void> {
  const held = run.state.positions.map((p) => p.ticker).filter((t) => !weights.has(t) && trading.has(t));
  const orders = [
    ...held.map((ticker) => ({ ticker, target_weight: 0, type: "market" as const })),
    ...[...weights].map(([ticker, target_weight]) => ({ ticker, target_weight, type: "market" as const })),
  ];
  for (let i = 0; i < orders.length; i += 100) await run.orders(orders.slice(i, i + 100));
}

/** Equal weights adding to `invested` (the rest is kept in cash for the fills' costs). */
export const equalWeights = (tickers: string[], invested = 0.98) =>
  new Map(tickers.map((t) => [t, invested / tickers.length]));
