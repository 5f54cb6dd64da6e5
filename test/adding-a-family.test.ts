// docs/adding-a-family.md, done: its toy `briefs` family is added to a copy of src/ and build/ exactly
// as the page says (its files in two folders, and one import and one entry in each registry), then the
// copy's own build makes a small world and the copy's own worker serves it, through its route, the
// OpenAPI document and MCP; the page's code type-checks there. The copy differs from the repository
// by nothing else, so if a family needed one more change anywhere, this test would fail.
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { pack } from "msgpackr";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BuiltScenario } from "../build/pipeline/scenario-build.ts";
import { CATALOG_KEY, scenarioKey } from "../src/bundle/layout.ts";
import type { Catalog } from "../src/bundle/types.ts";
import { bindingsOver } from "./support/bindings.ts";
import { smallWorldSource } from "./support/worlds.ts";

const ROOT = join(import.meta.dirname, "..");
const PAGE = readFileSync(join(ROOT, "docs/adding-a-family.md"), "utf8");
/** Inside the repository, so that the copy's imports of packages find its node_modules. */
const COPY = join(ROOT, ".cache", "adding-a-family", String(process.pid));

/** The page's code blocks whose first line names where they go: `// src/...`, `# build/...`, `// registry: ...`. */
function blocks(): { files: Map<string, string>; registries: Map<string, [string, string]> } {
  const files = new Map<string, string>();
  const registries = new Map<string, [string, string]>();
  for (const [, body] of PAGE.matchAll(/```(?:ts|yaml)\n([\s\S]*?)```/g)) {
    const [first, ...rest] = body.split("\n");
    const registry = /^\/\/ registry: (\S+)$/.exec(first);
    const file = /^(?:\/\/|#) ((?:src|build)\/\S+)$/.exec(first);
    if (registry) registries.set(registry[1], [rest[0], rest[1]]);
    else if (file) files.set(file[1], body);
  }
  return { files, registries };
}

/** `text` with `importLine` after its last import and `entry` before the line that closes its list. */
function withEntry(text: string, importLine: string, entry: string): string {
  const lines = text.split("\n");
  const lastImport = lines.findLastIndex((l) => l.startsWith("import "));
  const closing = lines.findLastIndex((l) => /^(\];|\} as const;|\s+\.add\(\w+\);)$/.test(l));
  expect(closing).toBeGreaterThan(lastImport);
  lines.splice(closing, 0, entry);
  lines.splice(lastImport + 1, 0, importLine);
  return lines.join("\n");
}

/** Files under `dir`, relative to it. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => statSync(join(dir, f)).isFile())
    .sort();
}

const { files, registries } = blocks();
const objects = new Map<string, Uint8Array>();
const env = bindingsOver((key) => objects.get(key) ?? null);
let built: BuiltScenario;
let app: { request: (url: string, init: RequestInit, env: unknown) => Response | Promise<Response> };

beforeAll(async () => {
  rmSync(COPY, { recursive: true, force: true });
  mkdirSync(COPY, { recursive: true });
  for (const side of ["src", "build"]) cpSync(join(ROOT, side), join(COPY, side), { recursive: true });
  cpSync(join(ROOT, "tsconfig.json"), join(COPY, "tsconfig.json")); // src/tsconfig.json extends it
  for (const [path, body] of files) {
    mkdirSync(dirname(join(COPY, path)), { recursive: true });
    writeFileSync(join(COPY, path), body);
  }
  for (const [path, [importLine, entry]] of registries) {
    writeFileSync(join(COPY, path), withEntry(readFileSync(join(COPY, path), "utf8"), importLine, entry));
  }

  const build = await import(join(COPY, "build/pipeline/scenario-build.ts"));
  const source = smallWorldSource();
  const written = new Map<string, Uint8Array>();
  built = build.buildScenario(source, build.toRecord(source), (path: string, bytes: Uint8Array) =>
    written.set(path, bytes),
  );
  for (const [path, bytes] of written) objects.set(scenarioKey(built.manifest.scenario.id, path), bytes);
  const catalog: Catalog = {
    format: 3,
    scenarios: [
      {
        scenario: built.manifest.scenario,
        ticker_count: 0,
        day_count: 0,
        healthy: built.report.healthy,
        content_hash: built.manifest.content_hash,
        superseded_by: null,
        twin_scenario_id: null,
      },
    ],
    index_funds: [],
    banks: [],
  };
  objects.set(CATALOG_KEY, pack(catalog));
  app = (await import(join(COPY, "src/app.ts"))).createApp();
}, 180_000);

afterAll(() => rmSync(COPY, { recursive: true, force: true }));

const KEY = { "X-API-KEY": "sm_news_example_key_01" };

async function get<T>(path: string): Promise<T> {
  const res = await app.request(path, { headers: KEY }, env);
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

type Brief = { published_at: string; ticker: string; headline: string; event_id: string };
const briefsOf = (query: string) =>
  get<{ briefs: Brief[] }>(`/briefs?scenario_id=${built.manifest.scenario.id}${query}`).then((r) => r.briefs);

describe("a family added as docs/adding-a-family.md says", () => {
  it("is two folders and one import and one entry in each registry, and nothing else", () => {
    expect([...files.keys()].map((f) => f.split("/").slice(0, 3).join("/"))).toEqual(
      expect.arrayContaining(["src/families/briefs", "build/families/briefs"]),
    );
    expect(new Set([...files.keys()].map((f) => f.split("/").slice(0, 3).join("/")))).toEqual(
      new Set(["src/families/briefs", "build/families/briefs"]),
    );
    expect([...registries.keys()].sort()).toEqual([
      "build/families/realism.ts",
      "build/families/registry.ts",
      "src/families/routes.ts",
      "src/families/shards.ts",
      "src/mcp/tools.ts",
    ]);
    for (const side of ["src", "build"]) {
      const mine = new Set(filesUnder(join(ROOT, side)));
      const copied = filesUnder(join(COPY, side));
      const added = copied.filter((f) => !mine.has(f)).map((f) => `${side}/${f}`);
      expect(added.sort()).toEqual([...files.keys()].filter((f) => f.startsWith(`${side}/`)).sort());
      const changed = copied
        .filter((f) => mine.has(f))
        .filter((f) => !readFileSync(join(ROOT, side, f)).equals(readFileSync(join(COPY, side, f))))
        .map((f) => `${side}/${f}`);
      expect(changed.sort()).toEqual([...registries.keys()].filter((f) => f.startsWith(`${side}/`)).sort());
    }
  });

  it("type-checks as the page writes it, with the registries it joins", () => {
    const config = { extends: "./tsconfig.json", include: [], files: [...files.keys(), ...registries.keys()] };
    writeFileSync(
      join(COPY, "tsconfig.family.json"),
      JSON.stringify({ ...config, files: config.files.filter((f) => f.endsWith(".ts")) }),
    );
    const tsc = spawnSync(join(ROOT, "node_modules/.bin/tsc"), ["--noEmit", "-p", "tsconfig.family.json"], {
      cwd: COPY,
      encoding: "utf8",
    });
    expect(tsc.stdout + tsc.stderr).toBe("");
    expect(tsc.status).toBe(0);
  }, 120_000);

  it("is built: its shards, their periods, its rule and its realism statistic", () => {
    const id = built.manifest.scenario.id;
    expect(objects.has(scenarioKey(id, "shards/briefs/AAPL.mpk"))).toBe(true);
    expect(Object.keys(built.manifest.periods["briefs/all"])).toEqual(["2023"]);
    const checks = built.report.checks;
    expect(checks.find((c) => c.name === "briefs_after_event")).toMatchObject({ passed: true, severity: "error" });
    const perYear = checks.find((c) => c.name === "briefs_per_company_year");
    expect(perYear).toMatchObject({ family: "briefs", severity: "warning", passed: true });
  });

  it("is served by its route, newest first, with headlines from its data file", async () => {
    const aapl = await briefsOf("&ticker=AAPL");
    expect(aapl.length).toBeGreaterThanOrEqual(3);
    expect(aapl.every((b) => b.ticker === "AAPL" && b.headline.startsWith("Apple Inc.: "))).toBe(true);
    const dates = aapl.map((b) => b.published_at);
    expect(dates).toEqual([...dates].sort().reverse());
    const all = await briefsOf("&limit=500");
    expect(new Set(all.map((b) => b.ticker)).size).toBe(built.manifest.counts.companies);
    expect(all.length).toBe(built.manifest.periods["briefs/all"]["2023"]);
  });

  it("shows nothing published after the horizon", async () => {
    const all = await briefsOf("&limit=500");
    const mid = await briefsOf("&limit=500&as_of=2023-06-30");
    expect(mid.length).toBeGreaterThan(0);
    expect(mid).toEqual(all.filter((b) => b.published_at <= "2023-06-30"));
  });

  it("is declared in the OpenAPI document and answers an MCP client", async () => {
    const spec = await get<{ paths: Record<string, unknown>; components: { schemas: Record<string, unknown> } }>(
      "/openapi.json",
    );
    expect(spec.paths["/briefs"]).toBeDefined();
    expect(spec.components.schemas.Brief).toBeDefined();

    const client = new Client({ name: "adding-a-family", version: "1" });
    const fetchFromApp = async (url: string | URL, init?: RequestInit) =>
      app.request(
        String(url),
        { ...init, headers: { ...Object.fromEntries(new Headers(init?.headers)), ...KEY } },
        env,
      );
    await client.connect(new StreamableHTTPClientTransport(new URL("http://worker.test/mcp"), { fetch: fetchFromApp }));
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toContain("get_briefs");
    const result = (await client.callTool({
      name: "get_briefs",
      arguments: { scenario_id: built.manifest.scenario.id, ticker: ["AAPL"], limit: 2 },
    })) as { isError?: boolean; content: { text: string }[] };
    expect(result.isError).toBeFalsy();
    expect(JSON.parse(result.content[0].text).briefs).toHaveLength(2);
    await client.close();
  });
});
