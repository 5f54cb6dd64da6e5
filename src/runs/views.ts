// A run's record as the routes answer it (src/runs/contract.ts `Run`, `RunSummary`).
import { dollars } from "./book.ts";
import { opened, type OrderRecord, type RunRecord } from "./record.ts";
import type { EquityPoint } from "./session.ts";

export function summaryOf(record: RunRecord, point: EquityPoint) {
  const t = record.terms;
  return {
    run_id: t.run_id,
    agent: t.agent,
    selection: t.selection ?? null,
    scenario_id: t.scenario_id,
    status: record.status,
    finished_reason: record.finished_reason,
    day: record.day,
    start_date: t.start_date,
    end_date: t.end_date,
    benchmark: t.benchmark,
    starting_cash: t.starting_cash,
    cash: dollars(record.book.cash_cents),
    equity: point.equity,
    created_at: t.created_at,
  };
}

export function runView(record: RunRecord, point: EquityPoint) {
  const positions = Object.entries(record.book.positions)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([ticker, p]) => {
      const close = record.closes[ticker];
      const value = Math.round(p.shares * close * 100) / 100;
      return {
        ticker,
        shares: p.shares,
        average_price: Math.round(p.average_price * 10_000) / 10_000,
        close,
        market_value: value,
        weight: point.equity ? value / point.equity : 0,
      };
    });
  return {
    ...summaryOf(record, point),
    positions_value: point.positions_value,
    gross_exposure: point.gross_exposure,
    positions,
    open_orders: record.open_orders.map((o) => orderView(opened(o))),
    costs: record.terms.costs,
    score: record.score,
    score_after_current_date: record.score_after_current_date,
  };
}

/** An order as the routes answer it (contract.ts `Order`): what was asked and where it stands, not its cost basis. */
export function orderView(o: OrderRecord) {
  return {
    order_id: o.order_id,
    client_order_id: o.client_order_id,
    ticker: o.ticker,
    side: o.side,
    shares: o.shares,
    type: o.type,
    limit_price: o.limit_price,
    placed_on: o.placed_on,
    status: o.status,
    filled_shares: o.filled_shares,
    average_fill_price: o.average_fill_price,
  };
}
