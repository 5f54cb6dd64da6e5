// Buyers inside the world. Drawn after every company's exits, deal by deal in the order of their
// announcements: a deal that goes to a real company outside the world goes, with a chance, to a
// larger company of the world of the target's sector instead, which then pays cash, its own shares,
// or both. A company that agrees to buy one leaves the world no more: its own exits from that day
// on are dropped, so no buyer is ever bought and no chain of acquisitions forms. Each choice reads
// only what had begun by its announcement, so twins that part later agree on it.
import type { CompanyFacts } from "../../../src/bundle/types.ts";
import type { Rng } from "../../ground/rng.ts";
import type { CompanyPlan } from "./company-plan.ts";
import { TAKEOVERS } from "./tables.ts";
import { holdsOn, type Consideration, type PlanInput, type Takeover } from "./takeovers.ts";

const IN_WORLD = TAKEOVERS.in_world;

/** Deals whose buyer is a company of the world, by its ticker, in the order of their announcements. */
export function acquisitionsOf(plan: Map<string, CompanyPlan>): Map<string, Takeover[]> {
  const out = new Map<string, Takeover[]>();
  for (const deal of dealsInOrder(plan)) {
    if (!deal.buyer.inWorld) continue;
    out.set(deal.buyer.ticker!, [...(out.get(deal.buyer.ticker!) ?? []), deal]);
  }
  return out;
}

/** Every deal of the plan, by announcement (then target). */
const dealsInOrder = (plan: Map<string, CompanyPlan>) =>
  [...plan.values()]
    .flatMap((p) => p.takeovers)
    .sort((a, b) => a.announced - b.announced || (a.target < b.target ? -1 : a.target > b.target ? 1 : 0));

/** Gives some deals to buyers inside the world (in place). */
export function assignInWorldBuyers(plan: Map<string, CompanyPlan>, input: PlanInput): void {
  const byTicker = new Map(input.companies.map((c) => [c.ticker, c]));
  const bought: Takeover[] = [];
  for (const deal of dealsInOrder(plan)) {
    // Only a real public buyer's deal: a private firm's stays private.
    if (deal.buyer.ticker === null || !plan.get(deal.target)?.takeovers.includes(deal)) continue;
    const rng = input.rng.fork(`in-world/${deal.target}/${deal.announced}`);
    if (rng.uniform() >= IN_WORLD.share) continue;
    const target = byTicker.get(deal.target)!;
    const fitting = input.companies.filter((c) => fitsAsBuyer(c, target, deal.announced, { plan, bought, input }));
    if (fitting.length === 0) continue;
    const buyer = rng.pick(fitting);
    const terms = inWorldTerms(deal, buyer, rng);
    replaceDeal(plan, deal, terms);
    bought.push(terms);
    dropExitsFrom(plan, buyer.ticker, deal.announced);
  }
}

/**
 * A company of the target's sector, larger by `buyer_size` at the start, trading for `earliest_day`
 * days by then, that is not leaving (a deal holding it, its distress begun) nor buying already.
 */
function fitsAsBuyer(
  c: CompanyFacts,
  target: CompanyFacts,
  day: number,
  { plan, bought, input }: { plan: Map<string, CompanyPlan>; bought: Takeover[]; input: PlanInput },
): boolean {
  if (c.ticker === target.ticker || c.sector !== target.sector) return false;
  if (input.firstDay(c.ticker) + TAKEOVERS.earliest_day > day) return false;
  if (input.capOf(c.ticker) < TAKEOVERS.buyer_size * input.capOf(target.ticker)) return false;
  const own = plan.get(c.ticker);
  const leaving =
    own !== undefined &&
    (own.takeovers.some((d) => holdsOn(d, day)) || (own.failure !== undefined && own.failure.onset <= day));
  const buying = bought.some((d) => d.buyer.ticker === c.ticker && (d.ends === null || d.ends >= day));
  return !leaving && !buying;
}

function inWorldTerms(deal: Takeover, buyer: CompanyFacts, rng: Rng): Takeover {
  const consideration = considerationOf(rng.uniform());
  const cashShare = consideration === "cash" ? 1 : consideration === "stock" ? 0 : IN_WORLD.mixed_cash_share;
  const { mean, sd } = IN_WORLD.reaction[consideration];
  const reaction = Math.log(Math.max(0.5, 1 + mean + sd * rng.normal()));
  return {
    ...deal,
    buyer: { name: buyer.name, ticker: buyer.ticker, inWorld: true },
    consideration,
    cashShare,
    reaction,
  };
}

function considerationOf(u: number): Consideration {
  const { cash, stock } = IN_WORLD.consideration;
  return u < cash ? "cash" : u < cash + stock ? "stock" : "mixed";
}

function replaceDeal(plan: Map<string, CompanyPlan>, deal: Takeover, terms: Takeover): void {
  const p = plan.get(deal.target)!;
  plan.set(deal.target, { ...p, takeovers: p.takeovers.map((d) => (d === deal ? terms : d)) });
}

/** A buyer's own exits from `day` on are dropped: it stays in the world to the end. */
function dropExitsFrom(plan: Map<string, CompanyPlan>, ticker: string, day: number): void {
  const p = plan.get(ticker);
  if (!p) return;
  const kept: CompanyPlan = {
    takeovers: p.takeovers.filter((d) => d.announced < day),
    failure: p.failure && p.failure.onset < day ? p.failure : undefined,
  };
  if (kept.takeovers.length || kept.failure) plan.set(ticker, kept);
  else plan.delete(ticker);
}

/** Drops the deals a company was to buy from `day` on (a story's failure takes it first). */
export function dropDealsBoughtFrom(plan: Map<string, CompanyPlan>, ticker: string, day: number): void {
  for (const [target, p] of plan) {
    const kept = p.takeovers.filter((d) => !(d.buyer.inWorld && d.buyer.ticker === ticker && d.announced >= day));
    if (kept.length === p.takeovers.length) continue;
    if (kept.length || p.failure) plan.set(target, { ...p, takeovers: kept });
    else plan.delete(target);
  }
}
