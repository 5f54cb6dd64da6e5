// An agent loop on the TypeScript client (clients/typescript): list the scenarios, step a clock over
// trading days, read prices, the latest statements and the day's news as of each day, decide, and
// write a decision log (one JSON line per day). Run against `npm start`: `npx node examples/agent-loop.ts`.
// Environment: SYNTH_BASE, SYNTH_KEY (default: .local/api-key), SYNTH_SCENARIO (default: the first
// scenario listed), SYNTH_TICKER, SYNTH_START, SYNTH_DAYS, SYNTH_LOG (default decisions.jsonl).
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { createSynthClient } from "../clients/typescript/src/index.ts";

const env = process.env;
const keyFile = new URL("../.local/api-key", import.meta.url);
const client = createSynthClient({
  baseUrl: env.SYNTH_BASE ?? "http://127.0.0.1:8787",
  apiKey: env.SYNTH_KEY || (existsSync(keyFile) ? readFileSync(keyFile, "utf8").trim() : ""),
});
const ticker = env.SYNTH_TICKER ?? "AAPL";
const days = Number(env.SYNTH_DAYS ?? 20);
const logFile = env.SYNTH_LOG ?? "decisions.jsonl";

const { data: catalog } = await client.get("/scenarios", {});
const scenario = catalog.scenarios.find((s) => s.id === env.SYNTH_SCENARIO) ?? catalog.scenarios[0];
const clock = await client.clock(scenario.id, env.SYNTH_START ?? scenario.start_date);

const log: object[] = [];
for (let step = 0; step < days; step++) {
  const day = clock.today;
  // Everything is asked as of the clock's day: nothing later can be in an answer.
  const { data: prices } = await clock.get("/prices", { ticker, start_date: shiftDays(day, -30) });
  const { data: statements } = await clock.get("/financials/income-statements", { ticker, limit: 1 });
  const { data: news } = await clock.get("/news", { ticker: [ticker], start_date: day, limit: 20 });
  const closes = prices.prices.map((p) => p.close);
  const mean = closes.reduce((a, b) => a + b, 0) / closes.length;
  const latest = statements.income_statements[0];
  const action = closes.at(-1)! > mean && (latest?.net_income ?? 0) > 0 ? "hold" : "flat";
  log.push({
    day,
    as_of: clock.today,
    close: closes.at(-1),
    mean_close: Math.round(mean * 100) / 100,
    latest_report_period: latest?.report_period ?? null,
    news_today: news.news.map((n) => n.title),
    action,
  });
  if (!clock.step()) break;
}
writeFileSync(logFile, log.map((entry) => JSON.stringify(entry)).join("\n") + "\n");
console.log(JSON.stringify({ scenario: scenario.id, ticker, days: log.length, log: logFile }));

function shiftDays(date: string, by: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + by);
  return d.toISOString().slice(0, 10);
}
