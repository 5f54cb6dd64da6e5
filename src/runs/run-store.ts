// A run's storage (docs/runs.md, "Where a run lives"): the layout of its keys; a call's writes staged
// and committed with the record in one transaction, or dropped when the call fails; and the values
// of the run's day kept in memory. A write outside a transaction is committed on its own and costs as
// much as the rest of a trading day's work, so a call commits once.
import type { LedgerEntry } from "./book.ts";
import { costModelOf } from "./costs.ts";
import { opened, type OrderRecord, type RunRecord } from "./record.ts";
import type { EquityPoint } from "./session.ts";

/** A session's close and its ledger entries, stored together. */
export interface SessionRecord {
  point: EquityPoint;
  entries: LedgerEntry[];
}

/** The order a client_order_id placed. */
export interface Placed {
  order_id: string;
  placed_on: string;
}

/** The parts of a record that only a session changes, stored apart: an order leaves them as they are. */
type RunBooks = Pick<RunRecord, "book" | "benchmark_book" | "closes">;
type RunState = Omit<RunRecord, keyof RunBooks>;

/**
 * Keys: `run` (the record but its books), `books`, `session:<date>`, `orders:<day>` (a day's orders
 * once settled, and before that its cancelled ones: the open ones are the record's), `client:<id>`
 * (the order a client_order_id placed) and `step:<id>` (an advance's or finish's client_id, done).
 */
const RUN = "run";
const BOOKS = "books";
const SESSION = "session:";
const ORDERS = "orders:";
const CLIENT = "client:";
const STEP = "step:";

const byNumber = (a: OrderRecord, b: OrderRecord) => Number(a.order_id.slice(1)) - Number(b.order_id.slice(1));

export class RunStore {
  private readonly storage: DurableObjectStorage;
  /** Stored values read or written since the run's day began. */
  private readonly today = new Map<string, unknown>();
  /** The values the current call writes. */
  private readonly staged = new Map<string, unknown>();

  constructor(storage: DurableObjectStorage) {
    this.storage = storage;
  }

  record(): RunRecord | undefined {
    const state = this.storage.kv.get<RunState>(RUN);
    if (!state) return undefined;
    // A run stored before the crypto costs existed gets their defaults.
    const terms = { ...state.terms, costs: costModelOf(state.terms.costs) };
    return { ...state, terms, ...this.storage.kv.get<RunBooks>(BOOKS)! };
  }

  /** The call's writes and the record (with its books, when a session moved them) in one transaction. */
  commit(record: RunRecord, books: boolean): void {
    const { book, benchmark_book, closes, ...state } = record;
    this.storage.transactionSync(() => {
      for (const [key, value] of this.staged) this.storage.kv.put(key, value);
      this.storage.kv.put(RUN, state);
      if (books) this.storage.kv.put(BOOKS, { book, benchmark_book, closes });
    });
    this.staged.clear();
  }

  /** Drops what a failed call staged; with `forget`, what is kept in memory as well. */
  discard(forget: boolean): void {
    this.staged.clear();
    if (forget) this.today.clear();
  }

  /** A new day: the values kept for the last one are let go, but for what the call has staged. */
  newDay(): void {
    this.today.clear();
    for (const [key, value] of this.staged) this.today.set(key, value);
  }

  session(date: string): SessionRecord | undefined {
    return this.kept<SessionRecord>(SESSION + date);
  }

  putSession(session: SessionRecord): void {
    this.keep(SESSION + session.point.date, session);
  }

  points(): EquityPoint[] {
    return this.listed<SessionRecord>(SESSION).map((s) => s.point);
  }

  ledger(): LedgerEntry[] {
    return this.listed<SessionRecord>(SESSION).flatMap((s) => s.entries);
  }

  /** The orders placed on a day, by number: those stored and, on the run's day, its open ones. */
  ordersOf(record: RunRecord, day: string): OrderRecord[] {
    const stored = this.kept<OrderRecord[]>(ORDERS + day) ?? [];
    return day === record.day ? [...stored, ...record.open_orders.map(opened)].sort(byNumber) : stored;
  }

  /** Stores a day's orders that are no longer open (settled or cancelled), beside those stored before. */
  putClosedOrders(day: string, closed: OrderRecord[]): void {
    const stored = this.kept<OrderRecord[]>(ORDERS + day) ?? [];
    const ids = new Set(closed.map((o) => o.order_id));
    this.keep(ORDERS + day, [...stored.filter((o) => !ids.has(o.order_id)), ...closed].sort(byNumber));
  }

  /** Every order of the run, by number. */
  allOrders(record: RunRecord): OrderRecord[] {
    return [...this.listed<OrderRecord[]>(ORDERS).flat(), ...record.open_orders.map(opened)].sort(byNumber);
  }

  placedBy(clientOrderId: string | undefined): Placed | undefined {
    return clientOrderId ? this.kept<Placed>(CLIENT + clientOrderId) : undefined;
  }

  putPlaced(clientOrderId: string, placed: Placed): void {
    this.keep(CLIENT + clientOrderId, placed);
  }

  /** Whether an advance or finish with this client id was done (one without an id never was). */
  stepDone(clientId: string | undefined): boolean {
    return clientId !== undefined && this.kept<boolean>(STEP + clientId) === true;
  }

  stepTaken(clientId: string | undefined): void {
    if (clientId !== undefined) this.keep(STEP + clientId, true);
  }

  private kept<T>(key: string): T | undefined {
    if (!this.today.has(key)) this.today.set(key, this.storage.kv.get<T>(key));
    return this.today.get(key) as T | undefined;
  }

  private keep(key: string, value: unknown): void {
    this.staged.set(key, value);
    this.today.set(key, value);
  }

  /** The values stored under a prefix with the call's own writes, in key order. */
  private listed<T>(prefix: string): T[] {
    const values = new Map(this.storage.kv.list<T>({ prefix }));
    for (const [key, value] of this.staged) if (key.startsWith(prefix)) values.set(key, value as T);
    return [...values.keys()].sort().map((key) => values.get(key)!);
  }
}
