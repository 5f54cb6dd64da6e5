// Clock keys (docs/clock-keys.md): a key bound to one scenario and a horizon. Every route, every
// financialdatasets path and every MCP tool answers such a key exactly what it answers the same
// request as of the horizon, whatever date the request names; nothing about another scenario, the
// catalog or a validation report is served to it.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { describe, expect, it } from "vitest";
import { crawl } from "../support/crawl.ts";
import { base, body, BRANCH, CRISIS, get, KEY, MEGACAP } from "./client.ts";
import { CLOCK_KEYS } from "./keys.ts";
import { TOOL_CALLS } from "./samples.ts";

const CLOCK = CLOCK_KEYS.megacap;
const H = CLOCK.horizon;
/** After the horizon, before the scenario's current_date (2023-12-29). */
const LATER = "2023-11-30";

/** A run's key is a clock key whose horizon is the run's day (docs/runs.md): one on its first day, H. */
let runKey: Promise<string> | undefined;
function runKeyAtHorizon(): Promise<string> {
  runKey ??= body("/runs", { scenario_id: MEGACAP, agent: "clock-e2e", start_date: H }).then(
    (a) => a.run_key as string,
  );
  return runKey;
}

describe("a clock key", () => {
  it("gets from every route what the same request as of its horizon gets, with as_of later or none", async () => {
    const reference = await crawl(base, KEY, MEGACAP, H);
    expect(reference.rows).toBeGreaterThan(5_000);
    const expected = [...reference.answers.values()];
    expect([...(await crawl(base, CLOCK.key, MEGACAP, LATER)).answers.values()]).toEqual(expected);
    expect([...(await crawl(base, await runKeyAtHorizon(), MEGACAP, LATER)).answers.values()]).toEqual(expected);
    // With no date at all the same, but where a route requires `as_of` (a snapshot): that stays required.
    const required = `422 {"detail":"Query parameter 'as_of' is required"`;
    const undated = [...(await crawl(base, CLOCK.key, MEGACAP, undefined)).answers.values()];
    expect(undated.filter((a) => a.startsWith(required)).length).toBeGreaterThan(0);
    expect(undated.map((a, i) => (a.startsWith(required) ? expected[i] : a))).toEqual(expected);
    // The later date does show more to an ordinary key: the equality above is the clock's doing.
    const unclocked = await crawl(base, KEY, MEGACAP, LATER);
    const refAnswers = [...reference.answers.values()];
    const differing = [...unclocked.answers.values()].filter((a, i) => a !== refAnswers[i]).length;
    expect(differing).toBeGreaterThan(100);
  }, 300_000);

  it("says in its headers what horizon it applied", async () => {
    const res = await get(`/prices?scenario_id=${MEGACAP}&ticker=AAPL&as_of=${LATER}&limit=5000`, CLOCK.key);
    expect(res.status).toBe(200);
    expect(res.headers.get("X-As-Of")).toBe(H);
    expect(res.headers.get("X-Clock-Horizon")).toBe(H);
    const prices = ((await res.json()) as { prices: { time: string }[] }).prices;
    expect(prices.at(-1)!.time <= H).toBe(true);
    // An earlier as_of is the request's own business.
    const earlier = await get(`/prices/snapshot?scenario_id=${MEGACAP}&ticker=AAPL&as_of=2023-03-01`, CLOCK.key);
    expect(earlier.headers.get("X-As-Of")).toBe("2023-03-01");
    expect(earlier.headers.get("X-Clock-Horizon")).toBe(H);
    // An ordinary key's answers carry no clock.
    expect(
      (await get(`/prices/snapshot?scenario_id=${MEGACAP}&ticker=AAPL`)).headers.get("X-Clock-Horizon"),
    ).toBeNull();
  });

  it("on a future branch, sees the branch up to its horizon and not a day more", async () => {
    const { key, horizon } = CLOCK_KEYS.branch;
    const current = (await body(`/scenarios/${BRANCH}`)).scenario.current_date as string;
    expect(current < horizon).toBe(true);
    const res = await get(`/prices?scenario_id=${BRANCH}&ticker=NVDA&limit=5000&as_of=2026-06-30`, key);
    const times = ((await res.json()) as { prices: { time: string }[] }).prices.map((p) => p.time);
    expect(times.some((t) => t > current)).toBe(true);
    expect(times.at(-1)! <= horizon).toBe(true);
    const news = (await (await get(`/news?scenario_id=${BRANCH}&limit=100`, key)).json()) as Record<string, any>;
    expect(news.news.length).toBeGreaterThan(0);
    expect(news.news.every((n: { date: string }) => n.date.slice(0, 10) <= horizon)).toBe(true);
  });

  it("is refused (403) another scenario, the catalog and validation reports; vocabularies are served", async () => {
    for (const path of [
      `/prices?scenario_id=${CRISIS}&ticker=AAPL`,
      "/scenarios",
      "/scenarios/themes",
      `/scenarios/${MEGACAP}`,
      `/scenarios/${MEGACAP}/validation`,
      `/fd/${CRISIS}/prices/snapshot/?ticker=AAPL`,
    ]) {
      const res = await get(path, CLOCK.key);
      expect(res.status, path).toBe(403);
      expect(((await res.json()) as { detail: string }).detail, path).toMatch(
        new RegExp(`^This key is a clock key: it reads scenario ${MEGACAP} up to ${H} only`),
      );
    }
    for (const path of ["/events/types", "/financials/search/screener/filters", "/macro/interest-rates/banks"])
      expect((await get(path, CLOCK.key)).status, path).toBe(200);
  });

  it("gets from the financialdatasets door what the same request as of its horizon gets", async () => {
    for (const path of [
      "/prices/?ticker=AAPL&interval=day&interval_multiplier=1&start_date=2023-01-01&end_date=2023-12-31",
      "/financials/income-statements/?ticker=AAPL&period=quarterly&limit=10",
      "/news/?ticker=AAPL&limit=100",
      "/insider-trades/?ticker=AAPL&limit=100",
      "/company/facts/?ticker=AAPL",
    ]) {
      const clocked = await get(`/fd/${MEGACAP}${path}&as_of=${LATER}`, CLOCK.key);
      const reference = await get(`/fd/${MEGACAP}${path}&as_of=${H}`);
      expect(clocked.status, path).toBe(200);
      expect(clocked.headers.get("X-As-Of"), path).toBe(H);
      expect(await clocked.text(), path).toBe((await reference.text()).replaceAll(`as_of=${H}`, `as_of=${LATER}`));
    }
  });

  it("and a run's key read the crypto routes, the door's and the MCP tools up to the horizon's bar", async () => {
    const keys = [CLOCK.key, await runKeyAtHorizon()];
    const window = "start_date=2023-06-01&end_date=2023-12-31";
    for (const path of [
      `/crypto/prices?scenario_id=${MEGACAP}&ticker=BTC-USD&${window}`,
      `/crypto/prices/snapshot?scenario_id=${MEGACAP}&ticker=ETH-USD`,
      `/crypto/prices/tickers?scenario_id=${MEGACAP}`,
      `/fd/${MEGACAP}/crypto/prices/?ticker=BTC-USD&interval=day&interval_multiplier=1&${window}`,
      `/fd/${MEGACAP}/crypto/prices/?ticker=SOL-USD&interval=week&interval_multiplier=1&${window}`,
      `/fd/${MEGACAP}/crypto/prices/snapshot/?ticker=BTC-USD`,
      `/fd/${MEGACAP}/crypto/prices/tickers/?`,
    ]) {
      const reference = await get(`${path}&as_of=${H}`);
      expect(reference.status, path).toBe(200);
      const expected = await reference.text();
      for (const key of keys)
        for (const asked of ["", `&as_of=${LATER}`]) {
          const clocked = await get(path + asked, key);
          expect(clocked.headers.get("X-Clock-Horizon"), path).toBe(H);
          expect(await clocked.text(), path + asked).toBe(expected);
        }
      // The horizon's own bar is the last one served.
      const bars = (JSON.parse(expected) as { prices?: { time: string }[] }).prices;
      if (bars && path.includes("interval=day")) expect(bars.at(-1)!.time.slice(0, 10), path).toBe(H);
    }
    const reference = new Client({ name: "clock-e2e", version: "1" });
    await reference.connect(
      new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers: { "X-API-KEY": KEY } } }),
    );
    const clients = await Promise.all(
      keys.map(async (key) => {
        const client = new Client({ name: "clock-e2e", version: "1" });
        await client.connect(
          new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers: { "X-API-KEY": key } } }),
        );
        return client;
      }),
    );
    const text = async (client: Client, name: string, args: Record<string, unknown>) =>
      ((await client.callTool({ name, arguments: args })) as { content: { text: string }[] }).content[0].text;
    try {
      for (const [name, args] of [
        [
          "get_crypto_prices",
          { scenario_id: MEGACAP, ticker: "BTC-USD", start_date: "2023-06-01", end_date: "2023-12-31" },
        ],
        ["get_crypto_price_snapshot", { scenario_id: MEGACAP, ticker: "SOL-USD" }],
      ] as const) {
        const expected = await text(reference, name, { ...args, as_of: H });
        expect(expected, name).toContain(`"time":"${H}"`);
        for (const client of clients) expect(await text(client, name, args), name).toBe(expected);
      }
    } finally {
      for (const client of [reference, ...clients]) await client.close();
    }
  }, 60_000);

  it("gets from every MCP tool what the tool answers as of its horizon", async () => {
    const connect = async (key: string) => {
      const client = new Client({ name: "clock-e2e", version: "1" });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers: { "X-API-KEY": key } } }),
      );
      return client;
    };
    const [clocked, run, reference] = [
      await connect(CLOCK.key),
      await connect(await runKeyAtHorizon()),
      await connect(KEY),
    ];
    const text = async (client: Client, name: string, args: Record<string, unknown>) => {
      const result = (await client.callTool({ name, arguments: args })) as {
        isError?: boolean;
        content: { text: string }[];
      };
      return { error: result.isError ?? false, text: result.content[0].text };
    };
    try {
      for (const [name, args] of Object.entries(TOOL_CALLS)) {
        if (name === "list_scenarios" || name === "get_scenario") {
          expect((await text(clocked, name, args)).text, name).toMatch(/This key is a clock key/);
          expect((await text(run, name, args)).text, name).toMatch(/This key is a clock key/);
          continue;
        }
        const expected = await text(reference, name, args.scenario_id ? { ...args, as_of: H } : args);
        expect(expected.error, name).toBe(false);
        // A tool without `as_of` (filing item types) answers the ordinary key as of current_date.
        if (args.scenario_id)
          expected.text = expected.text.replace(/^\{"answered_as_of":"[\d-]+"/, `{"answered_as_of":"${H}"`);
        // Without as_of too, unless the tool requires it.
        const undated = "as_of" in args ? [] : [args];
        for (const asked of [{ ...args, as_of: LATER }, ...undated]) {
          expect(await text(clocked, name, args.scenario_id ? asked : args), name).toEqual(expected);
          expect(await text(run, name, args.scenario_id ? asked : args), name).toEqual(expected);
        }
      }
    } finally {
      await clocked.close();
      await run.close();
      await reference.close();
    }
  }, 120_000);
});
