// The hidden plan of who leaves the world, drawn before anything about the companies is generated,
// so that their business, events, prices and filings all follow it: each company's takeovers
// (takeovers.ts) and its failure (failures.ts), whichever comes first. Drawn day by day forward, so
// twins agree on every exit whose first sign comes before their branch.
import { acquisitionsOf, assignInWorldBuyers, dropDealsBoughtFrom } from "./acquirers.ts";
import type { CompanyPlan } from "./company-plan.ts";
import type { Failure } from "./failures.ts";
import { failureOf, failureOn } from "./failures.ts";
import { holdsOn, takeoversOf, type PlanInput, type Takeover } from "./takeovers.ts";

/** A failure the story names: a company of these sectors files on day `filed`. */
export interface NamedFailure {
  sectors: string[];
  /** Only companies of these industries, where given. */
  industries?: string[];
  filed: number;
}

/** Each company's exits, by ticker (only companies with one). */
export function planExits(input: PlanInput, named?: NamedFailure): Map<string, CompanyPlan> {
  const inWorld = new Set(input.companies.map((c) => c.ticker));
  const plan = new Map<string, CompanyPlan>();
  for (const facts of input.companies) {
    if (input.kept.has(facts.ticker)) continue;
    const deals = takeoversOf(facts, input, inWorld, input.rng.fork(`takeover/${facts.ticker}`));
    const failure = failureOf(facts, input, input.rng.fork(`failure/${facts.ticker}`));
    const resolved = firstExit(deals, failure);
    if (resolved.takeovers.length || resolved.failure) plan.set(facts.ticker, resolved);
  }
  assignInWorldBuyers(plan, input);
  if (named) nameFailure(plan, input, named);
  return plan;
}

/**
 * The failure a story names: the largest company of its sectors below the mega caps, not one the
 * scenario names and with no exit begun by the day, files on it. It comes as a shock (a run on a
 * bank): no distress before it, so nothing before the catalyst differs from a world without one.
 * Not a company that has agreed to buy another by then; deals it was to agree to later are dropped.
 */
function nameFailure(plan: Map<string, CompanyPlan>, input: PlanInput, named: NamedFailure): void {
  const buying = acquisitionsOf(plan);
  const begunBy = (ticker: string) => {
    const p = plan.get(ticker);
    const leaving =
      p !== undefined &&
      (p.takeovers.some((d) => holdsOn(d, named.filed)) || (p.failure !== undefined && p.failure.onset <= named.filed));
    return leaving || (buying.get(ticker) ?? []).some((d) => d.announced <= named.filed);
  };
  const candidates = input.companies.filter(
    (c) =>
      named.sectors.includes(c.sector) &&
      (!named.industries || named.industries.includes(c.industry)) &&
      !input.kept.has(c.ticker) &&
      input.tierOf(c.ticker) !== "mega" &&
      input.firstDay(c.ticker) < named.filed &&
      !begunBy(c.ticker),
  );
  const chosen = candidates.sort((a, b) => input.capOf(b.ticker) - input.capOf(a.ticker))[0];
  if (!chosen) return;
  const failure = failureOn(chosen, input, named.filed, input.rng.fork(`named-failure/${chosen.ticker}`));
  const deals = plan.get(chosen.ticker)?.takeovers ?? [];
  plan.set(chosen.ticker, { takeovers: deals.filter((d) => d.announced < named.filed), failure });
  dropDealsBoughtFrom(plan, chosen.ticker, named.filed);
}

/**
 * A deal signed before the distress begins that has not broken by then takes the company out first
 * (or still holds it at the end): no failure. Otherwise the distress does, and no deal is signed
 * after its onset.
 */
function firstExit(deals: Takeover[], failure: Failure | null): CompanyPlan {
  if (!failure) return { takeovers: deals };
  const holding = deals.some((d) => d.announced < failure.onset && holdsOn(d, failure.onset));
  return holding ? { takeovers: deals } : { takeovers: deals.filter((d) => d.announced < failure.onset), failure };
}
