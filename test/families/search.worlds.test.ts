// Search: the cross-section the build writes (every period's numbers, as the statements and metrics
// hold them), its number packing, the screener's bounds and the request bodies' answers.
import { beforeAll, describe, expect, it } from "vitest";
import type { ShardSink } from "../../build/ground/family.ts";
import { statements } from "../../build/families/statements/family.ts";
import { balanceRow, cashFlowRow, incomeRow } from "../../build/families/statements/rows.ts";
import { generateWorld, type WholeWorld } from "../../build/pipeline/world.ts";
import type { Row } from "../../src/bundle/shard.ts";
import { packNumbers, unpackNumbers } from "../../src/families/search/shards.ts";
import { SHARDS } from "../../src/families/shards.ts";
import { LineItemsRequest, meets, ScreenerRequest, SEARCH_FIELDS } from "../../src/families/search/rows.ts";
import { validationError } from "../../src/http/route.ts";
import { librarySource } from "../support/worlds.ts";

describe("the cross-section", () => {
  // megacap-tech-2023's fourteen companies: the first test counts on more than 300 periods.
  let world: WholeWorld;
  beforeAll(() => void (world = generateWorld(librarySource("megacap-tech-2023"))));

  it("holds every period of every company in the shard of its kind and filing year, with its numbers", () => {
    const appended = new Map<string, Row[]>();
    const sink: ShardSink = {
      write: () => {},
      append: (kind, part, rows) => {
        const name = kind.name(part);
        appended.set(name, [...(appended.get(name) ?? []), ...rows]);
      },
    };
    let periods = 0;
    for (const company of world.perCompany) {
      statements.companyShards!(world as never, company as never, sink);
      company.statements.forEach((s, k) => {
        periods++;
        const rows = appended.get(`search/${s.period}/${s.filingDate.slice(0, 4)}`) ?? [];
        const key = `${company.facts.ticker} ${s.filingDate} ${s.reportPeriod}`;
        const found = rows.filter((r) => SHARDS.search.key(r) === key);
        expect(found, `${key} ${s.period}`).toHaveLength(1);
        const expected: Record<string, unknown> = {
          ...company.metrics[k].metrics,
          ...cashFlowRow(company.facts, s),
          ...balanceRow(company.facts, s),
          ...incomeRow(company.facts, s),
        };
        expect(unpackNumbers(found[0][1] as Uint8Array, SEARCH_FIELDS)).toEqual(
          Object.fromEntries(SEARCH_FIELDS.map((f) => [f, expected[f]])),
        );
      });
    }
    expect(periods).toBeGreaterThan(300);
    expect([...appended].filter(([name]) => name.startsWith("search/")).flatMap(([, rows]) => rows)).toHaveLength(
      periods,
    );
    const splits = world.perCompany.flatMap((c) =>
      c.stock.actions.filter((a) => a.action_type === "split").map((a) => [c.facts.ticker, a.ex_date, a.details.ratio]),
    );
    expect(splits.length).toBeGreaterThan(0);
    expect(appended.get("splits")).toEqual(splits);
  });
});

describe("packed numbers", () => {
  it("read back exactly, null as null, only the fields asked for", () => {
    const values = { revenue: 123_456_789_000, market_cap: null, gross_margin: 0.123457, outstanding_shares: 2 ** 40 };
    const packed = packNumbers(values);
    expect(packed.byteLength).toBe(SEARCH_FIELDS.length * 8);
    expect(unpackNumbers(packed, ["gross_margin", "market_cap", "outstanding_shares"])).toEqual({
      gross_margin: 0.123457,
      market_cap: null,
      outstanding_shares: 2 ** 40,
    });
    // A view into a larger buffer (as a shard's row is) reads the same.
    const inside = new Uint8Array(packed.byteLength + 3);
    inside.set(packed, 3);
    expect(unpackNumbers(inside.subarray(3), ["revenue", "net_income"])).toEqual({
      revenue: 123_456_789_000,
      net_income: null,
    });
  });
});

describe("screener bounds", () => {
  it("hold when every bound holds; a null value meets none", () => {
    expect(meets(10, { gt: 5, lte: 10 })).toBe(true);
    expect(meets(10, { gt: 5, lt: 10 })).toBe(false);
    expect(meets(5, { gte: 5, eq: 5 })).toBe(true);
    expect(meets(5, { gt: 5 })).toBe(false);
    expect(meets(null, { lt: 0 })).toBe(false);
    expect(meets(null, { gt: -Infinity })).toBe(false);
  });
});

describe("request bodies", () => {
  const detail = (schema: typeof ScreenerRequest | typeof LineItemsRequest, body: object) => {
    const parsed = schema.safeParse(body);
    return parsed.success ? parsed.data : validationError("json", parsed.error).message;
  };
  const s = { scenario_id: "x" };

  it("fill in the contract's defaults and normalize tickers", () => {
    expect(detail(ScreenerRequest, { ...s, tickers: ["brk.b", "BRK-B", "aapl"] })).toEqual({
      ...s,
      tickers: ["BRK-B", "AAPL"],
      period: "ttm",
      limit: 100,
      offset: 0,
      filters: {},
    });
    expect(detail(LineItemsRequest, s)).toMatchObject({ period: "quarterly", limit: 100 });
    expect(detail(ScreenerRequest, { ...s, sector: "Energy" })).toMatchObject({ sector: ["Energy"] });
  });

  it.each([
    [
      { filters: { pe: { gt: 1 }, price_to_earnings_ratio: { lt: 9 }, roe: { gt: 0 } } },
      "Body field 'filters' names unknown fields: pe, roe (see GET /financials/search/screener/filters)",
    ],
    [{ filters: { market_cap: {} } }, "Body field 'filters.market_cap' must hold at least one of gt, gte, lt, lte, eq"],
    [{ filters: { market_cap: { gt: "1" } } }, "Body field 'filters.market_cap.gt' must be a number"],
    [
      { filters: { market_cap: { above: 1 } } },
      "Body field 'filters.market_cap.above' is not a bound: the bounds are eq, gt, gte, lt, lte",
    ],
    [
      { filters: "pe<9" },
      "Body field 'filters' must be a list of {field, operator, value} or an object of field names to bounds",
    ],
    [{ filter: {} }, "Body field 'filter' is not accepted"],
    [{ limit: 5001 }, "Body field 'limit' must be at most 5000"],
    [{ limit: 2.5 }, "Body field 'limit' must be an integer"],
    [{ period: "weekly" }, "Body field 'period' must be one of ttm, quarterly, annual"],
    [{ tickers: [] }, "Body field 'tickers' must not be empty"],
    [{ tickers: ["$$"] }, "Body field 'tickers.0' must be a ticker symbol"],
    [{ sector: [] }, "Body field 'sector' must not be empty"],
    [{ as_of: "2023-02-30" }, "Body field 'as_of' must be a valid date YYYY-MM-DD"],
    [{ scenario_id: "" }, "Body field 'scenario_id' must not be empty"],
    [{ scenario_id: undefined }, "Body field 'scenario_id' is required"],
  ])("refuse a screen with %j", (body, expected) => {
    expect(detail(ScreenerRequest, { ...s, ...body })).toBe(expected);
  });

  it.each([
    [
      { line_items: ["revenue", "ebitda", "ebit_da"] },
      "Body field 'line_items' names unknown fields: ebit_da (see GET /financials/search/screener/filters; also ebitda, working_capital)",
    ],
    [{ limit: 501 }, "Body field 'limit' must be at most 500"],
    [{ end_date: 20230630 }, "Body field 'end_date' must be a date YYYY-MM-DD"],
  ])("refuse line items with %j", (body, expected) => {
    expect(detail(LineItemsRequest, { ...s, ...body })).toBe(expected);
  });
});
