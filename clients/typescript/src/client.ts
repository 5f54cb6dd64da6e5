// The TypeScript client: openapi-fetch over the generated types of every route (schema.d.ts), plus
// what a generator does not give: a fetch that waits out 429s as Retry-After asks, `paginate`, which
// stops at the caller's limit, and a `clock` that steps `as_of` one trading day at a time, forward only.
import createClient from "openapi-fetch";
import type { components, paths } from "./schema.d.ts";

export type { components, paths };
export type Schemas = components["schemas"];

/** The paths that answer GET. */
export type GetPath = { [P in keyof paths]: paths[P] extends { get: object } ? P : never }[keyof paths];
/** A GET path's query parameters. */
export type QueryOf<P extends GetPath> = paths[P] extends { get: { parameters: { query?: infer Q } } } ? Q : never;

export interface ClientOptions {
  baseUrl: string;
  apiKey: string;
  /** Retries of a refused (429), failed (5xx) or unreachable request before it is given up (default 5). */
  maxRetries?: number;
  /** The longest wait between two tries, in seconds (default 60, a rate-limit window). */
  maxWaitSeconds?: number;
  fetch?: typeof fetch;
}

export class ApiError extends Error {
  readonly status: number;
  readonly detail: string;
  constructor(status: number, detail: string) {
    super(`${status}: ${detail}`);
    this.status = status;
    this.detail = detail;
  }
}

const sleep = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

/**
 * A fetch that retries: a 429 after the seconds its Retry-After says, a 5xx or a network failure
 * after 0.5 s, 1 s, 2 s... A 4xx other than 429 is the caller's to read: it is returned at once.
 */
export function retryingFetch(inner: typeof fetch = fetch, maxRetries = 5, maxWaitSeconds = 60): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    for (let attempt = 0; ; attempt++) {
      let response: Response | undefined;
      try {
        response = await inner(request.clone());
      } catch (error) {
        if (attempt >= maxRetries) throw error;
      }
      if (response && response.status !== 429 && response.status < 500) return response;
      if (attempt >= maxRetries) return response!;
      const retryAfter = Number(response?.headers.get("retry-after"));
      const wait = response?.status === 429 && retryAfter > 0 ? retryAfter : 0.5 * 2 ** attempt;
      await response?.body?.cancel();
      await sleep(Math.min(wait, maxWaitSeconds));
    }
  };
}

/** A client of the API: `api` is openapi-fetch's, typed by every route's declaration. */
export function createSynthClient(options: ClientOptions) {
  const api = createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ""),
    headers: { "X-API-KEY": options.apiKey },
    fetch: retryingFetch(options.fetch, options.maxRetries, options.maxWaitSeconds),
  });

  /** GET a path with its query: the answer, or an ApiError with the API's detail; `asOf` is X-As-Of. */
  async function get<P extends GetPath>(path: P, query: QueryOf<P>) {
    const { data, error, response } = await (api.GET as (p: string, o: object) => Promise<Outcome>)(path, {
      params: { query },
    });
    if (error !== undefined) throw new ApiError(response.status, (error as { detail?: string }).detail ?? "");
    return { data: data as SuccessOf<P>, asOf: response.headers.get("x-as-of") };
  }

  /**
   * The rows under `key` of a list route, page after page (by `offset`), until the route has no more
   * or `limit` rows were yielded: never a row past the caller's limit, never a request after a short page.
   */
  async function* paginate<P extends GetPath, K extends keyof SuccessOf<P> & string>(
    path: P,
    key: K,
    query: QueryOf<P>,
    { limit = Infinity, pageSize = 100 }: { limit?: number; pageSize?: number } = {},
  ): AsyncGenerator<RowOf<P, K>> {
    let offset = (query as { offset?: number }).offset ?? 0;
    for (let yielded = 0; yielded < limit;) {
      const size = Math.min(pageSize, limit - yielded);
      const { data } = await get(path, { ...(query as object), limit: size, offset } as QueryOf<P>);
      const rows = (data[key] ?? []) as RowOf<P, K>[];
      for (const row of rows) yield row;
      yielded += rows.length;
      offset += rows.length;
      if (rows.length < size) return;
    }
  }

  /**
   * A backtest's clock over a scenario's trading days from `start`: `today` moves forward only, and
   * `get` asks every route as of it. Days after the scenario's current_date (a future branch) are on
   * the calendar only when `end` asks for them explicitly.
   */
  async function clock(scenarioId: string, start: string, end?: string): Promise<Clock> {
    const days: string[] = [];
    const query = { scenario_id: scenarioId, start_date: start, ...(end ? { end_date: end, as_of: end } : {}) };
    for await (const day of paginate("/prices/trading-days", "trading_days", query, { pageSize: 5000 }))
      days.push(day as string);
    if (days.length === 0) throw new Error(`no trading day from ${start} in scenario ${scenarioId}`);
    return new Clock(days, scenarioId, get);
  }

  return { api, get, paginate, clock };
}

type Outcome = { data?: unknown; error?: unknown; response: Response };
type SuccessOf<P extends GetPath> = paths[P] extends {
  get: { responses: { 200: { content: { "application/json": infer B } } } };
}
  ? B
  : never;
type RowOf<P extends GetPath, K extends keyof SuccessOf<P>> = SuccessOf<P>[K] extends readonly (infer R)[] ? R : never;
type Getter = ReturnType<typeof createSynthClient>["get"];

export class Clock {
  readonly scenarioId: string;
  private readonly days: string[];
  private index = 0;
  private readonly getter: Getter;

  constructor(days: string[], scenarioId: string, getter: Getter) {
    this.days = days;
    this.scenarioId = scenarioId;
    this.getter = getter;
  }

  get today(): string {
    return this.days[this.index];
  }

  /** The next trading day, or null when the calendar asked for is over (the clock stays on its last day). */
  step(): string | null {
    if (this.index + 1 >= this.days.length) return null;
    return this.days[++this.index];
  }

  /**
   * Jump forward to the last trading day on or before `day` (never after it, so nothing later is
   * revealed). A day before today, or after the clock's last day, throws: a backtest never goes back.
   */
  set(day: string): void {
    if (day < this.today) throw new Error(`the clock does not go back: today is ${this.today}, asked ${day}`);
    if (day > this.days.at(-1)!) throw new Error(`${day} is after the clock's last day ${this.days.at(-1)}`);
    this.index = this.days.findLastIndex((d) => d <= day);
  }

  /** GET as of today: the scenario and `as_of` are the clock's. */
  get<P extends GetPath>(path: P, query: Omit<QueryOf<P>, "scenario_id" | "as_of">) {
    return this.getter(path, { ...query, scenario_id: this.scenarioId, as_of: this.today } as QueryOf<P>);
  }
}
