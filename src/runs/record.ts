// What a run's Durable Object keeps (docs/runs.md): the run's terms, its day and books, and where its
// orders stand. The ledger, the equity curve, the orders of past days and the client ids already
// seen are kept beside it (run-store.ts).
import type { Book, Order } from "./book.ts";
import type { CostModel } from "./costs.ts";
import type { Score } from "./score.ts";

export type RunStatus = "running" | "finished";
export type OrderStatus = "open" | "filled" | "partially_filled" | "expired" | "cancelled";

export interface OrderRecord extends Order {
  status: OrderStatus;
  filled_shares: number;
  /** The average price of its fills, or null before any. */
  average_fill_price: number | null;
}

/** An order as recorded when placed. */
export const opened = (o: Order): OrderRecord => ({ ...o, status: "open", filled_shares: 0, average_fill_price: null });

/** An open order as recorded when cancelled (by the agent, or by finishing the run). */
export const cancelled = (o: Order): OrderRecord => ({ ...opened(o), status: "cancelled" });

export interface RunTerms {
  run_id: string;
  account_id: string;
  agent: string;
  /** The scenario selection it is one of (an evaluation's), for the leaderboard; absent in runs opened before it existed. */
  selection?: string | null;
  scenario_id: string;
  /** The scenario's current_date: a run on a future branch is also scored on its days after it. */
  scenario_current_date: string;
  benchmark: string;
  start_date: string;
  end_date: string;
  starting_cash: number;
  costs: CostModel;
  created_at: string;
}

export interface RunRecord {
  terms: RunTerms;
  day: string;
  status: RunStatus;
  finished_reason: "end_date" | "finished" | null;
  book: Book;
  benchmark_book: Book;
  open_orders: Order[];
  /** Each held ticker's and the benchmark's last close by the run's day (what orders are sized and checked with, and a ticker that does not trade is marked at). */
  closes: Record<string, number>;
  next_order_number: number;
  score: Score | null;
  score_after_current_date: Score | null;
}
