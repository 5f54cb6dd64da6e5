// Every row a scenario serves as of a date (or with no date: the key's default horizon), through the API: each GET route of /openapi.json that takes
// `scenario_id`, for each of its instruments, banks, periods and filers, at the route's largest page,
// page after page; each news article's own route; the two POST routes. Answers come back keyed by
// request with the scenario's id taken out of them, so two scenarios' crawls compare line by line.
import { fetchRead } from "./fetch.ts";

type Parameter = { name: string; in: string; required?: boolean; schema?: { enum?: string[]; maximum?: number } };
type Paths = Record<string, { get?: { parameters?: Parameter[] } }>;

/** Lists whose rows have a route of their own (`<list>/<id>`), and the field holding the id. */
const DETAILS: Record<string, { id: string }> = {
  "/news": { id: "artifact_id" },
  "/earnings/transcripts": { id: "transcript_id" },
};

export interface Crawl {
  /** Request (without the scenario id) -> answer body (status and text). */
  answers: Map<string, string>;
  /** Rows seen over every answer. */
  rows: number;
}

/** The largest array of an answer: its rows (`prices`, `news`, ...). */
function rowsOf(body: unknown): unknown[] {
  if (!body || typeof body !== "object") return [];
  let best: unknown[] = [];
  for (const value of Object.values(body)) if (Array.isArray(value) && value.length > best.length) best = value;
  return best;
}

export async function crawl(base: string, key: string, scenarioId: string, asOf: string | undefined): Promise<Crawl> {
  const headers = { "X-API-KEY": key };
  const fetchText = async (path: string, body?: object) => {
    const res = await fetchRead(base + path, {
      method: body ? "POST" : "GET",
      headers: body ? { ...headers, "Content-Type": "application/json" } : headers,
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, text: await res.text() };
  };
  const json = async (path: string) => JSON.parse((await fetchText(path)).text) as Record<string, any>;
  const q = (params: Record<string, string>) => new URLSearchParams({ scenario_id: scenarioId, ...params }).toString();
  const at: Record<string, string> = asOf ? { as_of: asOf } : {};

  const paths = (await json("/openapi.json")).paths as Paths;
  const instruments = (await json(`/prices/tickers?${q(at)}`)).tickers as string[];
  const banks = ((await json("/macro/interest-rates/banks")).banks as { bank: string }[]).map((b) => b.bank);
  const filers = ((await json(`/institutional-holdings/investors?${q(at)}`)).investors as { cik?: string }[])
    .map((f) => f.cik)
    .filter((cik): cik is string => typeof cik === "string");

  const answers = new Map<string, string>();
  let rows = 0;
  const strip = (text: string) => text.split(scenarioId).join("<scenario>");
  const record = (request: string, answer: { status: number; text: string }) => {
    answers.set(request, `${answer.status} ${strip(answer.text)}`);
  };

  /** One request, and the pages after it while they come full. */
  const paged = async (route: string, params: Record<string, string>, limit: number | undefined) => {
    for (let offset = 0; ; offset += limit!) {
      const page = {
        ...params,
        ...(limit ? { limit: String(limit) } : {}),
        ...(offset ? { offset: String(offset) } : {}),
      };
      const answer = await fetchText(`${route}?${q(page)}`);
      record(`${route}?${new URLSearchParams(page)}`, answer);
      const found = answer.status === 200 ? rowsOf(JSON.parse(answer.text)).length : 0;
      rows += found;
      if (!limit || found < limit) return JSON.parse(answer.text) as unknown;
    }
  };

  for (const [route, item] of Object.entries(paths)) {
    const params = new Map((item.get?.parameters ?? []).map((p) => [p.name, p]));
    if (!params.get("scenario_id")?.required || route.includes("{")) continue;
    const limit = params.get("limit")?.schema?.maximum;
    const base: Record<string, string> = params.has("as_of") ? at : {};
    const subjects: Record<string, string>[] = [];
    if (params.has("ticker")) subjects.push(...instruments.map((ticker) => ({ ticker })));
    if (params.has("bank")) subjects.push(...banks.map((bank) => ({ bank })));
    if (params.has("filer_cik")) subjects.push(...filers.map((filer_cik) => ({ filer_cik })));
    if (!params.get("ticker")?.required && !params.get("bank")?.required) subjects.push({});
    const periods = params.get("period")?.schema?.enum ?? [undefined];
    for (const subject of subjects)
      for (const period of periods) {
        const answer = await paged(route, { ...base, ...subject, ...(period ? { period } : {}) }, limit);
        // Each article's and each call's own route, for the rows this list served.
        const detail = DETAILS[route];
        if (detail && answer)
          for (const row of rowsOf(answer) as Record<string, unknown>[])
            if (typeof row[detail.id] === "string") {
              const path = `${route}/${row[detail.id] as string}`;
              if (!answers.has(path)) record(path, await fetchText(`${path}?${q(at)}`));
            }
      }
  }
  const companies = (await json(`/company/facts/tickers?${q(at)}`)).tickers as string[];
  for (const period of ["ttm", "quarterly", "annual"]) {
    const body = {
      scenario_id: scenarioId,
      tickers: companies,
      line_items: ["revenue", "net_income", "market_cap"],
      period,
      limit: 100,
      ...at,
    };
    record(`POST /financials/search/line-items ${period}`, await fetchText("/financials/search/line-items", body));
  }
  const screen = { scenario_id: scenarioId, filters: { revenue: { gte: 0 } }, limit: 100, ...at };
  record("POST /financials/search/screener", await fetchText("/financials/search/screener", screen));
  return { answers, rows };
}
