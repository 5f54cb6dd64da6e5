// Analyst estimates, earnings releases against the consensus, and the earnings calendar. Each row is
// public from its own date (estimate date, release date, the date's announcement); per-share figures
// are restated for the splits that went ex after them, by the request's horizon.
import { EARNINGS_SHARDS } from "./shards.ts";
import { z } from "zod";
import type { DatedRows } from "../../bundle/as-of.ts";
import { servedEstimates } from "./estimates.ts";
import {
  AnalystEstimate,
  EARNINGS_PER_SHARE,
  EARNINGS_SHARE_COUNTS,
  ESTIMATE_PER_SHARE,
  ESTIMATED_METRICS,
  Earnings,
  EarningsDate,
  GUIDANCE_PER_SHARE,
  KpiGuidance,
} from "./rows.ts";
import { asOf, date, many, oneOf, page, scenarioId, str, ticker } from "../../contract/params.ts";
import { dataRoute, serve, type ApiApp } from "../../http/route.ts";
import { pageRange, type Scenario } from "../../http/scenario.ts";

const TAG = "Earnings and estimates";
const TEXT = new TextDecoder();

const estimates = dataRoute({
  path: "/analyst-estimates",
  tag: TAG,
  summary: "Analyst estimates of one company",
  description:
    "Every published estimate (EPS and revenue of the next quarter to be released and of its fiscal year, and " +
    "while a fourth quarter is open of the next fiscal year) with the analyst's rating and price target, newest " +
    "first (a date's in the order of their ids). An estimate is public from its `estimate_date`; `metadata.source_event_id` names the event " +
    "that prompted it. Firms and analysts are invented. Funds and warrants have none (an empty list).",
  request: {
    query: z.object({
      scenario_id: scenarioId(),
      ticker: ticker({ description: "The company.", example: "AAPL" }),
      as_of: asOf("estimates published").optional(),
      metric_name: many(oneOf(ESTIMATED_METRICS, { description: "A metric.", example: "earnings_per_share" }), {
        description: "Only these metrics (repeat for any of).",
        example: "earnings_per_share",
      }),
      period: oneOf(["quarterly", "annual"], {
        description: "Only estimates of quarters, or of fiscal years.",
        example: "annual",
      }).optional(),
      report_period: date({
        description: "Only estimates of the quarter or fiscal year ending on this date.",
        example: "2023-09-30",
      }).optional(),
      ...page(50, 200),
    }),
  },
  response: z.object({ analyst_estimates: z.array(AnalystEstimate) }),
});

const earnings = dataRoute({
  path: "/earnings",
  tag: TAG,
  summary: "Earnings releases against the consensus",
  description:
    "Each quarter as released: reported revenue and EPS (the income statement's) against the consensus, the mean of " +
    "each analyst's latest estimate published before the release day, with the quarter's balance-sheet and cash-flow " +
    "lines. Each row is sourced from the 10-Q (10-K for a fiscal year's fourth quarter) filed with the release " +
    "(`source_type`, `accession_number`), its figures those of the same quarter's `/financials` statements. Newest " +
    "first; without `ticker`, every company's. Public from `filing_date`, the day its statements are public.",
  request: {
    query: z.object({
      scenario_id: scenarioId(),
      ticker: ticker({ description: "Only this company.", example: "AAPL" }).optional(),
      as_of: asOf("releases").optional(),
      ...page(4, 500),
    }),
  },
  response: z.object({ earnings: z.array(Earnings) }),
});

const calendar = dataRoute({
  path: "/earnings/calendar",
  tag: TAG,
  summary: "Earnings release dates of one company",
  description:
    "Release dates, the next one first: each public from its `announcement_date` (about four weeks ahead), so the " +
    "calendar as of a date shows the release still to come.",
  request: {
    query: z.object({
      scenario_id: scenarioId(),
      ticker: ticker({ description: "The company.", example: "AAPL" }),
      as_of: asOf("announced dates").optional(),
      ...page(20, 100),
    }),
  },
  response: z.object({ earnings_calendar: z.array(EarningsDate) }),
});

const guidance = dataRoute({
  path: "/kpi/guidance",
  tag: TAG,
  summary: "Full-year guidance of one company",
  description:
    "The EPS and revenue guidance the company gave with its earnings releases, newest first: each public from its " +
    "`issued_date`, with the prior value and whether it was raised, maintained or cut. Only some companies guide; " +
    "the others, and funds and warrants, have none (an empty list).",
  request: {
    query: z.object({
      scenario_id: scenarioId(),
      ticker: ticker({ description: "The company.", example: "AAPL" }),
      period: str({ description: "Only guidance for this fiscal year label.", example: "FY 2024" }, 32).optional(),
      as_of: asOf("guidance issued").optional(),
      ...page(100, 500),
    }),
  },
  response: z.object({ kpi_guidance: z.array(KpiGuidance) }),
});

const earningsTickers = dataRoute({
  path: "/earnings/tickers",
  tag: TAG,
  summary: "Tickers with earnings releases",
  request: { query: z.object({ scenario_id: scenarioId() }) },
  response: z.object({ tickers: z.array(z.string()) }),
});

/** A company's rows of a kind keyed by the date they are public from, newest first (ties by the second column, descending). */
function newestFirst(shard: DatedRows | null, keep: (row: Record<string, unknown>) => boolean = () => true) {
  return shard ? shard.objects(0, shard.length).filter(keep).reverse() : [];
}

/** One company's rows of a kind dated up to the horizon (estimates, guidance), newest first, kept by `keep`. */
async function companyRows<T>(
  scenario: Scenario,
  ticker: string,
  kind: typeof EARNINGS_SHARDS.estimates | typeof EARNINGS_SHARDS.guidance,
  keep?: (row: Record<string, unknown>) => boolean,
): Promise<T[]> {
  await scenario.requireTicker(ticker);
  return newestFirst(await scenario.dated(kind, ticker), keep) as T[];
}

/** The page `offset`/`limit` asks for. */
const pageOf = <T>(rows: T[], q: { offset: number; limit: number }) =>
  rows.slice(...pageRange(0, rows.length, q.offset, q.limit));

export function register(app: ApiApp): void {
  serve(app, estimates, async (q, scenario) => {
    const metrics = q.metric_name ? new Set<unknown>(q.metric_name) : undefined;
    const rows = await companyRows<Record<string, unknown>>(scenario, q.ticker, EARNINGS_SHARDS.estimates);
    const splits = await scenario.splits();
    // A stored row is one publication: served, its periods and metrics are rows of their own, a
    // date's in the order of their ids.
    const served = rows
      .flatMap((r) => servedEstimates(q.ticker, r))
      .filter(
        (r) =>
          (!metrics || metrics.has(r.metric_name)) &&
          (!q.period || r.period === q.period) &&
          (!q.report_period || r.report_period === q.report_period),
      )
      .sort((a, b) =>
        a.estimate_date === b.estimate_date ? (a.id < b.id ? -1 : 1) : a.estimate_date < b.estimate_date ? 1 : -1,
      );
    return {
      analyst_estimates: pageOf(served, q).map((r) => {
        const perShare =
          r.metric_name === "earnings_per_share" ? [...ESTIMATE_PER_SHARE, "estimate"] : ESTIMATE_PER_SHARE;
        return splits.restate(r, q.ticker, r.estimate_date, perShare);
      }),
    };
  });

  serve(app, earnings, async (q, scenario) => {
    const texts = await scenario.newestFirstByTickerOrPeriod(
      EARNINGS_SHARDS.earnings,
      q.ticker ? [q.ticker] : undefined,
      {
        offset: q.offset,
        limit: q.limit,
      },
    );
    // Decoded to restate per-share figures: each text is one or more rows, comma-separated.
    const rows = texts.flatMap((t) => JSON.parse(`[${TEXT.decode(t)}]`) as Earnings[]);
    const splits = await scenario.splits();
    return {
      earnings: rows.map((r) => ({
        ...r,
        quarterly: splits.restate(r.quarterly, r.ticker, r.report_period, EARNINGS_PER_SHARE, EARNINGS_SHARE_COUNTS),
      })),
    };
  });

  serve(app, calendar, async (q, scenario) => {
    await scenario.requireTicker(q.ticker);
    const shard = await scenario.filtered(EARNINGS_SHARDS.earningsCalendar, q.ticker);
    const rows = shard ? shard.visible(...shard.window()).map(({ row }) => row as EarningsDate) : [];
    return { earnings_calendar: pageOf(rows.reverse(), q) };
  });

  serve(app, guidance, async (q, scenario) => {
    const keep = (r: Record<string, unknown>) => !q.period || r.period === q.period;
    const rows = await companyRows<KpiGuidance>(scenario, q.ticker, EARNINGS_SHARDS.guidance, keep);
    const splits = await scenario.splits();
    return {
      kpi_guidance: pageOf(rows, q).map((r) =>
        r.metric_name === "earnings_per_share" ? splits.restate(r, q.ticker, r.issued_date, GUIDANCE_PER_SHARE) : r,
      ),
    };
  });

  serve(app, earningsTickers, async (_, scenario) => ({ tickers: await scenario.companyTickers() }));
}
