// Analyst estimates, earnings releases against the consensus, and the earnings calendar. Each row is
// public from its own date (estimate date, release date, the date's announcement); per-share figures
// are restated for the splits that went ex after them, by the request's horizon.
import { z } from "zod";
import { servedEstimates } from "../bundle/estimates.ts";
import type { Shard } from "../bundle/shard.ts";
import type { Context } from "hono";
import { SHARDS, type ShardKind } from "../bundle/shards.ts";
import {
  AnalystEstimate,
  EARNINGS_PER_SHARE,
  ESTIMATE_PER_SHARE,
  ESTIMATED_METRICS,
  Earnings,
  EarningsDate,
  GUIDANCE_PER_SHARE,
  KpiGuidance,
} from "../contract/earnings.ts";
import { asOf, date, many, oneOf, page, scenarioId, str, ticker } from "../contract/params.ts";
import type { AppEnv } from "../env.ts";
import { dataRoute, serve, type ApiApp } from "../http/route.ts";
import {
  companiesShard,
  horizon,
  loadManifest,
  newestFirstByTickerOrYear,
  pageRange,
  requireTicker,
} from "../http/scenario.ts";
import { restated, splitFactor, splitsBy } from "../http/splits.ts";

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
    "each analyst's latest estimate published before the release day. Newest first; without `ticker`, every company's. " +
    "Public from `filing_date`.",
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

/** Rows of a per-ticker shard keyed by a date, up to `last`, newest first (ties by the second column, descending). */
function newestFirst(shard: Shard | null, last: string, keep: (row: Record<string, unknown>) => boolean) {
  if (!shard) return [];
  const [from, to] = shard.window(undefined, last);
  return shard.objects(from, to).filter(keep).reverse();
}

/**
 * One company's rows of a kind dated up to the horizon (estimates, guidance), newest first, kept by
 * `keep` (all by default), with the splits gone ex by the horizon to restate their per-share figures.
 */
async function asOfRows<T>(
  c: Context<AppEnv>,
  q: { scenario_id: string; ticker: string; as_of?: string },
  kind: ShardKind,
  keep: (row: Record<string, unknown>) => boolean = () => true,
) {
  const manifest = await loadManifest(c, q.scenario_id);
  await requireTicker(c, manifest, q.ticker);
  const last = horizon(manifest, q.as_of);
  const rows = newestFirst(await c.get("reader").shard(manifest, kind.name(q.ticker)), last, keep) as T[];
  return { rows, splits: await splitsBy(c, manifest, q.ticker, last) };
}

/** The page `offset`/`limit` asks for. */
const pageOf = <T>(rows: T[], q: { offset: number; limit: number }) =>
  rows.slice(...pageRange(0, rows.length, q.offset, q.limit));

export function register(app: ApiApp): void {
  serve(app, estimates, async (q, c) => {
    const metrics = q.metric_name ? new Set<unknown>(q.metric_name) : undefined;
    const { rows, splits } = await asOfRows<Record<string, unknown>>(c, q, SHARDS.estimates);
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
        const factor = splitFactor(splits, r.estimate_date);
        const perShare =
          r.metric_name === "earnings_per_share" ? [...ESTIMATE_PER_SHARE, "estimate"] : ESTIMATE_PER_SHARE;
        return restated(r, factor, perShare);
      }),
    };
  });

  serve(app, earnings, async (q, c) => {
    const manifest = await loadManifest(c, q.scenario_id);
    const last = horizon(manifest, q.as_of);
    const texts = await newestFirstByTickerOrYear(c, manifest, SHARDS.earnings, q.ticker ? [q.ticker] : undefined, {
      last,
      offset: q.offset,
      limit: q.limit,
    });
    // Decoded to restate per-share figures: each text is one or more rows, comma-separated.
    const rows = texts.flatMap((t) => JSON.parse(`[${TEXT.decode(t)}]`) as Earnings[]);
    const tickers = [...new Set(rows.map((r) => r.ticker))];
    const splitLists = await Promise.all(tickers.map((t) => splitsBy(c, manifest, t, last)));
    const splits = new Map(tickers.map((t, i) => [t, splitLists[i]]));
    return {
      earnings: rows.map((r) => ({
        ...r,
        quarterly: restated(r.quarterly, splitFactor(splits.get(r.ticker)!, r.report_period), EARNINGS_PER_SHARE, [
          "weighted_average_shares",
        ]),
      })),
    };
  });

  serve(app, calendar, async (q, c) => {
    const manifest = await loadManifest(c, q.scenario_id);
    await requireTicker(c, manifest, q.ticker);
    const last = horizon(manifest, q.as_of);
    const shard = await c.get("reader").shard(manifest, SHARDS.earningsCalendar.name(q.ticker));
    const rows = newestFirst(shard, "9999-12-31", (r) => (r.announcement_date as string) <= last) as EarningsDate[];
    return { earnings_calendar: pageOf(rows, q) };
  });

  serve(app, guidance, async (q, c) => {
    const { rows, splits } = await asOfRows<KpiGuidance>(
      c,
      q,
      SHARDS.guidance,
      (r) => !q.period || r.period === q.period,
    );
    return {
      kpi_guidance: pageOf(rows, q).map((r) =>
        r.metric_name === "earnings_per_share"
          ? restated(r, splitFactor(splits, r.issued_date), GUIDANCE_PER_SHARE)
          : r,
      ),
    };
  });

  serve(app, earningsTickers, async (q, c) => {
    return { tickers: (await companiesShard(c, await loadManifest(c, q.scenario_id))).keys };
  });
}
