// docs/reference.md is generated from the route declarations: a route, parameter or answer changed
// without regenerating it fails here, so the page never drifts from what the worker serves.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { REFERENCE_FILE, renderReference } from "../../build/docs/reference.ts";
import { createApp } from "../../src/app.ts";

describe("docs/reference.md", () => {
  it("is what `npm run docs:reference` writes from the app's declarations", async () => {
    const committed = readFileSync(REFERENCE_FILE, "utf8");
    const fresh = await renderReference();
    expect(committed === fresh, "docs/reference.md is stale: run npm run docs:reference").toBe(true);
  });

  it("has a section for every declared route", async () => {
    const page = await renderReference();
    const declared = createApp().routes.filter((r) => r.method !== "ALL");
    expect(declared.length).toBeGreaterThan(20);
    for (const r of declared) expect(page).toContain(`### \`${r.method} ${r.path.replace(/:(\w+)/g, "{$1}")}\``);
  });
});
