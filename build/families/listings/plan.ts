// The hidden plan of each company that joins the world: its first trading day (the reference data's
// listing date), what its offering sells and how its first day goes, and the quiet period and
// lock-up that follow. Drawn before anything about the companies is generated, so that their
// analysts, insiders and prices all follow it.
import { BROKERS } from "../../models/names.ts";
import { addDays } from "../../models/calendar.ts";
import type { Regime } from "../../models/regimes.ts";
import type { Rng } from "../../ground/rng.ts";
import { round2 } from "../../models/rounding.ts";
import { LISTINGS } from "./tables.ts";

export interface Listing {
  /** Index of its first trading day. */
  first: number;
  /** Hidden: the first day's log move over the offer price (its close also takes the day's market). */
  firstDayJump: number;
  /** Share of its shares outstanding sold in the offering. */
  offered: number;
  /** Index of the first day its analysts may publish (the quiet period's end): may lie past the world. */
  quietEnd: number;
  /** Index of the first day its insiders may sell (the lock-up's end): may lie past the world. */
  lockupEnd: number;
  /** Its lead underwriters (invented broker firms). */
  underwriters: string[];
  /** The registration statement's file number. */
  registration: string;
}

/** The index of the first trading day on or after `date`; the world's length where none is left. */
function dayOnOrAfter(days: string[], date: string): number {
  const i = days.findIndex((d) => d >= date);
  return i < 0 ? days.length : i;
}

/** Each entrant's listing, by ticker (entrants: listing dates inside the world). */
export function planListings(
  days: string[],
  regimes: Regime[],
  entrants: Map<string, string>,
  rng: Rng,
): Map<string, Listing> {
  const plan = new Map<string, Listing>();
  for (const [ticker, date] of entrants) {
    const own = rng.fork(`listing/${ticker}`);
    const first = dayOnOrAfter(days, date);
    const r = LISTINGS.first_day_return;
    const firstDayReturn = Math.min(r.max, Math.max(r.min, r.mean[regimes[first]] + r.sd * own.normal()));
    const o = LISTINGS.offered;
    plan.set(ticker, {
      first,
      firstDayJump: Math.log(1 + firstDayReturn),
      offered: Math.min(o.max, Math.max(o.min, o.median * Math.exp(o.log_sd * own.normal()))),
      quietEnd: dayOnOrAfter(days, addDays(days[first], LISTINGS.quiet_period_days)),
      lockupEnd: dayOnOrAfter(days, addDays(days[first], LISTINGS.lockup_days)),
      underwriters: own.shuffle(BROKERS).slice(0, LISTINGS.lead_underwriters),
      registration: `333-${own.int(100000, 199999)}`,
    });
  }
  return plan;
}

/** What an offering sold and raised, as its prospectus states it. */
export interface OfferingTerms {
  /** The price per share (the close of the private company's last day, to the cent). */
  price: number;
  shares: number;
  gross: number;
  /** The underwriters' discount, a share of the gross proceeds. */
  discount: number;
  net: number;
}

/** The offering price of a stock that lists at bar `first`: its private company's last close, to the cent. */
export const offerPrice = (bars: { close: number }[], first: number) => round2(bars[first - 1].close);

/** The offering's terms from the entrant's listing and its hidden bars (the offer is its value the day before). */
export function offeringTerms(
  listing: Listing,
  stock: { bars: { close: number }[]; shares: number[] },
  grossSpread: number,
): OfferingTerms {
  const price = offerPrice(stock.bars, listing.first);
  const shares = Math.round((stock.shares[listing.first] * listing.offered) / 1000) * 1000;
  const gross = price * shares;
  return { price, shares, gross, discount: grossSpread, net: gross * (1 - grossSpread) };
}
