// Institutional holdings (13F-HR lines): who holds a company, or what a manager holds, newest report
// period first; each line visible from its manager's filing date. Lines are stored once per ticker
// and once per manager-year (the two orders asked for); the manager's name, the portfolio weight
// (value over the manager-quarter's merged total), the issuer's name and the filing text are
// composed here.
import { HOLDINGS_SHARDS } from "./shards.ts";
import { z } from "zod";
import type { DatedRows } from "../../bundle/as-of.ts";
import type { Shard } from "../../bundle/shard.ts";
import { filerYear, holdingTotalKey, periodOfHoldingKey } from "./shards.ts";
import { yearOf } from "../../bundle/shards.ts";
import { filingCoverInJson, holdingId, InstitutionalHolding, Investor, jsonInner, tableLineInJson } from "./rows.ts";
import { asOf, date, page, scenarioId, str, ticker } from "../../contract/params.ts";
import { jsonTexts } from "../../http/json.ts";
import { notFound } from "../../http/errors.ts";
import { requireOneOf } from "../../http/one-of.ts";
import { dataRoute, serve, type ApiApp } from "../../http/route.ts";
import { find, requireOrderedWindow, type Scenario } from "../../http/scenario.ts";

const TAG = "Institutional holdings";

export const filerCik = () =>
  str({ description: "The manager's CIK, with or without zero padding (what it holds).", example: "9104377" }, 10)
    .pipe(z.string().regex(/^\d{1,10}$/, "must be a CIK of up to 10 digits"))
    .transform((v) => v.padStart(10, "0"));

const holdings = dataRoute({
  path: "/institutional-holdings",
  tag: TAG,
  summary: "13F holdings of a company or of a manager",
  description:
    "Give `ticker` (who holds the company) or `filer_cik` (what the manager holds): one of them (422 without " +
    "either, 400 with both). Newest report period first; within a period by market value, largest first, ties by " +
    "filer CIK (or ticker). A line is visible from its filing date (within 45 days of the quarter's end), not its " +
    "report period. Shares are as filed, not restated for later splits; change_shares restates the quarter " +
    "before's for the splits in between.",
  request: {
    query: z.object({
      scenario_id: scenarioId(),
      ticker: ticker({ description: "The company: who holds it.", example: "AAPL" }).optional(),
      filer_cik: filerCik().optional(),
      report_period_gte: date({
        description: "Report periods on or after this date.",
        example: "2023-01-01",
      }).optional(),
      report_period_lte: date({
        description: "Report periods on or before this date.",
        example: "2023-12-31",
      }).optional(),
      as_of: asOf("lines filed").optional(),
      ...page(50, 200),
    }),
  },
  response: z.object({ institutional_holdings: z.array(InstitutionalHolding) }),
});

const investors = dataRoute({
  path: "/institutional-holdings/investors",
  tag: TAG,
  summary: "Managers that file 13F-HRs",
  description: "By name. Managers with a filing visible by the scenario's current_date.",
  request: {
    query: z.object({
      scenario_id: scenarioId(),
      name: str(
        { description: "Only managers whose name contains this (case-insensitive).", example: "index" },
        128,
      ).optional(),
    }),
  },
  response: z.object({ investors: z.array(Investor) }),
});

const heldTickers = dataRoute({
  path: "/institutional-holdings/tickers",
  tag: TAG,
  summary: "Companies held by 13F filers",
  description:
    "Companies with a line visible by the horizon (`as_of`, else the scenario's current_date), by ticker: a company " +
    "that left the world before its first 13F line was filed is in no list.",
  request: { query: z.object({ scenario_id: scenarioId(), as_of: asOf("lines filed").optional() }) },
  response: z.object({ tickers: z.array(z.string()) }),
});

/** A stored line: HOLDING_COLUMNS, in order (decoded as an array: a page decodes some fifty). */
type Line = [
  key: string,
  cik: string,
  report_period: string,
  ticker: string,
  shares: number,
  market_value: number,
  change_shares: number | null,
  filing_date: string,
  reported_price: number,
  manager_type: string,
  position_status: string | null,
  percent_of_shares_outstanding: number,
  valuation_date: string,
];
const linesOf = (rows: DatedRows, from: number, to: number) => rows.rows(from, to) as Line[];

/** A manager-quarter's totals row (the holdingsTotals columns after its key). */
interface Totals {
  manager_name: string;
  total_value: number;
  positions: number;
}

function totalsAt(totals: DatedRows, i: number): Totals {
  const [, manager_name, , total_value, positions] = totals.rows(i, i + 1)[0] as [
    string,
    string,
    string,
    number,
    number,
  ];
  return { manager_name, total_value, positions };
}

/** A name as a JSON string, and as written inside one (in a filing text). */
interface Written {
  json: string;
  inner: string;
}
const written = (name: string): Written => ({ json: JSON.stringify(name), inner: jsonInner(name) });

/** A manager-quarter's totals, its name written, and its filing's cover as written in a JSON string. */
interface ManagerQuarter extends Totals {
  name: Written;
  cover: string;
}

/**
 * Manager-quarters' totals already read, by totals row, while the totals shard is kept: a page of a
 * company's holders names fifty of them. Only keys of visible lines are looked up, and a line and
 * its totals are public from the same filing date.
 */
const managerQuarters = new WeakMap<Shard, ManagerQuarter[]>();

/**
 * Issuers' names as 13F tables print them (upper case), by companies shard (the reader keeps one
 * object per shard while cached): a manager's page names fifty companies, each a whole row to decode.
 */
const issuerNames = new WeakMap<Shard, Map<string, Written>>();

/** Where the quarter whose lines end at `end` starts: its lines' keys share a report period. */
function quarterStart(rows: DatedRows, end: number): number {
  const period = periodOfHoldingKey(rows.key(end - 1));
  let start = end - 1;
  while (start > 0 && periodOfHoldingKey(rows.key(start - 1)) === period) start--;
  return start;
}

/**
 * Composes served lines: the manager's name and total from the totals shard, the issuer's name from
 * the companies'. Each line is written as its JSON text (InstitutionalHolding's fields in order):
 * a page is 50 lines with their filing texts, and building objects to serialize them was most of
 * an uncached answer's work.
 */
class Composer {
  private readonly totals: DatedRows;
  private readonly companies: Shard;
  private readonly issuers: Map<string, Written>;

  constructor(totals: DatedRows, companies: Shard) {
    this.totals = totals;
    this.companies = companies;
    let issuers = issuerNames.get(companies);
    if (!issuers) issuerNames.set(companies, (issuers = new Map()));
    this.issuers = issuers;
  }

  /** A manager-quarter, found by its filing date: public whenever its lines are. */
  private manager(filingDate: string, cik: string, reportPeriod: string): ManagerQuarter {
    const key = holdingTotalKey(filingDate, cik, reportPeriod);
    const i = this.totals.find(key);
    if (i < 0) throw new Error(`holdings/totals: no row ${key}`);
    return this.totals.memoized(managerQuarters, i, () => {
      const totals = totalsAt(this.totals, i);
      const name = written(totals.manager_name);
      const cover = { manager_name: name.inner, filer_cik: cik, report_period: reportPeriod, filing_date: filingDate };
      return { ...totals, name, cover: filingCoverInJson(cover) };
    });
  }

  /** The issuer's name as 13F tables print it (upper case). */
  private issuer(ticker: string): Written {
    let name = this.issuers.get(ticker);
    if (name === undefined) {
      const i = find(this.companies, ticker);
      name = written(i < 0 ? ticker : String(this.companies.objects(i, i + 1)[0].name).toUpperCase());
      this.issuers.set(ticker, name);
    }
    return name;
  }

  /**
   * A line as served (InstitutionalHolding), as JSON text. Names are escaped once (Written); dates,
   * CIKs, tickers and the enums' values need no escaping and are written between quotes as they are.
   */
  holding(line: Line): string {
    const [, cik, period, ticker, shares, value, change, filed, price, type, status, percent, valuation] = line;
    const manager = this.manager(filed, cik, period);
    const issuer = this.issuer(ticker);
    const table = tableLineInJson({ name_of_issuer: issuer.inner, market_value: value, reported_price: price, shares });
    return (
      `{"id":"${holdingId(cik, period, ticker)}","manager_name":${manager.name.json},"report_period":"${period}",` +
      `"ticker":"${ticker}","shares":${shares},"market_value":${value},` +
      `"portfolio_weight":${value / manager.total_value},"change_shares":${change},"form_type":"13F-HR",` +
      `"filing_date":"${filed}","filing_text":"${manager.cover}${table}","details":{"manager_type":"${type}",` +
      `"position_status":${status === null ? "null" : `"${status}"`},"percent_of_shares_outstanding":${percent},` +
      `"valuation_date":"${valuation}","investment_discretion":"SOLE"},"name_of_issuer":${issuer.json},` +
      `"value_usd":${value},"filer_cik":"${cik}","filer_name":${manager.name.json},"put_call":null,` +
      `"reported_price":${price}}`
    );
  }
}

interface Window {
  first?: string;
  last?: string;
  offset: number;
  limit: number;
}

/**
 * Who holds a company: its lines filed by the horizon, a quarter at a time from the newest; a
 * quarter's lines (at most one a manager) by value. Whole quarters before the page are counted by
 * their keys, unread.
 */
async function byTicker(scenario: Scenario, composer: Composer, symbol: string, w: Window) {
  if ((await scenario.requireTicker(symbol)) !== "company") return [];
  const rows = await scenario.dated(HOLDINGS_SHARDS.holdings, symbol);
  if (!rows) return [];
  const out: string[] = [];
  let skip = w.offset;
  for (let end = rows.length; end > 0 && out.length < w.limit;) {
    const start = quarterStart(rows, end);
    const period = periodOfHoldingKey(rows.key(start));
    if (w.first && period < w.first) break;
    const count = end - start;
    if (w.last && period > w.last) {
      end = start;
      continue;
    }
    if (skip >= count) {
      skip -= count;
      end = start;
      continue;
    }
    const lines = linesOf(rows, start, end);
    lines.sort((a, b) => b[5] - a[5] || (a[1] < b[1] ? -1 : 1)); // by market value, then filer CIK
    for (const line of lines.slice(skip, skip + w.limit - out.length)) out.push(composer.holding(line));
    skip = 0;
    end = start;
  }
  return out;
}

/** A manager's quarters filed by the horizon, newest first: their totals rows' indexes and keys. */
function quartersOf(totals: DatedRows, cik: string): { index: number; key: string }[] {
  const own: { index: number; key: string }[] = [];
  // Keys are `<filing date> <cik> <report period>`: the manager's are found among the keys, unread.
  for (let i = totals.length - 1; i >= 0; i--) {
    const key = totals.key(i);
    if (key.slice(11, 21) === cik) own.push({ index: i, key });
  }
  return own;
}

/** What a manager holds: its quarters newest first, each quarter's lines in their stored order (by value). */
async function byFiler(scenario: Scenario, composer: Composer, totals: DatedRows, cik: string, w: Window) {
  const quarters = quartersOf(totals, cik);
  const out: string[] = [];
  let skip = w.offset;
  for (const { index, key } of quarters) {
    const [filingDate, , period] = key.split(" ");
    if ((w.first && period < w.first) || (w.last && period > w.last)) continue;
    // The totals count each quarter's lines: whole quarters before the page are skipped unread.
    const { positions } = totalsAt(totals, index);
    if (skip >= positions) {
      skip -= positions;
      continue;
    }
    const rows = await scenario.dated(HOLDINGS_SHARDS.holdingsByFiler, filerYear(cik, yearOf(period)));
    if (!rows) throw new Error(`holdings/filers: no shard for ${cik} ${period}`);
    const [first, end] = rows.window(`${filingDate} ${period} `, `${filingDate} ${period}~`);
    const page = linesOf(rows, first + skip, Math.min(end, first + skip + w.limit - out.length));
    for (const line of page) out.push(composer.holding(line));
    skip = 0;
    if (out.length >= w.limit) break;
  }
  return out;
}

const unknownInvestor = (cik: string) => `Investor with CIK ${cik} not found in scenario`;

export function register(app: ApiApp): void {
  serve(
    app,
    holdings,
    async (q, scenario) => {
      if (q.filer_cik !== undefined) {
        const managers = await scenario.reference(HOLDINGS_SHARDS.holdingsInvestors, unknownInvestor(q.filer_cik));
        if (find(managers, q.filer_cik) < 0) throw notFound(unknownInvestor(q.filer_cik));
      }
      const window = { first: q.report_period_gte, last: q.report_period_lte, offset: q.offset, limit: q.limit };
      const totals = await scenario.dated(HOLDINGS_SHARDS.holdingsTotals);
      if (!totals) {
        if (q.ticker !== undefined) await scenario.requireTicker(q.ticker);
        return { institutional_holdings: [] };
      }
      const composer = new Composer(totals, await scenario.companies());
      return {
        institutional_holdings: jsonTexts(
          q.ticker !== undefined
            ? await byTicker(scenario, composer, q.ticker, window)
            : await byFiler(scenario, composer, totals, q.filer_cik!, window),
        ),
      };
    },
    (q) => {
      requireOneOf(q, ["ticker", "filer_cik"]);
      requireOrderedWindow(q.report_period_gte, q.report_period_lte, ["report_period_gte", "report_period_lte"]);
    },
  );

  serve(app, investors, async (q, scenario) => {
    const totals = await scenario.dated(HOLDINGS_SHARDS.holdingsTotals);
    if (!totals) return { investors: [] };
    // Managers with a filing by the horizon: their CIKs are in the totals' keys.
    const filed = new Set<string>();
    for (let i = 0; i < totals.length; i++) filed.add(totals.key(i).slice(11, 21));
    const managers = await scenario.reference(HOLDINGS_SHARDS.holdingsInvestors, "Scenario has no investors");
    const needle = q.name?.trim().toLowerCase();
    const list = (managers.objects(0, managers.length) as Investor[])
      .filter((m) => filed.has(m.cik) && (!needle || m.name.toLowerCase().includes(needle)))
      .sort((a, b) => (a.name === b.name ? (a.cik < b.cik ? -1 : 1) : a.name < b.name ? -1 : 1));
    return { investors: list };
  });

  serve(app, heldTickers, async (_, scenario) => {
    const rows = await scenario.filtered(HOLDINGS_SHARDS.holdingsTickers);
    if (!rows) return { tickers: [] };
    return { tickers: rows.visible(...rows.window()).map(({ row }) => row.ticker as string) };
  });
}
