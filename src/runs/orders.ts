// Placing orders on the run's day (docs/runs.md, "Orders"): each request becomes a quantity at the
// day's close (whole shares; a crypto asset's units to 8 decimals): a notional buys what it pays
// for, a target weight trades to that share of equity; or the whole list is refused with the reason,
// and nothing is placed.
import {
  CRYPTO_DECIMALS,
  held,
  units,
  type Book,
  type Order,
  type OrderSize,
  type OrderType,
  type Side,
} from "./book.ts";
import { sizeTier, type CostModel } from "./costs.ts";
import { termsOf } from "./fills.ts";

export interface OrderRequest {
  ticker: string;
  side?: Side;
  shares?: number;
  notional?: number;
  target_weight?: number;
  type: OrderType;
  limit_price?: number;
  client_order_id?: string;
}

/** What the run knows of a ticker at the day's close. */
export interface Quote {
  kind: "company" | "fund" | "warrant" | "crypto" | null;
  /** The day's close, or null before its first session. */
  close: number | null;
  market_cap: number | null;
  /** Null when not asked for (placing an order: it is read when the day's orders fill). */
  daily_volatility: number | null;
  /** The last trading day of a company that has left the market by the day (acquired); else null. */
  delisted: string | null;
}

/** An order refused: its status (409: the run's state refuses it; 422: the order itself) and why. */
export class Refusal extends Error {
  readonly status: 409 | 422;
  constructor(status: 409 | 422, detail: string) {
    super(detail);
    this.status = status;
  }
}

export interface Placement {
  placed: Order[];
  /** Target-weight orders already at their target: nothing placed. */
  unchanged: { ticker: string; client_order_id: string | null }[];
}

interface DayBook {
  day: string;
  book: Book;
  open_orders: Order[];
  /** The day's equity and each held ticker's close. */
  equity_cents: number;
  closes: Record<string, number>;
  costs: CostModel;
}

const pendingShares = (orders: Order[], ticker: string, sides: Side[] = ["buy", "sell"]) =>
  units(
    orders
      .filter((o) => o.ticker === ticker && sides.includes(o.side))
      .reduce((n, o) => n + (o.side === "buy" ? o.shares : -o.shares), 0),
  );

/** A quantity toward zero in what the asset trades in: whole shares, or crypto units to 8 decimals. */
function truncated(x: number, crypto: boolean): number {
  if (!crypto) return Math.trunc(x);
  // The nudge keeps float noise (0.29 computed as 0.28999999999) from losing a unit.
  const scale = 10 ** CRYPTO_DECIMALS;
  return (Math.sign(x) * Math.floor(Math.abs(x) * scale + 1e-6)) / scale;
}

function sizeOf(
  r: OrderRequest,
  close: number,
  crypto: boolean,
  run: DayBook,
  orders: Order[],
): { side: Side; shares: number; requested: OrderSize } {
  if (r.shares !== undefined) {
    if (truncated(r.shares, crypto) !== r.shares)
      throw new Refusal(
        422,
        crypto
          ? `A quantity of ${r.ticker} has at most ${CRYPTO_DECIMALS} decimals (got ${r.shares})`
          : `A quantity of ${r.ticker} must be a whole number of shares (got ${r.shares})`,
      );
    return { side: r.side!, shares: r.shares, requested: { shares: r.shares } };
  }
  if (r.notional !== undefined) {
    const shares = truncated(r.notional / close, crypto);
    if (shares <= 0)
      throw new Refusal(
        422,
        `A notional of ${r.notional} buys no ${crypto ? "unit" : "whole share"} of ${r.ticker} at ${close}`,
      );
    return { side: r.side!, shares, requested: { notional: r.notional } };
  }
  const target = truncated((r.target_weight! * run.equity_cents) / 100 / close, crypto);
  const delta = units(target - held(run.book, r.ticker) - pendingShares(orders, r.ticker));
  const side: Side = delta >= 0 ? "buy" : "sell";
  if (r.side && delta !== 0 && r.side !== side)
    throw new Refusal(422, `A target weight of ${r.target_weight} for ${r.ticker} means a ${side}, not a ${r.side}`);
  return { side, shares: Math.abs(delta), requested: { target_weight: r.target_weight! } };
}

/** The estimated cash a buy takes at the close, with its costs, in cents. */
function buyCost(order: Order, costs: CostModel): number {
  const price = order.type === "limit" ? order.limit_price! : order.basis.close;
  const { halfSpread, commission } = termsOf(order, costs);
  return Math.round(order.shares * price * (1 + halfSpread) * 100 + commission(order.shares, price) * 100);
}

/** 409 for a crypto sell of more than is held less the day's other sells: crypto trades spot, without shorts. */
function requireHeld(run: DayBook, orders: Order[], order: Order): void {
  const left = units(held(run.book, order.ticker) + pendingShares(orders, order.ticker, ["sell"]) - order.shares);
  if (left < 0)
    throw new Refusal(
      409,
      `Selling ${order.shares} ${order.ticker} would sell more than the run holds (${held(run.book, order.ticker)}, less the day's other sells of it): crypto trades spot, without shorts`,
    );
}

/** 409 when the orders, filled at the day's close, would spend more than the cash or pass the exposure cap. */
function requireAffordable(run: DayBook, orders: Order[]): void {
  const closes: Record<string, number> = { ...run.closes };
  for (const o of orders) closes[o.ticker] = o.basis.close;
  const after: Record<string, number> = {};
  for (const [t, p] of Object.entries(run.book.positions)) after[t] = p.shares;
  let cash = run.book.cash_cents;
  for (const o of orders.filter((x) => x.side === "sell")) {
    cash += Math.round(o.shares * o.basis.close * 100);
    after[o.ticker] = (after[o.ticker] ?? 0) - o.shares;
  }
  for (const o of orders.filter((x) => x.side === "buy")) {
    cash -= buyCost(o, run.costs);
    if (cash < 0)
      throw new Refusal(
        409,
        `Buying ${o.shares} ${o.ticker} would spend more than the cash (${(run.book.cash_cents / 100).toFixed(2)}, with the day's other orders)`,
      );
    after[o.ticker] = (after[o.ticker] ?? 0) + o.shares;
  }
  const gross = Object.entries(after).reduce((s, [t, n]) => s + Math.abs(n * closes[t]) * 100, 0);
  const cap = run.costs.max_gross_exposure * run.equity_cents;
  if (gross > cap)
    throw new Refusal(
      409,
      `The orders would take gross exposure to ${(gross / run.equity_cents).toFixed(2)}× equity; the cap is ${run.costs.max_gross_exposure}×`,
    );
}

/** The day's new orders (numbered from `nextNumber`), or a Refusal for the first that cannot be placed. */
export function placeOrders(
  run: DayBook,
  requests: OrderRequest[],
  quotes: Map<string, Quote>,
  nextNumber: number,
): Placement {
  const orders = [...run.open_orders];
  const placement: Placement = { placed: [], unchanged: [] };
  for (const r of requests) {
    const quote = quotes.get(r.ticker);
    if (!quote?.kind) throw new Refusal(422, `The scenario does not list ticker ${r.ticker}`);
    if (quote.kind === "warrant") throw new Refusal(422, `${r.ticker} is a warrant: warrants do not trade in a run`);
    if (quote.close === null) throw new Refusal(422, `${r.ticker} is not yet trading on ${run.day}`);
    if (quote.delisted !== null)
      throw new Refusal(422, `${r.ticker} no longer trades: its last trading day was ${quote.delisted}`);
    const crypto = quote.kind === "crypto";
    const { side, shares, requested } = sizeOf(r, quote.close, crypto, run, orders);
    if (shares === 0) {
      placement.unchanged.push({ ticker: r.ticker, client_order_id: r.client_order_id ?? null });
      continue;
    }
    const order: Order = {
      order_id: `o${String(nextNumber++).padStart(6, "0")}`,
      client_order_id: r.client_order_id ?? null,
      ticker: r.ticker,
      side,
      shares,
      type: r.type,
      limit_price: r.type === "limit" ? r.limit_price! : null,
      requested,
      placed_on: run.day,
      basis: {
        close: quote.close,
        tier: crypto ? "crypto" : sizeTier(quote.market_cap, quote.kind === "fund"),
        daily_volatility: quote.daily_volatility,
      },
    };
    if (crypto && side === "sell") requireHeld(run, orders, order);
    orders.push(order);
    placement.placed.push(order);
  }
  requireAffordable(run, orders);
  return placement;
}
