// Momentum: at each month's end, the third of the companies with the highest return over the last
// three months (from adjusted closes: splits and dividends restated), at equal weights; the rest sold.
// Three months rather than the classic twelve (Jegadeesh and Titman 1993) because many worlds last a year.
import { companiesTrading, daysBefore, equalWeights, everyMonths, rebalance, runFromEnvironment } from "./agent-kit.ts";

const LOOKBACK_DAYS = 91;
const agent = await runFromEnvironment();
const { run, scenarioId } = agent;

await everyMonths(run, 1, async (day) => {
  const trading = (await companiesTrading(agent)).map((c) => c.ticker);
  const returns = await trailingReturns(trading, daysBefore(day, LOOKBACK_DAYS));
  const ranked = [...returns].sort((a, b) => b[1] - a[1]).map(([t]) => t);
  const winners = ranked.slice(0, Math.max(1, Math.ceil(ranked.length / 3)));
  // Too little history (the first weeks of a world) ranks nothing: nothing is traded.
  if (ranked.length >= 3) await rebalance(run, equalWeights(winners), new Set(trading));
});
console.log(JSON.stringify({ run: run.id, status: run.state.status }));

/** Each company's return since `from` (those with bars on both ends), in requests of 50 tickers. */
async function trailingReturns(tickers: string[], from: string): Promise<Map<string, number>> {
  const closes = new Map<string, number[]>();
  for (let i = 0; i < tickers.length; i += 50) {
    const query = {
      scenario_id: scenarioId,
      tickers: tickers.slice(i, i + 50),
      start_date: from,
      include_components: true,
    };
    for await (const bar of run.data.paginate("/prices", "prices" as never, query as never, { pageSize: 10_000 })) {
      const { ticker, adjusted_close } = bar as { ticker: string; adjusted_close: number };
      closes.set(ticker, [...(closes.get(ticker) ?? []), adjusted_close]);
    }
  }
  const returns = new Map<string, number>();
  for (const [ticker, series] of closes) if (series.length >= 40) returns.set(ticker, series.at(-1)! / series[0] - 1);
  return returns;
}
