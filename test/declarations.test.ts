// Every route the app serves is declared in its OpenAPI document, and every declared route is
// served: nothing is routed around the contract.
import { describe, expect, it } from "vitest";
import { createApp } from "../src/app.ts";

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

  it("reads with GET, and with POST only where the parameters are a body (the two searches)", () => {
    expect([...served].filter((r) => !r.startsWith("GET ")).sort()).toEqual([
      "POST /financials/search/line-items",
      "POST /financials/search/screener",
    ]);
  });
});
