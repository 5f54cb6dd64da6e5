// Operating KPIs and non-GAAP reconciliations of one company per quarter or fiscal year, public from
// the filing of the period's statements; the companies that have them and their sectors.
import { KPIS_SHARDS } from "./shards.ts";
import { z } from "zod";
import { KpiMetrics, NON_GAAP_PER_SHARE, NON_GAAP_SHARE_COUNTS, NonGaap } from "./rows.ts";
import { page, scenarioId } from "../../contract/params.ts";
import { PERIOD_POINT_IN_TIME, periodQuery, periodRows } from "../../http/periods.ts";
import { dataRoute, serve, type ApiApp } from "../../http/route.ts";

const TAG = "KPIs";

const query = z.object({ ...periodQuery("quarterly", ["quarterly", "annual"]), ...page(8, 100) });

const DESCRIPTION =
  "Newest period first (default quarters). A period is public from its statements' `filing_date`. " +
  "Funds and warrants have none (an empty list).";

const metrics = dataRoute({
  path: "/kpi/metrics",
  tag: TAG,
  summary: "Operating KPIs of one company per period",
  description:
    `${DESCRIPTION} The KPIs depend on the sector (same-store sales, ARR, production, net interest margin...) ` +
    "and agree with the statements; every KPI field is in every row, null outside the sectors that report it.",
  request: { query },
  response: z.object({ kpi_metrics: z.array(KpiMetrics) }),
  pointInTime: PERIOD_POINT_IN_TIME,
});

const nonGaap = dataRoute({
  path: "/kpi/non-gaap",
  tag: TAG,
  summary: "Non-GAAP reconciliations of one company per period",
  description:
    `${DESCRIPTION} adjusted_net_income = gaap_net_income + the adjustments (after tax), exactly; per-share ` +
    "figures and diluted shares are restated for the splits gone ex after the period by the horizon.",
  request: { query },
  response: z.object({ non_gaap: z.array(NonGaap) }),
  pointInTime: PERIOD_POINT_IN_TIME,
});

const tickers = dataRoute({
  path: "/kpi/metrics/tickers",
  tag: TAG,
  summary: "Tickers with KPI metrics",
  request: { query: z.object({ scenario_id: scenarioId() }) },
  response: z.object({ tickers: z.array(z.string()) }),
});

const sectors = dataRoute({
  path: "/kpi/metrics/sectors",
  tag: TAG,
  summary: "Sectors of the companies with KPI metrics",
  request: { query: z.object({ scenario_id: scenarioId() }) },
  response: z.object({ sectors: z.array(z.string()) }),
});

export function register(app: ApiApp): void {
  serve(app, metrics, async (q, scenario) => {
    const [rows] = await periodRows(scenario, q, [KPIS_SHARDS.kpis]);
    return { kpi_metrics: rows as KpiMetrics[] };
  });

  serve(app, nonGaap, async (q, scenario) => {
    const [rows] = await periodRows(scenario, q, [KPIS_SHARDS.nonGaap], NON_GAAP_PER_SHARE, NON_GAAP_SHARE_COUNTS);
    return { non_gaap: rows as NonGaap[] };
  });

  serve(app, tickers, async (_, scenario) => ({ tickers: await scenario.companyTickers() }));

  serve(app, sectors, async (_, scenario) => {
    const [shard, unlisted] = await Promise.all([scenario.companies(), scenario.unlisted()]);
    const all = shard
      .objects(0, shard.length)
      .filter((row) => !unlisted.has(row.ticker as string))
      .map((row) => row.sector as string);
    return { sectors: [...new Set(all)].sort() };
  });
}
