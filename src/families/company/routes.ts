// Company identity: facts by ticker or CIK (with the market cap and weighted average shares as of the
// request's horizon), the company list with search, their tickers and CIKs, and the sectors.
import { REFERENCE_SHARDS } from "../../bundle/reference-shards.ts";
import { z } from "zod";
import { asOf, page, scenarioId, str, ticker, tickers } from "../../contract/params.ts";
import { closeOf } from "../../bundle/closes.ts";
import { STATEMENTS_SHARDS } from "../statements/shards.ts";
import { CompanyFacts } from "../../contract/resources.ts";
import { CompanyFactsAsOf } from "./rows.ts";
import { PER_SHARE_LINES, SHARE_COUNT_LINES } from "../statements/rows.ts";
import { SECTORS } from "../../contract/vocabulary.ts";
import { notFound } from "../../http/errors.ts";
import { requireOneOf } from "../../http/one-of.ts";
import { periodRows } from "../../http/periods.ts";
import { dataRoute, serve, type ApiApp } from "../../http/route.ts";
import { jsonArray } from "../../http/json.ts";
import { find, pageRange, type Scenario } from "../../http/scenario.ts";
import type { Shard } from "../../bundle/shard.ts";

const TAG = "Company";

const cik = () =>
  str({ description: "SEC CIK, with or without zero padding (alternative to ticker).", example: "320193" }, 10)
    .pipe(z.string().regex(/^\d{1,10}$/, "must be a CIK of up to 10 digits"))
    .transform((v) => v.padStart(10, "0"));

const companyFacts = dataRoute({
  path: "/company/facts",
  tag: TAG,
  summary: "Facts of one company",
  description:
    "Give `ticker` or `cik` (422 without either); given both, the company must match both. The identity is real; " +
    "`market_cap` (the close of the last trading day on or before the horizon times that day's shares outstanding) " +
    "and `weighted_average_shares` (basic, of the latest quarterly income statement filed by the horizon) are " +
    "synthetic, as of `as_of` (default the scenario's current_date).",
  request: {
    query: z.object({
      scenario_id: scenarioId(),
      ticker: ticker({ description: "The company.", example: "AAPL" }).optional(),
      cik: cik().optional(),
      as_of: asOf("the market cap and statements").optional(),
    }),
  },
  response: z.object({ company_facts: CompanyFactsAsOf }),
});

const companies = dataRoute({
  path: "/companies",
  tag: TAG,
  summary: "List and search companies",
  description:
    "Every company's facts, by ticker. A company that has left the world (acquired) stays listed with its history, " +
    "with `is_active` false from the day after its last trading day.",
  request: {
    query: z.object({
      scenario_id: scenarioId(),
      ticker: tickers("Only these companies", "AAPL"),
      search: str(
        { description: "Free text over name, sector, industry and ticker.", example: "semiconductor" },
        128,
      ).optional(),
      as_of: asOf("which companies are active").optional(),
      ...page(100, 5000),
    }),
  },
  response: z.object({ companies: z.array(CompanyFacts) }),
});

const scenarioOnly = { query: z.object({ scenario_id: scenarioId() }) };

const companyTickers = dataRoute({
  path: "/company/facts/tickers",
  tag: TAG,
  summary: "Tickers of the operating companies",
  request: scenarioOnly,
  response: z.object({ tickers: z.array(z.string()) }),
});

const companyCiks = dataRoute({
  path: "/company/facts/ciks",
  tag: TAG,
  summary: "CIKs of the operating companies",
  request: scenarioOnly,
  response: z.object({ ciks: z.array(z.string()) }),
});

const sectors = dataRoute({
  path: "/sectors",
  tag: TAG,
  summary: "Sectors",
  description:
    "The GICS sectors companies are classified in, the values the screener's `sector` takes: the same in every " +
    "scenario, so no scenario_id needed (`/kpi/metrics/sectors` lists those of a scenario's companies).",
  request: {},
  response: z.object({ sectors: z.array(z.enum(SECTORS)) }),
});

/**
 * Basic weighted average shares of the company's latest quarterly income statement filed by the
 * horizon, restated for the splits gone ex by then (as /financials/income-statements serves it).
 */
async function weightedAverageShares(scenario: Scenario, symbol: string): Promise<number | null> {
  const query = { scenario_id: scenario.manifest.scenario.id, ticker: symbol, period: "quarterly" as const };
  const [[latest]] = await periodRows(
    scenario,
    { ...query, offset: 0, limit: 1 },
    [STATEMENTS_SHARDS.income],
    PER_SHARE_LINES,
    SHARE_COUNT_LINES,
  );
  return (latest?.weighted_average_shares as number | null | undefined) ?? null;
}

const [decoder, encoder] = [new TextDecoder(), new TextEncoder()];

/**
 * Rows [from, to) of the companies shard as JSON text, in runs, a company that has left the world by
 * the horizon marked inactive (from the day after its last trading day): the others' text as stored.
 */
function factsText(shard: Shard, from: number, to: number, delisted: Map<string, string>): Uint8Array[] {
  const runs: Uint8Array[] = [];
  let start = from;
  for (let i = from; i < to; i++) {
    if (!delisted.has(shard.keys[i])) continue;
    if (start < i) runs.push(shard.json(start, i));
    runs.push(encoder.encode(decoder.decode(shard.json(i, i + 1)).replace('"is_active":true', '"is_active":false')));
    start = i + 1;
  }
  if (start < to) runs.push(shard.json(start, to));
  return runs;
}

const ciksOf = (scenario: Scenario) => scenario.reference(REFERENCE_SHARDS.ciks, "Scenario has no companies");

export function register(app: ApiApp): void {
  serve(
    app,
    companyFacts,
    async (q, scenario) => {
      let symbol = q.ticker;
      if (q.cik !== undefined) {
        const ciks = await ciksOf(scenario);
        const i = find(ciks, q.cik);
        const byCik = i < 0 ? undefined : (ciks.rows(i, i + 1)[0][1] as string);
        symbol = symbol === undefined || symbol === byCik ? byCik : undefined;
      }
      const [shard, unlisted] = await Promise.all([scenario.companies(), scenario.unlisted()]);
      const i = symbol === undefined || unlisted.has(symbol) ? -1 : find(shard, symbol);
      if (i < 0) throw notFound(`Company ${q.ticker ?? `with CIK ${q.cik}`} not found in scenario`);
      const facts = shard.objects(i, i + 1)[0] as CompanyFacts;
      const [day, shares, delisted] = await Promise.all([
        scenario.lastCloses(),
        weightedAverageShares(scenario, facts.ticker),
        scenario.delisted(),
      ]);
      const listed = facts.listing_date !== null && facts.listing_date <= scenario.horizon;
      return {
        company_facts: {
          ...facts,
          is_active: facts.is_active && !delisted.has(facts.ticker),
          listing_date: listed ? facts.listing_date : null,
          market_cap: (day && closeOf(day, i)?.marketCap) ?? null,
          weighted_average_shares: shares,
        },
      };
    },
    (q) => {
      requireOneOf(q, ["ticker", "cik"], "at-least");
    },
  );

  serve(app, companies, async (q, scenario) => {
    const [shard, delisted, unlisted] = await Promise.all([
      scenario.companies(),
      scenario.delisted(),
      scenario.unlisted(),
    ]);
    const needle = q.search?.trim().toLowerCase();
    if (!q.ticker && !needle) {
      if (unlisted.size === 0) {
        const [from, to] = pageRange(0, shard.length, q.offset, q.limit);
        return { companies: jsonArray<CompanyFacts>(factsText(shard, from, to, delisted)) };
      }
      // Companies still to list are not shown: the page is of the others, each row's text as stored.
      const shown = shard.keys.flatMap((t, i) => (unlisted.has(t) ? [] : [i]));
      const [from, to] = pageRange(0, shown.length, q.offset, q.limit);
      return {
        companies: jsonArray<CompanyFacts>(shown.slice(from, to).flatMap((i) => factsText(shard, i, i + 1, delisted))),
      };
    }
    const wanted = q.ticker ? new Set(q.ticker) : undefined;
    const matching = (shard.objects(0, shard.length) as CompanyFacts[])
      .map((co, i) => ({ co, i }))
      .filter(({ co }) => !unlisted.has(co.ticker) && (!wanted || wanted.has(co.ticker)))
      .filter(
        ({ co }) =>
          !needle || [co.name, co.sector, co.industry, co.ticker].some((f) => f.toLowerCase().includes(needle)),
      )
      .slice(q.offset, q.offset + q.limit);
    return { companies: jsonArray<CompanyFacts>(matching.flatMap(({ i }) => factsText(shard, i, i + 1, delisted))) };
  });

  serve(app, companyTickers, async (_, scenario) => ({ tickers: await scenario.companyTickers() }));

  serve(app, companyCiks, async (_, scenario) => ({ ciks: (await scenario.listedCiks()).map(([cik]) => cik) }));

  serve(app, sectors, async () => ({ sectors: [...SECTORS] }));
}
