// The model calls the LLM agent skeleton (llm-agent.ts) can drive its run with, chosen by SYNTH_MODEL:
//   stand-in           (the default) a deterministic policy that reads the tools' answers as a model
//                      would and calls the same tools: what the tests run, with no network;
//   openai-compatible  any chat-completions endpoint with tool calling (LLM_BASE_URL, LLM_API_KEY,
//                      LLM_MODEL): OpenAI's, or a local server's (vLLM, llama.cpp, Ollama).
// A model is one function: the conversation so far and the tools, in; the next tool call (or the end), out.

import { daysBefore, monthEndAfter } from "./agent-kit.ts";

export interface ToolSpec {
  name: string;
  description?: string;
  inputSchema: object;
}

export interface ToolCall {
  id: string;
  name: string;
  arguments: Record<string, unknown>;
}

export type Message =
  | { role: "system" | "user"; content: string }
  | { role: "assistant"; content: string; call?: ToolCall }
  | { role: "tool"; call: ToolCall; content: string; error: boolean };

/** The next step: a tool to call, or null when the model has nothing more to do. */
export type Model = (messages: Message[], tools: ToolSpec[]) => Promise<{ note: string; call: ToolCall | null }>;

export function modelFromEnvironment(): Model {
  const chosen = process.env.SYNTH_MODEL ?? "stand-in";
  if (chosen === "stand-in") return standIn;
  if (chosen === "openai-compatible") return openAiCompatible;
  throw new Error(`SYNTH_MODEL ${chosen}: stand-in or openai-compatible`);
}

let calls = 0;
const call = (name: string, args: Record<string, unknown>): ToolCall => ({
  id: `call_${++calls}`,
  name,
  arguments: args,
});

/** The last answer of a tool in the conversation, parsed; undefined if it was refused. */
function lastAnswer(messages: Message[], tool: string): Record<string, any> | undefined {
  const m = messages.findLast(
    (m): m is Extract<Message, { role: "tool" }> => m.role === "tool" && m.call.name === tool,
  );
  return m && !m.error ? JSON.parse(m.content) : undefined;
}

/** The last tool called. */
const lastCall = (messages: Message[]) =>
  messages.findLast((m): m is Extract<Message, { role: "tool" }> => m.role === "tool")?.call.name;

/**
 * The stand-in: each month it reads its book, then the benchmark fund's last three months of prices,
 * holds 95% in the fund when its close is above the period's mean and 30% otherwise, and advances
 * to the month's end; it stops once the book says the run is finished.
 */
export const standIn: Model = async (messages) => {
  const previous = lastCall(messages);
  const book = lastAnswer(messages, "get_portfolio")?.run;
  const scenarioId = /scenario_id ([0-9a-f-]+)/.exec(messages[0].content)![1];
  const runId = /run_id (run_[0-9a-f]+)/.exec(messages[0].content)![1];
  if (previous === undefined || previous === "advance_day")
    return { note: "Read the book.", call: call("get_portfolio", { run_id: runId }) };
  if (book.status === "finished") return { note: "The run is over.", call: null };
  if (previous === "get_portfolio")
    return {
      note: `Day ${book.day}: read the benchmark's prices.`,
      call: call("get_stock_prices", {
        scenario_id: scenarioId,
        ticker: book.benchmark,
        start_date: daysBefore(book.day, 91),
        limit: 50, // the tool's declared maximum: a larger limit is refused (docs/mcp.md)
      }),
    };
  const prices = lastAnswer(messages, "get_stock_prices")?.prices as { close: number }[] | undefined;
  if (previous === "get_stock_prices" && prices?.length) {
    const closes = prices.map((p) => p.close);
    const mean = closes.reduce((s, c) => s + c, 0) / closes.length;
    const weight = closes.at(-1)! > mean ? 0.95 : 0.3;
    return {
      note: `The fund closed ${closes.at(-1)! > mean ? "above" : "below"} its three-month mean: hold ${weight * 100}% in it.`,
      call: call("place_orders", { run_id: runId, ticker: book.benchmark, target_weight: weight }),
    };
  }
  return {
    note: "Wait for the month's end.",
    call: call("advance_day", { run_id: runId, to: monthEndAfter(book.day, 1) }),
  };
};

/** A chat-completions endpoint with tool calling (the OpenAI API's shape, which most servers speak). */
export const openAiCompatible: Model = async (messages, tools) => {
  const base = (process.env.LLM_BASE_URL ?? "https://api.openai.com/v1").replace(/\/+$/, "");
  const res = await fetch(`${base}/chat/completions`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${process.env.LLM_API_KEY ?? ""}` },
    body: JSON.stringify({
      model: process.env.LLM_MODEL ?? "gpt-4o-mini",
      messages: messages.map(toChatMessage),
      tools: tools.map((t) => ({
        type: "function",
        function: { name: t.name, description: t.description, parameters: t.inputSchema },
      })),
    }),
  });
  if (!res.ok) throw new Error(`${base}: ${res.status} ${await res.text()}`);
  const choice = ((await res.json()) as { choices: { message: { content: string | null; tool_calls?: any[] } }[] })
    .choices[0].message;
  const wanted = choice.tool_calls?.[0];
  return {
    note: choice.content ?? "",
    call: wanted
      ? { id: wanted.id, name: wanted.function.name, arguments: JSON.parse(wanted.function.arguments || "{}") }
      : null,
  };
};

function toChatMessage(m: Message): object {
  if (m.role === "tool") return { role: "tool", tool_call_id: m.call.id, content: m.content };
  if (m.role === "assistant" && m.call)
    return {
      role: "assistant",
      content: m.content,
      tool_calls: [
        {
          id: m.call.id,
          type: "function",
          function: { name: m.call.name, arguments: JSON.stringify(m.call.arguments) },
        },
      ],
    };
  return { role: m.role, content: m.content };
}
