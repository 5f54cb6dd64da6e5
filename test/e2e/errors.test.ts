// Bad input gets the status and {detail} of docs/api-choices.md, "Status codes and error bodies", never a 5xx.
import { describe, expect, it } from "vitest";
import { get, json, MEGACAP, RATE_SHOCK } from "./client.ts";

const P = `/prices?scenario_id=${MEGACAP}`;
const long = "x".repeat(129);

describe("errors follow docs/api-choices.md", () => {
  it.each([
    [`${P}`, 422, "Query parameter 'ticker' or 'tickers' is required"],
    [`${P}&ticker=ZZZZ`, 404, "Ticker ZZZZ not found in scenario"],
    [`${P}&ticker=AAPL&interval=week`, 400, "Query parameter 'interval' must be one of day, minute, hour; got 'week'"],
    [`${P}&ticker=AAPL&limit=0`, 422, "Query parameter 'limit' must be at least 1"],
    [`${P}&ticker=AAPL&limit=10001`, 422, "Query parameter 'limit' must be at most 10000"],
    [`${P}&ticker=AAPL&limit=abc`, 422, "Query parameter 'limit' must be an integer"],
    [`${P}&ticker=AAPL&offset=-1`, 422, "Query parameter 'offset' must be at least 0"],
    [`${P}&ticker=AAPL&start_date=2023-13-01`, 422, "Query parameter 'start_date' must be a valid date YYYY-MM-DD"],
    [
      `${P}&ticker=AAPL&as_of=yesterday`,
      422,
      "Query parameter 'as_of' must be a valid date YYYY-MM-DD or a date and time YYYY-MM-DDTHH:MM[:SS]",
    ],
    [`${P}&ticker=AAPL&include_components=maybe`, 422, "Query parameter 'include_components' must be true or false"],
    [
      `${P}&ticker=AAPL&start_date=2023-05-01&end_date=2023-04-01`,
      400,
      "Query parameter 'start_date' must not be after 'end_date'",
    ],
    [`${P}&ticker=AAPL&ticker=MSFT`, 422, "Query parameter 'ticker' may be given only once"],
    [`${P}&ticker=AAPL&limit=3&limit=4`, 422, "Query parameter 'limit' may be given only once"],
    [`${P}&ticker=$$$`, 422, "Query parameter 'ticker' must be a ticker symbol"],
    [`${P}&ticker=`, 422, "Query parameter 'ticker' must not be empty"],
    [`/prices/snapshot?scenario_id=${MEGACAP}&ticker=AAPL`, 422, "Query parameter 'as_of' is required"],
    [
      `/prices/snapshot?scenario_id=${MEGACAP}&ticker=AAPL&as_of=2022-12-30`,
      404,
      "No price bar for AAPL on or before 2022-12-30",
    ],
    [`/prices/snapshot/market?scenario_id=${MEGACAP}&limit=5001`, 422, "Query parameter 'limit' must be at most 5000"],
    [
      `/companies?scenario_id=${MEGACAP}&search=${long}`,
      422,
      "Query parameter 'search' must be at most 128 characters",
    ],
    [`/companies?scenario_id=${MEGACAP}&limit=5001`, 422, "Query parameter 'limit' must be at most 5000"],
    [`/company/facts?scenario_id=${MEGACAP}`, 422, "Query parameter 'ticker' or 'cik' is required"],
    [`/company/facts?scenario_id=${MEGACAP}&ticker=ZZZZ`, 404, "Company ZZZZ not found in scenario"],
    [`/company/facts?scenario_id=${MEGACAP}&cik=abc`, 422, "Query parameter 'cik' must be a CIK of up to 10 digits"],
    [`/scenarios?limit=1001`, 422, "Query parameter 'limit' must be at most 1000"],
    [
      `/scenarios?path_mode=sideways`,
      422,
      "Query parameter 'path_mode' must be one of historical_context, future_branch",
    ],
    [`/scenarios?healthy_only=perhaps`, 422, "Query parameter 'healthy_only' must be true or false"],
    [`/scenarios?min_ticker_count=-1`, 422, "Query parameter 'min_ticker_count' must be at least 0"],
    [
      `/scenarios?dataset_split=dev`,
      422,
      "Query parameter 'dataset_split' must be one of train, validation, test, holdout",
    ],
    [`/scenarios?start_date=2008-02-30`, 422, "Query parameter 'start_date' must be a valid date YYYY-MM-DD"],
    [
      `/scenarios?start_date=2009-01-01&end_date=2008-01-01`,
      400,
      "Query parameter 'start_date' must not be after 'end_date'",
    ],
    [`/macro/interest-rates?scenario_id=${MEGACAP}&bank=XYZ`, 404, "Bank XYZ not found"],
    [`/macro/interest-rates?scenario_id=${MEGACAP}`, 422, "Query parameter 'bank' is required"],
    [`/macro/interest-rates?scenario_id=${MEGACAP}&bank=`, 422, "Query parameter 'bank' must not be empty"],
    [`/macro/interest-rates?scenario_id=${MEGACAP}&bank=%20`, 422, "Query parameter 'bank' must not be empty"],
    [
      `/macro/interest-rates/snapshot?scenario_id=${MEGACAP}&bank=FED&as_of=2020-01-01`,
      404,
      "No FED policy rate in force on 2020-01-01",
    ],
    [`/macro?scenario_id=${MEGACAP}&limit=10001`, 422, "Query parameter 'limit' must be at most 10000"],
    [
      `/macro?scenario_id=${MEGACAP}&start_date=2023-05-01&end_date=2023-01-01`,
      400,
      "Query parameter 'start_date' must not be after 'end_date'",
    ],
    [`/events/timeline?scenario_id=${MEGACAP}&ticker=ZZZZ`, 404, "Ticker ZZZZ not found in scenario"],
    [`/events/timeline?scenario_id=${MEGACAP}&ticker=AAPL&ticker=ZZZZ`, 404, "Ticker ZZZZ not found in scenario"],
    [`/corporate-actions?scenario_id=${RATE_SHOCK}&ticker=ZZZZ`, 404, "Ticker ZZZZ not found in scenario"],
    [`/filings?scenario_id=${MEGACAP}&ticker=ZZZZ`, 404, "Ticker ZZZZ not found in scenario"],
    [`/filings?scenario_id=${MEGACAP}&limit=501`, 422, "Query parameter 'limit' must be at most 500"],
    [
      `/filings?scenario_id=${MEGACAP}&filing_type=S-1`,
      422,
      "Query parameter 'filing_type.0' must be one of 10-K, 10-Q, 8-K, 424B4",
    ],
    [
      `/filings?scenario_id=${MEGACAP}&start_date=2023-05-01&end_date=2023-04-01`,
      400,
      "Query parameter 'start_date' must not be after 'end_date'",
    ],
    [`/filings/items?scenario_id=${MEGACAP}&limit=101`, 422, "Query parameter 'limit' must be at most 100"],
    [`/filings/items?scenario_id=${MEGACAP}&quarter=5`, 422, "Query parameter 'quarter' must be at most 4"],
    [`/filings/items?scenario_id=${MEGACAP}&ticker=AAPL&ticker=ZZZZ`, 404, "Ticker ZZZZ not found in scenario"],
    [`/index-funds?scenario_id=${MEGACAP}&ticker=AAPL`, 404, "Index fund AAPL not found in scenario"],
    [
      `/index-funds?scenario_id=${MEGACAP}&ticker=XLK&holding=AAPL`,
      400,
      "Query parameters 'ticker' and 'holding' cannot be combined",
    ],
    [
      `/scenarios/00000000-0000-4000-8000-000000000000/validation`,
      404,
      "Scenario not found: no scenario has the id '00000000-0000-4000-8000-000000000000' (GET /scenarios lists them)",
    ],
    [`/no-such-route`, 404, "Not found: GET /no-such-route"],
  ])("%s -> %i", async (path, status, detail) => {
    const res = await get(path);
    expect(res.status).toBe(status);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    const body = await json(res);
    expect(body.detail).toBe(detail);
    if (status === 422) expect(body.errors[0].loc[0]).toBe("query");
    expect(res.headers.get("x-account-id")).toBe("acct-main");
    expect(res.headers.get("etag")).toBeNull();
  });
});

describe("one of several parameters", () => {
  // One rule, one status and one wording on every route that takes one of several parameters: several
  // given is a combination that cannot be served (400), none a required parameter missing (422).
  it.each([
    ["/prices", ["ticker", "tickers"], "exactly"],
    ["/institutional-holdings", ["ticker", "filer_cik"], "exactly"],
    ["/beneficial-ownership", ["ticker", "filer_cik"], "exactly"],
    ["/index-funds", ["ticker", "holding"], "at most"],
    ["/company/facts", ["ticker", "cik"], "at least"],
  ])("%s takes %j: %s one", async (route, [a, b], rule) => {
    const base = `${route}?scenario_id=${MEGACAP}`;
    const both = await get(`${base}&${a}=AAPL&${b}=${b.includes("cik") ? "320193" : "MSFT"}`);
    const neither = await get(base);
    if (rule === "at least") expect(both.status).not.toBe(422);
    else {
      expect(both.status).toBe(400);
      expect(await json(both)).toEqual({ detail: `Query parameters '${a}' and '${b}' cannot be combined` });
    }
    if (rule === "at most") expect(neither.status).toBe(200);
    else {
      expect(neither.status).toBe(422);
      expect(await json(neither)).toEqual({
        detail: `Query parameter '${a}' or '${b}' is required`,
        errors: [a, b].map((name) => ({ loc: ["query", name], msg: `${a} or ${b} is required`, type: "missing" })),
      });
    }
  });
});

describe("repeated parameters", () => {
  it("accept an identical repeat of every parameter, tickers compared after normalizing", async () => {
    const once = await get(`${P}&ticker=AAPL&limit=3`);
    const twice = await get(`${P}&ticker=AAPL&limit=3&scenario_id=${MEGACAP}&ticker=aapl&limit=3`);
    expect(twice.status).toBe(200);
    expect(await twice.text()).toBe(await once.text());
  });

  it.each([
    ["/events/timeline", "events"],
    ["/corporate-actions", "corporate_actions"],
    ["/filings", "filings"],
  ])("read a repeated ticker on %s as any of", async (route, key) => {
    const rows = async (q: string) => (await json(await get(`${route}?scenario_id=${RATE_SHOCK}&limit=200${q}`)))[key];
    const tickers = [...new Set((await rows("")).flatMap((r: { ticker: string | null }) => r.ticker ?? []))];
    expect(tickers.length).toBeGreaterThan(2);
    const [a, b] = tickers as string[];
    const both = await rows(`&ticker=${a}&ticker=${b.toLowerCase()}`);
    const separate = [...(await rows(`&ticker=${a}`)), ...(await rows(`&ticker=${b}`))];
    expect(both.length).toBeGreaterThan(0);
    expect(both.length).toBe(separate.length);
    expect(new Set(both.map((r: { ticker: string }) => r.ticker))).toEqual(new Set([a, b]));
  });
});
