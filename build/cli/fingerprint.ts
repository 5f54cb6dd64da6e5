// `npm run fingerprint -- --bundles DIR [--out FILE]` (`-- --help` says more): what a bundles
// directory holds and what the worker serves from it, as hashes, so that a change meant to alter
// neither (a refactor) can be checked byte for byte: every bundle object but the build stamps, and
// the answers (status, type, ETag and body) to a fixed set of requests over every route of
// /openapi.json, every scenario, a few of its instruments and dates. The same data gives the same
// requests, so two fingerprints compare line by line (`diff`). The summary prints one hash of each part.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { commandLine } from "./command-line.ts";
import { FINGERPRINT } from "./commands.ts";
import { pack, unpack } from "msgpackr";
import { CATALOG_KEY, EXPORTS_PENDING } from "../../src/bundle/layout.ts";
import type { Catalog } from "../../src/bundle/types.ts";

const { values: args } = commandLine(FINGERPRINT);
// The project's modules load once the command line is read, so that --help answers at once.
const { registerKey, startLocalRuntime } = await import("../serve/local-runtime.ts");

const KEY = "sm_fingerprint_key_0123456789";
const sha = (data: string | Uint8Array) => createHash("sha256").update(data).digest("hex");

/**
 * Every bundle object, by key, with its hash; build stamps and export markers (local and
 * time-dependent) left out, and the catalog hashed without the stamps it repeats (a stamp holds the
 * hash of the generator's code, which an edit to a comment changes).
 */
function objectLines(dir: string): string[] {
  const lines: string[] = [];
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      const key = relative(dir, path);
      if (entry.isDirectory()) walk(path);
      else if (key === CATALOG_KEY)
        lines.push(`${key} ${sha(catalogWithoutStamps(readFileSync(path)))} (stamps left out)`);
      else if (entry.name !== "build-stamp.json" && entry.name !== EXPORTS_PENDING)
        lines.push(`${key} ${sha(readFileSync(path))}`);
    }
  };
  walk(dir);
  return lines.sort();
}

function catalogWithoutStamps(bytes: Uint8Array): Uint8Array {
  const catalog = unpack(bytes) as Catalog;
  for (const entry of catalog.scenarios) delete entry.build_stamp;
  return pack(catalog);
}

interface Probe {
  path: string;
  body?: object;
}

type Parameters = Record<string, { get?: { parameters?: { name: string; schema?: { enum?: string[] } }[] } }>;

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The requests of one scenario: each route with its instruments, at its dates, and one variation of each other parameter. */
function scenarioProbes(
  paths: Parameters,
  scenario: { id: string; start_date: string; end_date: string; current_date: string },
  tickers: string[],
): Probe[] {
  const dates = [
    addDays(scenario.start_date, 40),
    addDays(
      scenario.start_date,
      Math.round((Date.parse(scenario.end_date) - Date.parse(scenario.start_date)) / 2 / 86_400_000),
    ),
    scenario.current_date,
    scenario.end_date,
  ];
  const probes: Probe[] = [];
  for (const [route, item] of Object.entries(paths)) {
    const params = new Map((item.get?.parameters ?? []).map((p) => [p.name, p]));
    if (!params.has("scenario_id") || route.includes("{")) continue;
    const at = (query: Record<string, string>) =>
      probes.push({ path: `${route}?${new URLSearchParams({ scenario_id: scenario.id, ...query })}` });
    const subjects: Record<string, string>[] = params.has("ticker")
      ? tickers.map((ticker) => ({ ticker }))
      : params.has("bank")
        ? ["FED", "ECB"].map((bank) => ({ bank }))
        : [{}];
    for (const subject of subjects) {
      at(subject);
      if (params.has("as_of")) for (const as_of of dates) at({ ...subject, as_of });
    }
    const first = subjects[0];
    const once: Record<string, string[]> = {
      period: params.get("period")?.schema?.enum ?? ["quarterly", "annual", "ttm"],
      metric_name: params.get("metric_name")?.schema?.enum ?? [],
      limit: ["3"],
      offset: ["2"],
      include_components: ["true"],
      start_date: [dates[0]],
      end_date: [dates[1]],
      report_period_lte: [dates[1]],
      report_period_gte: [dates[1]],
      filing_date_lte: [dates[1]],
      event_type: ["earnings_release"],
      holding: [tickers[0]],
      search: ["a"],
    };
    for (const [name, values] of Object.entries(once))
      if (params.has(name)) for (const value of values) at({ ...first, [name]: value });
  }
  const screen = (as_of?: string) => ({
    scenario_id: scenario.id,
    filters: { price_to_earnings_ratio: { gt: 0, lt: 40 }, revenue: { gte: 1e8 } },
    ...(as_of ? { as_of } : {}),
  });
  for (const as_of of [undefined, ...dates]) probes.push({ path: "/financials/search/screener", body: screen(as_of) });
  for (const period of ["ttm", "quarterly", "annual"])
    probes.push({
      path: "/financials/search/line-items",
      body: {
        scenario_id: scenario.id,
        tickers,
        line_items: ["revenue", "net_income", "market_cap"],
        period,
        limit: 4,
      },
    });
  return probes;
}

async function answerLines(base: string): Promise<string[]> {
  const headers = { "X-API-KEY": KEY };
  const get = async (path: string) => (await fetch(base + path, { headers })).json() as Promise<Record<string, any>>;
  const paths = ((await get("/openapi.json")) as { paths: Parameters }).paths;
  const probes: Probe[] = [
    "/health",
    "/openapi.json",
    "/scenarios",
    "/scenarios?path_mode=future_branch",
    "/macro/interest-rates/banks",
    "/events/types",
    "/sectors",
    "/index-funds/tickers",
    "/financials/search/screener/filters",
  ].map((path) => ({ path }));
  for (const { id } of (await get("/scenarios?limit=1000")).scenarios as { id: string }[]) {
    probes.push({ path: `/scenarios/${id}` }, { path: `/scenarios/${id}/validation` });
    const { scenario } = await get(`/scenarios/${id}`);
    const companies = (await get(`/company/facts/tickers?scenario_id=${id}`)).tickers as string[];
    const instruments = (await get(`/prices/tickers?scenario_id=${id}`)).tickers as string[];
    const funds = instruments.filter((t) => !companies.includes(t));
    const tickers = [
      ...new Set([companies[0], companies[companies.length >> 1], companies.at(-1)!, ...funds.slice(0, 1)]),
    ];
    probes.push(...scenarioProbes(paths, scenario as never, tickers));
  }
  const lines: string[] = [];
  for (let i = 0; i < probes.length; i += 16) {
    const batch = probes.slice(i, i + 16).map(async ({ path, body }) => {
      const res = await fetch(base + path, {
        method: body ? "POST" : "GET",
        headers: body ? { ...headers, "Content-Type": "application/json" } : headers,
        body: body ? JSON.stringify(body) : undefined,
      });
      const bytes = new Uint8Array(await res.arrayBuffer());
      const answer = `${res.status} ${res.headers.get("content-type")} ${res.headers.get("etag")} ${sha(bytes)}`;
      return `${body ? `POST ${path} ${JSON.stringify(body)}` : `GET ${path}`} -> ${answer}`;
    });
    lines.push(...(await Promise.all(batch)));
  }
  return lines;
}

const bundlesDir = resolve(args.bundles!);
const objects = objectLines(bundlesDir);
const runtime = await startLocalRuntime({ bundlesDir });
try {
  await registerKey(runtime.mf, KEY, {
    account_id: "fingerprint",
    rate_limit_per_minute: 1e9,
    label: "fingerprint",
    created: "fingerprint",
  });
  const answers = await answerLines(runtime.url.href.replace(/\/$/, ""));
  if (args.out) writeFileSync(args.out, [...objects, ...answers].join("\n") + "\n");
  console.log(`objects: ${objects.length}, ${sha(objects.join("\n"))}`);
  console.log(`answers: ${answers.length}, ${sha(answers.join("\n"))}`);
} finally {
  await runtime.stop();
}
