// Institutional holdings (13F-HR lines): who holds a company, or what a manager holds, newest report
// period first; each line visible from its manager's filing date. Lines are stored once per ticker
// and once per manager-year (the two orders asked for); the manager's name, the portfolio weight
// (value over the manager-quarter's merged total), the issuer's name and the filing text are
// composed here.
import { z } from "zod";
import type { FilteredRows } from "../bundle/as-of.ts";
import type { Shard } from "../bundle/shard.ts";
import { filerYear, SHARDS, yearOf } from "../bundle/shards.ts";
import { filingText, holdingId, InstitutionalHolding, Investor } from "../contract/holdings.ts";
import { asOf, date, page, scenarioId, str, ticker } from "../contract/params.ts";
import { ApiError, badRequest, notFound } from "../http/errors.ts";
import { dataRoute, serve, type ApiApp } from "../http/route.ts";
import { find, type Scenario } from "../http/scenario.ts";

const TAG = "Institutional holdings";

const filerCik = () =>
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
  description: "Companies with a line visible by the scenario's current_date, by ticker.",
  request: { query: z.object({ scenario_id: scenarioId() }) },
  response: z.object({ tickers: z.array(z.string()) }),
});

/** A stored line (HOLDING_COLUMNS). */
interface Line {
  cik: string;
  report_period: string;
  ticker: string;
  shares: number;
  market_value: number;
  change_shares: number | null;
  filing_date: string;
  reported_price: number;
  manager_type: InstitutionalHolding["details"]["manager_type"];
  position_status: InstitutionalHolding["details"]["position_status"];
  percent_of_shares_outstanding: number;
  valuation_date: string;
}

/** A manager-quarter's totals row. */
interface Totals {
  key: string;
  filing_date: string;
  manager_name: string;
  manager_type: Investor["type"];
  total_value: number;
  positions: number;
}

/** The last calendar quarter's end on or before `date`. */
function quarterEndOnOrBefore(date: string): string {
  const y = Number(date.slice(0, 4));
  const md = date.slice(5);
  if (md >= "12-31") return `${y}-12-31`;
  if (md >= "09-30") return `${y}-09-30`;
  if (md >= "06-30") return `${y}-06-30`;
  if (md >= "03-31") return `${y}-03-31`;
  return `${y - 1}-12-31`;
}

/** The quarter's end before a quarter's end: the last on or before day 0 of its month. */
const previousQuarterEnd = (reportPeriod: string) => quarterEndOnOrBefore(`${reportPeriod.slice(0, 8)}00`);

/** The rows of [from, to) public by the horizon, as objects. */
const visible = <T>(rows: FilteredRows, from: number, to: number) =>
  rows.visible(from, to).map(({ row }) => row as unknown as T);

/** Composes served lines: the manager's name and total from the totals shard, the issuer's name from the companies'. */
class Composer {
  private readonly totals: FilteredRows;
  private readonly companies: Shard;
  private readonly names = new Map<string, string>();

  constructor(totals: FilteredRows, companies: Shard) {
    this.totals = totals;
    this.companies = companies;
  }

  /** The manager-quarter's totals, public whenever its lines are (the same filing date). */
  totalsOf(cik: string, reportPeriod: string): Totals {
    const key = `${cik} ${reportPeriod}`;
    const [from, to] = this.totals.window(key, key);
    const [row] = visible<Totals>(this.totals, from, to);
    if (!row) throw new Error(`holdings/totals: no row ${key}`);
    return row;
  }

  private issuer(ticker: string): string {
    let name = this.names.get(ticker);
    if (name === undefined) {
      const i = find(this.companies, ticker);
      name = i < 0 ? ticker : String(this.companies.objects(i, i + 1)[0].name).toUpperCase();
      this.names.set(ticker, name);
    }
    return name;
  }

  holding(line: Line, totals = this.totalsOf(line.cik, line.report_period)): InstitutionalHolding {
    const issuer = this.issuer(line.ticker);
    const served = (filing_text: string): InstitutionalHolding => ({
      id: holdingId(line.cik, line.report_period, line.ticker),
      manager_name: totals.manager_name,
      report_period: line.report_period,
      ticker: line.ticker,
      shares: line.shares,
      market_value: line.market_value,
      portfolio_weight: line.market_value / totals.total_value,
      change_shares: line.change_shares,
      form_type: "13F-HR",
      filing_date: line.filing_date,
      filing_text,
      details: {
        manager_type: line.manager_type,
        position_status: line.position_status,
        percent_of_shares_outstanding: line.percent_of_shares_outstanding,
        valuation_date: line.valuation_date,
        investment_discretion: "SOLE",
      },
      name_of_issuer: issuer,
      value_usd: line.market_value,
      filer_cik: line.cik,
      filer_name: totals.manager_name,
      put_call: null,
      reported_price: line.reported_price,
    });
    return served(filingText(served("")));
  }
}

interface Window {
  first?: string;
  last?: string;
  offset: number;
  limit: number;
}

/** Who holds a company: each report period's lines (visible ones) by value, newest period first. */
async function byTicker(scenario: Scenario, composer: Composer, symbol: string, w: Window) {
  if ((await scenario.requireTicker(symbol)) !== "company") return [];
  const rows = await scenario.filtered(SHARDS.holdings, symbol);
  if (!rows) return [];
  const out: InstitutionalHolding[] = [];
  let skip = w.offset;
  const newest = w.last && w.last < scenario.horizon ? w.last : scenario.horizon;
  for (let period = quarterEndOnOrBefore(newest); !w.first || period >= w.first; period = previousQuarterEnd(period)) {
    const [from, to] = rows.window(`${period} `, `${period}~`);
    if (to === 0) break; // nothing this early
    const lines = visible<Line>(rows, from, to).sort((a, b) =>
      a.market_value !== b.market_value ? b.market_value - a.market_value : a.cik < b.cik ? -1 : 1,
    );
    if (skip >= lines.length) {
      skip -= lines.length;
      continue;
    }
    for (const line of lines.slice(skip, skip + w.limit - out.length)) out.push(composer.holding(line));
    skip = 0;
    if (out.length >= w.limit) break;
  }
  return out;
}

/** What a manager holds: its visible quarters newest first, each quarter's lines by value (their shard order). */
async function byFiler(scenario: Scenario, composer: Composer, totals: FilteredRows, cik: string, w: Window) {
  const [from, to] = totals.window(`${cik} `, `${cik}~`);
  if (from === to) throw notFound(`Investor with CIK ${cik} not found in scenario`);
  const period = (t: Totals) => t.key.slice(cik.length + 1);
  const quarters = visible<Totals>(totals, from, to)
    .filter((t) => (!w.first || period(t) >= w.first) && (!w.last || period(t) <= w.last))
    .reverse();
  const out: InstitutionalHolding[] = [];
  let skip = w.offset;
  for (const t of quarters) {
    // The totals count each quarter's lines: whole quarters are skipped unread.
    if (skip >= t.positions) {
      skip -= t.positions;
      continue;
    }
    const p = period(t);
    const rows = await scenario.filtered(SHARDS.holdingsByFiler, filerYear(cik, yearOf(p)));
    if (!rows) throw new Error(`holdings/filers: no shard for ${cik} ${p}`);
    const [first, end] = rows.window(`${p} `, `${p}~`);
    const start = first + skip;
    for (const line of visible<Line>(rows, start, Math.min(end, start + w.limit - out.length)))
      out.push(composer.holding(line, t));
    skip = 0;
    if (out.length >= w.limit) break;
  }
  return out;
}

export function register(app: ApiApp): void {
  serve(
    app,
    holdings,
    async (q, scenario) => {
      const totals = await scenario.filtered(SHARDS.holdingsTotals);
      const window = { first: q.report_period_gte, last: q.report_period_lte, offset: q.offset, limit: q.limit };
      if (!totals) {
        if (q.ticker !== undefined) await scenario.requireTicker(q.ticker);
        else throw notFound(`Investor with CIK ${q.filer_cik} not found in scenario`);
        return { institutional_holdings: [] };
      }
      const composer = new Composer(totals, await scenario.companies());
      return {
        institutional_holdings:
          q.ticker !== undefined
            ? await byTicker(scenario, composer, q.ticker, window)
            : await byFiler(scenario, composer, totals, q.filer_cik!, window),
      };
    },
    (q) => {
      if (q.ticker !== undefined && q.filer_cik !== undefined)
        throw badRequest("Query parameters 'ticker' and 'filer_cik' cannot be combined");
      if (q.ticker === undefined && q.filer_cik === undefined)
        throw new ApiError(422, "Query parameter 'ticker' or 'filer_cik' is required", [
          { loc: ["query", "ticker"], msg: "ticker or filer_cik is required", type: "missing" },
        ]);
      if (q.report_period_gte && q.report_period_lte && q.report_period_gte > q.report_period_lte)
        throw badRequest("Query parameter 'report_period_gte' must not be after 'report_period_lte'");
    },
  );

  serve(app, investors, async (q, scenario) => {
    const totals = await scenario.filtered(SHARDS.holdingsTotals);
    if (!totals) return { investors: [] };
    const needle = q.name?.trim().toLowerCase();
    const byCik = new Map<string, Investor>();
    for (const t of visible<Totals>(totals, ...totals.window())) {
      const cik = t.key.slice(0, 10);
      if (!byCik.has(cik)) byCik.set(cik, { cik, name: t.manager_name, type: t.manager_type });
    }
    const list = [...byCik.values()]
      .filter((m) => !needle || m.name.toLowerCase().includes(needle))
      .sort((a, b) => (a.name === b.name ? (a.cik < b.cik ? -1 : 1) : a.name < b.name ? -1 : 1));
    return { investors: list };
  });

  serve(app, heldTickers, async (_, scenario) => {
    const rows = await scenario.filtered(SHARDS.holdingsTickers);
    return { tickers: rows ? visible<{ ticker: string }>(rows, ...rows.window()).map((r) => r.ticker) : [] };
  });
}
