// The worked backtests of docs/agents.md run as a newcomer would run them, against the shared runtime
// through a recording proxy: they finish, agree (Python and TypeScript implement one strategy), and
// never ask for a day after the one they stand on.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { base, body, BRANCH, KEY, MEGACAP } from "../e2e/client.ts";

const run = promisify(execFile);
const EXAMPLES = new URL("../../examples/", import.meta.url).pathname;

/** A proxy to the runtime that keeps every path it forwards, so the test sees what the example asked. */
function recordingProxy(): Promise<{ server: Server; base: string; paths: string[] }> {
  const paths: string[] = [];
  const server = createServer(async (req, res) => {
    paths.push(req.url ?? "");
    const answer = await fetch(base + req.url, { headers: { "X-API-KEY": String(req.headers["x-api-key"]) } });
    res.writeHead(answer.status, { "Content-Type": answer.headers.get("content-type") ?? "application/json" });
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({ server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, paths }),
    ),
  );
}

interface Summary {
  days: number;
  trades: number;
  first_day: string;
  last_day: string;
  final_equity: number;
}

/** Run one example; its summary and the paths it requested. */
async function backtest(command: string, file: string, env: Record<string, string>) {
  const proxy = await recordingProxy();
  try {
    const { stdout } = await run(command, [EXAMPLES + file], {
      env: { ...process.env, SYNTH_BASE: proxy.base, SYNTH_KEY: KEY, ...env },
    });
    return { summary: JSON.parse(stdout.trim()) as Summary, paths: proxy.paths };
  } finally {
    proxy.server.close();
  }
}

// A historical world, and a future branch stepped across its current_date as a grading harness would
// (SYNTH_END, the branch's end_date in scenarios-src/ai-capex-branch-2026.yaml, lets it go past).
describe.each([
  ["a historical scenario", { SYNTH_SCENARIO: MEGACAP, SYNTH_TICKER: "AAPL", SYNTH_DAYS: "30" }],
  [
    "a future branch, into the branch",
    {
      SYNTH_SCENARIO: BRANCH,
      SYNTH_TICKER: "NVDA",
      SYNTH_DAYS: "30",
      SYNTH_START: "2025-10-01",
      SYNTH_END: "2026-06-30",
    },
  ],
] as [string, Record<string, string>][])("the worked backtest over %s", (_, env) => {
  let python: Awaited<ReturnType<typeof backtest>>;
  let typescript: Awaited<ReturnType<typeof backtest>>;
  beforeAll(async () => {
    [python, typescript] = await Promise.all([
      backtest("python3", "backtest.py", env),
      backtest(process.execPath, "backtest.ts", env),
    ]);
  }, 120_000);

  it("steps forward and ends with a sane summary", async () => {
    const { summary } = python;
    expect(summary.days).toBe(Number(env.SYNTH_DAYS));
    expect(summary.first_day < summary.last_day).toBe(true);
    expect(Number.isFinite(summary.final_equity) && summary.final_equity > 0).toBe(true);
    // Past current_date only when asked for with SYNTH_END.
    const { scenario } = await body(`/scenarios/${env.SYNTH_SCENARIO}`);
    expect(summary.last_day > scenario.current_date).toBe(env.SYNTH_END !== undefined);
  });

  it("gives the same summary in Python and TypeScript, from the same requests", () => {
    expect(typescript.summary).toEqual(python.summary);
    expect(typescript.paths).toEqual(python.paths);
  });

  it("asks every data request as of the day it stands on, days only moving forward", () => {
    const [first, ...steps] = python.paths.map((p) => new URL(p, "http://x"));
    expect(first.pathname).toBe(`/scenarios/${env.SYNTH_SCENARIO}`);
    // One request a calendar day, each with as_of and a window ending there, days strictly increasing.
    expect(steps.every((u) => u.searchParams.has("as_of"))).toBe(true);
    const asOf = steps.map((u) => u.searchParams.get("as_of")!);
    expect(asOf.every((d, i) => i === 0 || d > asOf[i - 1])).toBe(true);
    expect(steps.every((u) => u.searchParams.get("start_date")! < u.searchParams.get("as_of")!)).toBe(true);
    // The last day asked is the last day stepped: nothing beyond it was ever requested.
    expect(asOf.at(-1)).toBe(python.summary.last_day);
  });
});

// The agent loops of examples/ on the clients (clients/typescript, clients/python): they list the
// scenarios, step a clock and write a decision log, asking nothing after the day they stand on.
describe("the agent loop on the TypeScript client", () => {
  it("steps a clock, reads as of each day, and logs one decision a day", async () => {
    const log = join(mkdtempSync(join(tmpdir(), "agent-loop-")), "decisions.jsonl");
    const proxy = await recordingProxy();
    try {
      const { stdout } = await run(process.execPath, [EXAMPLES + "agent-loop.ts"], {
        env: {
          ...process.env,
          SYNTH_BASE: proxy.base,
          SYNTH_KEY: KEY,
          SYNTH_SCENARIO: MEGACAP,
          SYNTH_START: "2023-07-20",
          SYNTH_DAYS: "8",
          SYNTH_LOG: log,
        },
      });
      expect(JSON.parse(stdout)).toEqual({ scenario: MEGACAP, ticker: "AAPL", days: 8, log });
      const entries = readFileSync(log, "utf8")
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l));
      const days = (await body(`/prices/trading-days?scenario_id=${MEGACAP}&start_date=2023-07-20&limit=8`))
        .trading_days;
      expect(entries.map((e) => e.day)).toEqual(days);
      for (const e of entries) {
        expect(e.as_of).toBe(e.day);
        expect(["hold", "flat"]).toContain(e.action);
        expect(e.latest_report_period <= e.day).toBe(true);
      }
      // Each day's news is that day's, as of it (AAPL's results of 2023-07-25 among them).
      for (const e of entries) {
        const q = `scenario_id=${MEGACAP}&ticker=AAPL&start_date=${e.day}&as_of=${e.day}&limit=20`;
        expect(e.news_today).toEqual((await body(`/news?${q}`)).news.map((n: { title: string }) => n.title));
      }
      expect(entries.some((e) => e.news_today.length > 0)).toBe(true);
      // Every data request is as of a logged day, in order.
      const asOf = proxy.paths
        .map((p) => new URL(p, "http://x").searchParams.get("as_of"))
        .filter((d): d is string => d !== null);
      expect(asOf.length).toBe(3 * 8);
      expect(asOf.every((d, i) => i === 0 || d >= asOf[i - 1])).toBe(true);
      expect(asOf.at(-1)).toBe(days.at(-1));
    } finally {
      proxy.server.close();
    }
  }, 120_000);
});
