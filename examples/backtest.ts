// An agent evaluated in a run (docs/runs.md): examples/backtest.py in TypeScript, the same agent step
// for step, so both print the same summary. Run: `node examples/backtest.ts` (Node 22.18 or later runs
// TypeScript as it is; `npx node` is the project's own Node).
// It opens a run with the account's key, then works with the run's key alone: each trading day D it
// reads TICKER's prices (answered as of D, never later), decides after D's close, places an order that
// fills at the next open, and advances. Strategy: hold TICKER (95% of equity) while its 5-day mean close
// is above its 20-day one. After SYNTH_DAYS days (or the run's end) it finishes the run and prints one
// JSON line: the book, the score, and the scenario's baselines beside it.
// Environment: SYNTH_BASE, SYNTH_KEY (default: npm start's .local/api-key), SYNTH_SCENARIO,
// SYNTH_TICKER, SYNTH_START, SYNTH_END, SYNTH_DAYS.
import { existsSync, readFileSync } from "node:fs";

const env = process.env;
const BASE = (env.SYNTH_BASE ?? "http://127.0.0.1:8787").replace(/\/$/, "");
const KEY_FILE = new URL("../.local/api-key", import.meta.url);
const KEY = env.SYNTH_KEY || (existsSync(KEY_FILE) ? readFileSync(KEY_FILE, "utf8").trim() : "");
if (!KEY) {
  console.error("Set SYNTH_KEY to an API key (npm start prints the local one).");
  process.exit(1);
}
const TICKER = env.SYNTH_TICKER ?? "AAPL";
const DAYS = Number(env.SYNTH_DAYS ?? 30);
const [SHORT, LONG, LOOKBACK] = [5, 20, 45]; // moving averages in trading days; window asked for in calendar days

/** GET (or POST `body`) with a key: the JSON answer; a 429 waits as told and asks again. */
async function call(path: string, key: string, body?: object, query: Record<string, string> = {}): Promise<any> {
  const search = new URLSearchParams(query).toString();
  const url = BASE + path + (search ? `?${search}` : "");
  const response = await fetch(url, {
    method: body ? "POST" : "GET",
    headers: { "X-API-KEY": key, "Content-Type": "application/json" },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (response.status === 429) {
    await new Promise((wake) => setTimeout(wake, 1000 * Number(response.headers.get("Retry-After") ?? 1)));
    return call(path, key, body, query);
  }
  if (!response.ok) throw new Error(`${response.status} ${url}: ${await response.text()}`);
  return response.json();
}

const addDays = (day: string, n: number) => new Date(Date.parse(day) + n * 86_400_000).toISOString().slice(0, 10);
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

// A scenario's id is a hash of its content: by default, the current id of megacap-tech-2023.
const SCENARIO: string =
  env.SYNTH_SCENARIO || (await call("/scenarios", KEY, undefined, { name: "megacap-tech-2023" })).scenarios[0].id;
const { scenario } = await call(`/scenarios/${SCENARIO}`, KEY);
const start: string = env.SYNTH_START || addDays(scenario.start_date, LOOKBACK);
const opened = await call("/runs", KEY, {
  scenario_id: SCENARIO,
  agent: "moving-average-example",
  start_date: start,
  // A future branch's end_date: the run crosses its current_date.
  ...(env.SYNTH_END ? { end_date: env.SYNTH_END } : {}),
});
const [RUN, RUN_KEY]: [string, string] = [opened.run.run_id, opened.run_key];
let run = opened.run;

const first: string = run.day;
let days = 0;
while (run.status === "running" && days < DAYS) {
  const day: string = run.day;
  // No as_of: the run's key is answered as of the run's day, and never later.
  const query = { scenario_id: SCENARIO, ticker: TICKER, start_date: addDays(day, -LOOKBACK) };
  const closes: number[] = (await call("/prices", RUN_KEY, undefined, query)).prices.map(
    (b: { close: number }) => b.close,
  );
  if (closes.length >= LONG) {
    const hold = mean(closes.slice(-SHORT)) > mean(closes.slice(-LONG));
    const holding = run.positions.some((p: { ticker: string }) => p.ticker === TICKER);
    // Buy into 95% of equity, or sell out.
    if (hold !== holding)
      await call(`/runs/${RUN}/orders`, RUN_KEY, {
        ticker: TICKER,
        target_weight: hold ? 0.95 : 0,
        client_order_id: `${day}-${TICKER}`,
      });
  }
  run = (await call(`/runs/${RUN}/advance`, RUN_KEY, { client_id: `advance-${day}` })).run;
  days += 1;
}

if (run.status === "running") run = (await call(`/runs/${RUN}/finish`, RUN_KEY, { client_id: "finish" })).run;
const fills = (await call(`/runs/${RUN}/ledger`, RUN_KEY)).ledger.filter((e: { kind: string }) => e.kind === "fill");
const scored = await call(`/runs/${RUN}/score`, RUN_KEY);
const baselines = Object.fromEntries(scored.baselines.map((b: any) => [b.name, b.score.total_return]));
const summary = { scenario: SCENARIO, ticker: TICKER, first_day: first, last_day: run.day, days };
console.log(
  JSON.stringify({ ...summary, trades: fills.length, final_equity: run.equity, score: scored.score, baselines }),
);
