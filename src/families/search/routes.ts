// Search: the screener (each company's latest period that meets bounds on its numbers) and line
// items (chosen numbers of many companies' periods). Both read the cross-section of a kind of
// period (SEARCH_SHARDS.search: one shard per filing year holding every company), never one shard per
// company: a screen of 500 companies is a binary search per company in one or two shards.
import { SEARCH_SHARDS } from "./shards.ts";
import { z } from "zod";
import type { TickerRows } from "../../bundle/as-of.ts";
import { unpackNumbers } from "./shards.ts";
import { CURRENCY } from "../statements/rows.ts";
import {
  DERIVED_LINE_ITEMS,
  DERIVED_NAMES,
  LineItemsRequest,
  meets,
  SCREENER_DEFAULT_FIELDS,
  ScreenerRequest,
  SEARCH_FIELDS,
  SEARCH_PER_SHARE,
  SEARCH_SHARE_COUNTS,
  SearchResult,
} from "./rows.ts";
import { jsonOnce } from "../../http/json.ts";
import { dataRoute, postRoute, serve, servePost, type ApiApp } from "../../http/route.ts";
import type { Scenario, Splits } from "../../http/scenario.ts";

const TAG = "Search";
const FILTERS_PATH = "/financials/search/screener/filters";

const filters = dataRoute({
  path: FILTERS_PATH,
  tag: TAG,
  summary: "Fields the screener filters on and line items serves",
  description:
    "Every statement line (income statement, balance sheet, cash-flow statement) and every numeric financial metric.",
  request: { query: z.object({}) },
  response: z.object({ filters: z.array(z.string()) }),
});

// docs/contract.md ("Search and screener") names the key `results`; financialdatasets.ai and its
// clients (ai-hedge-fund's LineItemResponse) read `search_results`, so both carry the rows.
const results = z.object({
  results: z.array(SearchResult),
  search_results: z.array(SearchResult).describe("The same rows as `results`, under financialdatasets.ai's key."),
});

const screener = postRoute({
  path: "/financials/search/screener",
  tag: TAG,
  summary: "Companies whose latest period meets bounds",
  description:
    "For each company listed at the horizon (by ticker), its latest period of the kind asked for that was filed by " +
    "the horizon, kept when " +
    "every bound holds (a null value meets none). Rows carry the fields filtered on, or without filters " +
    `${SCREENER_DEFAULT_FIELDS.join(", ")}. Values are those of /financial-metrics and the statements as of the ` +
    "horizon: valuation at the close of the filing date, per-share figures restated for the splits by the horizon.",
  body: ScreenerRequest,
  response: results,
});

const lineItems = postRoute({
  path: "/financials/search/line-items",
  tag: TAG,
  summary: "Chosen fields of many companies' periods",
  description:
    "By ticker, each company's periods filed by the horizon, newest first, at most `limit` of them per company, " +
    "with the fields asked for: the values of the statements and /financial-metrics as of the horizon, then, " +
    `if asked for, ${DERIVED_NAMES.map((d) => `${d} (${DERIVED_LINE_ITEMS[d].formula})`).join(" and ")} of the ` +
    "same period, null when an input is null.",
  body: LineItemsRequest,
  response: results,
  // end_date bounds filing dates, as the statements' filing_date_lte does.
  pointInTime: ["end_date", "as_of"],
});

type Period = z.output<typeof ScreenerRequest>["period"];
/** A row: SearchResult's period fields, then numbers by name. */
type Result = z.output<typeof SearchResult> & Record<string, unknown>;
/** The body of both routes: the rows under either key, serialized once. */
const answer = (rows: Result[]) => {
  const text = jsonOnce(rows);
  return { results: text, search_results: text };
};

const RESTATED = new Set<string>([...SEARCH_PER_SHARE, ...SEARCH_SHARE_COUNTS]);

/** One company's period: its key (searchKey) and its numbers (packNumbers bytes). */
interface Stored {
  key: string;
  numbers: Uint8Array;
}

const stored = (shard: TickerRows, i: number): Stored => ({ key: shard.key(i), numbers: shard.bytes(i) });

/**
 * A kind of period's yearly cross-section shards up to the horizon's year, newest first, read as
 * needed (each company's periods filed by the horizon), and the splits gone ex by the horizon.
 */
class CrossSection {
  readonly period: Period;
  private readonly scenario: Scenario;
  private readonly years: string[];
  private readonly shards = new Map<string, Promise<TickerRows | null>>();
  private readonly splits: Splits;

  private constructor(scenario: Scenario, period: Period, splits: Splits) {
    this.scenario = scenario;
    this.period = period;
    this.years = scenario.yearsUpToHorizon(SEARCH_SHARDS.search.name(period));
    this.splits = splits;
  }

  static async open(scenario: Scenario, period: Period): Promise<CrossSection> {
    return new CrossSection(scenario, period, await scenario.splits());
  }

  private shard(year: string): Promise<TickerRows | null> {
    let shard = this.shards.get(year);
    if (!shard) {
      shard = this.scenario.byTicker(SEARCH_SHARDS.search, `${this.period}/${year}`);
      this.shards.set(year, shard);
    }
    return shard;
  }

  /**
   * Each company's latest period filed by the horizon, from the newest year that has one: a binary
   * search per company, years read only while some company is not found.
   */
  async latest(tickers: string[]): Promise<(Stored | undefined)[]> {
    const found: (Stored | undefined)[] = [];
    let missing = tickers.map((_, k) => k);
    for (const year of this.years) {
      const shard = missing.length ? await this.shard(year) : null;
      if (!shard) continue;
      missing = missing.filter((k) => {
        const i = shard.latest(tickers[k]);
        if (i < 0) return true;
        found[k] = stored(shard, i);
        return false;
      });
    }
    return found;
  }

  /** The company's periods filed by the horizon, newest first, `offset` skipped, at most `limit`. */
  async newest(ticker: string, offset: number, limit: number): Promise<Stored[]> {
    const out: Stored[] = [];
    let skip = offset;
    for (const year of this.years) {
      const shard = await this.shard(year);
      if (!shard) continue;
      const [from, to] = shard.of(ticker);
      const end = Math.max(from, to - skip);
      skip -= to - end;
      for (let i = end - 1; i >= from && out.length < limit; i--) out.push(stored(shard, i));
      if (out.length === limit) break;
    }
    return out;
  }

  /**
   * A reader of the named numbers of a period, per-share figures and share counts restated for the
   * splits after it by the horizon (looked up only when some field needs them).
   */
  numbers(fields: readonly string[]): (period: Stored) => Record<string, number | null> {
    const restates = fields.some((f) => RESTATED.has(f));
    return ({ key, numbers }) => {
      const values = unpackNumbers(numbers, fields);
      if (!restates) return values;
      const [ticker, , reportPeriod] = key.split(" ");
      return this.splits.restate(values, ticker, reportPeriod, SEARCH_PER_SHARE, SEARCH_SHARE_COUNTS);
    };
  }

  /** A period as served: its period fields, then `values`. */
  result({ key }: Stored, values: Record<string, number | null>): Result {
    const [ticker, filing_date, report_period] = key.split(" ");
    return { ticker, report_period, period: this.period, currency: CURRENCY, filing_date, ...values };
  }
}

/** The companies asked for (404 for one the scenario does not hold by the horizon), or every one listed by then. */
async function wantedCompanies(scenario: Scenario, tickers: string[] | undefined): Promise<string[]> {
  if (!tickers) return scenario.companyTickers();
  return [...(await scenario.requireTickers(tickers))].sort();
}

/** Whether a company is of one of the sectors and industries asked for (case-insensitive), by ticker. */
async function inSectors(
  scenario: Scenario,
  q: { sector?: string[]; industry?: string[] },
): Promise<(ticker: string) => boolean> {
  if (!q.sector && !q.industry) return () => true;
  const [sectors, industries] = [q.sector, q.industry].map(
    (names) => names && new Set(names.map((n) => n.toLowerCase())),
  );
  const facts = await scenario.companies();
  const kept = new Set(
    facts
      .objects(0, facts.length)
      .filter(
        (f) =>
          (!sectors || sectors.has((f.sector as string).toLowerCase())) &&
          (!industries || industries.has((f.industry as string).toLowerCase())),
      )
      .map((f) => f.ticker),
  );
  return (ticker) => kept.has(ticker);
}

/** Fields in SEARCH_FIELDS order, whatever order the request named them in (its identity ignores order). */
const inOrder = (names: string[]) => SEARCH_FIELDS.filter((f) => names.includes(f));

/**
 * A reader of the line items asked for: the stored ones in SEARCH_FIELDS order, then the derived ones
 * (DERIVED_LINE_ITEMS) computed from their inputs of the same period, null when an input is null.
 */
function lineItemValues(table: CrossSection, asked: string[]): (period: Stored) => Record<string, number | null> {
  const stored = inOrder(asked);
  const derived = DERIVED_NAMES.filter((d) => asked.includes(d));
  if (!derived.length) return table.numbers(stored);
  const numbers = table.numbers([...new Set([...stored, ...derived.flatMap((d) => DERIVED_LINE_ITEMS[d].inputs)])]);
  return (period) => {
    const read = numbers(period);
    const out: Record<string, number | null> = {};
    for (const f of stored) out[f] = read[f];
    for (const d of derived) {
      const [a, b] = DERIVED_LINE_ITEMS[d].inputs.map((f) => read[f]);
      out[d] = a === null || b === null ? null : DERIVED_LINE_ITEMS[d].value(a, b);
    }
    return out;
  };
}

export function register(app: ApiApp): void {
  serve(app, filters, async () => ({ filters: SEARCH_FIELDS }));

  servePost(app, screener, async (q, scenario) => {
    const [kept, delisted] = await Promise.all([inSectors(scenario, q), scenario.delisted()]);
    // The screener looks for what can be bought: a company that has left the world is not screened.
    const tickers = (await wantedCompanies(scenario, q.tickers)).filter((t) => kept(t) && !delisted.has(t));
    const table = await CrossSection.open(scenario, q.period);
    const bounds = Object.entries(q.filters);
    const shown = bounds.length ? inOrder(bounds.map(([f]) => f)) : SCREENER_DEFAULT_FIELDS;
    const numbers = table.numbers(shown);
    const out: Result[] = [];
    let skip = q.offset;
    for (const period of await table.latest(tickers)) {
      if (!period) continue;
      const values = numbers(period);
      if (!bounds.every(([f, bound]) => meets(values[f], bound))) continue;
      if (skip > 0) skip--;
      else if (out.push(table.result(period, values)) === q.limit) break;
    }
    return answer(out);
  });

  servePost(app, lineItems, async (q, scenario) => {
    const tickers = await wantedCompanies(scenario, q.tickers);
    const table = await CrossSection.open(scenario, q.period);
    const values = lineItemValues(table, q.line_items);
    const periods = (await Promise.all(tickers.map((t) => table.newest(t, q.offset, q.limit)))).flat();
    return answer(periods.map((p) => table.result(p, values(p))));
  });
}
