// What a run's Durable Object keeps (docs/runs.md): the run's terms, its day and books, and where its
// orders stand. The ledger and the equity curve are kept beside it, an entry per key.
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

export interface RunTerms {
  run_id: string;
  account_id: string;
  agent: string;
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
  /** client_order_id -> the order it placed: a retried order is not placed again. */
  client_orders: Record<string, { order_id: string; placed_on: string }>;
  /** Client ids of advances and finishes already done (the last few hundred). */
  client_steps: string[];
  score: Score | null;
  score_after_current_date: Score | null;
}
