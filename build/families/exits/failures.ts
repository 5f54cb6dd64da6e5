// Which companies fail: a hidden onset of distress, drawn day by day from a yearly rate by size tier
// and the regime (crises raise it), then the Chapter 11 filing a year or two later, the delisting a
// few days after it, and what the shareholders recover (mostly nothing). The business turns down
// from the onset (fundamentals.ts takes the distress), the price with it; the filing is news.
import type { CompanyFacts } from "../../../src/bundle/types.ts";
import type { Rng } from "../../ground/rng.ts";
import { firstDayOf } from "../../models/hazard.ts";
import { lognormal, type PlanInput } from "./takeovers.ts";
import { FAILURES } from "./tables.ts";

export interface Failure {
  target: string;
  /** Trading day the distress begins (hidden: the business turns down from then). */
  onset: number;
  /** Trading day of the Chapter 11 filing (released before the open); null when after the world's last day but one. */
  filed: number | null;
  /** The last trading day (the exchange delists the shares); null when not before the world's last. */
  lastDay: number | null;
  /** The equity's value on the filing's eve over its value at the onset. */
  decline: number;
  /** The filing day's close over the close before it. */
  filingMove: number;
  /** What the shareholders recover per share, as a share of the last close (0: nothing). */
  recovery: number;
}

/** A company's failure, if its distress begins inside the world. */
export function failureOf(facts: CompanyFacts, input: PlanInput, rng: Rng): Failure | null {
  const yearly = FAILURES.yearly_rate[input.tierOf(facts.ticker)] * input.failureRate;
  const onset = firstDayOf(
    input.regimes,
    yearly,
    FAILURES.regime_multiple,
    Math.max(1, input.firstDay(facts.ticker)),
    rng,
  );
  if (onset === null) return null;
  return failureFrom(facts, input, onset, onset + Math.round(lognormal(FAILURES.days_to_filing, rng)), rng);
}

/** A failure whose filing is set (a story names it), as a shock: its distress begins with the filing. */
export function failureOn(facts: CompanyFacts, input: PlanInput, filed: number, rng: Rng): Failure {
  return failureFrom(facts, input, filed, filed, rng);
}

function failureFrom(facts: CompanyFacts, input: PlanInput, onset: number, filing: number, rng: Rng): Failure {
  const n = input.days.length;
  const [least, most] = FAILURES.days_to_delisting;
  const last = filing + rng.int(least, most);
  const recovers = rng.uniform() < FAILURES.recovery.chance;
  const share = rng.between(...FAILURES.recovery.share);
  return {
    target: facts.ticker,
    onset,
    filed: filing <= n - 2 ? filing : null,
    lastDay: last <= n - 2 ? last : null,
    decline: lognormal(FAILURES.value_before_filing, rng),
    filingMove: lognormal(FAILURES.filing_move, rng),
    recovery: recovers ? share : 0,
  };
}

/**
 * The log price over the close before the filing, each day from the filing to the last trading day
 * (or the world's last): the filing's fall, then a random walk at the shares' volatility after it.
 */
export function afterFilingLevels(failure: Failure, n: number, rng: Rng): number[] {
  const levels = [Math.log(failure.filingMove)];
  for (let t = failure.filed! + 1; t <= (failure.lastDay ?? n - 1); t++)
    levels.push(levels.at(-1)! + FAILURES.after_filing_volatility * rng.normal());
  return levels;
}
