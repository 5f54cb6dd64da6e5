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

/** A request the proxy forwarded: its path, method, whether it carried the account's key, and the answer's X-As-Of. */
interface Seen {
  path: string;
  method: string;
  accountKey: boolean;
  asOf: string | null;
}

/** A proxy to the runtime that keeps every request it forwards, so the test sees what the example asked. */
function recordingProxy(): Promise<{ server: Server; base: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const key = String(req.headers["x-api-key"]);
    const answer = await fetch(base + req.url, {
      method: req.method,
      headers: { "X-API-KEY": key, "Content-Type": "application/json" },
      body: req.method === "POST" ? Buffer.concat(chunks) : undefined,
    });
    seen.push({
      path: req.url ?? "",
      method: req.method ?? "GET",
      accountKey: key === KEY,
      asOf: answer.headers.get("x-as-of"),
    });
    res.writeHead(answer.status, { "Content-Type": answer.headers.get("content-type") ?? "application/json" });
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({ server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen }),
    ),
  );
}

interface Summary {
  scenario: string;
  days: number;
  trades: number;
  first_day: string;
  last_day: string;
  final_equity: number;
  score: Record<string, number | null>;
  baselines: Record<string, number>;
}

/** Run one example; its summary and the requests it made. */
async function backtest(command: string, file: string, env: Record<string, string>) {
  const proxy = await recordingProxy();
  try {
    const { stdout } = await run(command, [EXAMPLES + file], {
      env: { ...process.env, SYNTH_BASE: proxy.base, SYNTH_KEY: KEY, ...env },
    });
    return { summary: JSON.parse(stdout.trim()) as Summary, seen: proxy.seen };
  } finally {
    proxy.server.close();
  }
}

/** A request as both agents make it: the run's id is each run's own. */
const shape = (s: Seen) => `${s.method} ${s.path.replace(/run_[0-9a-f]{16}/, "RUN")}`;

// A historical world, and a future branch run across its current_date as a grading harness would
// (SYNTH_END, the branch's end_date in scenarios-src/ai-capex-branch-2026.yaml, lets the run go past).
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
] as [string, Record<string, string>][])("the example agent in a run over %s", (_, env) => {
  let python: Awaited<ReturnType<typeof backtest>>;
  let typescript: Awaited<ReturnType<typeof backtest>>;
  beforeAll(async () => {
    [python, typescript] = await Promise.all([
      backtest("python3", "backtest.py", env),
      backtest(process.execPath, "backtest.ts", env),
    ]);
  }, 120_000);

  it("trades, finishes its run, and prints its score beside the baselines", async () => {
    const { summary } = python;
    expect(summary.days).toBe(Number(env.SYNTH_DAYS));
    expect(summary.first_day < summary.last_day).toBe(true);
    expect(summary.trades).toBeGreaterThan(0);
    expect(summary.final_equity).toBeGreaterThan(0);
    expect(summary.score.trading_days).toBe(summary.days);
    expect(Object.keys(summary.baselines).sort()).toEqual(["benchmark", "cash", "equal_weight"]);
    expect(summary.baselines.cash).toBe(0);
    // Past current_date only when asked for with SYNTH_END.
    const { scenario } = await body(`/scenarios/${env.SYNTH_SCENARIO}`);
    expect(summary.last_day > scenario.current_date).toBe(env.SYNTH_END !== undefined);
  });

  it("gives the same summary in Python and TypeScript, from the same requests", () => {
    expect(typescript.summary).toEqual(python.summary);
    expect(typescript.seen.map(shape)).toEqual(python.seen.map(shape));
  });

  it("reads the world with the run's key, as of the run's day, days only moving forward", () => {
    const reads = python.seen.filter((s) => s.path.startsWith("/prices"));
    expect(reads.length).toBe(python.summary.days);
    expect(reads.every((s) => !s.accountKey && !new URL(s.path, "http://x").searchParams.has("as_of"))).toBe(true);
    const asOf = reads.map((s) => s.asOf!);
    expect(asOf[0]).toBe(python.summary.first_day);
    expect(asOf.every((d, i) => i === 0 || d > asOf[i - 1])).toBe(true);
    // The last read is of the day before the last advance: nothing later was ever answered.
    expect(asOf.at(-1)! < python.summary.last_day).toBe(true);
    // Only opening the run used the account's key (with the scenario's listing).
    expect(python.seen.filter((s) => s.accountKey).map((s) => new URL(s.path, "http://x").pathname)).toEqual([
      `/scenarios/${env.SYNTH_SCENARIO}`,
      "/runs",
    ]);
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
      const asOf = proxy.seen
        .map((s) => new URL(s.path, "http://x").searchParams.get("as_of"))
        .filter((d): d is string => d !== null);
      expect(asOf.length).toBe(3 * 8);
      expect(asOf.every((d, i) => i === 0 || d >= asOf[i - 1])).toBe(true);
      expect(asOf.at(-1)).toBe(days.at(-1));
    } finally {
      proxy.server.close();
    }
  }, 120_000);
});
