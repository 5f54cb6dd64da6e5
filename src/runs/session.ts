// One session of a run (docs/runs.md, "A day"): what happens between the close of the day the agent
// decided on and the close of the next trading day. In order: a company that left (acquired,
// delisted) pays its holders the cash per share, and the buyer's shares where it paid in them (its
// last trading day was the session before);
// splits going ex adjust the positions
// and the open orders; dividends going ex are owed on the shares held at the last close; dividends
// payable are paid; the open orders fill (sells first, so that a buy can spend what a sale brought
// in) at the open or where their limit is reached (touch.ts), and what did not fill expires; shorts
// pay their borrow fee; every position is marked at the close. The benchmark's buy-and-hold book
// lives through the same session, without costs.
import {
  cashOut,
  chargeBorrow,
  cents,
  dollars,
  goneEx,
  marks,
  payDividends,
  split,
  splitShares,
  trade,
  type Book,
  type Exchange,
  type LedgerEntry,
  type Order,
} from "./book.ts";
import { TRADING_DAYS_PER_YEAR, type CostModel } from "./costs.ts";
import { execute, type Bar } from "./fills.ts";
import { touchOf, type SessionMinutes } from "./touch.ts";

/** A split, a dividend, or a company leaving (acquired, delisted), of a ticker the run cares about, going ex in the session. */
export interface SessionAction {
  id: string;
  ticker: string;
  type: "split" | "dividend" | "acquisition" | "delisting";
  ex_date: string;
  payable_date: string;
  /** Shares after per share before (a split). */
  ratio: number;
  /** Cash per share (a dividend, an acquisition's consideration, a bankruptcy's recovery). */
  amount: number;
  /** An acquisition paid in the buyer's shares: the buyer, and its shares per share. */
  exchange?: { ticker: string; ratio: number };
}

/** What the market did in a session, for the tickers the run holds, has orders in, or benchmarks on. */
export interface Session {
  date: string;
  /** The session's bars of the tickers that traded (a crypto asset's: its bar of the same date, UTC). */
  bars: Record<string, Bar>;
  /** The stocks' minute bars, made only for a limit order that needs them. */
  minutes: SessionMinutes;
  /** Each ticker's last close on or before the session (its bar's, or an earlier one's when it did not trade). */
  closes: Record<string, number>;
  actions: SessionAction[];
  /** The policy rate in force, annual percent (the macro tape's risk_free_rate). */
  risk_free_rate: number;
}

export interface EquityPoint {
  date: string;
  cash: number;
  positions_value: number;
  equity: number;
  gross_exposure: number;
  benchmark: number;
  risk_free_rate: number;
}

/** What the session changes in a run. */
export interface RunBooks {
  book: Book;
  benchmark: Book;
  benchmark_ticker: string;
  open_orders: Order[];
  costs: CostModel;
}

/** The buyer's shares an acquisition pays, at the buyer's open of the session (its fractions are paid at it). */
function exchangeOf(action: SessionAction, session: Session): Exchange | undefined {
  if (!action.exchange) return undefined;
  const bar = session.bars[action.exchange.ticker];
  const price = bar?.open ?? session.closes[action.exchange.ticker];
  if (price === undefined) throw new Error(`${action.id}: no price of ${action.exchange.ticker} in the session`);
  return { ...action.exchange, price };
}

/** The documented order of a session's actions: companies leaving, then splits, then dividends. */
const ACTION_ORDER: Record<SessionAction["type"], number> = { acquisition: 0, delisting: 0, split: 1, dividend: 2 };

function applyActions(run: RunBooks, session: Session, entries: LedgerEntry[]): void {
  // In that order whatever order they come in (by ticker): a buyer's dividend going ex the day its
  // shares are received is owed on them, however the two tickers sort.
  const ordered = [...session.actions].sort((a, b) => ACTION_ORDER[a.type] - ACTION_ORDER[b.type]);
  for (const action of ordered) {
    if (action.type === "acquisition" || action.type === "delisting") {
      const exchange = exchangeOf(action, session);
      const entry = cashOut(run.book, action.type, action.ticker, action.id, action.amount, session.date, exchange);
      if (entry) entries.push(entry);
      cashOut(run.benchmark, action.type, action.ticker, action.id, action.amount, session.date, exchange);
    } else if (action.type === "split") {
      // A new share's price: the session's open (the close before, restated, if it did not trade).
      const newShare = session.bars[action.ticker]?.open ?? session.closes[action.ticker] / action.ratio;
      const entry = split(run.book, action.ticker, action.id, action.ratio, session.date, newShare);
      if (entry) entries.push(entry);
      const fund = run.benchmark.positions[action.ticker];
      if (fund) fund.shares *= action.ratio; // the benchmark's frictionless shares need not be whole
      for (const order of run.open_orders.filter((o) => o.ticker === action.ticker)) {
        order.shares = Math.floor(splitShares(order.shares, action.ratio));
        if (order.limit_price !== null) order.limit_price = Math.round((order.limit_price / action.ratio) * 100) / 100;
        order.basis = { ...order.basis, close: order.basis.close / action.ratio };
      }
    } else {
      const owed = {
        ticker: action.ticker,
        action_id: action.id,
        ex_date: action.ex_date,
        payable_date: action.payable_date,
        amount_per_share: action.amount,
      };
      goneEx(run.book, owed);
      goneEx(run.benchmark, owed);
    }
  }
}

async function fillOrders(run: RunBooks, session: Session, entries: LedgerEntry[]): Promise<void> {
  const bySide = [
    ...run.open_orders.filter((o) => o.side === "sell"),
    ...run.open_orders.filter((o) => o.side === "buy"),
  ];
  for (const order of bySide) {
    const bar = session.bars[order.ticker];
    const expire = (shares: number, reason: string) =>
      entries.push({
        kind: "expired",
        date: session.date,
        order_id: order.order_id,
        client_order_id: order.client_order_id,
        ticker: order.ticker,
        shares,
        reason,
        cash_change: 0,
      });
    // Only a reverse split makes an order of no whole share (an order is placed for one or more).
    if (order.shares === 0) {
      expire(0, "a reverse split left it less than one whole share");
      continue;
    }
    if (!bar) {
      expire(order.shares, "the ticker did not trade in the session");
      continue;
    }
    const touch = await touchOf(order, bar, session.minutes);
    if (!touch) {
      expire(order.shares, `the session's range did not reach the limit ${order.limit_price}`);
      continue;
    }
    const done = execute(order, touch, bar.volume, run.costs, run.book.cash_cents);
    if (done.shares > 0) {
      const sign = order.side === "buy" ? 1 : -1;
      const change = -sign * cents(done.shares * done.price) - cents(done.commission);
      run.book.cash_cents += change;
      trade(run.book, order.ticker, sign * done.shares, done.price);
      entries.push({
        kind: "fill",
        date: session.date,
        order_id: order.order_id,
        client_order_id: order.client_order_id,
        ticker: order.ticker,
        side: order.side,
        shares: done.shares,
        price: done.price,
        reference_price: done.reference_price,
        time: touch.time,
        commission: done.commission,
        spread_cost: done.spread_cost,
        impact_cost: done.impact_cost,
        cash_change: dollars(change),
      });
    }
    if (done.expired > 0) expire(done.expired, done.reason ?? "not filled");
  }
  run.open_orders = [];
}

/** The session applied to the run's books: its ledger entries and the close's equity point. */
export async function stepSession(
  run: RunBooks,
  session: Session,
): Promise<{ entries: LedgerEntry[]; point: EquityPoint }> {
  const entries: LedgerEntry[] = [];
  applyActions(run, session, entries);
  entries.push(...payDividends(run.book, session.date));
  payDividends(run.benchmark, session.date);
  await fillOrders(run, session, entries);
  entries.push(...chargeBorrow(run.book, session.closes, run.costs, session.date, TRADING_DAYS_PER_YEAR));
  return { entries, point: equityPoint(run, session) };
}

/** The books marked at the session's close. */
export function equityPoint(run: RunBooks, session: Pick<Session, "date" | "closes" | "risk_free_rate">): EquityPoint {
  const { value_cents, gross_cents } = marks(run.book, session.closes);
  const fund = run.benchmark.positions[run.benchmark_ticker]?.shares ?? 0;
  const benchmarkCents = run.benchmark.cash_cents + Math.round(fund * session.closes[run.benchmark_ticker] * 100);
  return {
    date: session.date,
    cash: dollars(run.book.cash_cents),
    positions_value: dollars(value_cents),
    equity: dollars(run.book.cash_cents + value_cents),
    gross_exposure: dollars(gross_cents),
    benchmark: dollars(benchmarkCents),
    risk_free_rate: session.risk_free_rate,
  };
}
