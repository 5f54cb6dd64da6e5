// Evaluation runs (docs/runs.md): the server keeps the clock, the book and the score. `startRun`
// opens one with an account's client; the Run it answers trades with the run's key, and its `data`
// client reads the world as of the run's day, never later. Orders and advances carry client ids, so
// the retrying fetch cannot place anything twice.
import { ApiError, createSynthClient, type ClientOptions, type Schemas } from "./client.ts";

type Body = Record<string, unknown>;
export type OrderRequest = Schemas["OrderRequest"];
export type RunState = Schemas["Run"];

/** A fresh client id. */
const clientId = () => crypto.randomUUID();

async function send(options: ClientOptions, method: "GET" | "POST", path: string, body?: Body): Promise<any> {
  const { api } = createSynthClient(options);
  const call = (method === "GET" ? api.GET : api.POST) as unknown as (
    p: string,
    o: object,
  ) => Promise<{ data?: unknown; error?: { detail?: string }; response: Response }>;
  // The path is filled here, so openapi-fetch is given no path parameters.
  const { data, error, response } = await call(path, method === "POST" ? { body: body ?? {} } : {});
  if (error !== undefined) throw new ApiError(response.status, error.detail ?? "");
  return data;
}

export class Run {
  readonly id: string;
  readonly key: string;
  state: RunState;
  /** A client with the run key: its every answer is as of the run's day. */
  readonly data: ReturnType<typeof createSynthClient>;
  private readonly options: ClientOptions;

  constructor(options: ClientOptions, state: RunState, key: string) {
    this.id = state.run_id;
    this.key = key;
    this.state = state;
    this.options = { ...options, apiKey: key };
    this.data = createSynthClient(this.options);
  }

  get day(): string {
    return this.state.day;
  }

  get finished(): boolean {
    return this.state.status === "finished";
  }

  private path(rest = "") {
    return `/runs/${encodeURIComponent(this.id)}${rest}`;
  }

  /** Orders on the run's day, all placed or none. */
  orders(
    orders: OrderRequest[],
  ): Promise<{ orders: Schemas["RunOrder"][]; unchanged: { ticker: string; client_order_id: string | null }[] }> {
    const sent = orders.map((o) => ({ ...o, client_order_id: o.client_order_id ?? clientId() }));
    return send(this.options, "POST", this.path("/orders"), { orders: sent });
  }

  async cancel(orderId: string): Promise<Schemas["RunOrder"]> {
    return (await send(this.options, "POST", this.path(`/orders/${encodeURIComponent(orderId)}/cancel`))).order;
  }

  /** The next trading day, or every one up to `to`: the new book, and the ledger entries it made. */
  async advance(to?: string): Promise<{ run: RunState; ledger: Schemas["LedgerEntry"][] }> {
    const answer = await send(this.options, "POST", this.path("/advance"), {
      client_id: clientId(),
      ...(to ? { to } : {}),
    });
    this.state = answer.run;
    return answer;
  }

  async finish(): Promise<RunState> {
    this.state = (await send(this.options, "POST", this.path("/finish"), { client_id: clientId() })).run;
    return this.state;
  }

  async refresh(): Promise<RunState> {
    this.state = (await send(this.options, "GET", this.path())).run;
    return this.state;
  }

  /** Every order placed, with where it stands. */
  async orderList(): Promise<Schemas["RunOrder"][]> {
    return (await send(this.options, "GET", this.path("/orders"))).orders;
  }

  async ledger(): Promise<Schemas["LedgerEntry"][]> {
    return (await send(this.options, "GET", this.path("/ledger"))).ledger;
  }

  async equity(): Promise<Schemas["EquityPoint"][]> {
    return (await send(this.options, "GET", this.path("/equity"))).equity;
  }

  /** The score once finished, beside the scenario's baselines. */
  score(): Promise<{ score: Schemas["RunScore"] | null; baselines: Schemas["Baseline"][] } & Body> {
    return send(this.options, "GET", this.path("/score"));
  }
}

/**
 * The run a harness opened for an agent, read with the run's own key (`options.apiKey`): what an agent
 * started by `npm run evaluate` does with its SYNTH_BASE, SYNTH_KEY and SYNTH_RUN_ID.
 */
export async function joinRun(options: ClientOptions, runId: string): Promise<Run> {
  const { run } = await send(options, "GET", `/runs/${encodeURIComponent(runId)}`);
  return new Run(options, run, options.apiKey);
}

/** Opens a run with an account's key (`options`): a Run that trades with the run's own key. */
export async function startRun(options: ClientOptions, body: Schemas["NewRun"]): Promise<Run> {
  const answer = await send(options, "POST", "/runs", body as unknown as Body);
  return new Run(options, answer.run, answer.run_key);
}
