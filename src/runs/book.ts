// A run's book: its cash, positions, open orders and what is owed it, and the pure steps that change
// them (docs/runs.md). Cash is kept in whole cents, so that the ledger's cash changes add up to the
// book's cash exactly and an independent replay lands on the same cent.
import { roundTo } from "../contract/rounding.ts";
import type { CostModel, CostTier } from "./costs.ts";

export type Side = "buy" | "sell";
export type OrderType = "market" | "limit";

/** What the agent asked for: one of shares, notional or target weight. */
export type OrderSize = { shares: number } | { notional: number } | { target_weight: number };

/**
 * What was known at the decision day's close, fixed on the order: what its fill's costs are computed
 * from. The volatility is read once for all the day's orders, as the day advances.
 */
export interface OrderBasis {
  close: number;
  tier: CostTier;
  daily_volatility: number | null;
}

export interface Order {
  order_id: string;
  client_order_id: string | null;
  ticker: string;
  side: Side;
  /** Whole shares (crypto: units to 8 decimals) to trade, fixed when placed. */
  shares: number;
  type: OrderType;
  limit_price: number | null;
  requested: OrderSize;
  placed_on: string;
  basis: OrderBasis;
}

export interface Position {
  /** Negative for a short. */
  shares: number;
  /** The average price of the shares held, as paid (fills' prices, split-adjusted). */
  average_price: number;
}

/** A dividend gone ex, owed (or, on a short, due) on its payable date. */
export interface Entitlement {
  ticker: string;
  action_id: string;
  ex_date: string;
  payable_date: string;
  amount_per_share: number;
  shares: number;
}

export interface Book {
  cash_cents: number;
  positions: Record<string, Position>;
  entitlements: Entitlement[];
}

export interface FillEntry {
  kind: "fill";
  date: string;
  order_id: string;
  client_order_id: string | null;
  ticker: string;
  side: Side;
  shares: number;
  /** The price paid or received per share, spread and impact included. */
  price: number;
  /** The open, or the limit (or the open of the minute that reached it) when that is better, before costs. */
  reference_price: number;
  /** A stock's minute of the fill, New York time as intraday bars stamp it; null for crypto (filled on the day's bar). */
  time: string | null;
  commission: number;
  spread_cost: number;
  impact_cost: number;
  cash_change: number;
}
export interface DividendEntry {
  kind: "dividend";
  date: string;
  ticker: string;
  action_id: string;
  ex_date: string;
  shares: number;
  amount_per_share: number;
  cash_change: number;
}
export interface SplitEntry {
  kind: "split";
  date: string;
  ticker: string;
  action_id: string;
  ratio: number;
  shares_before: number;
  shares_after: number;
  /** A reverse split's fraction of a new share, paid in cash at this price (absent when none is left). */
  cash_in_lieu_price?: number;
  cash_change: number;
}
export interface FeeEntry {
  kind: "borrow_fee";
  date: string;
  ticker: string;
  /** The short position's value at the close the fee is charged on. */
  short_value: number;
  cash_change: number;
}
export interface ExpiryEntry {
  kind: "expired";
  date: string;
  order_id: string;
  client_order_id: string | null;
  ticker: string;
  shares: number;
  reason: string;
  cash_change: 0;
}
/**
 * A company that left: its shares exchanged for cash (an acquisition's consideration, a bankruptcy's
 * recovery) and, where the buyer paid in its shares, for those.
 */
export interface AcquisitionEntry {
  kind: "acquisition" | "delisting";
  date: string;
  ticker: string;
  action_id: string;
  /** Shares held at the last close (negative for a short, which pays the consideration). */
  shares: number;
  cash_per_share: number;
  cash_change: number;
  /** A consideration in the buyer's shares: whole shares received (a short owes them), and the fraction paid in cash at `exchange_price`. */
  received_ticker?: string;
  exchange_ratio?: number;
  received_shares?: number;
  exchange_price?: number;
}

/** A buyer's shares paid for each share of a company that left, and the price a fraction of one is paid in cash at. */
export interface Exchange {
  ticker: string;
  ratio: number;
  price: number;
}

export type LedgerEntry = FillEntry | DividendEntry | SplitEntry | FeeEntry | ExpiryEntry | AcquisitionEntry;

export const cents = (dollars: number) => Math.round(dollars * 100);
export const dollars = (cents: number) => cents / 100;

/** Crypto trades in units to 8 decimals (a satoshi, Bitcoin's smallest unit); stocks and funds in whole shares. */
export const CRYPTO_DECIMALS = 8;
/** A quantity to 8 decimals, so that sums of crypto units gather no float noise (whole shares stay as they are). */
export const units = (x: number) => roundTo(x, CRYPTO_DECIMALS);

export function emptyBook(cashCents: number): Book {
  return { cash_cents: cashCents, positions: {}, entitlements: [] };
}

/** Shares held of a ticker (0 for none). */
export const held = (book: Book, ticker: string) => book.positions[ticker]?.shares ?? 0;

/** Shares change by `delta` at `price`; a position that closes is removed; a flip starts at the fill's price. */
export function trade(book: Book, ticker: string, delta: number, price: number): void {
  const before = held(book, ticker);
  const after = units(before + delta);
  if (after === 0) {
    delete book.positions[ticker];
    return;
  }
  const growing = before === 0 || Math.sign(before) !== Math.sign(after) || Math.abs(after) > Math.abs(before);
  const sameSide = before !== 0 && Math.sign(before) === Math.sign(after);
  const average = !growing
    ? book.positions[ticker].average_price
    : sameSide
      ? (book.positions[ticker].average_price * before + price * delta) / after
      : price;
  book.positions[ticker] = { shares: after, average_price: average };
}

/** Shares after a split: times a forward ratio, over a reverse one's old shares per new (exact for whole shares). */
export const splitShares = (shares: number, ratio: number) =>
  ratio < 1 ? shares / Math.round(1 / ratio) : shares * ratio;

/**
 * A split on its ex-date: held shares times the ratio, toward zero. The fraction of a share a reverse
 * split leaves is paid in cash at `newSharePrice` (cash in lieu, as brokers pay it; a short pays it).
 */
export function split(
  book: Book,
  ticker: string,
  actionId: string,
  ratio: number,
  date: string,
  newSharePrice: number,
): SplitEntry | null {
  const before = held(book, ticker);
  if (before === 0) return null;
  const exact = splitShares(before, ratio);
  const after = Math.trunc(exact);
  const change = cents((exact - after) * newSharePrice);
  const position = book.positions[ticker];
  book.positions[ticker] = { shares: after, average_price: position.average_price / ratio };
  if (after === 0) delete book.positions[ticker];
  book.cash_cents += change;
  return {
    kind: "split",
    date,
    ticker,
    action_id: actionId,
    ratio,
    shares_before: before,
    shares_after: after,
    ...(change !== 0 && { cash_in_lieu_price: newSharePrice }),
    cash_change: dollars(change),
  };
}

/**
 * A company leaving on its ex-date (the first session after its last trading day): the position is
 * exchanged for the cash per share at once (a short pays it; a bankruptcy's is mostly 0), so that no
 * share is held without a price.
 */
export function cashOut(
  book: Book,
  kind: AcquisitionEntry["kind"],
  ticker: string,
  actionId: string,
  cashPerShare: number,
  date: string,
  exchange?: Exchange,
): AcquisitionEntry | null {
  const shares = held(book, ticker);
  if (shares === 0) return null;
  delete book.positions[ticker];
  // Whole shares of the buyer (toward zero for a short), the fraction in cash, as brokers pay it.
  const received = exchange ? shares * exchange.ratio : 0;
  const whole = Math.trunc(received);
  const change = cents(shares * cashPerShare + (received - whole) * (exchange?.price ?? 0));
  book.cash_cents += change;
  if (exchange && whole !== 0) trade(book, exchange.ticker, whole, exchange.price);
  return {
    kind,
    date,
    ticker,
    action_id: actionId,
    shares,
    cash_per_share: cashPerShare,
    cash_change: dollars(change),
    ...(exchange && {
      received_ticker: exchange.ticker,
      exchange_ratio: exchange.ratio,
      received_shares: whole,
      exchange_price: exchange.price,
    }),
  };
}

/** A dividend gone ex on `date`: the shares held at the last close are owed it (a short owes it). */
export function goneEx(book: Book, e: Omit<Entitlement, "shares">): void {
  const shares = held(book, e.ticker);
  if (shares !== 0) book.entitlements.push({ ...e, shares });
}

/** Dividends payable by `date`, paid (or charged to a short), as ledger entries. */
export function payDividends(book: Book, date: string): DividendEntry[] {
  const due = book.entitlements.filter((e) => e.payable_date <= date);
  book.entitlements = book.entitlements.filter((e) => e.payable_date > date);
  return due.map((e) => {
    const change = cents(e.shares * e.amount_per_share);
    book.cash_cents += change;
    return {
      kind: "dividend",
      date,
      ticker: e.ticker,
      action_id: e.action_id,
      ex_date: e.ex_date,
      shares: e.shares,
      amount_per_share: e.amount_per_share,
      cash_change: dollars(change),
    };
  });
}

/** The borrow fee of each short for the session, on its value at the close. */
export function chargeBorrow(
  book: Book,
  closes: Record<string, number>,
  costs: CostModel,
  date: string,
  days: number,
): FeeEntry[] {
  const out: FeeEntry[] = [];
  for (const [ticker, { shares }] of Object.entries(book.positions)) {
    if (shares >= 0 || costs.borrow_fee_annual === 0) continue;
    const value = -shares * closes[ticker];
    const fee = cents((value * costs.borrow_fee_annual) / days);
    if (fee === 0) continue;
    book.cash_cents -= fee;
    out.push({ kind: "borrow_fee", date, ticker, short_value: dollars(cents(value)), cash_change: -dollars(fee) });
  }
  return out;
}

/** Every position at its close: market value, and gross exposure (long plus short). */
export function marks(book: Book, closes: Record<string, number>): { value_cents: number; gross_cents: number } {
  let value = 0;
  let gross = 0;
  for (const [ticker, { shares }] of Object.entries(book.positions)) {
    const v = cents(shares * closes[ticker]);
    value += v;
    gross += Math.abs(v);
  }
  return { value_cents: value, gross_cents: gross };
}
