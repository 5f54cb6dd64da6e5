// The financialdatasets door (/fd/{scenario_id}): every call that ai-hedge-fund's FDClient, its older
// src/tools/api.py and dexter's src/tools/finance make, as they make it (paths with and without
// trailing slashes, their parameters), answered with the keys they read, and each row checked against
// the models those clients parse into (docs/financialdatasets.md names the versions read): every field
// they read present, of their type, null rather than missing; required ones never null.
import { describe, expect, it } from "vitest";
import { base, body, get, json, KEY, MEGACAP, post, request } from "./client.ts";
import { KEYS } from "./keys.ts";

const FD = `/fd/${MEGACAP}`;

type Kind = "str" | "float" | "int" | "bool" | "list" | "object";
/** A model: field -> its kind; `!` marks a field that must not be null. */
type Model = Record<string, `${Kind}${"" | "!"}`>;

const PRICE: Model = { open: "float!", close: "float!", high: "float!", low: "float!", volume: "int!", time: "str!" };
const METRIC_FIELDS = [
  "market_cap",
  "enterprise_value",
  "price_to_earnings_ratio",
  "price_to_book_ratio",
  "price_to_sales_ratio",
  "enterprise_value_to_ebitda_ratio",
  "enterprise_value_to_revenue_ratio",
  "free_cash_flow_yield",
  "peg_ratio",
  "gross_margin",
  "operating_margin",
  "net_margin",
  "return_on_equity",
  "return_on_assets",
  "return_on_invested_capital",
  "asset_turnover",
  "inventory_turnover",
  "receivables_turnover",
  "days_sales_outstanding",
  "operating_cycle",
  "working_capital_turnover",
  "current_ratio",
  "quick_ratio",
  "cash_ratio",
  "operating_cash_flow_ratio",
  "debt_to_equity",
  "debt_to_assets",
  "interest_coverage",
  "revenue_growth",
  "earnings_growth",
  "book_value_growth",
  "earnings_per_share_growth",
  "free_cash_flow_growth",
  "operating_income_growth",
  "ebitda_growth",
  "payout_ratio",
  "earnings_per_share",
  "book_value_per_share",
  "free_cash_flow_per_share",
];
const METRICS: Model = {
  ticker: "str!",
  report_period: "str!",
  period: "str!",
  currency: "str!",
  filing_date: "str",
  filing_datetime: "str",
  ...Object.fromEntries(METRIC_FIELDS.map((f) => [f, "float" as const])),
};
const INSIDER_TRADE: Model = {
  ticker: "str!",
  name: "str!",
  filing_date: "str!",
  is_board_director: "bool!",
  issuer: "str",
  title: "str",
  transaction_date: "str",
  transaction_type: "str",
  transaction_shares: "float",
  transaction_price_per_share: "float",
  transaction_value: "float",
  shares_owned_before_transaction: "float",
  shares_owned_after_transaction: "float",
  security_title: "str",
};
/** dexter's formatInsiderOwnership's columns, with the row's identity. */
const INSIDER_OWNERSHIP: Model = {
  ticker: "str!",
  issuer: "str",
  name: "str!",
  title: "str",
  form_type: "str!",
  holding_type: "str",
  security_title: "str",
  shares_owned: "float",
  underlying_security_shares: "float",
  direct_or_indirect: "str",
  as_of_date: "str",
  filing_date: "str!",
};
/** dexter's formatBeneficialOwnership's columns, and the powers and purpose its tool describes. */
const BENEFICIAL_OWNER: Model = {
  reporting_person_name: "str!",
  ticker: "str!",
  type: "str!",
  form_type: "str!",
  percent_of_class: "float",
  aggregate_amount_beneficially_owned: "float",
  filing_date: "str!",
  filer_cik: "str!",
  sole_voting_power: "float",
  shared_voting_power: "float",
  sole_dispositive_power: "float",
  shared_dispositive_power: "float",
  purpose_of_transaction: "str",
};
const NEWS: Model = { ticker: "str!", title: "str!", source: "str!", date: "str!", url: "str!", sentiment: "str" };
const STATEMENT: Model = { ticker: "str!", report_period: "str!", period: "str!", currency: "str!" };
const HOLDING: Model = {
  ticker: "str!",
  filer_name: "str!",
  filer_cik: "str!",
  shares: "float!",
  value_usd: "float!",
  report_period: "str!",
  name_of_issuer: "str!",
  reported_price: "float",
  put_call: "str",
};

const COMPANY_FACTS: Model = {
  ticker: "str!",
  name: "str!",
  is_active: "bool!",
  ...Object.fromEntries(
    [
      "cik",
      "industry",
      "sector",
      "category",
      "exchange",
      "listing_date",
      "location",
      "sec_filings_url",
      "sic_code",
      "sic_industry",
      "sic_sector",
      "website_url",
    ].map((f) => [f, "str" as const]),
  ),
  market_cap: "float",
  number_of_employees: "int",
  weighted_average_shares: "int",
};

/** ai-hedge-fund's EarningsData (every field optional), the block under `quarterly`. */
const EARNINGS_DATA: Model = {
  ...Object.fromEntries(
    [
      "revenue",
      "estimated_revenue",
      "earnings_per_share",
      "estimated_earnings_per_share",
      "net_income",
      "gross_profit",
      "operating_income",
      "weighted_average_shares",
      "weighted_average_shares_diluted",
      "free_cash_flow",
      "cash_and_equivalents",
      "total_debt",
      "total_assets",
      "total_liabilities",
      "shareholders_equity",
      "net_cash_flow_from_operations",
      "capital_expenditure",
      "net_cash_flow_from_investing",
      "net_cash_flow_from_financing",
      "change_in_cash_and_equivalents",
    ].map((f) => [f, "float" as const]),
  ),
  revenue_surprise: "str",
  eps_surprise: "str",
};
/** ai-hedge-fund's EarningsRecord. */
const EARNINGS: Model = {
  ticker: "str!",
  report_period: "str!",
  source_type: "str!",
  filing_date: "str",
  fiscal_period: "str",
  currency: "str",
  accession_number: "str",
  quarterly: "object",
};

/** The model with every field required (not null). */
const required = (model: Model): Model =>
  Object.fromEntries(Object.entries(model).map(([f, spec]) => [f, `${spec.replace("!", "") as Kind}!` as const]));

/** Where `row` breaks `model`, as readable lines (empty when it parses). */
function problems(row: unknown, model: Model): string[] {
  if (!row || typeof row !== "object") return [`not an object: ${JSON.stringify(row)}`];
  const out: string[] = [];
  for (const [field, spec] of Object.entries(model)) {
    const kind = spec.replace("!", "") as Kind;
    if (!(field in row)) {
      out.push(`${field} missing`);
      continue;
    }
    const value = (row as Record<string, unknown>)[field];
    if (value === null) {
      if (spec.endsWith("!")) out.push(`${field} null`);
      continue;
    }
    const ok =
      kind === "str"
        ? typeof value === "string"
        : kind === "float"
          ? typeof value === "number" && Number.isFinite(value)
          : kind === "int"
            ? Number.isInteger(value)
            : kind === "bool"
              ? typeof value === "boolean"
              : kind === "list"
                ? Array.isArray(value)
                : typeof value === "object";
    if (!ok) out.push(`${field} is ${JSON.stringify(value)}, not ${kind}`);
  }
  return out;
}

/** Every row of a list parses (and there is at least one). */
function expectRows(rows: unknown, model: Model): void {
  expect(Array.isArray(rows)).toBe(true);
  expect((rows as unknown[]).length).toBeGreaterThan(0);
  const broken = (rows as unknown[]).flatMap((row, i) => problems(row, model).map((p) => `row ${i}: ${p}`));
  expect(broken).toEqual([]);
}

interface Call {
  client: string;
  path: string;
  key: string;
  model?: Model;
  /** The answer under `key` is one object, not a list. */
  single?: boolean;
}

const CALLS: Call[] = [
  // ai-hedge-fund FDClient (hedge_fund/data/client.py)
  {
    client: "FDClient",
    path: "/prices/?ticker=AAPL&interval=day&interval_multiplier=1&start_date=2023-01-01&end_date=2023-06-30",
    key: "prices",
    model: PRICE,
  },
  {
    client: "FDClient",
    path: "/financial-metrics/?ticker=AAPL&filing_date_lte=2023-06-30&period=ttm&limit=10",
    key: "financial_metrics",
    model: METRICS,
  },
  { client: "FDClient", path: "/news/?ticker=AAPL&end_date=2023-06-30&limit=1000", key: "news", model: NEWS },
  {
    client: "FDClient",
    path: "/insider-trades/?ticker=AAPL&filing_date_lte=2023-06-30&limit=1000",
    key: "insider_trades",
    model: INSIDER_TRADE,
  },
  {
    client: "FDClient",
    path: "/company/facts/?ticker=AAPL",
    key: "company_facts",
    single: true,
    model: COMPANY_FACTS,
  },
  { client: "FDClient", path: "/earnings/?ticker=AAPL&limit=1", key: "earnings", model: EARNINGS },
  { client: "FDClient", path: "/earnings/?ticker=AAPL&limit=12", key: "earnings", model: EARNINGS },
  // ai-hedge-fund src/tools/api.py (before 2.0.0)
  {
    client: "api.py",
    path: "/financial-metrics/?ticker=AAPL&report_period_lte=2023-06-30&limit=10&period=ttm",
    key: "financial_metrics",
    model: METRICS,
  },
  {
    client: "api.py",
    path: "/insider-trades/?ticker=AAPL&filing_date_lte=2023-06-30&filing_date_gte=2023-01-01&limit=1000",
    key: "insider_trades",
    model: INSIDER_TRADE,
  },
  {
    client: "api.py",
    path: "/news/?ticker=AAPL&end_date=2023-06-30&start_date=2023-01-01&limit=1000",
    key: "news",
    model: NEWS,
  },
  // dexter src/tools/finance
  { client: "dexter", path: "/prices/snapshot/?ticker=AAPL", key: "snapshot", single: true },
  {
    client: "dexter",
    path: "/prices/?ticker=AAPL&interval=week&start_date=2023-01-01&end_date=2023-06-30",
    key: "prices",
    model: PRICE,
  },
  { client: "dexter", path: "/prices/snapshot/tickers/", key: "tickers" },
  ...[
    "income-statements:income_statements",
    "balance-sheets:balance_sheets",
    "cash-flow-statements:cash_flow_statements",
  ].map((pair): Call => {
    const [path, key] = pair.split(":");
    return { client: "dexter", path: `/financials/${path}/?ticker=AAPL&period=annual&limit=4`, key, model: STATEMENT };
  }),
  { client: "dexter", path: "/financials/?ticker=AAPL&period=quarterly&limit=4", key: "financials", single: true },
  { client: "dexter", path: "/financial-metrics/snapshot/?ticker=AAPL", key: "snapshot", single: true },
  {
    client: "dexter",
    path: "/financial-metrics/?ticker=AAPL&period=ttm&limit=4",
    key: "financial_metrics",
    model: METRICS,
  },
  { client: "dexter", path: "/financials/segments/?ticker=AAPL&period=annual&limit=4", key: "segmented_financials" },
  { client: "dexter", path: "/earnings?ticker=AAPL", key: "earnings" },
  { client: "dexter", path: "/news?ticker=AAPL&limit=10", key: "news", model: NEWS },
  { client: "dexter", path: "/insider-trades/names/?ticker=AAPL", key: "names" },
  { client: "dexter", path: "/insider-trades/?ticker=AAPL&limit=10", key: "insider_trades", model: INSIDER_TRADE },
  {
    client: "dexter",
    path: "/insider-ownership/?ticker=AAPL&limit=10",
    key: "insider_ownership",
    model: INSIDER_OWNERSHIP,
  },
  {
    client: "dexter",
    path: "/insider-ownership/?ticker=AAPL&limit=10&form_type=5&filing_date_gte=2023-01-01",
    key: "insider_ownership",
    model: INSIDER_OWNERSHIP,
  },
  {
    client: "dexter",
    path: "/beneficial-ownership/?ticker=AAPL&limit=10",
    key: "beneficial_owners",
    model: BENEFICIAL_OWNER,
  },
  {
    client: "dexter",
    path: "/beneficial-ownership/?ticker=AAPL&type=passive&history=true&limit=10&filing_date_lt=2023-12-29",
    key: "beneficial_owners",
    model: BENEFICIAL_OWNER,
  },
  {
    client: "dexter",
    path: "/beneficial-ownership/filers/?name=g",
    key: "filers",
    model: { filer_cik: "str!", name: "str!" },
  },
  {
    client: "dexter",
    path: "/institutional-holdings/?ticker=AAPL&limit=10&report_period_lte=2023-06-30",
    key: "institutional_holdings",
    model: HOLDING,
  },
  { client: "dexter", path: "/institutional-holdings/investors?name=a", key: "investors" },
  { client: "dexter", path: "/filings/?ticker=AAPL&limit=10&filing_type=10-K&filing_type=10-Q", key: "filings" },
  {
    client: "dexter",
    path: "/filings/items/?ticker=AAPL&filing_type=10-K&item=Item-1A&item=Item-7",
    key: "filing_items",
  },
  { client: "dexter", path: "/financials/search/screener/filters/", key: "filters" },
];

describe("the financialdatasets door: every client call, as sent", () => {
  it.each(CALLS.map((c) => [`${c.client} ${c.path}`, c] as const))("%s", async (_, call) => {
    const answer = await body(FD + call.path);
    expect(answer).toHaveProperty(call.key);
    const value = answer[call.key];
    if (call.single) expect(value && typeof value === "object" && !Array.isArray(value)).toBe(true);
    else expect(Array.isArray(value) && value.length > 0).toBe(true);
    if (call.model) expectRows(call.single ? [value] : value, call.model);
  });

  it("fills every field of FDClient's earnings block, with the surprise as BEAT, MISS or MEET", async () => {
    const rows = (await body(`${FD}/earnings/?ticker=AAPL&limit=12`)).earnings;
    expectRows(
      rows.map((r: { quarterly: unknown }) => r.quarterly),
      required(EARNINGS_DATA),
    );
    for (const r of rows) {
      expect(["8-K", "10-Q", "10-K"]).toContain(r.source_type);
      for (const word of [r.quarterly.revenue_surprise, r.quarterly.eps_surprise])
        expect(["BEAT", "MISS", "MEET"]).toContain(word);
    }
  });

  it("answers the older client's line-items search, without a trailing slash", async () => {
    const answer = await body(`${FD}/financials/search/line-items`, {
      tickers: ["AAPL"],
      line_items: ["revenue", "net_income"],
      end_date: "2023-06-30",
      period: "ttm",
      limit: 10,
    });
    expectRows(answer.search_results, { ...STATEMENT, revenue: "float", net_income: "float" });
  });

  it("answers dexter's screener body as it sends it: filters as a list, a currency, a trailing slash", async () => {
    const answer = await body(`${FD}/financials/search/screener/`, {
      filters: [
        { field: "price_to_earnings_ratio", operator: "lt", value: 40 },
        { field: "return_on_equity", operator: "gt", value: 0.15 },
      ],
      currency: "USD",
      limit: 25,
    });
    expect(answer.search_results.length).toBeGreaterThan(0);
    for (const row of answer.search_results) {
      expect(row.price_to_earnings_ratio).toBeLessThan(40);
      expect(row.return_on_equity).toBeGreaterThan(0.15);
    }
  });

  it("takes sector and industry among the screener's filters, as dexter's model sends them", async () => {
    const answer = await body(`${FD}/financials/search/screener/`, {
      filters: [
        { field: "sector", operator: "eq", value: "Information Technology" },
        { field: "price_to_earnings_ratio", operator: "gt", value: 0 },
      ],
      limit: 25,
    });
    const tickers = answer.search_results.map((r: { ticker: string }) => r.ticker);
    expect(tickers.length).toBeGreaterThan(0);
    for (const ticker of tickers)
      expect((await body(`${FD}/company/facts/?ticker=${ticker}`)).company_facts.sector).toBe("Information Technology");
    const listed = await body(`${FD}/financials/search/screener/`, {
      filters: [{ field: "sector", operator: "in", value: ["Information Technology", "Financials"] }],
    });
    expect(listed.search_results.length).toBeGreaterThan(tickers.length);
    const unknown = await post(`${FD}/financials/search/screener/`, {
      filters: [{ field: "sector", operator: "eq", value: "Tech" }],
    });
    expect(unknown.status).toBe(422);
    expect((await json(unknown)).detail).toMatch(/^Body field 'sector.0' must be one of Communication Services/);
  });

  it("answers the screener's older path, POST /financials/search, as the screener, rows under search_results", async () => {
    // financialdatasets' own client (llm-evaluations' fd_client.py) sends {period, limit, filters} and reads search_results.
    const sent = {
      period: "ttm",
      limit: 5,
      filters: [
        { field: "revenue", operator: "gt", value: 0 },
        { field: "sector", operator: "eq", value: "Information Technology" },
      ],
    };
    for (const path of ["/financials/search", "/financials/search/"]) {
      const [older, screener] = await Promise.all([
        post(`${FD}${path}`, sent),
        post(`${FD}/financials/search/screener`, sent),
      ]);
      expect(older.status, path).toBe(200);
      expect(older.headers.get("x-as-of")).toBe(screener.headers.get("x-as-of"));
      const text = await older.text();
      expect(text).toBe(await screener.text());
      const rows = JSON.parse(text).search_results;
      expect(rows.length).toBeGreaterThan(0);
      expectRows(rows, { ...STATEMENT, revenue: "float!" });
    }
    // Refused as the screener refuses: the same status and detail.
    const bad = { filters: [{ field: "revenue", operator: "in", value: [1] }] };
    const [older, screener] = await Promise.all([
      post(`${FD}/financials/search`, bad),
      post(`${FD}/financials/search/screener`, bad),
    ]);
    expect(older.status).toBe(422);
    expect(await json(older)).toEqual(await json(screener));
    expect((await get(`${FD}/financials/search`)).status).toBe(405);
  });

  it("breaks segment lines out as dexter reads them: {line: {axis: [{label, value}]}}, summing to the statement", async () => {
    const door = (await body(`${FD}/financials/segments/?ticker=AAPL&period=annual&limit=4`)).segmented_financials;
    const native = (await body(`/financials/segments?${`scenario_id=${MEGACAP}&ticker=AAPL`}&period=annual&limit=4`))
      .financials;
    expect(door.length).toBe(native.length);
    expect(door.length).toBeGreaterThan(0);
    door.forEach((period: Record<string, any>, k: number) => {
      expect(period.report_period).toBe(native[k].report_period);
      expect(period).not.toHaveProperty("segments");
      for (const [statement, line] of [
        ["income_statement", "revenue"],
        ["income_statement", "operating_income"],
        ["balance_sheet", "total_assets"],
        ["cash_flow_statement", "capital_expenditure"],
      ]) {
        for (const axis of ["segment", "geography"]) {
          const entries = period[statement][line][axis] as { label: string; value: number }[];
          expect(entries.length, `${statement}.${line}.${axis}`).toBeGreaterThan(0);
          for (const e of entries) expect(Object.keys(e)).toEqual(["label", "value"]);
          const sum = entries.reduce((t, e) => t + e.value, 0);
          expect(sum).toBeCloseTo(native[k][statement][line], 0);
        }
      }
    });
  });

  it("names filing items as financialdatasets and its item types do (Item-1A, Part-1,Item-2)", async () => {
    const { "10-K": tenK, "10-Q": tenQ } = await body(`${FD}/filings/items/types/`);
    for (const [form, asked, types] of [
      ["10-K", ["Item-1A", "Item-7A", "Item-7"], tenK],
      ["10-Q", ["Part-1,Item-2"], tenQ],
    ] as const) {
      const query = asked.map((i) => `item=${encodeURIComponent(i)}`).join("&");
      const rows = (await body(`${FD}/filings/items/?ticker=AAPL&filing_type=${form}&${query}`)).filing_items;
      expect(new Set(rows.map((r: { item: string }) => r.item))).toEqual(new Set(asked));
      const names = new Set(types.map((t: { name: string }) => t.name));
      for (const r of rows) expect(names.has(r.item), r.item).toBe(true);
    }
  });

  it("resolves a filer's name to its stakes, as dexter's filer_name mode does", async () => {
    const [filer] = (await body(`${FD}/beneficial-ownership/filers/?name=g`)).filers;
    const stakes = (await body(`${FD}/beneficial-ownership/?filer_cik=${filer.filer_cik}&limit=10`)).beneficial_owners;
    expectRows(stakes, BENEFICIAL_OWNER);
    expect(stakes.every((s: { filer_cik: string }) => s.filer_cik === filer.filer_cik)).toBe(true);
  });

  it("serves dexter's item types without a key, in its shape", async () => {
    const res = await get(`${FD}/filings/items/types/`, null);
    expect(res.status).toBe(200);
    const types = await json(res);
    for (const form of ["10-K", "10-Q"]) expectRows(types[form], { name: "str!", title: "str!", description: "str!" });
    expect(types["10-K"].map((t: { name: string }) => t.name)).toContain("Item-1A");
  });
});

describe("the door's habits", () => {
  const native = `scenario_id=${MEGACAP}&ticker=AAPL`;

  it("is the native answer: same rows, doubled and trailing slashes alike", async () => {
    const mine = (await body(`/insider-trades?${native}&limit=200`)).insider_trades;
    for (const path of [`${FD}/insider-trades/?ticker=AAPL`, `${FD}//insider-trades?ticker=AAPL`]) {
      const door = await body(`${path}&limit=200`);
      expect(door.insider_trades).toEqual(mine);
    }
  });

  it("clamps a limit above the native maximum instead of refusing it", async () => {
    expect((await get(`/news?${native}&limit=1000`)).status).toBe(422);
    const door = await body(`${FD}/news/?ticker=AAPL&limit=1000`);
    expect(door.news).toEqual((await body(`/news?${native}&limit=500`)).news);
  });

  it("reads limit as the total across pages: next_page_url on its own host only while a clamped limit has rows left", async () => {
    // Every company's trades: more than one page of /insider-trades (at most 200).
    const nativePage = async (offset: number) =>
      (await body(`/insider-trades?scenario_id=${MEGACAP}&limit=200&offset=${offset}`)).insider_trades;
    const all = [...(await nativePage(0)), ...(await nativePage(200)), ...(await nativePage(400))];
    expect(all.length).toBeGreaterThan(450);
    const walked: unknown[] = [];
    let url: string | undefined = `${base}${FD}/insider-trades/?limit=450`;
    let pages = 0;
    while (url) {
      expect(url.startsWith(base)).toBe(true);
      const page = await json(await fetch(url, { headers: { "X-API-KEY": KEY } }));
      walked.push(...page.insider_trades);
      url = page.next_page_url;
      pages++;
    }
    expect(pages).toBe(3);
    expect(walked).toEqual(all.slice(0, 450));

    // A limit within the maximum is one page, however many rows there are (FDClient asks limit=1 for the newest).
    const one = await body(`${FD}/earnings/?ticker=AAPL&limit=1`);
    expect(one.earnings).toHaveLength(1);
    expect(one.next_page_url).toBeUndefined();
    const seven = await body(`${FD}/insider-trades/?ticker=AAPL&limit=7`);
    expect(seven.insider_trades).toEqual((await body(`/insider-trades?${native}&limit=7`)).insider_trades);
    expect(seven.next_page_url).toBeUndefined();
  });

  it("merges daily bars into weeks and months: first open, highest high, lowest low, last close, summed volume", async () => {
    const days = (await body(`/prices?${native}&start_date=2023-01-01&end_date=2023-03-31`)).prices;
    for (const [interval, n, periodOf] of [
      [
        "week",
        1,
        (t: string) => {
          const d = new Date(`${t}T00:00:00Z`);
          d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
          return d.toISOString().slice(0, 10);
        },
      ],
      ["month", 2, (t: string) => String(Math.floor((Number(t.slice(5, 7)) - 1) / 2))],
    ] as const) {
      const bars = (
        await body(
          `${FD}/prices/?ticker=AAPL&interval=${interval}&interval_multiplier=${n}&start_date=2023-01-01&end_date=2023-03-31`,
        )
      ).prices;
      const groups = new Map<string, typeof days>();
      for (const d of days) groups.set(periodOf(d.time), [...(groups.get(periodOf(d.time)) ?? []), d]);
      expect(bars).toEqual(
        [...groups.values()].map((g) => ({
          ticker: "AAPL",
          time: g[g.length - 1].time,
          open: g[0].open,
          high: Math.max(...g.map((d: { high: number }) => d.high)),
          low: Math.min(...g.map((d: { low: number }) => d.low)),
          close: g[g.length - 1].close,
          volume: g.reduce((s: number, d: { volume: number }) => s + d.volume, 0),
        })),
      );
    }
    expect((await get(`${FD}/prices/?ticker=AAPL&interval=second`)).status).toBe(400);
    expect((await get(`/prices?${native}&interval=week`)).status).toBe(400); // the native route keeps the contract's 400
  });

  it("reads one ticker on /prices, as financialdatasets does: a `tickers` list is not passed on", async () => {
    const q = "interval=week&start_date=2023-01-01&end_date=2023-03-31";
    expect(await body(`${FD}/prices/?ticker=AAPL&tickers=MSFT,SPY&${q}`)).toEqual(
      await body(`${FD}/prices/?ticker=AAPL&${q}`),
    );
  });

  it("stands a snapshot without a date on the scenario's current_date, with its price and the day's change", async () => {
    const { scenario } = await body(`/scenarios/${MEGACAP}`);
    for (const [ticker, asOf] of [
      ["AAPL", undefined],
      ["MSFT", "2023-07-04"],
    ] as const) {
      const door = (await body(`${FD}/prices/snapshot/?ticker=${ticker}${asOf ? `&as_of=${asOf}` : ""}`)).snapshot;
      const day = asOf ?? scenario.current_date;
      const nativeBar = (await body(`/prices/snapshot?scenario_id=${MEGACAP}&ticker=${ticker}&as_of=${day}`)).snapshot;
      expect(door).toMatchObject(nativeBar);
      expect(door.price).toBe(nativeBar.close);
      const bars = (
        await body(
          `/prices?scenario_id=${MEGACAP}&ticker=${ticker}&start_date=2023-01-01&as_of=${day}&include_components=true`,
        )
      ).prices;
      const [before, last] = bars.slice(-2);
      expect(last.time).toBe(nativeBar.time);
      const percent = 100 * (last.adjusted_close / before.adjusted_close - 1);
      expect(door.day_change_percent).toBeCloseTo(percent, 3);
      expect(door.day_change).toBeCloseTo((last.close * percent) / (100 + percent), 3);
      expect(door).not.toHaveProperty("adjusted_close");
    }
  });

  it("keeps the horizon a client's date bound gives", async () => {
    const rows = (await body(`${FD}/insider-trades/?ticker=AAPL&filing_date_lte=2023-03-31&limit=1000`)).insider_trades;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r: { filing_date: string }) => r.filing_date <= "2023-03-31")).toBe(true);
    const strict = (await body(`${FD}/insider-trades/?ticker=AAPL&filing_date_lt=2023-03-31&limit=1000`))
      .insider_trades;
    expect(strict.every((r: { filing_date: string }) => r.filing_date < "2023-03-31")).toBe(true);
  });

  it("counts against the same key and rate limit, and refuses what the native API refuses", async () => {
    expect((await get(`${FD}/prices/?ticker=AAPL`, null)).status).toBe(401);
    // A key of its own, so no other file's requests fall between the two; a pair that straddles
    // the minute's end (Remaining back up) is asked again.
    const { key } = KEYS.fd;
    let [first, second] = [new Response(), new Response()];
    const remaining = (res: Response) => Number(res.headers.get("x-ratelimit-remaining"));
    for (let tries = 0; tries < 3 && !(remaining(first) > remaining(second)); tries++) {
      first = await get(`${FD}/company/facts/?ticker=AAPL`, key);
      second = await get(`${FD}/company/facts/?ticker=AAPL`, key);
    }
    expect(remaining(first) - remaining(second)).toBe(1);
    expect(first.headers.get("x-as-of")).toBe("2023-12-29");
    expect((await get(`${FD}/company/facts/?ticker=AAPL&as_of=2023-05-01`)).headers.get("x-as-of")).toBe("2023-05-01");
    expect((await get(`/fd/not-a-scenario/prices/?ticker=AAPL`)).status).toBe(404);
    expect((await get(`${FD}/no/such/path`)).status).toBe(404);
    expect((await request(`${FD}/prices/`, { method: "DELETE" })).status).toBe(405);
    expect((await post(`${FD}/prices/`, {})).status).toBe(405);
  });
});

describe("the door refuses bad input with a JSON detail", () => {
  it("names the parameter the client sent, not one the door added", async () => {
    const res = await get(`${FD}/prices/snapshot/?ticker=AAPL&as_of=2023-13-01`);
    expect(res.status).toBe(422);
    expect((await json(res)).detail).toBe(
      "Query parameter 'as_of' must be a valid date YYYY-MM-DD or a date and time YYYY-MM-DDTHH:MM[:SS]",
    );
  });

  it.each([
    [`/fd/%E0%A4%A/prices/?ticker=AAPL`, 404],
    [`${FD}/prices/?ticker=AAPL&interval=fortnight`, 400],
    [`${FD}/prices/?ticker=AAPL&interval=week&interval_multiplier=0`, 400],
    [`${FD}/prices/?ticker=AAPL&limit=abc`, 422],
    [`${FD}/prices/?ticker=AAPL&limit=-5`, 422],
  ])("%s -> %i", async (path, status) => {
    const res = await get(path);
    expect(res.status).toBe(status);
    expect(typeof (await json(res)).detail).toBe("string");
  });

  it("bounds a POST body as the native route does", async () => {
    const res = await post(`${FD}/financials/search/screener/`, "x".repeat(200_000));
    expect(res.status).toBe(422);
  });
});
