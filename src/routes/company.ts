import { Hono } from "hono";
import type { CompanyFacts } from "../bundle/types.ts";
import type { AppEnv } from "../env.ts";
import { ApiError, notFound } from "../http/errors.ts";
import { many, page, defineQuery, str, ticker } from "../http/query.ts";
import { cachedJson } from "../http/respond.ts";
import { loadManifest, scenarioOnlyQuery, scenarioParam } from "../http/scenario.ts";
import { z } from "zod";

export const company = new Hono<AppEnv>();

const cik = () =>
  z
    .string()
    .regex(/^\d{1,10}$/, "must be a CIK of up to 10 digits")
    .transform((v) => v.padStart(10, "0"));

const companyFactsQuery = defineQuery({ ...scenarioParam, ticker: ticker().optional(), cik: cik().optional() });
const companiesQuery = defineQuery({
  ...scenarioParam,
  ticker: many(ticker()),
  search: str(128).optional(),
  ...page(100, 5000),
});

company.get("/company/facts", async (c) => {
  const q = companyFactsQuery(new URL(c.req.url));
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
  return cachedJson(c, { company_facts: found });
});

function listRow(co: CompanyFacts) {
  const { ticker, name, cik, sector, industry, category, exchange } = co;
  return { ticker, name, cik, sector, industry, category, exchange };
}

company.get("/companies", async (c) => {
  const q = companiesQuery(new URL(c.req.url));
  const manifest = await loadManifest(c, q.scenario_id);
  const needle = q.search?.trim().toLowerCase();
  const rows = manifest.companies
    .filter((co) => !q.ticker || q.ticker.includes(co.ticker))
    .filter(
      (co) =>
        !needle || [co.name, co.sector, co.industry, co.ticker].some((field) => field.toLowerCase().includes(needle)),
    )
    .slice(q.offset, q.offset + q.limit)
    .map(listRow);
  return cachedJson(c, { companies: rows });
});

company.get("/company/facts/tickers", async (c) => {
  const q = scenarioOnlyQuery(new URL(c.req.url));
  const manifest = await loadManifest(c, q.scenario_id);
  return cachedJson(c, { tickers: manifest.companies.map((co) => co.ticker) });
});

company.get("/company/facts/ciks", async (c) => {
  const q = scenarioOnlyQuery(new URL(c.req.url));
  const manifest = await loadManifest(c, q.scenario_id);
  const ciks = manifest.companies.flatMap((co) => (co.cik ? [co.cik] : []));
  return cachedJson(c, { ciks });
});
