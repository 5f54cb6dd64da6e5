// `npm run docs:reference`: writes docs/reference.md from the route declarations (build/docs/reference.ts),
// and the tool tables of docs/mcp.md from the tool declarations (build/docs/mcp-table.ts).
// test/fast/reference.test.ts and test/fast/mcp-doc.test.ts fail while a committed page differs from what
// this writes.
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { commandLine } from "./command-line.ts";
import { DOCS_REFERENCE } from "./commands.ts";

commandLine(DOCS_REFERENCE);
// The project's modules load once the command line is read, so that --help answers at once.
const { REFERENCE_FILE, renderReference } = await import("../docs/reference.ts");
const { MCP_FILE, renderMcpDoc } = await import("../docs/mcp-table.ts");

writeFileSync(REFERENCE_FILE, await renderReference());
writeFileSync(MCP_FILE, await renderMcpDoc(readFileSync(MCP_FILE, "utf8")));
for (const file of [REFERENCE_FILE, MCP_FILE]) console.log(`Wrote ${fileURLToPath(file)}`);
