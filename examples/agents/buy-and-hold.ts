// Buy and hold: on the run's first day, every company trading at equal weights (98% of equity), then
// hold to the end. Unlike the `equal_weight` baseline it never rebalances, so winners grow in it.
import { companiesTrading, equalWeights, rebalance, runFromEnvironment } from "./agent-kit.ts";

const agent = await runFromEnvironment();
const { run } = agent;
const companies = await companiesTrading(agent);
const tickers = companies.map((c) => c.ticker);
await rebalance(run, equalWeights(tickers), new Set(tickers));
await run.advance(run.state.end_date);
console.log(JSON.stringify({ run: run.id, held: tickers.length, status: run.state.status }));
