// The run routes (docs/runs.md): open a run and get its key; place and cancel orders; advance and
// finish; read the book, the orders, the ledger and the equity curve. A run belongs to the account
// that opened it (another gets 404); its run key reaches only its own run, and opens nothing.
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../env.ts";
import { ApiError } from "../http/errors.ts";
import { API_KEY_SCHEME, errorResponses, honoPath, jsonBody, type ApiApp } from "../http/route.ts";
import {
  EquityPoint,
  LedgerEntry,
  NewRun,
  Order,
  OrderList,
  Run,
  RunScoreAnswer,
  RunSummary,
  StepBody,
} from "./contract.ts";
import { listRunIds, openRunFor, runStub, type Caller } from "./access.ts";
import { orderView, runView } from "./views.ts";

type RunView = ReturnType<typeof runView>;
import type { RunAnswer } from "./run-object.ts";

const TAG = "Runs";
const json = (schema: z.ZodType, description: string) => ({ description, content: { "application/json": { schema } } });
const runParam = z.object({
  run_id: z.string().meta({ description: "The run's id.", example: "run_5f0c2a9e1b7d4c38" }),
});
const orderParam = runParam.extend({
  order_id: z.string().meta({ description: "The order's id, or your client_order_id.", example: "o000001" }),
});
const refusals = {
  ...errorResponses,
  409: json(
    z.object({ detail: z.string() }),
    "The run's state refuses it: finished, not enough cash, past the exposure cap, or not open.",
  ),
};
const declare = (
  method: "get" | "post",
  path: string,
  summary: string,
  description: string,
  response: z.ZodType,
  body?: z.ZodType,
) =>
  createRoute({
    method,
    path,
    tags: [TAG],
    summary,
    description,
    security: [{ [API_KEY_SCHEME]: [] }],
    request: {
      ...(path.includes("{order_id}") ? { params: orderParam } : path.includes("{run_id}") ? { params: runParam } : {}),
      ...(body
        ? {
            body: {
              required: method === "post" && path === "/runs",
              content: { "application/json": { schema: body } },
            },
          }
        : {}),
    },
    responses: { 200: json(response, "OK."), ...refusals },
  });

export const RUN_ROUTES = {
  open: declare(
    "post",
    "/runs",
    "Open a run",
    "A run in a scenario: its book, its clock, and a run key that reads the scenario as of the run's day and never later.",
    z.object({ run: Run, run_key: z.string() }),
    NewRun,
  ),
  list: declare(
    "get",
    "/runs",
    "Your runs",
    "The account's runs, newest first (a run key: its own).",
    z.object({ runs: z.array(RunSummary) }),
  ),
  get: declare(
    "get",
    "/runs/{run_id}",
    "A run's book",
    "The day, cash, positions marked at the day's close, equity, open orders, status, and once finished its score.",
    z.object({ run: Run }),
  ),
  orders: declare(
    "post",
    "/runs/{run_id}/orders",
    "Place orders",
    "{orders: [...]} (all placed or none), or one order alone as the body, on the run's day; they fill in the next session.",
    z.object({
      orders: z.array(Order),
      unchanged: z.array(z.object({ ticker: z.string(), client_order_id: z.string().nullable() })),
    }),
    OrderList,
  ),
  orderList: declare(
    "get",
    "/runs/{run_id}/orders",
    "The run's orders",
    "Every order placed, with where it stands.",
    z.object({ orders: z.array(Order) }),
  ),
  cancel: declare(
    "post",
    "/runs/{run_id}/orders/{order_id}/cancel",
    "Cancel an open order",
    "By order_id or client_order_id, before the day advances.",
    z.object({ order: Order }),
  ),
  advance: declare(
    "post",
    "/runs/{run_id}/advance",
    "Advance the day",
    "To the next session, or through every session up to `to`: fills at the opens, splits and dividends, marks at each close. Never back.",
    z.object({ run: Run, ledger: z.array(LedgerEntry) }),
    StepBody,
  ),
  finish: declare(
    "post",
    "/runs/{run_id}/finish",
    "Finish a run",
    "Ends it on its day (open orders are cancelled) and scores it.",
    z.object({ run: Run }),
    StepBody,
  ),
  score: declare(
    "get",
    "/runs/{run_id}/score",
    "A run's score",
    "Once finished: its score (null before), beside the scenario's baselines scored by the same engine over the scenario's whole window.",
    RunScoreAnswer,
  ),
  ledger: declare(
    "get",
    "/runs/{run_id}/ledger",
    "The ledger",
    "Every fill, dividend, split, borrow fee and expiry, in order.",
    z.object({ ledger: z.array(LedgerEntry) }),
  ),
  equity: declare(
    "get",
    "/runs/{run_id}/equity",
    "The equity curve",
    "Each close's equity beside the benchmark's.",
    z.object({ equity: z.array(EquityPoint) }),
  ),
};

/**
 * The caller of a run route: its account, and the run its key is bound to (a run key). A clock key
 * is refused them all (403): a run's book shows the closes of its day, which may be past its horizon.
 */
function callerOf(c: Context<AppEnv>): Caller {
  const record = c.get("account")!;
  if (record.clock && !record.run)
    throw new ApiError(
      403,
      `This key is a clock key: it reads scenario ${record.clock.scenario_id} up to ${record.clock.horizon} only, not runs`,
    );
  return { account_id: record.account_id, run_id: record.run?.run_id ?? null };
}

/** The answer's value, or the refusal as the contract's error. */
function unwrap<T>(answer: RunAnswer<T>): T {
  if (!answer.ok) throw new ApiError(answer.status, answer.detail);
  return answer.value;
}

/** A body that may be empty (advance, finish). */
function optionalBody<T extends z.ZodType>(c: Context<AppEnv>, schema: T): Promise<z.output<T>> {
  return jsonBody(c, schema, (_, body) => body, true);
}

export function register(app: ApiApp): void {
  for (const route of Object.values(RUN_ROUTES)) app.openAPIRegistry.registerPath(route);
  const post = (path: string, handler: (c: Context<AppEnv>) => Promise<Response>) => app.post(honoPath(path), handler);
  const get = (path: string, handler: (c: Context<AppEnv>) => Promise<Response>) => app.get(honoPath(path), handler);

  post("/runs", async (c) => {
    const asked = await jsonBody(c, NewRun, (_, body) => body);
    const { record, point, key } = await openRunFor(c, callerOf(c), asked);
    return c.json({ run: runView(record, point), run_key: key });
  });
  get("/runs", async (c) => c.json({ runs: await listRuns(c) }));
  get("/runs/:run_id", async (c) => {
    return c.json({ run: unwrap(await runStub(c, callerOf(c)).state(owner(c))) });
  });
  post("/runs/:run_id/orders", async (c) => {
    const { orders: requests } = await jsonBody(c, OrderList, (_, b) => ("orders" in b ? b : { orders: [b] }));
    const done = unwrap(await runStub(c, callerOf(c)).orders(owner(c), requests));
    return c.json({
      orders: [...done.repeated, ...done.placed].map(orderView),
      unchanged: done.unchanged,
    });
  });
  get("/runs/:run_id/orders", async (c) => {
    const orders = unwrap(await runStub(c, callerOf(c)).orderList(owner(c)));
    return c.json({ orders: orders.map(orderView) });
  });
  post("/runs/:run_id/orders/:order_id/cancel", async (c) => {
    const order = unwrap(await runStub(c, callerOf(c)).cancel(owner(c), orderId(c)));
    return c.json({ order: orderView(order) });
  });
  post("/runs/:run_id/advance", async (c) => {
    const { to, client_id } = await optionalBody(c, StepBody);
    const step = unwrap(await runStub(c, callerOf(c)).advance(owner(c), to, client_id));
    await keepScore(c, step.run);
    return c.json(step);
  });
  post("/runs/:run_id/finish", async (c) => {
    const { client_id } = await optionalBody(c, StepBody);
    const run = unwrap(await runStub(c, callerOf(c)).finish(owner(c), client_id));
    await keepScore(c, run);
    return c.json({ run });
  });
  get("/runs/:run_id/score", async (c) => {
    const run = unwrap(await runStub(c, callerOf(c)).state(owner(c)));
    const entry = await c.get("reader").catalogEntry(run.scenario_id);
    // Scored over the whole window, the baselines would show a running run's key the days after its own.
    const shown = run.status === "finished" || !callerOf(c).run_id;
    return c.json({
      run_id: run.run_id,
      agent: run.agent,
      status: run.status,
      score: run.score,
      score_after_current_date: run.score_after_current_date,
      baselines: shown ? (entry?.baselines ?? []) : [],
    });
  });
  get("/runs/:run_id/ledger", async (c) => c.json({ ledger: unwrap(await runStub(c, callerOf(c)).ledger(owner(c))) }));
  get("/runs/:run_id/equity", async (c) => c.json({ equity: unwrap(await runStub(c, callerOf(c)).equity(owner(c))) }));
}

/**
 * A run that has just finished (or is answered finished again, to a retry) is kept with its score in
 * its account's object, where the leaderboard reads it.
 */
async function keepScore(c: Context<AppEnv>, run: RunView): Promise<void> {
  if (run.status !== "finished" || !run.score) return;
  const { run_id, agent, selection, scenario_id, start_date, end_date, score } = run;
  const account = c.env.ACCOUNT_RUNS.get(c.env.ACCOUNT_RUNS.idFromName(owner(c)));
  await account.scored({ run_id, agent, selection, scenario_id, start_date, end_date, score });
}

/** The account a run must belong to. */
const owner = (c: Context<AppEnv>) => c.get("account")!.account_id;
const orderId = (c: Context<AppEnv>) => c.req.param("order_id") ?? "";

async function listRuns(c: Context<AppEnv>) {
  const caller = callerOf(c);
  const ids = await listRunIds(c, caller);
  const answers = await Promise.all(ids.map(async (id) => runStub(c, caller, id).summary(caller.account_id)));
  return answers.flatMap((a) => (a.ok ? [a.value] : []));
}
