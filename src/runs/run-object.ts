// The Durable Object of one run (docs/runs.md, "Where a run lives"): its record, ledger, equity curve
// and orders in the object's storage, so that a run outlives any isolate and a restart. Its calls are
// taken one at a time, each to its end (reads of the market included), so two orders sent together
// cannot both spend the same cash, and a retried one is found by its client id.
import { DurableObject } from "cloudflare:workers";
import { newReader } from "../bundle/from-env.ts";
import type { BundleReader } from "../bundle/reader.ts";
import type { Env } from "../env.ts";
import type { LedgerEntry } from "./book.ts";
import { BundleMarket } from "./bundle-market.ts";
import { advance, cancel, openRun, place, scoreOf, settledRecords, type Market } from "./engine.ts";
import { Refusal, type OrderRequest } from "./orders.ts";
import { opened, type OrderRecord, type RunRecord, type RunTerms } from "./record.ts";
import type { EquityPoint } from "./session.ts";

/** A call's answer: its value, or the refusal's status and detail (errors do not cross RPC with their class). */
export type RunAnswer<T> = { ok: true; value: T } | { ok: false; status: 404 | 409 | 422; detail: string };

/** Client ids of steps kept for retries. */
const KEPT_STEPS = 500;
/** A run reads the few shards of what it holds: a small cache each. */
const RUN_CACHE_MB = 8;
/** Storage keys: `ledger:<session>` (its entries), `equity:<session>` (its close), `orders:<day>` (the day's orders). */
const LEDGER = "ledger:";
const EQUITY = "equity:";
const ORDERS = "orders:";

export class RunObject extends DurableObject<Env> {
  private record: RunRecord | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private reader: BundleReader | undefined;
  private bundleMarket: Market | undefined;

  private get kv() {
    return this.ctx.storage.kv;
  }

  private load(): RunRecord | undefined {
    this.record ??= this.kv.get<RunRecord>("run");
    return this.record;
  }

  private market(): Market {
    return this.marketOf(this.load()!.terms.scenario_id);
  }

  private marketOf(scenarioId: string): Market {
    this.reader ??= newReader(this.env, RUN_CACHE_MB);
    this.bundleMarket ??= BundleMarket.ofCatalog(this.reader, scenarioId);
    return this.bundleMarket;
  }

  /** One call at a time; a Refusal becomes its answer, and leaves the run as it was (in memory and stored). */
  private serial<T>(
    account: string | null,
    work: (record: RunRecord) => Promise<T> | T,
    writes = true,
  ): Promise<RunAnswer<T>> {
    const run = async (): Promise<RunAnswer<T>> => {
      const record = this.load();
      if (!record || (account !== null && record.terms.account_id !== account))
        return { ok: false, status: 404, detail: "Run not found" };
      try {
        const value = await work(record);
        if (writes) this.kv.put("run", record);
        return { ok: true, value };
      } catch (error) {
        // The engine refuses before it changes anything; anything else may have left the record half
        // changed in memory: it is read again from storage, which the failed call never wrote.
        if (error instanceof Refusal) return { ok: false, status: error.status, detail: error.message };
        this.record = undefined;
        throw error;
      }
    };
    const next = this.queue.then(run, run);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** Opens the run: once (a second call answers 409). */
  async open(
    terms: Omit<RunTerms, "start_date" | "end_date">,
    start: string,
    end: string,
  ): Promise<RunAnswer<{ record: RunRecord; point: EquityPoint }>> {
    if (this.load()) return { ok: false, status: 409, detail: "Run exists" };
    try {
      const { record, point } = await openRun(terms, start, end, this.marketOf(terms.scenario_id));
      if (this.load()) return { ok: false, status: 409, detail: "Run exists" };
      this.record = record;
      this.kv.put("run", record);
      this.kv.put(EQUITY + point.date, point);
      return { ok: true, value: { record, point } };
    } catch (error) {
      if (error instanceof Refusal) return { ok: false, status: error.status, detail: error.message };
      throw error;
    }
  }

  /** The scenario and day a run key reads at (null for no run). */
  clock(): { scenario_id: string; day: string } | null {
    const record = this.load();
    return record ? { scenario_id: record.terms.scenario_id, day: record.day } : null;
  }

  state(account: string | null) {
    return this.serial(account, (record) => ({ record, point: this.lastPoint(record) }), false);
  }

  orders(account: string | null, requests: OrderRequest[]) {
    return this.serial(account, async (record) => {
      const repeated = requests.filter((r) => r.client_order_id && record.client_orders[r.client_order_id]);
      const fresh = requests.filter((r) => !repeated.includes(r));
      const placement = fresh.length
        ? await place(record, fresh, this.lastPoint(record).equity, this.market())
        : { placed: [], unchanged: [] };
      const placed = placement.placed.map(opened);
      if (placed.length) this.putOrders(record.day, [...this.ordersOf(record.day), ...placed]);
      const earlier = repeated.map((r) => {
        const { order_id, placed_on } = record.client_orders[r.client_order_id!];
        return this.ordersOf(placed_on).find((o) => o.order_id === order_id)!;
      });
      return { placed, repeated: earlier, unchanged: placement.unchanged };
    });
  }

  cancel(account: string | null, orderId: string) {
    return this.serial(account, (record) => {
      const order = cancel(record, orderId);
      const cancelled: OrderRecord = { ...order, status: "cancelled", filled_shares: 0, average_fill_price: null };
      this.putOrders(
        order.placed_on,
        this.ordersOf(order.placed_on).map((o) => (o.order_id === order.order_id ? cancelled : o)),
      );
      return cancelled;
    });
  }

  advance(account: string | null, to: string | undefined, clientId: string | undefined) {
    return this.serial(account, async (record) => {
      if (clientId && record.client_steps.includes(clientId))
        return { record, point: this.lastPoint(record), repeated: true, entries: [] as LedgerEntry[] };
      const placedOn = record.day;
      const step = await advance(record, to, this.market());
      if (step.settled.length) {
        const settled = new Map(settledRecords(step.settled, step.entries).map((o) => [o.order_id, o]));
        this.putOrders(
          placedOn,
          this.ordersOf(placedOn).map((o) => settled.get(o.order_id) ?? o),
        );
      }
      for (const point of step.points) {
        this.kv.put(EQUITY + point.date, point);
        const entries = step.entries.filter((e) => e.date === point.date);
        if (entries.length) this.kv.put(LEDGER + point.date, entries);
      }
      if (clientId) record.client_steps = [...record.client_steps, clientId].slice(-KEPT_STEPS);
      if (record.status === "finished") this.scoreInto(record);
      return { record, point: this.lastPoint(record), repeated: false, entries: step.entries };
    });
  }

  finish(account: string | null, clientId: string | undefined) {
    return this.serial(account, (record) => {
      if (record.status === "finished") return { record, point: this.lastPoint(record) };
      if (record.open_orders.length) {
        const cancelled = (o: OrderRecord) => (o.status === "open" ? { ...o, status: "cancelled" as const } : o);
        this.putOrders(record.day, this.ordersOf(record.day).map(cancelled));
      }
      Object.assign(record, { status: "finished", finished_reason: "finished", open_orders: [] });
      if (clientId) record.client_steps = [...record.client_steps, clientId].slice(-KEPT_STEPS);
      this.scoreInto(record);
      return { record, point: this.lastPoint(record) };
    });
  }

  ledger(account: string | null) {
    return this.serial(account, () => this.allLedger(), false);
  }

  equity(account: string | null) {
    return this.serial(account, () => this.points(), false);
  }

  orderList(account: string | null) {
    return this.serial(
      account,
      () => [...this.kv.list<OrderRecord[]>({ prefix: ORDERS })].flatMap(([, day]) => day),
      false,
    );
  }

  /** The orders placed on a day (one stored list a day: a day's orders are written together). */
  private ordersOf(day: string): OrderRecord[] {
    return this.kv.get<OrderRecord[]>(ORDERS + day) ?? [];
  }

  private putOrders(day: string, orders: OrderRecord[]): void {
    this.kv.put(ORDERS + day, orders);
  }

  /** Every ledger entry, in order (one stored list a session). */
  private allLedger(): LedgerEntry[] {
    return [...this.kv.list<LedgerEntry[]>({ prefix: LEDGER })].flatMap(([, entries]) => entries);
  }

  private points(): EquityPoint[] {
    return [...this.kv.list<EquityPoint>({ prefix: EQUITY })].map(([, p]) => p);
  }

  private lastPoint(record: RunRecord): EquityPoint {
    return this.kv.get<EquityPoint>(EQUITY + record.day)!;
  }

  private scoreInto(record: RunRecord): void {
    const ledger = this.allLedger();
    const { score, after } = scoreOf(record, this.points(), ledger);
    record.score = score;
    record.score_after_current_date = after;
  }
}
