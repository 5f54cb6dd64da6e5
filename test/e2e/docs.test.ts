// The reference page works offline: everything it loads comes from the worker itself.
import { describe, expect, it } from "vitest";
import { get } from "./client.ts";

describe("/docs", () => {
  it("is an HTML page, without a key, that loads only same-origin scripts and styles", async () => {
    const res = await get("/docs", null);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await res.text();
    const loaded = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(loaded.sort()).toEqual(["/docs/swagger-ui-bundle.js", "/docs/swagger-ui.css"]);
    expect(html).toContain('url: "/openapi.json"');
    expect(html).toContain("validatorUrl: null");
    expect(html).not.toMatch(/https?:\/\//);
  });

  it.each([
    ["/docs/swagger-ui-bundle.js", /^text\/javascript/, "SwaggerUIBundle"],
    ["/docs/swagger-ui.css", /^text\/css/, ".swagger-ui"],
  ])("serves %s", async (path, type, marker) => {
    const res = await get(path, null);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(type);
    expect(await res.text()).toContain(marker);
  });

  it("answers an unknown asset with 404", async () => {
    expect((await get("/docs/evil.js", null)).status).toBe(404);
  });
});

describe("/", () => {
  it("shows a browser where to start, without a key, where it once answered a bare 401", async () => {
    const res = await get("/", null);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    const page = await res.text();
    for (const link of ['href="/docs"', 'href="/openapi.json"']) expect(page).toContain(link);
    expect(page).toContain("<code>/fd/{scenario_id}</code>");
    expect(page).toContain("<code>POST /mcp</code>");
  });
});
