// A fundamentals rule: each quarter, among the companies whose last reported quarter was profitable,
// the third with the best sum of two ranks: revenue growth over the same quarter a year earlier (the
// statements), and the mean revision of analysts' EPS estimates published in the last 90 days (the
// estimates). Equal weights; the rest sold.
import { companiesTrading, daysBefore, equalWeights, everyMonths, rebalance, runFromEnvironment } from "./agent-kit.ts";

const REVISION_WINDOW_DAYS = 90;
const agent = await runFromEnvironment();
const { run, scenarioId } = agent;

interface Reading {
  ticker: string;
  growth: number;
  revision: number;
}

await everyMonths(run, 3, async (day) => {
  const trading = (await companiesTrading(agent)).map((c) => c.ticker);
  const readings: Reading[] = [];
  for (const ticker of trading) {
    const reading = await read(ticker, day);
    if (reading) readings.push(reading);
  }
  // Ranks and ties are decided by the numbers alone, never by tickers: the rule then trades a masked
  // twin (the same world under other names) exactly as its original.
  const rank = (r: Reading, key: "growth" | "revision") => readings.filter((o) => o[key] > r[key]).length;
  const chosen = readings
    .map((r) => ({ ...r, rank: rank(r, "growth") + rank(r, "revision") }))
    .sort((a, b) => a.rank - b.rank || b.growth - a.growth)
    .slice(0, Math.ceil(readings.length / 3))
    .map((r) => r.ticker);
  if (chosen.length > 0) await rebalance(run, equalWeights(chosen), new Set(trading));
});
console.log(JSON.stringify({ run: run.id, status: run.state.status }));

/** A profitable company's growth and estimate revision as of the run's day; null without five quarters or a profit. */
async function read(ticker: string, day: string): Promise<Reading | null> {
  const { data: statements } = await run.data.get("/financials/income-statements", {
    scenario_id: scenarioId,
    ticker,
    period: "quarterly",
    limit: 5,
  });
  const quarters = statements.income_statements;
  if (quarters.length < 5 || !(quarters[0].net_income! > 0) || !(quarters[4].revenue! > 0)) return null;
  const { data: estimates } = await run.data.get("/analyst-estimates", {
    scenario_id: scenarioId,
    ticker,
    metric_name: ["earnings_per_share"],
    limit: 200,
  });
  const since = daysBefore(day, REVISION_WINDOW_DAYS);
  const revisions = estimates.analyst_estimates
    .filter((e) => e.estimate_date >= since && e.revision_pct !== null)
    .map((e) => e.revision_pct!);
  const revision = revisions.length ? revisions.reduce((s, r) => s + r, 0) / revisions.length : 0;
  return { ticker, growth: quarters[0].revenue! / quarters[4].revenue! - 1, revision };
}
