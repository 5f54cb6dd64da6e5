// Every route the app serves is declared in its OpenAPI document, and every declared route is
// served: nothing is routed around the contract.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/app.ts";

const app = createApp();
const document = app.getOpenAPI31Document({ openapi: "3.1.0", info: { title: "t", version: "1" } });

describe("route declarations", () => {
  const served = new Set(
    app.routes.filter((r) => r.method !== "ALL").map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, "{$1}")}`),
  );
  const documented = new Set(
    Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
      Object.keys(item as object).map((method) => `${method.toUpperCase()} ${path}`),
    ),
  );

  it("documents every route the app serves", () => {
    expect([...served].filter((r) => !documented.has(r))).toEqual([]);
  });

  it("serves every documented route", () => {
    expect([...documented].filter((r) => !served.has(r))).toEqual([]);
    expect(documented.size).toBeGreaterThan(20);
  });

  it("reads with GET, with POST only where the parameters are a body (the two searches), and writes only keys and runs", () => {
    expect([...served].filter((r) => !r.startsWith("GET ")).sort()).toEqual([
      "POST /financials/search/line-items",
      "POST /financials/search/screener",
      "POST /keys/create",
      "POST /keys/{hash_prefix}/horizon",
      "POST /keys/{hash_prefix}/revoke",
      "POST /runs",
      "POST /runs/{run_id}/advance",
      "POST /runs/{run_id}/finish",
      "POST /runs/{run_id}/orders",
      "POST /runs/{run_id}/orders/{order_id}/cancel",
    ]);
  });
});

describe("the horizon parameter", () => {
  type Op = { parameters?: { name: string; in: string }[]; requestBody?: unknown };
  const paths = document.paths as Record<string, { get?: Op; post?: Op }>;
  const takes = (op: Op | undefined, name: string) => (op?.parameters ?? []).some((p) => p.name === name);
  const schemas = (document.components?.schemas ?? {}) as Record<string, { properties?: object }>;
  const bodyTakesAsOf = (op: Op | undefined) => {
    const ref = JSON.stringify(op?.requestBody ?? {}).match(/#\/components\/schemas\/(\w+)/)?.[1];
    return ref !== undefined && "as_of" in (schemas[ref]?.properties ?? {});
  };
  const withAsOf = Object.keys(paths).filter((p) => takes(paths[p].get, "as_of") || bodyTakesAsOf(paths[p].post));

  it("is taken by every route about a scenario except lists of its universe or a vocabulary", () => {
    const without = Object.keys(paths).filter(
      (p) => paths[p].get && !takes(paths[p].get, "as_of") && takes(paths[p].get, "scenario_id"),
    );
    const universeOrVocabulary =
      /^\/companies$|\/(tickers|ciks|types|sectors|investors)$|^\/scenarios\/\{scenario_id\}/;
    expect(without.filter((p) => !universeOrVocabulary.test(p))).toEqual([]);
    // Such a list has no date parameter to bound it either.
    for (const p of without)
      expect(
        (paths[p].get!.parameters ?? []).filter((q) => /date|period/.test(q.name)),
        p,
      ).toEqual([]);
  });

  it("is listed truly in docs/api-choices.md", () => {
    const doc = readFileSync("docs/api-choices.md", "utf8");
    const start = doc.indexOf("- **`as_of` means the same on every route");
    const bullet = doc.slice(start, doc.indexOf("\n- **", start + 1)).split("The routes that take")[0];
    const listed = new Set([...bullet.matchAll(/`(?:POST )?(\/[^`\s]*)`/g)].map((m) => m[1]));
    expect(start).toBeGreaterThan(0);
    expect([...listed].sort()).toEqual([...withAsOf].sort());
  });
});
