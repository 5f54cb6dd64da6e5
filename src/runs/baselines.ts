// The baselines every agent is shown beside (docs/runs.md, "Baselines"): cash, a buy-and-hold of the
// benchmark, and every company at equal weight rebalanced on each month's first trading day. The
// build runs them through the runs' own engine, over the scenario up to its current_date, so that an agent's
// score and theirs are made alike.
import type { BaselineScore } from "../contract/scores.ts";
import type { LedgerEntry } from "./book.ts";
import { DEFAULT_COSTS, DEFAULT_STARTING_CASH } from "./costs.ts";
import { advance, openRun, place, scoreOf, type Market } from "./engine.ts";
import { Refusal, type OrderRequest } from "./orders.ts";
import type { RunRecord } from "./record.ts";
import type { EquityPoint } from "./session.ts";

/** What a baseline keeps out of the market: room for the costs of its fills. */
const INVESTED = 0.99;

/** A strategy: the orders it places on a day; `first`: the run's first day, `monthStart`: a month's first trading day. */
type Decide = (day: string, first: boolean, monthStart: boolean) => Promise<OrderRequest[]>;

interface Window {
  scenario_id: string;
  current_date: string;
  start_date: string;
  end_date: string;
  benchmark: string;
  /** The companies of the scenario (funds and warrants aside). */
  companies: string[];
}

const month = (day: string) => day.slice(0, 7);

function refusedOnly(error: unknown): void {
  if (!(error instanceof Refusal)) throw error;
}

function strategies(w: Window, market: Market): [BaselineScore["name"], string, Decide][] {
  return [
    ["cash", "Holds its starting cash.", async () => []],
    [
      "benchmark",
      `Buys the benchmark (${w.benchmark}) with ${INVESTED * 100}% of its cash on the first day, and holds it.`,
      async (_, first) => (first ? [{ ticker: w.benchmark, type: "market", target_weight: INVESTED }] : []),
    ],
    [
      "equal_weight",
      `Holds every company trading at equal weight (${INVESTED * 100}% invested), rebalanced on each month's first trading day.`,
      async (day, first, monthStart) => {
        if (!first && !monthStart) return [];
        const quotes = await market.quotes(day, w.companies);
        const trading = w.companies.filter((t) => {
          const q = quotes.get(t);
          return q?.close !== null && q?.kind === "company" && q.delisted === null;
        });
        return trading.map((ticker) => ({ ticker, type: "market" as const, target_weight: INVESTED / trading.length }));
      },
    ],
  ];
}

/** One baseline run, day by day to its end, with the engine's own steps. */
async function runBaseline(
  w: Window,
  market: Market,
  decide: Decide,
): Promise<{ record: RunRecord; points: EquityPoint[]; ledger: LedgerEntry[] }> {
  const terms = {
    run_id: "baseline",
    account_id: "",
    agent: "baseline",
    scenario_id: w.scenario_id,
    scenario_current_date: w.current_date,
    benchmark: w.benchmark,
    starting_cash: DEFAULT_STARTING_CASH,
    costs: DEFAULT_COSTS,
    created_at: "",
  };
  const { record, point } = await openRun(terms, w.start_date, w.end_date, market);
  const points = [point];
  const ledger: LedgerEntry[] = [];
  let previous = "";
  while (record.status === "running") {
    const orders = await decide(record.day, previous === "", previous !== "" && month(record.day) !== month(previous));
    // A day whose orders the book refuses (an open that gapped past the cash) is left as it stands.
    if (orders.length) await place(record, orders, points[points.length - 1].equity, market).catch(refusedOnly);
    previous = record.day;
    const step = await advance(record, undefined, market);
    ledger.push(...step.entries);
    points.push(...step.points);
  }
  return { record, points, ledger };
}

/** The baselines of a scenario's window, scored. */
export async function scoreBaselines(w: Window, market: Market): Promise<BaselineScore[]> {
  const out: BaselineScore[] = [];
  for (const [name, description, decide] of strategies(w, market)) {
    const { record, points, ledger } = await runBaseline(w, market, decide);
    const { score } = scoreOf(record, points, ledger);
    out.push({ name, description, start_date: record.terms.start_date, end_date: record.terms.end_date, score });
  }
  return out;
}
