// The MCP server at /mcp, driven by the official MCP client over Streamable HTTP against workerd:
// initialize, list the tools, call each one, and check that a call sees nothing after its as_of,
// answers what REST answers, stays compact, and is authenticated and counted like REST.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { base, body, json, MEGACAP, request } from "./client.ts";
import { KEYS } from "./keys.ts";
import { TOOL_CALLS as CALLS } from "./samples.ts";

type Json = Record<string, any>;

async function connect(key: string): Promise<Client> {
  const client = new Client({ name: "synthmarket-e2e", version: "1" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers: { "X-API-KEY": key } } }),
  );
  return client;
}

let client: Client;
beforeAll(async () => {
  client = await connect(KEYS.mcp.key);
});
afterAll(async () => {
  await client.close();
});

/** A tool's answer: its JSON, or the error text. */
async function call(
  name: string,
  args: Json,
  on: Client = client,
): Promise<{ error?: string; answer?: Json; bytes: number }> {
  const result = (await on.callTool({ name, arguments: args })) as { isError?: boolean; content: { text: string }[] };
  const text = result.content[0].text;
  const bytes = new TextEncoder().encode(text).length;
  return result.isError ? { error: text, bytes } : { answer: JSON.parse(text), bytes };
}

const s = { scenario_id: MEGACAP };

/** One JSON-RPC message posted as is, without the SDK's client: the status and the parsed answer. */
async function rpc(method: string, params: Json): Promise<{ status: number; answer: Json }> {
  const res = await request("/mcp", {
    key: KEYS.mcp.key,
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  return { status: res.status, answer: await json(res) };
}

/** The tools of evaluation runs (docs/runs.md): called with a run's id, so not among the samples. */
const RUN_TOOLS = [
  "start_run",
  "list_runs",
  "get_portfolio",
  "place_orders",
  "cancel_order",
  "advance_day",
  "finish_run",
  "get_score",
  "get_ledger",
];

describe("the MCP server", () => {
  it("initializes and lists financialdatasets' tool names, each data tool taking scenario_id and as_of as its clock", async () => {
    expect(client.getServerVersion()?.name).toBe("synthmarket");
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name);
    for (const required of [
      "get_stock_prices",
      "get_stock_price",
      "get_company_facts",
      "get_income_statements",
      "get_balance_sheets",
      "get_cash_flow_statements",
      "get_segmented_financials",
      "get_financial_metrics",
      "get_financial_metrics_snapshot",
      "get_earnings",
      "get_analyst_estimates",
      "get_news",
      "get_filings",
      "get_filing_items",
      "list_filing_item_types",
      "get_insider_trades",
      "get_institutional_holdings",
      "get_institutional_investors",
      "get_interest_rates",
      "screen_stocks",
      "list_stock_screener_filters",
      "get_kpi_metrics",
      "get_index_fund",
      "list_scenarios",
      "get_scenario",
    ])
      expect(names).toContain(required);
    expect(Object.keys(CALLS).sort()).toEqual(names.filter((n) => !RUN_TOOLS.includes(n)).sort());
    for (const name of RUN_TOOLS) expect(names).toContain(name);
    for (const tool of tools) {
      const props = tool.inputSchema.properties as Json;
      if (!props.scenario_id || RUN_TOOLS.includes(tool.name)) continue;
      expect(props.as_of, tool.name).toBeDefined();
      expect(tool.description, tool.name).toMatch(
        /`as_of` \(YYYY-MM-DD, or YYYY-MM-DDTHH:MM in exchange time\) is your clock/,
      );
      expect(props.strict, tool.name).toBeUndefined();
      if (props.limit) expect(props.limit.maximum, tool.name).toBeLessThanOrEqual(50);
    }
    // The route's own declaration: the prices tool takes what /prices takes.
    const prices = tools.find((t) => t.name === "get_stock_prices")!.inputSchema as Json;
    expect(prices.required).toEqual(["scenario_id"]);
    expect(Object.keys(prices.properties)).toEqual(
      expect.arrayContaining(["ticker", "tickers", "start_date", "end_date", "as_of", "include_components", "offset"]),
    );
  });

  it("runs a whole evaluation with its tools alone: open, read, order, advance, cancel, finish, score", async () => {
    const opened = (
      await call("start_run", { ...s, agent: "mcp-agent", start_date: "2023-06-01", end_date: "2023-06-30" })
    ).answer!;
    const runId = opened.run.run_id as string;
    const agent = await connect(opened.run_key);
    try {
      // The run key's reads are as of the run's day, whatever as_of the agent asks.
      const prices = (
        await call("get_stock_prices", { ...CALLS.get_stock_prices, as_of: "2023-12-29", offset: 100 }, agent)
      ).answer!;
      expect(prices.answered_as_of).toBe("2023-06-01");
      expect(prices.prices.at(-1).time).toBe("2023-06-01");
      // A moment of its own day stays that moment: the day's bar is not whole before the close.
      const morning = (
        await call("get_stock_prices", { ...CALLS.get_stock_prices, as_of: "2023-06-01T11:00", offset: 100 }, agent)
      ).answer!;
      expect(morning.answered_as_of).toBe("2023-06-01T11:00:00");
      expect(morning.prices.at(-1).time).toBe("2023-05-31");
      const placed = (
        await call(
          "place_orders",
          {
            run_id: runId,
            orders: [
              { ticker: "AAPL", side: "buy", shares: 50 },
              { ticker: "MSFT", side: "buy", notional: 20_000 },
            ],
          },
          agent,
        )
      ).answer!;
      expect(placed.orders.map((o: Json) => o.ticker)).toEqual(["AAPL", "MSFT"]);
      const cancelled = (await call("cancel_order", { run_id: runId, order_id: placed.orders[1].order_id }, agent))
        .answer!;
      expect(cancelled.order.status).toBe("cancelled");
      const refused = await call(
        "place_orders",
        { run_id: runId, orders: [{ ticker: "AAPL", side: "buy", shares: 2.5 }] },
        agent,
      );
      expect(refused.error).toMatch(/^422: .*whole number/);
      const stepped = (await call("advance_day", { run_id: runId }, agent)).answer!;
      expect(stepped.run.day).toBe("2023-06-02");
      expect(stepped.ledger.map((e: Json) => [e.kind, e.ticker])).toEqual([["fill", "AAPL"]]);
      const book = (await call("get_portfolio", { run_id: runId }, agent)).answer!;
      expect(book.run.positions).toEqual([expect.objectContaining({ ticker: "AAPL", shares: 50 })]);
      expect((await call("get_score", { run_id: runId }, agent)).answer!).toMatchObject({ score: null, baselines: [] });
      await call("advance_day", { run_id: runId, to: "2023-06-15" }, agent);
      const finished = (await call("finish_run", { run_id: runId }, agent)).answer!;
      expect(finished.run).toMatchObject({ status: "finished", day: "2023-06-15" });
      const scored = (await call("get_score", { run_id: runId }, agent)).answer!;
      expect(scored.score.trading_days).toBe(10);
      expect(scored.baselines.map((b: Json) => b.name)).toEqual(["cash", "benchmark", "equal_weight"]);
      const ledger = (await call("get_ledger", { run_id: runId }, agent)).answer!;
      expect(ledger.ledger[0]).toMatchObject({ kind: "fill", ticker: "AAPL", shares: 50 });
      // The run key opens nothing.
      expect((await call("start_run", { ...s, agent: "again", start_date: "2023-06-01" }, agent)).error).toMatch(
        /^403: /,
      );
    } finally {
      await agent.close();
    }
  });

  it.each(Object.entries(CALLS))("answers %s, at most 50 rows and about 20 KB", async (name, args) => {
    const { error, answer, bytes } = await call(name, args);
    expect(error).toBeUndefined();
    expect(bytes).toBeLessThanOrEqual(20_000);
    for (const v of Object.values(answer!)) if (Array.isArray(v)) expect(v.length).toBeLessThanOrEqual(50);
    if (args.scenario_id) expect(answer!.answered_as_of).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("answers what REST answers, and pages with the total and how to ask for the next part", async () => {
    const q = `scenario_id=${MEGACAP}&ticker=AAPL&start_date=2023-01-01&end_date=2023-12-31`;
    const rest = (await body(`/prices?${q}`)).prices;
    const first = (await call("get_stock_prices", CALLS.get_stock_prices)).answer!;
    expect(first.prices).toEqual(rest.slice(0, 50));
    expect(first.page).toEqual({
      offset: 0,
      returned: 50,
      total: rest.length,
      next: "call get_stock_prices again with offset=50 for the next rows",
    });
    const second = (await call("get_stock_prices", { ...CALLS.get_stock_prices, offset: 50, limit: 20 })).answer!;
    expect(second.prices).toEqual(rest.slice(50, 70));
    const last = (await call("get_stock_prices", { ...CALLS.get_stock_prices, offset: rest.length - 5 })).answer!;
    expect(last.page).toMatchObject({ returned: 5, next: null });
  });

  it("keeps long answers near 20 KB by answering fewer rows, and cuts long texts saying so", async () => {
    const { answer, bytes } = await call("get_filing_items", { ...s, ticker: "AAPL", limit: 50 });
    expect(bytes).toBeLessThanOrEqual(20_000);
    expect(answer!.page.returned).toBeLessThan(answer!.page.total);
    expect(answer!.page.next).toMatch(/offset=\d+/);
    expect(answer!.filing_items.some((i: Json) => /more characters cut/.test(i.text))).toBe(true);
  });

  it("pages a list inside one record: a call's turns, with the call's other fields on every page", async () => {
    const id = CALLS.get_earnings_call_transcript.transcript_id as string;
    const rest = (await body(`/earnings/transcripts/${id}?scenario_id=${MEGACAP}`)).earnings_call_transcript;
    const turns: Json[] = [];
    for (let offset = 0; ;) {
      const { answer, bytes } = await call("get_earnings_call_transcript", { ...s, transcript_id: id, offset });
      expect(bytes).toBeLessThanOrEqual(20_000);
      const page = answer!.earnings_call_transcript;
      expect(page.participants).toEqual(rest.participants);
      expect(page.word_count).toBe(rest.word_count);
      turns.push(...page.turns);
      if (!answer!.page.next) break;
      offset += answer!.page.returned;
    }
    expect(turns.length).toBeGreaterThan(20);
    expect(turns).toEqual(rest.turns);
  });

  it("sees nothing after as_of", async () => {
    const asOf = "2023-03-31";
    const news = (await call("get_news", { ...s, ticker: ["AAPL"], as_of: asOf, limit: 50 })).answer!;
    expect(news.answered_as_of).toBe(asOf);
    expect(news.news.length).toBeGreaterThan(0);
    for (const n of news.news) expect(n.date.slice(0, 10) <= asOf).toBe(true);
    const prices = (await call("get_stock_prices", { ...CALLS.get_stock_prices, as_of: asOf, offset: 40 })).answer!;
    expect(prices.prices.at(-1).time <= asOf).toBe(true);
    expect(prices.page.next).toBeNull();
    const statements = (await call("get_income_statements", { ...s, ticker: "AAPL", as_of: asOf })).answer!;
    for (const st of statements.income_statements) expect(st.filing_date <= asOf).toBe(true);
    const trades = (await call("get_insider_trades", { ...s, ticker: ["AAPL"], as_of: asOf, limit: 50 })).answer!;
    for (const t of trades.insider_trades) expect(t.filing_date <= asOf).toBe(true);
  });

  it("refuses a limit above the tool's maximum on every tool that takes one (get_news limit=500)", async () => {
    expect((await call("get_news", { ...s, ticker: ["AAPL"], limit: 500 })).error).toBe(
      "422: limit must be an integer from 1 to 50",
    );
    const { tools } = await client.listTools();
    const limited = tools.filter((t) => (t.inputSchema.properties as Json | undefined)?.limit);
    expect(limited.length).toBeGreaterThan(20);
    for (const tool of limited) {
      const { maximum } = (tool.inputSchema.properties as Json).limit;
      const { error } = await call(tool.name, { ...CALLS[tool.name], limit: maximum + 1 });
      expect(error, tool.name).toBe(`422: limit must be an integer from 1 to ${maximum}`);
    }
  });

  it('words its own argument errors as the route words a bad argument, 422 first (limit="abc")', async () => {
    for (const limit of ["abc", 0, 2.5])
      expect((await call("get_stock_prices", { ...s, ticker: "AAPL", limit })).error, String(limit)).toBe(
        "422: limit must be an integer from 1 to 50",
      );
    expect((await call("get_stock_prices", { ...s, ticker: "AAPL", offset: -1 })).error).toBe(
      "422: offset must be an integer from 0",
    );
    // Over the wire: a tool result, in JSON, not an HTTP error.
    const raw = await rpc("tools/call", { name: "get_news", arguments: { ...s, limit: "abc" } });
    expect(raw.status).toBe(200);
    expect(raw.answer.result).toEqual({
      isError: true,
      content: [{ type: "text", text: "422: limit must be an integer from 1 to 50" }],
    });
    // The route's own 422 for a bad argument reads the same way.
    expect((await call("get_stock_prices", { ...s, ticker: "AAPL", start_date: "2023-13-01" })).error).toMatch(
      /^422: Query parameter 'start_date'/,
    );
  });

  it("answers the API's detail as a tool error", async () => {
    expect((await call("get_stock_price", { ...s, ticker: "ZZZZ", as_of: "2023-07-05" })).error).toBe(
      "404: Ticker ZZZZ not found in scenario",
    );
    expect((await call("get_stock_prices", { ...s, ticker: "AAPL", start_date: "2023-13-01" })).error).toMatch(
      /^422: Query parameter 'start_date'/,
    );
  });

  it("answers an unknown tool with the JSON-RPC error -32602 (Invalid params), as MCP 2025-11-25 words it", async () => {
    const raw = await rpc("tools/call", { name: "no_such_tool", arguments: {} });
    expect(raw.status).toBe(200);
    expect(raw.answer).toEqual({
      jsonrpc: "2.0",
      id: 1,
      error: { code: -32602, message: "Unknown tool: no_such_tool" },
    });
    // The SDK's client rejects the call (a protocol error), rather than answering a tool result.
    const refused = await client.callTool({ name: "no_such_tool", arguments: {} }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(McpError);
    expect((refused as McpError).code).toBe(ErrorCode.InvalidParams);
  });

  it("needs the key on every message and counts each tool call as one request", async () => {
    const noKey = await request("/mcp", {
      key: null,
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(noKey.status).toBe(401);
    expect(await json(noKey)).toEqual({ detail: "Missing or invalid X-API-KEY header" });
    const get = await request("/mcp", { key: KEYS.mcp.key });
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");

    const remaining = async () =>
      Number((await request(`/scenarios/${MEGACAP}`, { key: KEYS.mcp.key })).headers.get("x-ratelimit-remaining"));
    const before = await remaining();
    await client.listTools();
    await call("get_company_facts", CALLS.get_company_facts);
    expect(before - (await remaining())).toBe(2); // the tool call and the second REST request

    const tiny = await connect(KEYS.mcpTiny.key);
    try {
      expect((await call("get_company_facts", CALLS.get_company_facts, tiny)).error).toBeUndefined();
      expect((await call("get_company_facts", CALLS.get_company_facts, tiny)).error).toMatch(
        /^429: Rate limit exceeded \(retry after \d+ s\)$/,
      );
    } finally {
      await tiny.close();
    }
  });

  it("runs examples/mcp-session.ts, whose transcript shows the session over the wire", async () => {
    const script = new URL("../../examples/mcp-session.ts", import.meta.url).pathname;
    const { stdout } = await promisify(execFile)(process.execPath, [script], {
      env: { ...process.env, SYNTH_BASE: base, SYNTH_KEY: KEYS.mcp.key, SYNTH_SCENARIO: MEGACAP },
    });
    const methods = [...stdout.matchAll(/"method":"([^"]+)"/g)].map((m) => m[1]);
    expect(methods).toEqual(["initialize", "notifications/initialized", "tools/list", "tools/call", "tools/call"]);
    expect(stdout).toMatch(/^# An MCP session: initialize, tools\/list \(\d+ tools\), tools\/call/);
    expect(stdout.match(/answered_as_of\\":\\"2023-07-26/g)).toHaveLength(2);
  });
});
