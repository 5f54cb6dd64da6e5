// An MCP session with the official client (@modelcontextprotocol/sdk) against a running server's /mcp:
// initialize, tools/list, and two tools/call, printed as a transcript of what went over the wire
// (examples/mcp-session.md is one, recorded against `npm start`). Run: `npx node examples/mcp-session.ts`.
// Environment: SYNTH_BASE, SYNTH_KEY (default: .local/api-key), SYNTH_SCENARIO.
import { existsSync, readFileSync } from "node:fs";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

const env = process.env;
const base = (env.SYNTH_BASE ?? "http://127.0.0.1:8787").replace(/\/$/, "");
const keyFile = new URL("../.local/api-key", import.meta.url);
const key = env.SYNTH_KEY || (existsSync(keyFile) ? readFileSync(keyFile, "utf8").trim() : "");
// A scenario's id is a hash of its content: by default, the current id of megacap-tech-2023.
const scenario: string =
  env.SYNTH_SCENARIO ||
  ((await (await fetch(`${base}/scenarios?name=megacap-tech-2023`, { headers: { "X-API-KEY": key } })).json()) as {
    scenarios: { id: string }[];
  }).scenarios[0].id;

/** Long answers (the tool list holds every tool's schema) are shown cut to this many characters. */
const SHOWN = 1500;
const shown = (text: string) =>
  text.length > SHOWN ? `${text.slice(0, SHOWN)} ... (${text.length} characters)` : text;

const transcript: string[] = [];
const transport = new StreamableHTTPClientTransport(new URL(`${base}/mcp`), {
  requestInit: { headers: { "X-API-KEY": key } },
  fetch: async (url, init) => {
    const response = await fetch(url, init);
    const answer = await response.clone().text();
    transcript.push(
      `--> ${init?.method ?? "GET"} /mcp\n${init?.body ?? ""}`,
      `<-- ${response.status}\n${shown(answer) || "(no body)"}`,
    );
    return response;
  },
});
const client = new Client({ name: "mcp-session-example", version: "1" });
await client.connect(transport);
const { tools } = await client.listTools();
await client.callTool({
  name: "get_stock_price",
  arguments: { scenario_id: scenario, ticker: "AAPL", as_of: "2023-07-26" },
});
await client.callTool({
  name: "get_news",
  arguments: { scenario_id: scenario, ticker: ["AAPL"], as_of: "2023-07-26", limit: 2 },
});
await client.close();
console.log(`# An MCP session: initialize, tools/list (${tools.length} tools), tools/call

Printed by \`npx node examples/mcp-session.ts\` against \`npm start\`. After initializing, the client
tries a GET to open a server stream: the server is stateless and answers 405, which the protocol allows.

\`\`\`
${transcript.join("\n\n")}
\`\`\``);
