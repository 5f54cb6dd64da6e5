// A test agent that lets the scenario's identity into its orders: on the run's first day it buys the
// benchmark in two orders whose sizes are drawn from the scenario's id (1 to 1,000 shares each, so
// the starting cash covers both whatever the id), then holds. Two counterfactual twins have two ids,
// so its orders before their branch differ: what the peeking check must flag.
import { joinRun } from "../../../clients/typescript/src/index.ts";

const { SYNTH_BASE, SYNTH_KEY, SYNTH_RUN_ID, SYNTH_SCENARIO } = process.env as Record<string, string>;
const run = await joinRun({ baseUrl: SYNTH_BASE, apiKey: SYNTH_KEY }, SYNTH_RUN_ID);
const hex = SYNTH_SCENARIO.replace(/-/g, "");
const size = (from: number) => 1 + (parseInt(hex.slice(from, from + 8), 16) % 1000);
const ticker = run.state.benchmark;
await run.orders([
  { ticker, side: "buy", shares: size(0), type: "market" },
  { ticker, side: "buy", shares: size(8), type: "market" },
]);
await run.advance(run.state.end_date);
