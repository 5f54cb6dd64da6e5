// The screener and line items, held to the per-company routes: every row they serve is the row of
// /financials/* and /financial-metrics fetched one company at a time, as of the same date.
import { describe, expect, it } from "vitest";
import { DEFAULT_LINE_ITEMS, SCREENER_DEFAULT_FIELDS, SEARCH_FIELDS } from "../../src/families/search/rows.ts";
import { SECTORS } from "../../src/contract/vocabulary.ts";
import { body, BRANCH, CRISIS, get, json, MEGACAP, post, RATE_SHOCK } from "../e2e/client.ts";

type Row = Record<string, any>;
const s = `scenario_id=${MEGACAP}`;
const SCREENER = "/financials/search/screener";
const LINE_ITEMS = "/financials/search/line-items";
const PERIOD_FIELDS = ["ticker", "report_period", "period", "currency", "filing_date"];
/** Fields of the per-company rows that are not numbers. */
const NOT_NUMBERS = [...PERIOD_FIELDS, "fiscal_period", "filing_datetime", "accession_number", "filing_url"];

const rows = async (path: string, key: string): Promise<Row[]> => (await body(path))[key];
const results = async (path: string, sent: object): Promise<Row[]> => (await body(path, sent)).results;

/**
 * A company's periods filed by `asOf`, newest first, as the per-company routes serve them: the
 * three statements and the metrics of each period merged into one row.
 */
async function periods(ticker: string, period: string, asOf: string): Promise<Row[]> {
  const q = `${s}&ticker=${ticker}&period=${period}&as_of=${asOf}&limit=100`;
  const [income, balance, cash, metrics] = await Promise.all([
    rows(`/financials/income-statements?${q}`, "income_statements"),
    rows(`/financials/balance-sheets?${q}`, "balance_sheets"),
    rows(`/financials/cash-flow-statements?${q}`, "cash_flow_statements"),
    rows(`/financial-metrics?${q}`, "financial_metrics"),
  ]);
  return metrics.map((m, k) => ({ ...m, ...cash[k], ...balance[k], ...income[k] }));
}

const pick = (row: Row, fields: string[]) => Object.fromEntries([...PERIOD_FIELDS, ...fields].map((f) => [f, row[f]]));

const companies = async (): Promise<string[]> => (await body(`/financial-metrics/snapshot/tickers?${s}`)).tickers;

/** Each company's latest period filed by `asOf`, one request at a time. */
async function latest(period: string, asOf: string): Promise<Row[]> {
  const all = await Promise.all((await companies()).map((t) => periods(t, period, asOf)));
  return all.filter((p) => p.length).map((p) => p[0]);
}

describe("the screener's filters", () => {
  it("are every number of a period: statement lines and metrics", async () => {
    const { filters } = await body("/financials/search/screener/filters");
    const [row] = await periods("AAPL", "ttm", "2023-12-29");
    expect([...filters].sort()).toEqual(
      Object.keys(row)
        .filter((f) => !NOT_NUMBERS.includes(f))
        .sort(),
    );
  });
});

describe("the screener", () => {
  it("serves each company's latest period filed by as_of, by ticker, with the contract's metrics by default", async () => {
    for (const [period, asOf] of [
      ["ttm", "2023-08-15"],
      ["quarterly", "2023-04-28"],
      ["annual", "2023-12-29"],
    ]) {
      const expected = await latest(period, asOf);
      const got = await results(SCREENER, { scenario_id: MEGACAP, period, as_of: asOf });
      expect(got.map((r) => r.ticker)).toEqual(expected.map((r) => r.ticker));
      expect(got, `${period} ${asOf}`).toEqual(expected.map((r) => pick(r, SCREENER_DEFAULT_FIELDS)));
      expect(got.every((r) => r.filing_date <= asOf && r.period === period)).toBe(true);
    }
  });

  it("keeps the companies meeting every bound, a null value meeting none", async () => {
    const filters = {
      inventory_turnover: { gte: 0 },
      price_to_earnings_ratio: { gt: 0, lt: 45 },
      revenue: { gte: 1e9 },
    };
    const candidates = await latest("ttm", "2023-12-29");
    const expected = candidates.filter(
      (r) =>
        r.inventory_turnover !== null &&
        r.price_to_earnings_ratio !== null &&
        r.price_to_earnings_ratio > 0 &&
        r.price_to_earnings_ratio < 45 &&
        r.revenue >= 1e9,
    );
    // The bounds and the nulls each exclude someone, and someone is left.
    expect(candidates.some((r) => r.inventory_turnover === null)).toBe(true);
    expect(candidates.some((r) => r.price_to_earnings_ratio >= 45)).toBe(true);
    expect(expected.length).toBeGreaterThan(0);
    const got = await results(SCREENER, { scenario_id: MEGACAP, filters });
    expect(got).toEqual(expected.map((r) => pick(r, ["revenue", "inventory_turnover", "price_to_earnings_ratio"])));
    const exact = await results(SCREENER, { scenario_id: MEGACAP, filters: { revenue: { eq: expected[0].revenue } } });
    expect(exact.map((r) => r.ticker)).toEqual([expected[0].ticker]);
  });

  it("restates per-share figures for the splits gone ex by as_of, as /financial-metrics does", async () => {
    // NVDA splits 2-for-1 with ex-date 2023-05-02; its TTM to 2023-04-30 is filed after that.
    const fields = ["earnings_per_share", "book_value_per_share", "free_cash_flow_per_share", "outstanding_shares"];
    for (const asOf of ["2023-04-28", "2023-06-30", "2023-12-29"]) {
      const [expected] = await periods("NVDA", "ttm", asOf);
      const got = await results(SCREENER, {
        scenario_id: MEGACAP,
        tickers: ["nvda"],
        as_of: asOf,
        filters: Object.fromEntries(fields.map((f) => [f, { gt: -1e15 }])),
      });
      expect(got).toEqual([pick(expected, fields)]);
    }
  });

  it("filters on sector and industry, and pages by ticker", async () => {
    const { companies: facts } = await body(`/companies?${s}&limit=5000`);
    const sectorOf = new Map<string, string>(facts.map((c: Row) => [c.ticker, c.sector]));
    const all = await results(SCREENER, { scenario_id: MEGACAP });
    const tech = await results(SCREENER, { scenario_id: MEGACAP, sector: "information technology" });
    expect(tech).toEqual(all.filter((r) => sectorOf.get(r.ticker) === "Information Technology"));
    expect(tech.length).toBeGreaterThan(1);
    const two = await results(SCREENER, { scenario_id: MEGACAP, sector: ["Financials", "Energy", "Utilities"] });
    expect(two).toEqual(all.filter((r) => ["Financials", "Energy", "Utilities"].includes(sectorOf.get(r.ticker)!)));
    const industry = facts.find((c: Row) => c.ticker === "NVDA").industry;
    const byIndustry = await results(SCREENER, { scenario_id: MEGACAP, industry });
    expect(byIndustry.map((r) => r.ticker)).toContain("NVDA");
    const pages = [
      ...(await results(SCREENER, { scenario_id: MEGACAP, limit: 3 })),
      ...(await results(SCREENER, { scenario_id: MEGACAP, limit: 3, offset: 3 })),
    ];
    expect(pages).toEqual(all.slice(0, 6));
  });

  it("takes the sectors /sectors lists, without a scenario, and every scenario's companies are of them", async () => {
    const { sectors } = await body("/sectors");
    expect(sectors).toEqual([...SECTORS]);
    expect(await body(`/sectors?${s}`)).toEqual({ sectors });
    for (const id of [MEGACAP, RATE_SHOCK, BRANCH, CRISIS]) {
      const { companies: facts } = await body(`/companies?scenario_id=${id}&limit=5000`);
      expect(sectors).toEqual(expect.arrayContaining(facts.map((c: Row) => c.sector)));
    }
  });
});

describe("line items", () => {
  const items = [
    "revenue",
    "total_debt",
    "free_cash_flow",
    "earnings_per_share",
    "weighted_average_shares",
    "price_to_earnings_ratio",
    "return_on_equity",
    "book_value_per_share",
  ];

  it("serve each company's periods newest first, as the statements and metrics do, none filed after the horizon", async () => {
    for (const [period, horizon] of [
      ["quarterly", { end_date: "2023-06-30" }],
      ["ttm", { as_of: "2023-04-28" }],
      ["annual", { as_of: "2023-12-29", end_date: "2024-06-30" }],
    ] as const) {
      const asOf = Object.values(horizon).sort()[0];
      const tickers = ["NVDA", "aapl", "JPM", "SPY"];
      const got = await results(LINE_ITEMS, {
        scenario_id: MEGACAP,
        tickers,
        period,
        line_items: items,
        limit: 5,
        ...horizon,
      });
      const expected = (await Promise.all(["AAPL", "JPM", "NVDA", "SPY"].map((t) => periods(t, period, asOf)))).flatMap(
        (p) => p.slice(0, 5).map((r) => ({ ...pick(r, items) })),
      );
      expect(expected.length).toBeGreaterThan(6);
      expect(got, `${period} ${asOf}`).toEqual(expected);
      expect(got.every((r) => r.filing_date <= asOf)).toBe(true);
    }
  });

  it("restate a period's per-share figures and share counts once a split has gone ex", async () => {
    const at = async (asOf: string) =>
      (
        await results(LINE_ITEMS, {
          scenario_id: MEGACAP,
          tickers: ["NVDA"],
          line_items: ["earnings_per_share", "weighted_average_shares", "net_income"],
          as_of: asOf,
        })
      ).find((r) => r.report_period === "2023-01-31")!;
    const [before, after] = [await at("2023-04-28"), await at("2023-06-30")];
    expect(after.net_income).toBe(before.net_income);
    expect(after.weighted_average_shares).toBe(2 * before.weighted_average_shares);
    expect(after.earnings_per_share).toBeCloseTo(before.earnings_per_share / 2, 3);
  });

  it("default to quarters, the contract's statement fields and every company, skipping offset periods", async () => {
    const got = await results(LINE_ITEMS, { scenario_id: MEGACAP, limit: 2, offset: 1 });
    const tickers = await companies();
    expect(got.map((r) => r.ticker)).toEqual(tickers.flatMap((t) => [t, t]));
    const [, second, third] = await periods(tickers[0], "quarterly", "2023-12-29");
    expect(got.slice(0, 2).map((r) => r.report_period)).toEqual([second.report_period, third.report_period]);
    expect(Object.keys(got[0])).toEqual([...PERIOD_FIELDS, ...DEFAULT_LINE_ITEMS]);
  });
});

describe("derived line items", () => {
  it("ebitda and working_capital are the served statement fields of the same period, summed and subtracted", async () => {
    const tickers = ["AAPL", "JPM", "NVDA", "MSFT", "XOM"];
    const derived = (r: Row) => ({
      ebitda:
        r.operating_income === null || r.depreciation_and_amortization === null
          ? null
          : r.operating_income + r.depreciation_and_amortization,
      working_capital:
        r.current_assets === null || r.current_liabilities === null ? null : r.current_assets - r.current_liabilities,
    });
    let numbers = 0;
    for (const period of ["quarterly", "ttm", "annual"]) {
      const got = await results(LINE_ITEMS, {
        scenario_id: MEGACAP,
        tickers,
        period,
        line_items: ["working_capital", "revenue", "ebitda", "current_assets"],
        limit: 6,
      });
      const expected = (await Promise.all([...tickers].sort().map((t) => periods(t, period, "2023-12-29")))).flatMap(
        (p) => p.slice(0, 6).map((r) => ({ ...pick(r, ["revenue", "current_assets"]), ...derived(r) })),
      );
      expect(new Set(got.map((r) => r.ticker)).size, period).toBeGreaterThan(2);
      // Stored fields first, in the filters list's order, then the derived ones.
      expect(got, period).toEqual(expected);
      expect(Object.keys(got[0])).toEqual([...PERIOD_FIELDS, "revenue", "current_assets", "ebitda", "working_capital"]);
      numbers += got.filter((r) => r.ebitda !== null && r.working_capital !== null).length;
    }
    expect(numbers).toBeGreaterThan(40);
  });
});

describe("the screener's filters as financialdatasets.ai's list", () => {
  const text = async (sent: object) => {
    const res = await post(SCREENER, sent);
    expect(res.status).toBe(200);
    return res.text();
  };

  it("screen as the same bounds in the map form, byte for byte", async () => {
    const map = {
      price_to_earnings_ratio: { gt: 0, lt: 45 },
      revenue: { gte: 1e9 },
      gross_margin: { lte: 0.9 },
      inventory_turnover: { gte: 0 },
    };
    // The body dexter's stock_screener sends (less its currency), with the scenario added.
    const list = [
      { field: "price_to_earnings_ratio", operator: "gt", value: 0 },
      { field: "revenue", operator: "gte", value: 1e9 },
      { field: "price_to_earnings_ratio", operator: "lt", value: 45 },
      { field: "gross_margin", operator: "lte", value: 0.9 },
      { field: "inventory_turnover", operator: "gte", value: 0 },
      { field: "revenue", operator: "gte", value: 1e9 },
    ];
    const byMap = await text({ scenario_id: MEGACAP, filters: map, limit: 25 });
    expect(JSON.parse(byMap).results.length).toBeGreaterThan(1);
    expect(await text({ scenario_id: MEGACAP, filters: list, limit: 25 })).toBe(byMap);
    const exact = (await results(SCREENER, { scenario_id: MEGACAP })).find((r) => r.market_cap !== null)!;
    const eq = [{ field: "market_cap", operator: "eq", value: exact.market_cap }];
    expect(await text({ scenario_id: MEGACAP, filters: eq })).toBe(
      await text({ scenario_id: MEGACAP, filters: { market_cap: { eq: exact.market_cap } } }),
    );
    expect(JSON.parse(await text({ scenario_id: MEGACAP, filters: eq })).results.map((r: Row) => r.ticker)).toEqual([
      exact.ticker,
    ]);
    expect(await text({ scenario_id: MEGACAP, filters: [] })).toBe(await text({ scenario_id: MEGACAP }));
  });
});

describe("scenario_id in a POST's query string", () => {
  it.each([
    [SCREENER, { filters: { revenue: { gte: 1e9 } }, limit: 10 }],
    [LINE_ITEMS, { tickers: ["AAPL", "NVDA"], line_items: ["revenue", "ebitda"], limit: 3 }],
  ])("%s reads it when the body has none, answering as the body's would, byte for byte", async (path, sent) => {
    const inBody = await post(path, { scenario_id: MEGACAP, ...sent });
    expect(inBody.status).toBe(200);
    const expected = await inBody.text();
    const inQuery = await post(`${path}?${s}`, sent);
    expect(inQuery.status).toBe(200);
    expect(await inQuery.text()).toBe(expected);
    // Both, the same (repeated identically in the query too): one scenario.
    const both = await post(`${path}?${s}&${s}`, { scenario_id: MEGACAP, ...sent });
    expect(await both.text()).toBe(expected);
  });

  it.each([
    [
      `?scenario_id=${BRANCH}`,
      { scenario_id: MEGACAP },
      "Query parameter 'scenario_id' and body field 'scenario_id' differ: name the scenario once, or the same in both",
    ],
    [
      `?${s}`,
      { scenario_id: BRANCH },
      "Query parameter 'scenario_id' and body field 'scenario_id' differ: name the scenario once, or the same in both",
    ],
    ["?scenario_id=", {}, "Query parameter 'scenario_id' must not be empty"],
    [`?${s}&scenario_id=${BRANCH}`, {}, "Query parameter 'scenario_id' may be given only once"],
    ["?as_of=2023-06-30", {}, "Body field 'scenario_id' is required"],
  ])("%s with %j -> 422", async (query, sent, detail) => {
    for (const path of [SCREENER, LINE_ITEMS]) {
      const res = await post(`${path}${query}`, sent);
      expect(res.status, path).toBe(422);
      expect((await json(res)).detail, path).toBe(detail);
    }
  });
});

describe("financialdatasets clients", () => {
  it("find the rows under search_results too, the key financialdatasets.ai and its clients read", async () => {
    // The body ai-hedge-fund's search_line_items sends, with the scenario added; its LineItem
    // model requires ticker, report_period, period and currency.
    const lineItems = await body(LINE_ITEMS, {
      scenario_id: MEGACAP,
      tickers: ["AAPL"],
      line_items: ["free_cash_flow", "net_income", "capital_expenditure", "outstanding_shares"],
      end_date: "2023-09-30",
      period: "ttm",
      limit: 2,
    });
    const screen = await body(SCREENER, { scenario_id: MEGACAP, filters: { revenue: { gt: 0 } }, limit: 3 });
    for (const answer of [lineItems, screen]) {
      expect(answer.results.length).toBeGreaterThan(1);
      expect(answer.search_results).toEqual(answer.results);
    }
    for (const row of lineItems.search_results)
      for (const field of ["ticker", "report_period", "period", "currency"]) expect(typeof row[field]).toBe("string");
  });
});

describe("search requests", () => {
  it.each([
    [
      SCREENER,
      { filters: { pe_ratio: { lt: 20 }, revenue: { gt: 0 } } },
      422,
      "Body field 'filters' names unknown fields: pe_ratio (see GET /financials/search/screener/filters)",
    ],
    [
      LINE_ITEMS,
      { line_items: ["revenue", "ebitda", "capex", "working_capital", "ebitda_margin"] },
      422,
      "Body field 'line_items' names unknown fields: capex, ebitda_margin " +
        "(see GET /financials/search/screener/filters; also ebitda, working_capital)",
    ],
    [
      SCREENER,
      { filters: [{ field: "revenue", operator: "in", value: [1e9, 2e9] }] },
      422,
      "Body field 'filters.0.operator' must be one of eq, gt, gte, lt, lte",
    ],
    [
      SCREENER,
      {
        filters: [
          { field: "revenue", operator: "gt", value: 0 },
          { field: "pe_ratio", operator: "lt", value: 20 },
        ],
      },
      422,
      `Body field 'filters.1.field' must be one of ${SEARCH_FIELDS.join(", ")} (sector and industry are body fields of their own)`,
    ],
    [
      SCREENER,
      { filters: [{ field: "revenue", operator: "gt", value: "1e9" }] },
      422,
      "Body field 'filters.0.value' must be a number",
    ],
    [
      SCREENER,
      {
        filters: [
          { field: "revenue", operator: "gt", value: 1 },
          { field: "revenue", operator: "gt", value: 2 },
        ],
      },
      422,
      "Body field 'filters.1' bounds revenue gt a second time, with another value",
    ],
    [
      SCREENER,
      { filters: [{ field: "revenue", op: "gt", value: 1 }] },
      422,
      "Body field 'filters.0.operator' is required",
    ],
    [
      SCREENER,
      { filters: "revenue > 1e9" },
      422,
      "Body field 'filters' must be a list of {field, operator, value} or an object of field names to bounds",
    ],
    [SCREENER, { limit: 5001 }, 422, "Body field 'limit' must be at most 5000"],
    [LINE_ITEMS, { limit: 501 }, 422, "Body field 'limit' must be at most 500"],
    [SCREENER, { filters: { revenue: { gt: "1e9" } } }, 422, "Body field 'filters.revenue.gt' must be a number"],
    [SCREENER, { period: "weekly" }, 422, "Body field 'period' must be one of ttm, quarterly, annual"],
    [SCREENER, { sector: "Technology" }, 422, `Body field 'sector' must be one of ${SECTORS.join(", ")} (any case)`],
    [
      SCREENER,
      { sector: ["energy", "Tech"] },
      422,
      `Body field 'sector.1' must be one of ${SECTORS.join(", ")} (any case)`,
    ],
    [
      SCREENER,
      { filters: { revenue: { gte: 1e9, in: [1e9] } } },
      422,
      "Body field 'filters.revenue.in' is not a bound: the bounds are eq, gt, gte, lt, lte",
    ],
    [LINE_ITEMS, { start_date: "2023-01-01" }, 422, "Body field 'start_date' is not accepted"],
    [SCREENER, { tickers: ["AAPL", "ZZZZ"] }, 404, "Ticker ZZZZ not found in scenario"],
  ])("%s %j -> %i", async (path, sent, status, detail) => {
    const res = await post(path, { scenario_id: MEGACAP, ...sent });
    expect(res.status).toBe(status);
    expect((await json(res)).detail).toBe(detail);
  });

  it("are POST only", async () => {
    const res = await get(`${SCREENER}?${s}`);
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("POST");
  });
});
