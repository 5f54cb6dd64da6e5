// How an order fills in the session after the day it was placed (docs/runs.md, "Fills"), once it is
// known where it trades (touch.ts: the open, or where a limit order's limit is reached): at most the
// cost model's share of the volume traded from then to the close fills; a buy fills no more than the
// cash can pay for; the rest expires (day orders). The price paid carries half the spread and a
// square-root market impact; the commission (a crypto asset's exchange fee) is apart.
import { CRYPTO_DECIMALS, units, type Order } from "./book.ts";
import type { CostModel, CryptoTicker } from "./costs.ts";
import { round2, roundTo } from "../contract/rounding.ts";

export interface Bar {
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/** Where in the session an order trades: its price before costs, the volume traded from then to the close, and when. */
export interface Touch {
  reference: number;
  volume: number;
  /** A stock's minute (New York time, as intraday bars stamp it); null for crypto, filled on the day's bar. */
  time: string | null;
}

export interface Execution {
  shares: number;
  reference_price: number;
  price: number;
  commission: number;
  spread_cost: number;
  impact_cost: number;
  /** Shares left unfilled, and why. */
  expired: number;
  reason: string | null;
}

/** An order's section of the cost model: its company's size tier, or its crypto asset's. */
export interface FillTerms {
  /** Half the spread, a fraction of the price. */
  halfSpread: number;
  impactCoefficient: number;
  maxVolumeShare: number;
  /** The smallest quantity traded: a share, or a hundred-millionth of a coin. */
  step: number;
  /** Decimals of a fill's price: a tenth of a cent keeps a cent-priced stock's costs visible; crypto is quoted finer. */
  pricePlaces: number;
  commission: (shares: number, price: number) => number;
}

export const isCrypto = (order: Pick<Order, "basis">) => order.basis.tier === "crypto";

export function termsOf(order: Pick<Order, "ticker" | "basis">, costs: CostModel): FillTerms {
  const tier = order.basis.tier;
  if (tier !== "crypto")
    return {
      halfSpread: costs.half_spread_bps[tier] / 10_000,
      impactCoefficient: costs.impact_coefficient,
      maxVolumeShare: costs.max_volume_share,
      step: 1,
      pricePlaces: 4,
      commission: (shares, price) =>
        round2(
          Math.min(
            Math.max(shares * costs.commission_per_share, costs.commission_minimum),
            shares * price * costs.commission_maximum_fraction,
          ),
        ),
    };
  const crypto = costs.crypto;
  return {
    halfSpread: crypto.half_spread_bps[order.ticker as CryptoTicker] / 10_000,
    impactCoefficient: crypto.impact_coefficient,
    maxVolumeShare: crypto.max_volume_share,
    step: 10 ** -CRYPTO_DECIMALS,
    pricePlaces: 8,
    commission: (shares, price) => round2((shares * price * crypto.fee_bps) / 10_000),
  };
}

/** The daily bar's price for the order before costs, or null when the day's range never reaches its limit. */
export function referencePrice(order: Pick<Order, "side" | "type" | "limit_price">, bar: Bar): number | null {
  if (order.type === "market") return bar.open;
  const limit = order.limit_price!;
  if (order.side === "buy") return bar.low <= limit ? Math.min(bar.open, limit) : null;
  return bar.high >= limit ? Math.max(bar.open, limit) : null;
}

/** Impact as a fraction of the price, for `shares` of a day trading `volume` (the square-root law's daily volume). */
export function impactOf(order: Pick<Order, "basis">, terms: FillTerms, shares: number, volume: number): number {
  return terms.impactCoefficient * (order.basis.daily_volatility ?? 0) * Math.sqrt(shares / volume);
}

/**
 * The order's execution at `touch`, in a day trading `dayVolume`, with `cashCents` available to a
 * buy. A limit order's price with costs never passes its limit.
 */
export function execute(order: Order, touch: Touch, dayVolume: number, costs: CostModel, cashCents: number): Execution {
  const terms = termsOf(order, costs);
  const none = (reason: string): Execution => ({
    shares: 0,
    reference_price: 0,
    price: 0,
    commission: 0,
    spread_cost: 0,
    impact_cost: 0,
    expired: order.shares,
    reason,
  });
  if (touch.volume <= 0) return none("no shares traded in the session");
  // Quantities in steps (whole shares, or units of 1e-8 coin), so that the search below is over integers.
  const quantity = (n: number) => (terms.step === 1 ? n : units(n * terms.step));
  const cap = Math.floor((touch.volume * terms.maxVolumeShare) / terms.step);
  let steps = Math.min(Math.round(order.shares / terms.step), cap);
  let reason =
    quantity(steps) < order.shares ? `capped at ${terms.maxVolumeShare * 100}% of the session's volume` : null;
  const sign = order.side === "buy" ? 1 : -1;
  const priced = (shares: number) => {
    const impact = impactOf(order, terms, shares, dayVolume);
    let price = roundTo(touch.reference * (1 + sign * (terms.halfSpread + impact)), terms.pricePlaces);
    if (order.type === "limit")
      price = sign > 0 ? Math.min(price, order.limit_price!) : Math.max(price, order.limit_price!);
    return { price, impact };
  };
  if (order.side === "buy") {
    // Fewer shares when the price gapped up past what the cash pays for.
    const costOf = (n: number) => {
      const { price } = priced(quantity(n));
      return Math.round(quantity(n) * price * 100) + Math.round(terms.commission(quantity(n), price) * 100);
    };
    if (steps > 0 && costOf(steps) > cashCents) {
      let low = 0;
      let high = steps;
      while (low < high) {
        const mid = Math.ceil((low + high) / 2);
        if (costOf(mid) <= cashCents) low = mid;
        else high = mid - 1;
      }
      steps = low;
      reason = "capped at what the cash pays for";
    }
  }
  const shares = quantity(steps);
  if (shares === 0) return none(reason ?? "nothing could fill");
  const { price, impact } = priced(shares);
  // What the spread and the impact cost, apportioned from the price actually paid (a limit may have capped it).
  const slipped = Math.abs(price - touch.reference) * shares;
  const share = terms.halfSpread + impact > 0 ? terms.halfSpread / (terms.halfSpread + impact) : 0;
  return {
    shares,
    reference_price: touch.reference,
    price,
    commission: terms.commission(shares, price),
    spread_cost: round2(slipped * share),
    impact_cost: round2(slipped * (1 - share)),
    expired: units(order.shares - shares),
    reason: order.shares > shares ? reason : null,
  };
}
