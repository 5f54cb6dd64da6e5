// An LLM agent skeleton over MCP (docs/evaluation.md, "An LLM agent"): it connects to the service's
// /mcp with the run key `npm run evaluate` gave it, lists the tools, and lets a model (llm-models.ts,
// chosen by SYNTH_MODEL) call them one at a time: read the world as of the run's day, place orders,
// advance the day, until the run is finished or the step budget is spent. The conversation kept is
// the task and the last exchanges, so that a long run fits a model's context.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import { modelFromEnvironment, type Message } from "./llm-models.ts";

/** Tool calls at most (a month of a run takes the stand-in four). */
const MAX_STEPS = Number(process.env.SYNTH_MAX_STEPS ?? 2_000);
/** The exchanges kept after the task. */
const KEPT_MESSAGES = 24;
/** A tool's answer as the model reads it, cut to this many characters. */
const ANSWER_CHARS = 6_000;

const { SYNTH_BASE, SYNTH_KEY, SYNTH_RUN_ID, SYNTH_SCENARIO } = process.env;
if (!SYNTH_BASE || !SYNTH_KEY || !SYNTH_RUN_ID || !SYNTH_SCENARIO) {
  console.error(
    "Start me with `npm run evaluate -- --agent ...`: SYNTH_BASE, SYNTH_KEY, SYNTH_RUN_ID and SYNTH_SCENARIO are its.",
  );
  process.exit(2);
}
const model = modelFromEnvironment();
const client = new Client({ name: "synthmarket-llm-agent", version: "1" });
await client.connect(
  new StreamableHTTPClientTransport(new URL(`${SYNTH_BASE}/mcp`), {
    requestInit: { headers: { "X-API-KEY": SYNTH_KEY } },
  }),
);
const { tools } = await client.listTools();

const task: Message = {
  role: "system",
  content:
    `You manage an evaluation run: run_id ${SYNTH_RUN_ID} in scenario_id ${SYNTH_SCENARIO}. Every tool answers as of ` +
    "the run's day and never later. Read the world (prices, statements, estimates, news), place orders with " +
    "place_orders (they fill at the next session's open), and move on with advance_day (`to` a later date skips " +
    "ahead). get_portfolio shows your book; the run ends on its end date and is scored against its benchmark.",
};
let messages: Message[] = [task];
let steps = 0;
/**
 * A tool's answer as text. A tool the server does not have is a JSON-RPC error (MCP 2025-11-25), not a
 * tool result: it goes back to the model as an error to correct, rather than ending the run.
 */
async function called(name: string, args: Record<string, unknown>): Promise<{ text: string; isError: boolean }> {
  try {
    const answer = await client.callTool({ name, arguments: args });
    const text = (answer.content as { type: string; text?: string }[]).map((c) => c.text ?? "").join("\n");
    return { text, isError: answer.isError === true };
  } catch (error) {
    if (!(error instanceof McpError)) throw error;
    return { text: error.message, isError: true };
  }
}

for (; steps < MAX_STEPS; steps++) {
  const { note, call } = await model(messages, tools);
  if (!call) break;
  const { text, isError } = await called(call.name, call.arguments);
  console.log(`${call.name} ${JSON.stringify(call.arguments)}${isError ? ` -> ${text}` : ""}`);
  messages.push(
    { role: "assistant", content: note, call },
    { role: "tool", call, content: text.slice(0, ANSWER_CHARS), error: isError },
  );
  messages = [task, ...messages.slice(1).slice(-KEPT_MESSAGES)];
}
await client.close();
console.log(JSON.stringify({ run: SYNTH_RUN_ID, steps }));
