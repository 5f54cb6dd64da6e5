// How an order fills in the session after the day it was placed (docs/runs.md, "Fills"): a market
// order at the open; a limit order if the session's range reaches its limit, at the limit or at the
// open when that is better. At most the cost model's share of the session's volume fills; a buy
// fills no more than the cash can pay for; the rest expires (day orders). The price paid carries half
// the spread of the company's size tier and a square-root market impact; the commission is apart.
import type { Order } from "./book.ts";
import type { CostModel } from "./costs.ts";
import { round2, round4 } from "../contract/rounding.ts";

export interface Bar {
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
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

/** Price steps of fills: a tenth of a cent keeps costs of a cent-priced stock visible. */

/** The price the order trades at before costs, or null when the session never reaches its limit. */
export function referencePrice(order: Pick<Order, "side" | "type" | "limit_price">, bar: Bar): number | null {
  if (order.type === "market") return bar.open;
  const limit = order.limit_price!;
  if (order.side === "buy") return bar.low <= limit ? Math.min(bar.open, limit) : null;
  return bar.high >= limit ? Math.max(bar.open, limit) : null;
}

export function commissionOf(shares: number, price: number, costs: CostModel): number {
  const raw = Math.max(shares * costs.commission_per_share, costs.commission_minimum);
  return round2(Math.min(raw, shares * price * costs.commission_maximum_fraction));
}

/** Half-spread and impact as fractions of the price, for `shares` of a session trading `volume`. */
export function slippage(order: Pick<Order, "basis">, shares: number, volume: number, costs: CostModel) {
  const halfSpread = costs.half_spread_bps[order.basis.tier] / 10_000;
  const impact = costs.impact_coefficient * (order.basis.daily_volatility ?? 0) * Math.sqrt(shares / volume);
  return { halfSpread, impact };
}

/**
 * The order's execution in the session `bar`, with `cashCents` available to a buy. A limit order's
 * price with costs never passes its limit.
 */
export function execute(order: Order, bar: Bar, costs: CostModel, cashCents: number): Execution {
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
  const reference = referencePrice(order, bar);
  if (reference === null) return none(`the session's range did not reach the limit ${order.limit_price}`);
  if (bar.volume <= 0) return none("no shares traded in the session");
  const cap = Math.floor(bar.volume * costs.max_volume_share);
  let shares = Math.min(order.shares, cap);
  let reason = shares < order.shares ? `capped at ${costs.max_volume_share * 100}% of the session's volume` : null;
  const priced = (n: number) => {
    const { halfSpread, impact } = slippage(order, n, bar.volume, costs);
    const sign = order.side === "buy" ? 1 : -1;
    let price = round4(reference * (1 + sign * (halfSpread + impact)));
    if (order.type === "limit")
      price = sign > 0 ? Math.min(price, order.limit_price!) : Math.max(price, order.limit_price!);
    return { price, halfSpread, impact };
  };
  if (order.side === "buy") {
    // Fewer shares when the open gapped up past what the cash pays for.
    const costOf = (n: number) =>
      Math.round(n * priced(n).price * 100) + Math.round(commissionOf(n, priced(n).price, costs) * 100);
    if (shares > 0 && costOf(shares) > cashCents) {
      let low = 0;
      let high = shares;
      while (low < high) {
        const mid = Math.ceil((low + high) / 2);
        if (costOf(mid) <= cashCents) low = mid;
        else high = mid - 1;
      }
      shares = low;
      reason = "capped at what the cash pays for";
    }
  }
  if (shares === 0) return none(reason ?? "nothing could fill");
  const { price, halfSpread, impact } = priced(shares);
  // What the spread and the impact cost, apportioned from the price actually paid (a limit may have capped it).
  const slipped = Math.abs(price - reference) * shares;
  const share = halfSpread + impact > 0 ? halfSpread / (halfSpread + impact) : 0;
  return {
    shares,
    reference_price: reference,
    price,
    commission: commissionOf(shares, price, costs),
    spread_cost: round2(slipped * share),
    impact_cost: round2(slipped * (1 - share)),
    expired: order.shares - shares,
    reason: order.shares > shares ? reason : null,
  };
}
