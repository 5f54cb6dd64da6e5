// The run's engine (docs/runs.md): opening a run on its first day, placing and cancelling orders on
// the run's day, stepping sessions, and scoring the run when it ends. Pure over the run's record and
// a Market; the Durable Object (run-object.ts) keeps the record and writes what a step returns.
import {
  cents,
  dollars,
  emptyBook,
  splitShares,
  units,
  type AcquisitionEntry,
  type LedgerEntry,
  type Order,
  type SplitEntry,
} from "./book.ts";
import { placeOrders, Refusal, type OrderRequest, type Placement, type Quote } from "./orders.ts";
import type { OrderRecord, RunRecord, RunTerms } from "./record.ts";
import { scoreRun, type Score } from "./score.ts";
import { equityPoint, stepSession, type EquityPoint, type Session } from "./session.ts";

/** What a run reads of its scenario's market, at a day (src/runs/bundle-market.ts over a bundle). */
export interface Market {
  /** The trading days in [first, last], the first `limit` of them when given. */
  tradingDays(first: string, last: string, limit?: number): Promise<string[]>;
  quotes(day: string, tickers: string[], withVolatility?: boolean): Promise<Map<string, Quote>>;
  session(date: string, tickers: string[]): Promise<Session>;
}

export interface OpenedRun {
  record: RunRecord;
  point: EquityPoint;
}

/** The run on its first trading day on or after `start`, its books at that close; a Refusal for dates with no room. */
export async function openRun(
  terms: Omit<RunTerms, "start_date" | "end_date">,
  start: string,
  end: string,
  market: Market,
): Promise<OpenedRun> {
  const days = await market.tradingDays(start, end);
  if (days.length < 2)
    throw new Refusal(422, `A run needs two trading days between ${start} and ${end}; there are ${days.length}`);
  const [first, last] = [days[0], days[days.length - 1]];
  const session = await market.session(first, [terms.benchmark]);
  const fundClose = session.closes[terms.benchmark];
  if (!fundClose) throw new Refusal(422, `The benchmark ${terms.benchmark} has no close on ${first}`);
  const cash = cents(terms.starting_cash);
  const benchmark = emptyBook(0);
  benchmark.positions[terms.benchmark] = { shares: dollars(cash) / fundClose, average_price: fundClose };
  const record: RunRecord = {
    terms: { ...terms, start_date: first, end_date: last },
    day: first,
    status: "running",
    finished_reason: null,
    book: emptyBook(cash),
    benchmark_book: benchmark,
    open_orders: [],
    closes: { [terms.benchmark]: fundClose },
    next_order_number: 1,
    score: null,
    score_after_current_date: null,
  };
  return { record, point: equityPoint(booksOf(record), { ...session, date: first }) };
}

const booksOf = (r: RunRecord) => ({
  book: r.book,
  benchmark: r.benchmark_book,
  benchmark_ticker: r.terms.benchmark,
  open_orders: r.open_orders,
  costs: r.terms.costs,
});

export function requireRunning(record: RunRecord): void {
  if (record.status !== "running")
    throw new Refusal(
      409,
      `Run ${record.terms.run_id} is finished (${record.finished_reason}): it takes no more orders or days`,
    );
}

/** The day's equity in cents, from the last equity point. */
export async function place(
  record: RunRecord,
  requests: OrderRequest[],
  equity: number,
  market: Market,
): Promise<Placement> {
  requireRunning(record);
  const quotes = await market.quotes(
    record.day,
    requests.map((r) => r.ticker),
    false,
  );
  const placement = placeOrders(
    {
      day: record.day,
      book: record.book,
      open_orders: record.open_orders,
      equity_cents: cents(equity),
      closes: record.closes,
      costs: record.terms.costs,
    },
    requests,
    quotes,
    record.next_order_number,
  );
  record.next_order_number += placement.placed.length;
  record.open_orders.push(...placement.placed);
  return placement;
}

/** The open order, removed; a Refusal when there is none of that id. */
export function cancel(record: RunRecord, orderId: string): Order {
  requireRunning(record);
  const i = record.open_orders.findIndex((o) => o.order_id === orderId || o.client_order_id === orderId);
  if (i < 0)
    throw new Refusal(
      409,
      `Order ${orderId} is not open: only an order placed on the run's day can be cancelled, before the day advances`,
    );
  return record.open_orders.splice(i, 1)[0];
}

export interface Advance {
  entries: LedgerEntry[];
  points: EquityPoint[];
  /** The orders the sessions settled: filled, partly filled or expired. */
  settled: Order[];
}

/** The sessions after the run's day up to `to` (or the next one), stepped; the run finishes on its end date. */
export async function advance(record: RunRecord, to: string | undefined, market: Market): Promise<Advance> {
  requireRunning(record);
  if (to !== undefined && to <= record.day)
    throw new Refusal(422, `The run is on ${record.day}: a day to advance to must be later (got ${to})`);
  const last = to !== undefined && to < record.terms.end_date ? to : record.terms.end_date;
  // The day after the run's: the next session alone, unless a later date is asked for.
  const dates = (await market.tradingDays(record.day, last, to === undefined ? 2 : undefined)).filter(
    (d) => d > record.day,
  );
  if (to === undefined) dates.splice(1);
  if (dates.length === 0) throw new Refusal(422, `No trading day after ${record.day} up to ${last}`);
  await fixVolatility(record, market);
  const out: Advance = { entries: [], points: [], settled: [] };
  for (const date of dates) {
    out.settled.push(...record.open_orders);
    const tickers = [
      ...Object.keys(record.book.positions),
      ...record.open_orders.map((o) => o.ticker),
      record.terms.benchmark,
    ];
    const session = await market.session(date, tickers);
    // A ticker that did not trade in the session is marked at its last close.
    session.closes = { ...record.closes, ...session.closes };
    const books = booksOf(record);
    const { entries, point } = await stepSession(books, session);
    Object.assign(record, {
      book: books.book,
      benchmark_book: books.benchmark,
      open_orders: books.open_orders,
      day: date,
    });
    const kept = [...Object.keys(record.book.positions), record.terms.benchmark];
    record.closes = Object.fromEntries(kept.map((t) => [t, session.closes[t]]));
    out.entries.push(...entries);
    out.points.push(point);
  }
  if (record.day === record.terms.end_date) Object.assign(record, { status: "finished", finished_reason: "end_date" });
  return out;
}

/** The day's open orders get their tickers' volatility of the day, read at once for all. */
async function fixVolatility(record: RunRecord, market: Market): Promise<void> {
  const open = record.open_orders.filter((o) => o.basis.daily_volatility === null);
  if (open.length === 0) return;
  const quotes = await market.quotes(
    record.day,
    open.map((o) => o.ticker),
  );
  for (const order of open)
    order.basis = { ...order.basis, daily_volatility: quotes.get(order.ticker)!.daily_volatility };
}

/** Orders' records after the sessions' ledger entries. */
export function settledRecords(settled: Order[], entries: LedgerEntry[]): OrderRecord[] {
  return settled.map((order) => {
    const fills = entries.filter((e) => e.kind === "fill" && e.order_id === order.order_id) as Extract<
      LedgerEntry,
      { kind: "fill" }
    >[];
    const filled = units(fills.reduce((n, f) => n + f.shares, 0));
    const paid = fills.reduce((s, f) => s + f.shares * f.price, 0);
    return {
      ...order,
      status: filled === 0 ? "expired" : filled < order.shares ? "partially_filled" : "filled",
      filled_shares: filled,
      average_fill_price: filled ? Math.round((paid / filled) * 10_000) / 10_000 : null,
    };
  });
}

/** The run's score over its equity curve and ledger; and, for a run across a future branch's current_date, over the days after it. */
export function scoreOf(
  record: RunRecord,
  points: EquityPoint[],
  ledger: LedgerEntry[],
): { score: Score; after: Score | null } {
  const input = (days: EquityPoint[]) => {
    const first = days[0]?.date ?? "";
    const inWindow = (e: LedgerEntry) => e.date > first;
    const kept = ledger.filter(inWindow);
    return {
      days: days.map((p) => ({
        date: p.date,
        equity: p.equity,
        benchmark: p.benchmark,
        risk_free_rate: p.risk_free_rate,
        gross_exposure: p.gross_exposure,
      })),
      // A company leaving closes the position as a sale at what it paid a share would, without costs;
      // the buyer's shares it paid in open as a purchase at their price.
      fills: kept.flatMap((e) =>
        e.kind === "fill"
          ? [
              {
                date: e.date,
                ticker: e.ticker,
                side: e.side,
                shares: e.shares,
                price: e.price,
                commission: e.commission,
              },
            ]
          : e.kind === "acquisition" || e.kind === "delisting"
            ? exchangeFills(e)
            : e.kind === "split" && e.cash_in_lieu_price !== undefined
              ? [fractionSale(e)]
              : [],
      ),
      splits: kept.flatMap((e) => (e.kind === "split" ? [{ date: e.date, ticker: e.ticker, ratio: e.ratio }] : [])),
      dividends: kept.flatMap((e) =>
        e.kind === "dividend" ? [{ date: e.date, ticker: e.ticker, cash: e.cash_change }] : [],
      ),
      costs_paid: dollars(
        kept.reduce(
          (s, e) =>
            s +
            (e.kind === "fill"
              ? cents(e.commission + e.spread_cost + e.impact_cost)
              : e.kind === "borrow_fee"
                ? -cents(e.cash_change)
                : 0),
          0,
        ),
      ),
    };
  };
  const score = scoreRun(input(points));
  const pivot = record.terms.scenario_current_date;
  const branch = points.filter((p) => p.date >= pivot);
  const after =
    pivot > record.terms.start_date && branch.length > 1 && branch.length < points.length
      ? scoreRun(input(branch))
      : null;
  return { score, after };
}

/** The fraction of a share a reverse split paid in cash: a sale at its price (a short's, a purchase), without costs. */
function fractionSale(e: SplitEntry) {
  const fraction = splitShares(e.shares_before, e.ratio) - e.shares_after;
  return {
    date: e.date,
    ticker: e.ticker,
    side: fraction > 0 ? ("sell" as const) : ("buy" as const),
    shares: Math.abs(fraction),
    price: e.cash_in_lieu_price!,
    commission: 0,
  };
}

/** A company leaving, as fills: its shares sold at what they were paid, and the buyer's shares received bought at their price. */
function exchangeFills(e: AcquisitionEntry) {
  const side = (shares: number) => (shares > 0 ? ("sell" as const) : ("buy" as const));
  const received = e.received_shares ?? 0;
  const value = e.cash_change + received * (e.exchange_price ?? 0);
  const sold = {
    date: e.date,
    ticker: e.ticker,
    side: side(e.shares),
    shares: Math.abs(e.shares),
    price: e.exchange_price === undefined ? e.cash_per_share : value / e.shares,
    commission: 0,
  };
  if (!received) return [sold];
  const bought = {
    date: e.date,
    ticker: e.received_ticker!,
    side: side(-received),
    shares: Math.abs(received),
    price: e.exchange_price!,
    commission: 0,
  };
  return [sold, bought];
}
