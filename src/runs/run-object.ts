// The Durable Object of one run (docs/runs.md, "Where a run lives"): its record, ledger, equity curve
// and orders in the object's storage (run-store.ts), so that a run outlives any isolate and a restart.
// Its calls are taken one at a time, each to its end (reads of the market included), so two orders
// sent together cannot both spend the same cash, and a retried one is found by its client id.
import { DurableObject } from "cloudflare:workers";
import { newReader, type BundleBindings } from "../bundle/from-env.ts";
import type { BundleReader } from "../bundle/reader.ts";
import type { LedgerEntry } from "./book.ts";
import { BundleMarket } from "./bundle-market.ts";
import { advance, cancel, openRun, place, scoreOf, settledRecords, type Market } from "./engine.ts";
import { Refusal, type OrderRequest } from "./orders.ts";
import { cancelled, opened, type RunRecord, type RunTerms } from "./record.ts";
import { RunStore } from "./run-store.ts";
import type { EquityPoint } from "./session.ts";
import { runView, summaryOf } from "./views.ts";

/** A call's answer: its value, or the refusal's status and detail (errors do not cross RPC with their class). */
export type RunAnswer<T> = { ok: true; value: T } | { ok: false; status: 404 | 409 | 422; detail: string };

/**
 * The runs of an isolate share one reader: they read the same few shards of their scenarios (a month's
 * market snapshot, a year's actions, the macro tape), day after day.
 */
const RUNS_CACHE_MB = 32;
let runsReader: BundleReader | undefined;

/** What a call writes besides its own values: nothing, the record but its books, or the whole record. */
type Writes = "none" | "record" | "books";

export class RunObject extends DurableObject<BundleBindings> {
  private record: RunRecord | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private bundleMarket: Market | undefined;
  private readonly store = new RunStore(this.ctx.storage);

  private load(): RunRecord | undefined {
    this.record ??= this.store.record();
    return this.record;
  }

  private market(): Market {
    return this.marketOf(this.load()!.terms.scenario_id);
  }

  private marketOf(scenarioId: string): Market {
    runsReader ??= newReader(this.env, RUNS_CACHE_MB);
    this.bundleMarket ??= BundleMarket.ofCatalog(runsReader, scenarioId);
    return this.bundleMarket;
  }

  /** One call at a time; a Refusal becomes its answer, and leaves the run as it was (in memory and stored). */
  private serial<T>(
    account: string | null,
    writes: Writes,
    work: (record: RunRecord) => Promise<T> | T,
  ): Promise<RunAnswer<T>> {
    const run = async (): Promise<RunAnswer<T>> => {
      const record = this.load();
      if (!record || (account !== null && record.terms.account_id !== account))
        return { ok: false, status: 404, detail: "Run not found" };
      try {
        const value = await work(record);
        if (writes !== "none") this.store.commit(record, writes === "books");
        return { ok: true, value };
      } catch (error) {
        // The engine refuses before it changes anything; anything else may have left the record half
        // changed in memory: it is read again from storage, which the failed call never wrote.
        const refused = error instanceof Refusal;
        this.store.discard(!refused);
        if (refused) return { ok: false, status: error.status, detail: error.message };
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
      this.store.putSession({ point, entries: [] });
      this.store.commit(record, true);
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

  /** The run as the routes answer it (views are made here: a record crosses to the worker only as its view). */
  state(account: string | null) {
    return this.serial(account, "none", (record) => runView(record, this.lastPoint(record)));
  }

  summary(account: string | null) {
    return this.serial(account, "none", (record) => summaryOf(record, this.lastPoint(record)));
  }

  orders(account: string | null, requests: OrderRequest[]) {
    return this.serial(account, "record", async (record) => {
      const repeated = requests.filter((r) => this.store.placedBy(r.client_order_id));
      const fresh = requests.filter((r) => !repeated.includes(r));
      const placement = fresh.length
        ? await place(record, fresh, this.lastPoint(record).equity, this.market())
        : { placed: [], unchanged: [] };
      const placed = placement.placed.map(opened);
      for (const o of placed)
        if (o.client_order_id)
          this.store.putPlaced(o.client_order_id, { order_id: o.order_id, placed_on: o.placed_on });
      const earlier = repeated.map((r) => {
        const { order_id, placed_on } = this.store.placedBy(r.client_order_id)!;
        return this.store.ordersOf(record, placed_on).find((o) => o.order_id === order_id)!;
      });
      return { placed, repeated: earlier, unchanged: placement.unchanged };
    });
  }

  cancel(account: string | null, orderId: string) {
    return this.serial(account, "record", (record) => {
      const order = cancelled(cancel(record, orderId));
      this.store.putClosedOrders(order.placed_on, [order]);
      return order;
    });
  }

  advance(account: string | null, to: string | undefined, clientId: string | undefined) {
    return this.serial(account, "books", async (record) => {
      if (this.store.stepDone(clientId))
        return { run: runView(record, this.lastPoint(record)), ledger: [] as LedgerEntry[] };
      const placedOn = record.day;
      const step = await advance(record, to, this.market());
      this.store.newDay();
      if (step.settled.length) this.store.putClosedOrders(placedOn, settledRecords(step.settled, step.entries));
      for (const point of step.points)
        this.store.putSession({ point, entries: step.entries.filter((e) => e.date === point.date) });
      this.store.stepTaken(clientId);
      if (record.status === "finished") this.scoreInto(record);
      return { run: runView(record, this.lastPoint(record)), ledger: step.entries };
    });
  }

  finish(account: string | null, clientId: string | undefined) {
    return this.serial(account, "record", (record) => {
      if (record.status === "finished") return runView(record, this.lastPoint(record));
      if (record.open_orders.length) this.store.putClosedOrders(record.day, record.open_orders.map(cancelled));
      Object.assign(record, { status: "finished", finished_reason: "finished", open_orders: [] });
      this.store.stepTaken(clientId);
      this.scoreInto(record);
      return runView(record, this.lastPoint(record));
    });
  }

  ledger(account: string | null) {
    return this.serial(account, "none", () => this.store.ledger());
  }

  equity(account: string | null) {
    return this.serial(account, "none", () => this.store.points());
  }

  orderList(account: string | null) {
    return this.serial(account, "none", (record) => this.store.allOrders(record));
  }

  private lastPoint(record: RunRecord): EquityPoint {
    return this.store.session(record.day)!.point;
  }

  private scoreInto(record: RunRecord): void {
    const { score, after } = scoreOf(record, this.store.points(), this.store.ledger());
    record.score = score;
    record.score_after_current_date = after;
  }
}
