// docs/mcp.md's tool tables are generated from the tool declarations: a tool added, renamed or moved
// without regenerating them fails here, so the page never drifts from what tools/list names.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MCP_FILE, renderMcpDoc } from "../../build/docs/mcp-table.ts";
import { TOOLS } from "../../src/mcp/tools.ts";

const committed = () => readFileSync(MCP_FILE, "utf8");

describe("docs/mcp.md", () => {
  it("names every declared tool", () => {
    const page = committed();
    expect(TOOLS.filter((t) => !page.includes(`\`${t.name}\``)).map((t) => t.name)).toEqual([]);
  });

  it("is what `npm run docs:reference` writes from the tool declarations", async () => {
    const page = committed();
    expect(page === (await renderMcpDoc(page)), "docs/mcp.md is stale: run npm run docs:reference").toBe(true);
  });

  it("keeps the hand-written prose around the tables", async () => {
    const page = await renderMcpDoc(committed());
    expect(page).toContain("## How it behaves");
    expect(page).toContain("The tools of evaluation runs");
  });
});
