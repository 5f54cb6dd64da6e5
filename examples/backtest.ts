// A step-forward backtest against a running server (docs/agents.md): examples/backtest.py in TypeScript,
// the same strategy step for step, so both print the same summary. Run: `node examples/backtest.ts`
// (Node 22.18 or later runs TypeScript as it is; `npx node` is the project's own Node).
// For each trading day D it asks with as_of=D (never later), decides after D's close, and trades at
// the next trading day's open: hold TICKER while its 5-day mean close is above its 20-day one.
// Environment: SYNTH_BASE, SYNTH_KEY (default: npm start's .local/api-key), SYNTH_SCENARIO,
// SYNTH_TICKER, SYNTH_START, SYNTH_END, SYNTH_DAYS. Prints one JSON line.
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

interface Bar {
  time: string;
  open: number;
  close: number;
}

async function get(path: string, query: Record<string, string> = {}): Promise<any> {
  const search = new URLSearchParams(query).toString();
  const url = BASE + path + (search ? `?${search}` : "");
  const response = await fetch(url, { headers: { "X-API-KEY": KEY } });
  if (response.status === 429) {
    // Over the key's rate limit: wait as told, then ask again.
    await new Promise((wake) => setTimeout(wake, 1000 * Number(response.headers.get("Retry-After") ?? 1)));
    return get(path, query);
  }
  if (!response.ok) throw new Error(`${response.status} ${url}: ${await response.text()}`);
  return response.json();
}

const addDays = (day: string, n: number) => new Date(Date.parse(day) + n * 86_400_000).toISOString().slice(0, 10);
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

// A scenario's id is a hash of its content: by default, the current id of megacap-tech-2023.
const SCENARIO: string =
  env.SYNTH_SCENARIO || (await get("/scenarios", { name: "megacap-tech-2023" })).scenarios[0].id;
const { scenario } = await get(`/scenarios/${SCENARIO}`);
let day: string = env.SYNTH_START || addDays(scenario.start_date, LOOKBACK);
// The agent's present; a later SYNTH_END steps into a future branch (docs/agents.md, grading).
const last: string = env.SYNTH_END || scenario.current_date;

let [cash, shares, pending] = [10_000, 0, null as boolean | null]; // pending: the last close's decision
let [stepped, trades, equity, first, latest] = [0, 0, cash, null as string | null, null as string | null];
while (stepped < DAYS && day <= last) {
  // Everything this step reads is asked for as of D: the bars up to and including D's close.
  const query = { scenario_id: SCENARIO, ticker: TICKER, as_of: day, start_date: addDays(day, -LOOKBACK) };
  const bars: Bar[] = (await get("/prices", query)).prices;
  const bar = bars.at(-1);
  if (bar?.time === day) {
    // A trading day (else a weekend or holiday: nothing to do). Yesterday's decision, filled at today's open:
    if (pending === true && shares === 0) {
      shares = Math.floor(cash / bar.open);
      cash -= shares * bar.open;
      trades += 1;
    } else if (pending === false && shares > 0) {
      cash += shares * bar.open;
      shares = 0;
      trades += 1;
    }
    const closes = bars.map((b) => b.close);
    if (closes.length >= LONG) pending = mean(closes.slice(-SHORT)) > mean(closes.slice(-LONG));
    equity = cash + shares * bar.close;
    [first, latest] = [first ?? day, day];
    stepped += 1;
  }
  day = addDays(day, 1);
}

const summary = { scenario: SCENARIO, ticker: TICKER, first_day: first, last_day: latest, days: stepped };
console.log(JSON.stringify({ ...summary, trades, shares, final_equity: equity }));
