// The market-wide world of a scenario with its SPY, as the realism CLIs compare it with the real
// S&P 500 (discriminate.ts, panel-realism.ts): a fund's bars follow its benchmark, the market
// factor (only its compositions need the companies' caps), so no company is generated here.
import type { ScenarioSource } from "../ground/scenario-source.ts";
import { memoryScratch } from "../ground/scratch.ts";
import { cutAt, gather, generateMarket } from "../pipeline/world.ts";

/** The market world, its scenario, SPY, and the number of days up to the source's current_date. */
export function marketWithSpy(source: ScenarioSource) {
  const { world, scenario } = generateMarket(source, memoryScratch());
  gather(world, scenario).finish();
  const spy = world.funds.find((f) => f.spec.ticker === "SPY");
  if (!spy) throw new Error(`${source.name}: no SPY (universe.index_funds is off)`);
  return { world, scenario, spy, n: cutAt(world.days, source.current_date).days };
}
