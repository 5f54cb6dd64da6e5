// Insider trades (docs/insider-trades.md): Form 4 transactions, newest filing first, each public from
// its filing date. One company's are read from its shard; several, or every company's, through the
// monthly index of filings (key and ticker). A `name` is looked up in the list of names first, so only
// the companies it filed for are read. Ownership statements (Forms 3 and 5) are read from the
// company's own shard, newest filing first.
import { INSIDERS_SHARDS } from "./shards.ts";
import { z } from "zod";
import { through } from "../../bundle/as-of.ts";
import { InsiderOwnership, InsiderTrade, OWNERSHIP_FORM_FILTERS, TRANSACTION_TYPES } from "./rows.ts";
import { asOf, date, many, oneOf, page, scenarioId, str, ticker, tickers } from "../../contract/params.ts";
import { dataRoute, serve, type ApiApp } from "../../http/route.ts";
import { requireOrderedWindow, type Scenario } from "../../http/scenario.ts";

const TAG = "Insiders";

const trades = dataRoute({
  path: "/insider-trades",
  tag: TAG,
  summary: "Insider trades (Form 4)",
  description:
    "Newest filing first, ties by id. Each row is a Form 4 transaction of an officer, director or 10% owner, " +
    "filed within two business days and visible from its `filing_date`; `filing_date_gte` and `filing_date_lte` " +
    "bound it. Open-market trades (`buy`, `sell`) never fall in the blackout from 14 days before a quarter's end " +
    "to the trading day after its release, except sales under a 10b5-1 plan (`details.plan`). Rows carry each " +
    "field under both names clients use (`insider_name` and `name`, `role` and `title`, unsigned `shares` and " +
    "signed `transaction_shares`...). Funds and warrants have none.",
  request: {
    query: z.object({
      scenario_id: scenarioId(),
      ticker: tickers("Only these companies' insiders", "AAPL"),
      name: str({
        description: "Only this insider, as /insider-trades/names spells it.",
        example: "Greta Marrowby",
      }).optional(),
      transaction_type: many(oneOf(TRANSACTION_TYPES, { description: "A transaction type.", example: "sell" }), {
        description: "Only these transaction types (repeat for any of).",
        example: "sell",
      }),
      filing_date_gte: date({ description: "Filed on or after this date.", example: "2023-01-01" }).optional(),
      filing_date_lte: date({ description: "Filed on or before this date.", example: "2023-12-31" }).optional(),
      as_of: asOf("trades filed").optional(),
      ...page(10, 200),
    }),
  },
  response: z.object({ insider_trades: z.array(InsiderTrade) }),
});

const transactions = dataRoute({
  path: "/insider-transactions",
  tag: TAG,
  summary: "Insider transactions",
  description:
    "The rows of /insider-trades with fewer filters: newest filing first, each visible from its filing date.",
  request: {
    query: z.object({
      scenario_id: scenarioId(),
      ticker: tickers("Only these companies' insiders", "AAPL"),
      as_of: asOf("transactions filed").optional(),
      ...page(50, 200),
    }),
  },
  response: z.object({ insider_transactions: z.array(InsiderTrade) }),
});

const names = dataRoute({
  path: "/insider-trades/names",
  tag: TAG,
  summary: "Names of insiders",
  description:
    "The insiders with a Form 4 filed by the horizon, alphabetically, as `name` filters take them: appointees " +
    "of a management change appear once they have filed.",
  request: {
    query: z.object({
      scenario_id: scenarioId(),
      ticker: tickers("Only these companies' insiders", "AAPL"),
      as_of: asOf("insiders who have filed").optional(),
    }),
  },
  response: z.object({ names: z.array(z.string()) }),
});

const ownership = dataRoute({
  path: "/insider-ownership",
  tag: TAG,
  summary: "Insider ownership (Forms 3 and 5)",
  description:
    "Newest filing first, ties by id. What insiders hold rather than what they trade: a Form 3 from each insider " +
    "appointed inside the scenario (filed within 10 days; insiders seated before it filed theirs before it began), " +
    "a Form 5 from each seat active at a fiscal year's end (filed within 45 days), whose `shares_owned` tie out with " +
    "the last Form 4 `shares_owned_after_transaction` by then. Each row is visible from its `filing_date`.",
  request: {
    query: z.object({
      scenario_id: scenarioId(),
      ticker: ticker({ description: "The company.", example: "AAPL" }),
      name: str({
        description: "Only insiders whose name contains this (case-insensitive).",
        example: "Marrowby",
      }).optional(),
      form_type: many(oneOf(OWNERSHIP_FORM_FILTERS, { description: "A form.", example: "5" }), {
        description: "Only these forms (repeat for any of); amendments (`3/A`, `5/A`) are never filed here.",
        example: "5",
      }),
      filing_date_gte: date({ description: "Filed on or after this date.", example: "2023-01-01" }).optional(),
      filing_date_lte: date({ description: "Filed on or before this date.", example: "2023-12-31" }).optional(),
      as_of: asOf("statements filed").optional(),
      ...page(10, 200),
    }),
  },
  response: z.object({ insider_ownership: z.array(InsiderOwnership) }),
});

interface Filter {
  tickers: string[] | undefined;
  name?: string;
  types?: string[];
  first?: string;
  last?: string;
  limit: number;
  offset: number;
}

/** The companies an insider of this name filed for by the horizon (a name is compared without case). */
async function filersNamed(scenario: Scenario, name: string): Promise<string[]> {
  const list = await scenario.dated(INSIDERS_SHARDS.insiderNames);
  if (!list) return [];
  const wanted = name.toLowerCase();
  return [
    ...new Set(
      list
        .objects(0, list.length)
        .filter((r) => (r.name as string).toLowerCase() === wanted)
        .map((r) => r.ticker as string),
    ),
  ];
}

async function insiderPage(scenario: Scenario, f: Filter): Promise<InsiderTrade[]> {
  let tickers = f.tickers;
  if (f.name !== undefined) {
    await scenario.requireTickers(tickers);
    const filers = await filersNamed(scenario, f.name);
    tickers = tickers ? filers.filter((t) => tickers!.includes(t)) : filers;
    if (tickers.length === 0) return [];
  }
  const types = f.types && new Set(f.types);
  const wanted = f.name?.toLowerCase();
  const out: InsiderTrade[] = [];
  let skip = f.offset;
  for await (const { shard, index } of scenario.newestFirstIndexed(
    INSIDERS_SHARDS.insiders,
    INSIDERS_SHARDS.insidersIndex,
    tickers,
    f.first,
    f.last,
  )) {
    if (out.length >= f.limit) break;
    const filtered = types !== undefined || wanted !== undefined;
    if (!filtered && skip > 0) {
      skip--;
      continue;
    }
    const row = shard.objects(index, index + 1)[0] as InsiderTrade;
    if ((types && !types.has(row.transaction_type)) || (wanted && row.name.toLowerCase() !== wanted)) continue;
    if (skip > 0) {
      skip--;
      continue;
    }
    out.push(row);
  }
  return out;
}

export function register(app: ApiApp): void {
  serve(
    app,
    trades,
    async (q, scenario) => ({
      insider_trades: await insiderPage(scenario, {
        tickers: q.ticker,
        name: q.name,
        types: q.transaction_type,
        first: q.filing_date_gte,
        last: q.filing_date_lte,
        limit: q.limit,
        offset: q.offset,
      }),
    }),
    (q) => requireOrderedWindow(q.filing_date_gte, q.filing_date_lte, ["filing_date_gte", "filing_date_lte"]),
  );
  serve(
    app,
    ownership,
    async (q, scenario) => {
      if ((await scenario.requireTicker(q.ticker)) !== "company") return { insider_ownership: [] };
      const rows = await scenario.dated(INSIDERS_SHARDS.insiderOwnership, q.ticker);
      if (!rows) return { insider_ownership: [] };
      const [from, end] = rows.window(q.filing_date_gte, q.filing_date_lte && through(q.filing_date_lte));
      const forms = q.form_type && new Set(q.form_type);
      const needle = q.name?.toLowerCase();
      const found = (rows.objects(from, end) as InsiderOwnership[])
        .reverse()
        .filter((o) => (!forms || forms.has(o.form_type)) && (!needle || o.name.toLowerCase().includes(needle)));
      return { insider_ownership: found.slice(q.offset, q.offset + q.limit) };
    },
    (q) => requireOrderedWindow(q.filing_date_gte, q.filing_date_lte, ["filing_date_gte", "filing_date_lte"]),
  );
  serve(app, transactions, async (q, scenario) => ({
    insider_transactions: await insiderPage(scenario, { tickers: q.ticker, limit: q.limit, offset: q.offset }),
  }));
  serve(app, names, async (q, scenario) => {
    await scenario.requireTickers(q.ticker);
    const list = await scenario.dated(INSIDERS_SHARDS.insiderNames);
    const only = q.ticker && new Set(q.ticker);
    const rows = list ? list.objects(0, list.length) : [];
    const found = rows.filter((r) => !only || only.has(r.ticker as string)).map((r) => r.name as string);
    return { names: [...new Set(found)].sort() };
  });
}
