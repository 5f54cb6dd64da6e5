// End to end through the real runtime: the bundled worker in workerd, local KV and Durable Objects,
// bundles built from scenarios-src. Requests go over HTTP on 127.0.0.1.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BRANCH, buildTempBundles, MEGACAP, RATE_SHOCK, readBundleObjects } from "./support/bundles.ts";
import { startTestRuntime, type TestRuntime } from "./support/runtime.ts";

const KEY = "sm_test_main_key_0123456789";
const bundles = buildTempBundles();
let rt: TestRuntime;

beforeAll(async () => {
  rt = await startTestRuntime({ bundlesDir: bundles.outDir });
  await rt.addKey(KEY, 1_000_000, "acct-main");
});
afterAll(async () => {
  await rt?.stop();
  bundles.cleanup();
});

const json = async (res: Response) => (await res.json()) as Record<string, any>;
const get = (path: string) => rt.get(path, KEY);
const P = `/prices?scenario_id=${MEGACAP}`;

describe("authentication", () => {
  it("serves /health without a key and without rate-limit headers", async () => {
    const res = await rt.get("/health");
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ status: "ok", environment: "local" });
  });

  it.each([
    ["missing key", null],
    ["unknown key", "sm_not_a_real_key"],
  ])("answers 401 for a %s, naming no account", async (_, key) => {
    for (const path of ["/scenarios", `${P}&ticker=AAPL`, "/no-such-route"]) {
      const res = await rt.get(path, key);
      expect(res.status).toBe(401);
      const body = await res.text();
      expect(JSON.parse(body)).toEqual({ detail: "Missing or invalid X-API-KEY header" });
      if (key) expect(body).not.toContain(key);
      expect(res.headers.get("x-ratelimit-limit")).toBeNull();
      expect(res.headers.get("x-account-id")).toBeNull();
    }
  });

  it("accepts a valid key in any header case and reports the account and limits", async () => {
    const res = await rt.get("/scenarios", null, { "x-Api-KeY": KEY });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-account-id")).toBe("acct-main");
    expect(res.headers.get("x-ratelimit-limit")).toBe("1000000");
    expect(Number(res.headers.get("x-ratelimit-remaining"))).toBeLessThan(1_000_000);
  });
});

describe("rate limit", () => {
  it("lets exactly the limit through 150 concurrent requests, with distinct decreasing Remaining", async () => {
    const key = "sm_test_limit_100_key";
    await rt.addKey(key, 100);
    const responses = await Promise.all(Array.from({ length: 150 }, () => rt.get(`${P}&ticker=MSFT&limit=1`, key)));
    const ok = responses.filter((r) => r.status === 200);
    const limited = responses.filter((r) => r.status === 429);
    expect(ok).toHaveLength(100);
    expect(limited).toHaveLength(50);
    const remaining = ok.map((r) => Number(r.headers.get("x-ratelimit-remaining"))).sort((a, b) => b - a);
    expect(remaining).toEqual(Array.from({ length: 100 }, (_, i) => 99 - i));
    for (const r of limited) {
      expect(await json(r)).toEqual({ detail: "Rate limit exceeded" });
      expect(r.headers.get("x-ratelimit-limit")).toBe("100");
      expect(r.headers.get("x-ratelimit-remaining")).toBe("0");
      expect(r.headers.get("x-account-id")).toBeTruthy();
      const retry = Number(r.headers.get("retry-after"));
      expect(retry).toBeGreaterThanOrEqual(1);
      expect(retry).toBeLessThanOrEqual(60);
    }
  });

  it("keeps separate windows per key", async () => {
    await rt.addKey("sm_test_tiny_a", 1);
    await rt.addKey("sm_test_tiny_b", 1);
    expect((await rt.get("/scenarios", "sm_test_tiny_a")).status).toBe(200);
    expect((await rt.get("/scenarios", "sm_test_tiny_a")).status).toBe(429);
    expect((await rt.get("/scenarios", "sm_test_tiny_b")).status).toBe(200);
  });
});

describe("errors follow GAPS.md", () => {
  const long = "x".repeat(129);
  it.each([
    [`${P}`, 422, "Query parameter 'ticker' is required"],
    ["/prices?ticker=AAPL", 422, "Query parameter 'scenario_id' is required"],
    ["/prices?scenario_id=nope&ticker=AAPL", 404, "Scenario not found"],
    [`${P}&ticker=ZZZZ`, 404, "Ticker ZZZZ not found in scenario"],
    [`${P}&ticker=AAPL&interval=week`, 400, "Query parameter 'interval' must be 'day'; got 'week'"],
    [`${P}&ticker=AAPL&limit=0`, 422, "Query parameter 'limit' must be at least 1"],
    [`${P}&ticker=AAPL&limit=10001`, 422, "Query parameter 'limit' must be at most 10000"],
    [`${P}&ticker=AAPL&limit=abc`, 422, "Query parameter 'limit' must be an integer"],
    [`${P}&ticker=AAPL&offset=-1`, 422, "Query parameter 'offset' must be at least 0"],
    [`${P}&ticker=AAPL&start_date=2023-13-01`, 422, "Query parameter 'start_date' must be a valid date YYYY-MM-DD"],
    [`${P}&ticker=AAPL&include_components=maybe`, 422, "Query parameter 'include_components' must be true or false"],
    [
      `${P}&ticker=AAPL&start_date=2023-05-01&end_date=2023-04-01`,
      400,
      "Query parameter 'start_date' must not be after 'end_date'",
    ],
    [`${P}&ticker=AAPL&ticker=MSFT`, 422, "Query parameter 'ticker' may be given only once"],
    [`${P}&ticker=$$$`, 422, "Query parameter 'ticker' must be a ticker symbol"],
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
    [`/company/facts/tickers`, 422, "Query parameter 'scenario_id' is required"],
    [`/scenarios?limit=1001`, 422, "Query parameter 'limit' must be at most 1000"],
    [
      `/scenarios?path_mode=sideways`,
      422,
      "Query parameter 'path_mode' must be one of historical_context, future_branch",
    ],
    [`/scenarios?healthy_only=perhaps`, 422, "Query parameter 'healthy_only' must be true or false"],
    [`/scenarios?min_ticker_count=-1`, 422, "Query parameter 'min_ticker_count' must be at least 0"],
    [`/scenarios/00000000-0000-4000-8000-000000000000`, 404, "Scenario not found"],
    [`/scenarios/00000000-0000-4000-8000-000000000000/validation`, 404, "Scenario not found"],
    [`/no-such-route`, 404, "Not found: GET /no-such-route"],
  ])("%s -> %i", async (path, status, detail) => {
    const res = await get(path);
    expect(res.status).toBe(status);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    const body = await json(res);
    expect(body.detail).toBe(detail);
    if (status === 422) expect(body.errors[0].loc[0]).toBe("query");
    expect(res.headers.get("x-account-id")).toBe("acct-main");
  });
});

describe("scenarios", () => {
  it.each([
    ["", [BRANCH, MEGACAP, RATE_SHOCK]],
    ["?status=ready&healthy_only=true", [BRANCH, MEGACAP, RATE_SHOCK]],
    ["?status=draft", []],
    ["?min_ticker_count=16", [RATE_SHOCK]],
    ["?max_scenario_day_count=250", [MEGACAP]],
    ["?path_mode=future_branch", [BRANCH]],
    ["?path_mode=historical_context&limit=1&offset=1", [RATE_SHOCK]],
  ])("filters /scenarios%s", async (query, ids) => {
    const body = await json(await get(`/scenarios${query}`));
    expect(body.scenarios.map((s: { id: string }) => s.id)).toEqual(ids);
  });

  it("serves the detail with available tickers and every documented field", async () => {
    const { scenario } = await json(await get(`/scenarios/${MEGACAP}`));
    for (const field of [
      "id",
      "status",
      "scenario_type",
      "seed",
      "name",
      "start_date",
      "end_date",
      "current_date",
      "generator_version",
      "calibration_version",
    ]) {
      expect(scenario[field], field).toBeDefined();
    }
    expect(Object.keys(scenario.public_summary).sort()).toEqual([
      "agent_task",
      "macro_regime",
      "market_description",
      "market_mechanics",
      "path_mode",
      "scenario_theme",
      "scenario_title",
    ]);
    const { tickers } = await json(await get(`/prices/tickers?scenario_id=${MEGACAP}`));
    expect(scenario.available_tickers).toEqual(tickers);
    expect(tickers).toHaveLength(15);
    expect(tickers).toEqual(expect.arrayContaining(["AAPL", "BRK-B", "SPY", "XLK"]));
  });

  it("serves the validation report in the GAPS.md structure", async () => {
    const { validation } = await json(await get(`/scenarios/${MEGACAP}/validation/`));
    expect(validation).toMatchObject({ scenario_id: MEGACAP, healthy: true, summary: { failed: 0 } });
    expect(validation.checks.map((c: { name: string }) => c.name)).toContain("ohlc_ordering");
    for (const check of validation.checks) {
      expect(Object.keys(check)).toEqual(
        expect.arrayContaining(["name", "family", "passed", "observed", "expected", "detail"]),
      );
    }
  });
});

describe("companies", () => {
  it("looks up facts by ticker or CIK, normalizing the ticker", async () => {
    const byTicker = await json(await get(`/company/facts?scenario_id=${MEGACAP}&ticker=brk.b`));
    expect(byTicker.company_facts).toMatchObject({
      ticker: "BRK-B",
      name: "Berkshire Hathaway",
      cik: "0001067983",
      is_active: true,
    });
    const byCik = await json(await get(`/company/facts?scenario_id=${MEGACAP}&cik=1067983`));
    expect(byCik).toEqual(byTicker);
  });

  it("searches and filters the company list", async () => {
    const tech = await json(await get(`/companies?scenario_id=${MEGACAP}&search=Semiconductors`));
    expect(tech.companies.map((c: { ticker: string }) => c.ticker)).toEqual(["NVDA"]);
    const two = await json(await get(`/companies?scenario_id=${MEGACAP}&ticker=msft&ticker=aapl`));
    expect(two.companies.map((c: { ticker: string }) => c.ticker)).toEqual(["AAPL", "MSFT"]);
    const { ciks } = await json(await get(`/company/facts/ciks?scenario_id=${MEGACAP}`));
    expect(ciks).toContain("0000320193");
  });
});

describe("prices", () => {
  it("walks pages with offset += limit until a short page and reassembles the full series", async () => {
    const full = (await json(await get(`${P}&ticker=AAPL`))).prices;
    expect(full).toHaveLength(250);
    const walked: unknown[] = [];
    for (let offset = 0; ; offset += 37) {
      const page = (await json(await get(`${P}&ticker=AAPL&limit=37&offset=${offset}`))).prices;
      walked.push(...page);
      if (page.length < 37) break;
    }
    expect(walked).toEqual(full);
  });

  it("applies the inclusive date window before paging", async () => {
    const body = await json(await get(`${P}&ticker=AAPL&start_date=2023-07-03&end_date=2023-07-07&offset=1&limit=2`));
    expect(body.prices.map((b: { time: string }) => b.time)).toEqual(["2023-07-05", "2023-07-06"]);
  });

  it("normalizes tickers: brk.b, Brk-B and BRK.B are one series", async () => {
    const bodies = await Promise.all(
      ["brk.b", "Brk-B", "BRK.B"].map(async (t) => json(await get(`${P}&ticker=${t}&limit=5`))),
    );
    expect(bodies[0].ticker).toBe("BRK-B");
    expect(bodies[1]).toEqual(bodies[0]);
    expect(bodies[2]).toEqual(bodies[0]);
  });

  it("adds return components only when asked", async () => {
    const plain = (await json(await get(`${P}&ticker=AAPL&limit=1`))).prices[0];
    expect(Object.keys(plain).sort()).toEqual(["close", "high", "low", "open", "ticker", "time", "volume"]);
    const rich = (await json(await get(`${P}&ticker=AAPL&limit=1&include_components=1`))).prices[0];
    for (const k of [
      "adjusted_close",
      "market_return",
      "sector_return",
      "idiosyncratic_return",
      "event_return",
      "volatility",
      "metadata",
    ]) {
      expect(rich, k).toHaveProperty(k);
    }
  });

  it("answers the snapshot with the last bar on or before as_of", async () => {
    const snap = async (asOf: string) =>
      (await json(await get(`/prices/snapshot?scenario_id=${MEGACAP}&ticker=AAPL&as_of=${asOf}`))).snapshot;
    expect((await snap("2023-07-04")).time).toBe("2023-07-03"); // Independence Day
    expect((await snap("2023-07-05")).time).toBe("2023-07-05");
    expect((await snap("2024-06-01")).time).toBe("2023-12-29");
    const bar = (await json(await get(`${P}&ticker=AAPL&start_date=2023-07-03&end_date=2023-07-03`))).prices[0];
    expect(await snap("2023-07-04")).toEqual(bar);
  });

  it("answers the market snapshot as of a date, paging over tickers", async () => {
    const all = await json(await get(`/prices/snapshot/market?scenario_id=${MEGACAP}&as_of=2023-07-04`));
    expect(all.snapshots).toHaveLength(15);
    expect(new Set(all.snapshots.map((s: { time: string }) => s.time))).toEqual(new Set(["2023-07-03"]));
    const page = await json(
      await get(`/prices/snapshot/market?scenario_id=${MEGACAP}&as_of=2023-07-04&limit=3&offset=3`),
    );
    expect(page.snapshots).toEqual(all.snapshots.slice(3, 6));
    const before = await json(await get(`/prices/snapshot/market?scenario_id=${MEGACAP}&as_of=2020-01-01`));
    expect(before.snapshots).toEqual([]);
  });
});

describe("caching", () => {
  it("answers a matching If-None-Match with 304 and a stable strong ETag", async () => {
    const path = `${P}&ticker=AAPL&limit=3`;
    const first = await get(path);
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(first.headers.get("cache-control")).toContain("immutable");
    expect((await get(path)).headers.get("etag")).toBe(etag);
    const again = await rt.get(path, KEY, { "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("etag")).toBe(etag);
    const other = await get(`${P}&ticker=AAPL&limit=4`);
    expect(other.headers.get("etag")).not.toBe(etag);
    expect((await rt.get(path, KEY, { "If-None-Match": '"stale"' })).status).toBe(200);
  });

  it("gives no ETag to errors", async () => {
    const res = await get(`${P}&ticker=ZZZZ`);
    expect(res.headers.get("etag")).toBeNull();
  });
});

describe("R2 store", () => {
  it("serves the same bytes from an R2 bucket as from the bundles directory", async () => {
    const r2rt = await startTestRuntime({ bundlesDir: bundles.outDir, useR2: true });
    try {
      await r2rt.addKey(KEY, 1000, "acct-main");
      const bucket = await r2rt.mf.getR2Bucket("BUNDLES");
      for (const [key, bytes] of readBundleObjects(bundles.outDir)) await bucket.put(key, bytes);
      for (const path of [`${P}&ticker=NVDA`, `/company/facts?scenario_id=${MEGACAP}&ticker=NVDA`, "/scenarios"]) {
        const [viaR2, viaDir] = await Promise.all([r2rt.get(path, KEY), get(path)]);
        expect(viaR2.status).toBe(200);
        expect(await viaR2.text()).toBe(await viaDir.text());
      }
    } finally {
      await r2rt.stop();
    }
  });
});

describe("macro tape and central banks", () => {
  const M = `/macro?scenario_id=${MEGACAP}`;

  it("serves the macro tape ascending, windowed and paged, with every documented field", async () => {
    const { macro_data } = await json(await get(`${M}&start_date=2023-03-01&end_date=2023-03-31`));
    expect(macro_data.length).toBe(23);
    expect(macro_data[0].time).toBe("2023-03-01");
    for (const field of [
      "regime_name",
      "market_return",
      "risk_free_rate",
      "ten_year_yield",
      "inflation_expectation",
      "credit_spread",
      "volatility_index",
      "metadata",
    ]) {
      expect(macro_data[0], field).toHaveProperty(field);
    }
    const page = (await json(await get(`${M}&start_date=2023-03-01&end_date=2023-03-31&offset=20&limit=5`))).macro_data;
    expect(page).toEqual(macro_data.slice(20));
  });

  it("serves stair-stepped policy decisions with 25bp FED ranges, and the rate in force as of a date", async () => {
    const { interest_rates } = await json(await get(`/macro/interest-rates?scenario_id=${MEGACAP}&bank=fed`));
    expect(interest_rates.length).toBeGreaterThanOrEqual(9); // the starting rate and 8 meetings
    for (const r of interest_rates) {
      expect(r.bank).toBe("FED");
      expect(r.target_high - r.target_low).toBeCloseTo(0.25, 9);
      expect(["hike", "cut", "hold"]).toContain(r.decision);
    }
    const mid = interest_rates[4];
    const snap = await json(
      await get(`/macro/interest-rates/snapshot?scenario_id=${MEGACAP}&bank=FED&as_of=${mid.effective_date}`),
    );
    expect(snap.interest_rate).toEqual(mid);
    const banks = await json(await rt.get("/macro/interest-rates/banks", KEY));
    expect(banks.banks.map((b: { bank: string }) => b.bank)).toEqual(["FED", "ECB", "BOE", "BOJ"]);
  });

  it.each([
    [`/macro/interest-rates?scenario_id=${MEGACAP}&bank=XYZ`, 404, "Bank XYZ not found"],
    [`/macro/interest-rates?scenario_id=${MEGACAP}`, 422, "Query parameter 'bank' is required"],
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
  ])("%s -> %i", async (path, status, detail) => {
    const res = await get(path);
    expect(res.status).toBe(status);
    expect((await json(res)).detail).toBe(detail);
  });
});

describe("event timeline", () => {
  const E = `/events/timeline?scenario_id=${MEGACAP}`;

  it("lists a company's events newest first, with earnings every quarter and no hidden effects", async () => {
    const { events } = await json(await get(`${E}&ticker=aapl`));
    const dates = events.map((e: { event_date: string }) => e.event_date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(
      events.filter((e: { event_type: string }) => e.event_type === "earnings_release").length,
    ).toBeGreaterThanOrEqual(4);
    for (const e of events) {
      expect(Object.keys(e).sort()).toEqual([
        "event_date",
        "event_id",
        "event_type",
        "public_release_datetime",
        "public_summary",
        "ticker",
        "visible_from",
      ]);
      expect(e.visible_from >= e.event_date).toBe(true);
    }
  });

  it("never shows an event before it is visible, and pages the filtered list", async () => {
    const asOf = "2023-06-30";
    const { events } = await json(await get(`${E}&as_of=${asOf}&limit=500`));
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((e: { visible_from: string }) => e.visible_from <= asOf)).toBe(true);
    const policy = (await json(await get(`${E}&as_of=${asOf}&event_type=policy_decision&limit=500`))).events;
    expect(policy.every((e: { event_type: string }) => e.event_type === "policy_decision")).toBe(true);
    const walked: unknown[] = [];
    for (let offset = 0; ; offset += 4) {
      const page = (await json(await get(`${E}&as_of=${asOf}&event_type=policy_decision&limit=4&offset=${offset}`)))
        .events;
      walked.push(...page);
      if (page.length < 4) break;
    }
    expect(walked).toEqual(policy);
  });

  it("answers 404 for a ticker outside the scenario and an empty list for a fund", async () => {
    expect((await get(`${E}&ticker=ZZZZ`)).status).toBe(404);
    expect((await json(await get(`${E}&ticker=SPY`))).events).toEqual([]);
  });
});

describe("corporate actions and index funds", () => {
  it("serves announced actions only, with all four dates and dividend amounts", async () => {
    const all = (await json(await get(`/corporate-actions?scenario_id=${RATE_SHOCK}&limit=200`))).corporate_actions;
    expect(all.length).toBeGreaterThan(0);
    for (const a of all) {
      expect(a.announcement_date < a.ex_date).toBe(true);
      for (const d of ["record_date", "payable_date"]) expect(a[d]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      if (a.action_type === "dividend")
        expect(a.details).toMatchObject({ currency: "USD", amount: expect.any(Number) });
    }
    const asOf = all[Math.floor(all.length / 2)].announcement_date;
    const early = (await json(await get(`/corporate-actions?scenario_id=${RATE_SHOCK}&as_of=${asOf}&limit=200`)))
      .corporate_actions;
    expect(early.length).toBeLessThan(all.length);
    expect(early.every((a: { announcement_date: string }) => a.announcement_date <= asOf)).toBe(true);
  });

  it("returns empty lists for non-operating instruments (SPEC rule 4)", async () => {
    const { tickers } = await json(await get(`/prices/tickers?scenario_id=${MEGACAP}`));
    const warrant = tickers.find((t: string) => t.endsWith("W"));
    for (const t of ["SPY", warrant]) {
      expect(
        (await json(await get(`/corporate-actions?scenario_id=${MEGACAP}&ticker=${t}`))).corporate_actions,
      ).toEqual([]);
    }
  });

  it("serves fund holdings by fund and by holding, as of a date, and refuses both together", async () => {
    const xlk = (await json(await get(`/index-funds?scenario_id=${MEGACAP}&ticker=XLK&as_of=2023-05-01`))).index_funds;
    expect(xlk.map((r: { holding_ticker: string }) => r.holding_ticker)).toEqual(["AAPL", "MSFT", "NVDA"]);
    expect(xlk.reduce((s: number, r: { weight: number }) => s + r.weight, 0)).toBeCloseTo(1, 4);
    expect(new Set(xlk.map((r: { as_of: string }) => r.as_of))).toEqual(new Set(["2023-03-31"]));
    const holders = (await json(await get(`/index-funds?scenario_id=${MEGACAP}&holding=aapl`))).index_funds;
    expect(holders.map((r: { fund_ticker: string }) => r.fund_ticker).sort()).toEqual(["IVV", "SPY", "XLK"]);
    const both = await get(`/index-funds?scenario_id=${MEGACAP}&ticker=XLK&holding=AAPL`);
    expect(both.status).toBe(400);
    expect((await json(both)).detail).toBe("Query parameters 'ticker' and 'holding' cannot be combined");
    expect((await get(`/index-funds?scenario_id=${MEGACAP}&ticker=AAPL`)).status).toBe(404);
    const { tickers } = await json(await rt.get("/index-funds/tickers", KEY));
    expect(tickers).toEqual(expect.arrayContaining(["SPY", "XLK"]));
  });

  it("reports the fund's share price apart from its benchmark level", async () => {
    const bars = (await json(await get(`${P}&ticker=SPY&include_components=true`))).prices;
    const last = bars[bars.length - 1];
    expect(last.metadata.benchmark).toBe("S&P 500 Index (scenario universe)");
    expect(last.metadata.benchmark_level).not.toBe(last.close);
    // Fund return tracks the benchmark less fees: over the year within half a percent.
    const fundReturn = last.close / bars[0].close;
    const benchReturn = last.metadata.benchmark_level / bars[0].metadata.benchmark_level;
    expect(Math.abs(fundReturn / benchReturn - 1)).toBeLessThan(0.005);
  });
});

describe("return components", () => {
  it("add up to the log change of adjusted_close on every bar", async () => {
    for (const t of ["AAPL", "JPM", "XOM"]) {
      const bars = (await json(await get(`${P}&ticker=${t}&include_components=true`))).prices;
      for (const b of bars) {
        const sum = b.market_return + b.sector_return + b.idiosyncratic_return + b.event_return;
        expect(Math.abs(sum - Math.log(b.adjusted_close / b.metadata.previous_adjusted_close))).toBeLessThan(1e-9);
      }
    }
  });
});

describe("path modes", () => {
  it("a future branch serves data past its current date, and 'latest' defaults stop at the current date", async () => {
    const { scenario } = await json(await get(`/scenarios/${BRANCH}`));
    expect(scenario.public_summary.path_mode).toBe("future_branch");
    expect(scenario.current_date < scenario.end_date).toBe(true);
    const bars = (
      await json(await get(`/prices?scenario_id=${BRANCH}&ticker=NVDA&start_date=${scenario.current_date}`))
    ).prices;
    expect(bars[bars.length - 1].time > scenario.current_date).toBe(true);
    const market = await json(await get(`/prices/snapshot/market?scenario_id=${BRANCH}`));
    expect(market.as_of).toBe(scenario.current_date);
    expect(market.snapshots.every((s: { time: string }) => s.time <= scenario.current_date)).toBe(true);
  });

  it("marks the catalyst window on the macro tape around the catalyst event", async () => {
    const { events } = await json(await get(`/events/timeline?scenario_id=${BRANCH}&event_type=macro_catalyst`));
    expect(events).toHaveLength(1);
    const day = events[0].event_date;
    const tape = (await json(await get(`/macro?scenario_id=${BRANCH}&start_date=2026-01-01&end_date=2026-04-30`)))
      .macro_data;
    const at = tape.find((m: { time: string }) => m.time === day);
    expect(at.metadata).toMatchObject({ catalyst_window: true, trading_days_from_catalyst: 0 });
    expect(at.metadata.source_event_ids).toContain(events[0].event_id);
    for (const m of tape.filter((m: { time: string }) => m.time < day)) {
      expect(m.metadata).not.toHaveProperty("catalyst_window");
      expect(m.metadata).not.toHaveProperty("trading_days_from_catalyst");
    }
  });
});
