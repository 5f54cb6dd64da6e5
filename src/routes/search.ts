// Search: the screener (each company's latest period that meets bounds on its numbers) and line
// items (chosen numbers of many companies' periods). Both read the cross-section of a kind of
// period (SHARDS.search: one shard per filing year holding every company), never one shard per
// company: a screen of 500 companies is a binary search per company in one or two shards.
import type { Context } from "hono";
import { z } from "zod";
import type { Shard } from "../bundle/shard.ts";
import { SHARDS, unpackNumbers, yearOf } from "../bundle/shards.ts";
import type { Manifest } from "../bundle/types.ts";
import {
  LineItemsRequest,
  meets,
  SCREENER_DEFAULT_FIELDS,
  ScreenerRequest,
  SEARCH_FIELDS,
  SEARCH_PER_SHARE,
  SEARCH_SHARE_COUNTS,
  SearchResult,
} from "../contract/search.ts";
import type { AppEnv } from "../env.ts";
import { dataRoute, postRoute, serve, servePost, type ApiApp } from "../http/route.ts";
import { periodHorizon } from "../http/periods.ts";
import { horizon, loadManifest, requireShard, requireTicker } from "../http/scenario.ts";
import { restated, splitFactor, type Split } from "../http/splits.ts";

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

const results = z.object({ results: z.array(SearchResult) });

const screener = postRoute({
  path: "/financials/search/screener",
  tag: TAG,
  summary: "Companies whose latest period meets bounds",
  description:
    "For each company (by ticker), its latest period of the kind asked for that was filed by the horizon, kept when " +
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
    "with the fields asked for: the values of the statements and /financial-metrics as of the horizon.",
  body: LineItemsRequest,
  response: results,
});

type Period = z.output<typeof ScreenerRequest>["period"];
/** A row: SearchResult's period fields, then numbers by name. */
type Result = z.output<typeof SearchResult> & Record<string, unknown>;

/** One company's period as the cross-section holds it (SHARDS.search columns). */
type Stored = [string, string, string, Period, string, string, string, Uint8Array, Split[]];

/** A kind of period's yearly cross-section shards up to the horizon's year, newest first, read as needed. */
class CrossSection {
  /** The horizon: the last filing date seen. */
  readonly last: string;
  private readonly c: Context<AppEnv>;
  private readonly manifest: Manifest;
  private readonly period: Period;
  private readonly years: string[];
  private readonly shards = new Map<string, Promise<Shard | null>>();

  constructor(c: Context<AppEnv>, manifest: Manifest, period: Period, last: string) {
    this.c = c;
    this.manifest = manifest;
    this.period = period;
    this.last = last;
    this.years = Object.keys(manifest.periods[`search/${period}`] ?? {})
      .filter((y) => y <= yearOf(last))
      .sort()
      .reverse();
  }

  private shard(year: string): Promise<Shard | null> {
    let shard = this.shards.get(year);
    if (!shard) {
      shard = this.c.get("reader").shard(this.manifest, SHARDS.search.name(`${this.period}/${year}`));
      this.shards.set(year, shard);
    }
    return shard;
  }

  /** The company's latest period filed by the horizon. */
  async latest(ticker: string): Promise<Stored | undefined> {
    for (const year of this.years) {
      const shard = await this.shard(year);
      const i = shard ? shard.upperBound(`${ticker} ${this.last}`) - 1 : -1; // keys "<ticker> <filing date>"
      if (shard && i >= 0 && shard.keys[i].startsWith(`${ticker} `)) return shard.rows(i, i + 1)[0] as Stored;
    }
    return undefined;
  }

  /** The company's periods filed by the horizon, newest first, `offset` skipped, at most `limit`. */
  async newest(ticker: string, offset: number, limit: number): Promise<Stored[]> {
    const out: Stored[] = [];
    let skip = offset;
    for (const year of this.years) {
      const shard = await this.shard(year);
      if (!shard) continue;
      const [from, to] = shard.window(`${ticker} `, `${ticker} ${this.last}`);
      const end = Math.max(from, to - skip);
      skip -= to - end;
      const start = Math.max(from, end - (limit - out.length));
      out.push(...(shard.rows(start, end) as Stored[]).reverse());
      if (out.length === limit) break;
    }
    return out;
  }
}

/** The named numbers of a stored period, per-share figures restated for the splits by the horizon. */
function numbers(row: Stored, fields: readonly string[], last: string): Record<string, number | null> {
  const [, , reportPeriod, , , , , packed, splits] = row;
  const factor = splitFactor(
    splits.filter((s) => s.ex <= last),
    reportPeriod,
  );
  return restated(unpackNumbers(packed, fields), factor, SEARCH_PER_SHARE, SEARCH_SHARE_COUNTS);
}

/** A stored period as served: its period fields, then its numbers. */
function result(row: Stored, values: Record<string, number | null>): Result {
  const [filing_date, ticker, report_period, period, currency] = row;
  return { ticker, report_period, period, currency, filing_date, ...values };
}

/** The companies asked for (each must be in the scenario), or every company; by ticker. */
async function companies(c: Context<AppEnv>, manifest: Manifest, tickers: string[] | undefined): Promise<string[]> {
  if (!tickers) return (await requireShard(c, manifest, SHARDS.companies.name(), "Scenario has no companies")).keys;
  for (const t of tickers) await requireTicker(c, manifest, t);
  return [...tickers].sort();
}

/** Fields in SEARCH_FIELDS order, whatever order the request named them in (its identity ignores order). */
const inOrder = (names: string[]) => SEARCH_FIELDS.filter((f) => names.includes(f));

export function register(app: ApiApp): void {
  serve(app, filters, async () => ({ filters: SEARCH_FIELDS }));

  servePost(app, screener, async (q, c) => {
    const manifest = await loadManifest(c, q.scenario_id);
    const tickers = await companies(c, manifest, q.tickers);
    const table = new CrossSection(c, manifest, q.period, horizon(manifest, q.as_of));
    const bounds = Object.entries(q.filters);
    const shown = bounds.length ? inOrder(bounds.map(([f]) => f)) : SCREENER_DEFAULT_FIELDS;
    const sectors = q.sector?.map((s) => s.toLowerCase());
    const industries = q.industry?.map((s) => s.toLowerCase());
    const out: Result[] = [];
    let skip = q.offset;
    for (const ticker of tickers) {
      const row = await table.latest(ticker);
      if (!row) continue;
      if (sectors && !sectors.includes(row[5].toLowerCase())) continue;
      if (industries && !industries.includes(row[6].toLowerCase())) continue;
      const values = numbers(row, shown, table.last);
      if (!bounds.every(([f, bound]) => meets(values[f], bound))) continue;
      if (skip > 0) skip--;
      else if (out.push(result(row, values)) === q.limit) break;
    }
    return { results: out };
  });

  servePost(app, lineItems, async (q, c) => {
    const manifest = await loadManifest(c, q.scenario_id);
    const tickers = await companies(c, manifest, q.tickers);
    // end_date bounds filing dates, as the statements' filing_date_lte does.
    const last = periodHorizon(manifest, { filing_date_lte: q.end_date, as_of: q.as_of });
    const table = new CrossSection(c, manifest, q.period, last);
    const fields = inOrder(q.line_items);
    const rows = await Promise.all(tickers.map((t) => table.newest(t, q.offset, q.limit)));
    return { results: rows.flat().map((row) => result(row, numbers(row, fields, table.last))) };
  });
}
