// Beneficial ownership (Schedules 13G/13D, docs/institutional-holdings.md): the filings of 5%+ owners,
// newest first, each visible from its filing date; read from the subject company's shard or the
// filer's. By default each stake's latest filing by the horizon (the end of its amendment chain);
// `history=true` gives every filing. Filers are listed from the filings made by the horizon.
import { HOLDINGS_SHARDS } from "./shards.ts";
import { z } from "zod";
import { through } from "../../bundle/as-of.ts";
import { filerYear } from "./shards.ts";
import { yearOf } from "../../bundle/shards.ts";
import { BeneficialFiler, BeneficialOwner, BENEFICIAL_TYPES } from "./rows.ts";
import { asOf, bool, date, oneOf, page, scenarioId, str, ticker, withDefault } from "../../contract/params.ts";
import { notFound } from "../../http/errors.ts";
import { requireOneOf } from "../../http/one-of.ts";
import { dataRoute, serve, type ApiApp } from "../../http/route.ts";
import { find, requireOrderedWindow } from "../../http/scenario.ts";
import { filerCik } from "./routes.ts";

const TAG = "Beneficial ownership";

const owners = dataRoute({
  path: "/beneficial-ownership",
  tag: TAG,
  summary: "5%+ owners (Schedules 13G and 13D)",
  description:
    "Give `ticker` (who owns 5% or more of the company) or `filer_cik` (the filer's stakes): exactly one (422 " +
    "without either, 400 with both). Newest filing first, ties by id. A manager files an SC 13G with its 13F of the quarter a stake " +
    "reaches 5% of the shares at, and an SC 13G/A when it moves a point or more or falls below 5%. By default each " +
    "stake's latest filing by the horizon; `history=true` for every filing of its chain. `filing_date_gte` and " +
    "`filing_date_lte` bound the filings read.",
  request: {
    query: z.object({
      scenario_id: scenarioId(),
      ticker: ticker({ description: "The subject company: who owns 5% or more of it.", example: "AAPL" }).optional(),
      filer_cik: filerCik().optional(),
      type: oneOf(BENEFICIAL_TYPES, {
        description: "Only `activist` (13D) or `passive` (13G) stakes.",
        example: "passive",
      }).optional(),
      history: withDefault(
        bool({ description: "Every filing of each stake's amendment chain, not only its latest.", example: "false" }),
        false,
      ),
      filing_date_gte: date({ description: "Filed on or after this date.", example: "2023-01-01" }).optional(),
      filing_date_lte: date({ description: "Filed on or before this date.", example: "2023-12-31" }).optional(),
      as_of: asOf("filings made").optional(),
      ...page(10, 200),
    }),
  },
  response: z.object({ beneficial_owners: z.array(BeneficialOwner) }),
});

const filers = dataRoute({
  path: "/beneficial-ownership/filers",
  tag: TAG,
  summary: "Filers of Schedules 13G and 13D",
  description: "By name, then CIK: the filers with a filing visible by the horizon.",
  request: {
    query: z.object({
      scenario_id: scenarioId(),
      name: str(
        { description: "Only filers whose name starts with this (case-insensitive).", example: "gallo" },
        128,
      ).optional(),
      as_of: asOf("filings made").optional(),
    }),
  },
  response: z.object({ filers: z.array(BeneficialFiler) }),
});

const unknownFiler = (cik: string) => notFound(`Filer with CIK ${cik} not found in scenario`);

export function register(app: ApiApp): void {
  serve(
    app,
    owners,
    async (q, scenario) => {
      // The shards to read, newest first: the company's, or the filer's years (a stake's latest may be old).
      let parts: string[];
      let kind = HOLDINGS_SHARDS.beneficialOwners;
      if (q.ticker !== undefined) {
        await scenario.requireTicker(q.ticker);
        parts = [q.ticker];
      } else {
        const cik = q.filer_cik!;
        const managers = await scenario.reference(HOLDINGS_SHARDS.holdingsInvestors, unknownFiler(cik).message);
        if (find(managers, cik) < 0) throw unknownFiler(cik);
        kind = HOLDINGS_SHARDS.beneficialByFiler;
        parts = scenario
          .yearsUpToHorizon(kind.name(cik))
          .filter((year) => !q.filing_date_gte || year >= yearOf(q.filing_date_gte))
          .map((year) => filerYear(cik, year));
      }
      const newestFirst: BeneficialOwner[] = [];
      for (const part of parts) {
        const rows = await scenario.dated(kind, part);
        if (!rows) continue;
        const [from, end] = rows.window(q.filing_date_gte, q.filing_date_lte && through(q.filing_date_lte));
        newestFirst.push(...(rows.objects(from, end) as BeneficialOwner[]).reverse());
      }
      const seen = new Set<string>();
      const found = newestFirst.filter((b) => {
        if (q.type && b.type !== q.type) return false;
        // Newest first: a stake's first row met is its latest filing.
        const stake = `${b.filer_cik} ${b.ticker}`;
        if (!q.history && seen.has(stake)) return false;
        seen.add(stake);
        return true;
      });
      return { beneficial_owners: found.slice(q.offset, q.offset + q.limit) };
    },
    (q) => {
      requireOneOf(q, ["ticker", "filer_cik"]);
      requireOrderedWindow(q.filing_date_gte, q.filing_date_lte, ["filing_date_gte", "filing_date_lte"]);
    },
  );

  serve(app, filers, async (q, scenario) => {
    const list = await scenario.dated(HOLDINGS_SHARDS.beneficialFilers);
    const prefix = q.name?.trim().toLowerCase() ?? "";
    const named = new Map<string, string>();
    for (const r of list ? list.objects(0, list.length) : [])
      if ((r.name as string).toLowerCase().startsWith(prefix)) named.set(r.filer_cik as string, r.name as string);
    const found = [...named].map(([filer_cik, name]) => ({ filer_cik, name }));
    found.sort((a, b) => (a.name === b.name ? (a.filer_cik < b.filer_cik ? -1 : 1) : a.name < b.name ? -1 : 1));
    return { filers: found };
  });
}
