// Company identity: facts by ticker or CIK, the company list with search, and their tickers and CIKs.
import { z } from "zod";
import { page, scenarioId, str, ticker, tickers } from "../contract/params.ts";
import { CompanyFacts, CompanyListRow } from "../contract/resources.ts";
import { ApiError, notFound } from "../http/errors.ts";
import { dataRoute, serve, type ApiApp } from "../http/route.ts";
import { loadManifest } from "../http/scenario.ts";

const TAG = "Company";

const cik = () =>
  str({ description: "SEC CIK, with or without zero padding (alternative to ticker).", example: "320193" }, 10)
    .pipe(z.string().regex(/^\d{1,10}$/, "must be a CIK of up to 10 digits"))
    .transform((v) => v.padStart(10, "0"));

const companyFacts = dataRoute({
  path: "/company/facts",
  tag: TAG,
  summary: "Facts of one company",
  description: "Give `ticker` or `cik` (422 without either); given both, the company must match both.",
  request: {
    query: z.object({
      scenario_id: scenarioId(),
      ticker: ticker({ description: "The company.", example: "AAPL" }).optional(),
      cik: cik().optional(),
    }),
  },
  response: z.object({ company_facts: CompanyFacts }),
});

const companies = dataRoute({
  path: "/companies",
  tag: TAG,
  summary: "List and search companies",
  request: {
    query: z.object({
      scenario_id: scenarioId(),
      ticker: tickers("Only these companies", "AAPL"),
      search: str(
        { description: "Free text over name, sector, industry and ticker.", example: "semiconductor" },
        128,
      ).optional(),
      ...page(100, 5000),
    }),
  },
  response: z.object({ companies: z.array(CompanyListRow) }),
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

export function register(app: ApiApp): void {
  serve(app, companyFacts, async (q, c) => {
    if (q.ticker === undefined && q.cik === undefined) {
      throw new ApiError(422, "Query parameter 'ticker' or 'cik' is required", [
        { loc: ["query", "ticker"], msg: "ticker or cik is required", type: "missing" },
      ]);
    }
    const manifest = await loadManifest(c, q.scenario_id);
    const found = manifest.companies.find(
      (co) => (q.ticker === undefined || co.ticker === q.ticker) && (q.cik === undefined || co.cik === q.cik),
    );
    if (!found) throw notFound(`Company ${q.ticker ?? `with CIK ${q.cik}`} not found in scenario`);
    return { company_facts: found };
  });

  serve(app, companies, async (q, c) => {
    const manifest = await loadManifest(c, q.scenario_id);
    const needle = q.search?.trim().toLowerCase();
    const rows = manifest.companies
      .filter((co) => !q.ticker || q.ticker.includes(co.ticker))
      .filter(
        (co) => !needle || [co.name, co.sector, co.industry, co.ticker].some((f) => f.toLowerCase().includes(needle)),
      )
      .slice(q.offset, q.offset + q.limit)
      .map(({ ticker, name, cik, sector, industry, category, exchange }) => ({
        ticker,
        name,
        cik,
        sector,
        industry,
        category,
        exchange,
      }));
    return { companies: rows };
  });

  serve(app, companyTickers, async (q, c) => {
    const manifest = await loadManifest(c, q.scenario_id);
    return { tickers: manifest.companies.map((co) => co.ticker) };
  });

  serve(app, companyCiks, async (q, c) => {
    const manifest = await loadManifest(c, q.scenario_id);
    return { ciks: manifest.companies.flatMap((co) => (co.cik ? [co.cik] : [])) };
  });
}
