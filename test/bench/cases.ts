// The cases, in the order of the table. "Uncached" means distinct requests that do the same work:
// the worker keys its body cache (and its ETags) by the validated parameters, so an unknown extra
// parameter no longer defeats it; instead `limit` rotates over thousands of values at least as large
// as the full result (same rows served, different canonical request), far more bodies than the
// isolate's 16 MB body cache can hold, so every request slices and serializes again.
import type { Case, Expect, Runtime } from "./load.ts";
import { get, getJson, inParallel } from "./probe.ts";
import { CRISIS, HISTORY, HISTORY_500, MEGACAP } from "./scenarios.ts";

export const KEY = "sm_bench_unlimited_key_0123456789";
export const LIMITED_KEY = "sm_bench_limit_10_key_0123456789";
export const LIMITED_PER_MINUTE = 10;
const BODY_CACHE_BYTES = 16 * 1024 * 1024;
/** Distinct requests an uncached case rotates through. */
const ROTATION = 5000;

const ok: Expect = { allowed: [200], main: 200, share: 1 };
const keyed = { "X-API-KEY": KEY };
const gzip = { "Accept-Encoding": "gzip" };

export interface CaseContext {
  /**
   * The service through miniflare's entry socket and entry worker: the path every run of the table
   * has measured (the issues' targets are ratios on it), and the one that compresses locally.
   */
  service: Runtime;
  /** The same workerd on its own port, the one `npm start` prints (the front door's cases). */
  port: Runtime;
  /** Distinct URLs whose ETags (g) replays. */
  etagCount: number;
}

/** The largest `limit` a route accepts, from /openapi.json (so a changed maximum does not break the bench). */
async function maxLimit(service: Runtime, route: string, fallback: number): Promise<number> {
  try {
    const doc = await getJson<{
      paths: Record<string, { get?: { parameters?: { name: string; schema?: { maximum?: number } }[] } }>;
    }>(`${service.base}/openapi.json`);
    const limit = doc.paths[route]?.get?.parameters?.find((p) => p.name === "limit");
    return limit?.schema?.maximum ?? fallback;
  } catch {
    return fallback;
  }
}

/** Rows of the full answer to `path` (its `prices`/`snapshots` array), from one request with the largest limit. */
async function fullRows(service: Runtime, path: string, field: string, limit: number): Promise<number> {
  const body = await getJson<Record<string, unknown[]>>(`${service.base}${path}&limit=${limit}`, keyed);
  return body[field].length;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * `path&limit=L` for L rotating over [full, full + ROTATION) (capped at the route's maximum): every
 * limit at least the full result, so every variant serves the same rows. Notes say how far the
 * rotation outruns the body cache, and warn if two variants share an ETag (one cached body).
 */
async function uncached(service: Runtime, path: string, field: string, max: number) {
  const full = await fullRows(service, path, field, max);
  const count = Math.min(ROTATION, max - full + 1);
  const at = (n: number) => ({ path: `${path}&limit=${full + (n % count)}` });
  const first = await get(service.base + at(0).path, keyed);
  const second = await get(service.base + at(1).path, keyed);
  const bodyBytes = first.body.length;
  const notes = [
    `limit rotates over ${full}..${full + count - 1} (full result ${full} rows, ${kb(bodyBytes)}): ` +
      `${count} bodies, ~${Math.round((count * bodyBytes) / BODY_CACHE_BYTES)}x the 16 MB body cache`,
  ];
  const tags = [first.headers.etag, second.headers.etag];
  if (first.status !== 200 || second.status !== 200)
    notes.push(`WARNING: probe answered ${first.status}/${second.status}`);
  else if (!tags[0] || tags[0] === tags[1])
    notes.push(`WARNING: two limits share ETag ${tags[0]}: the worker may answer the rotation from its cache`);
  if (count < 1000) notes.push(`WARNING: only ${count} distinct requests`);
  return { at, notes };
}

/** Whether the answer to `path` with Accept-Encoding: gzip came back compressed, and its size either way. */
async function gzipNote(service: Runtime, path: string): Promise<string> {
  const plain = await get(service.base + path, keyed);
  const zipped = await get(service.base + path, { ...keyed, ...gzip });
  const encoding = zipped.headers["content-encoding"];
  return encoding
    ? `Accept-Encoding: gzip -> Content-Encoding: ${encoding}, body ${kb(zipped.body.length)} ` +
        `(identity ${kb(plain.body.length)}, ${((zipped.body.length / plain.body.length) * 100).toFixed(0)}%)`
    : `Accept-Encoding: gzip -> NOT compressed, body ${kb(zipped.body.length)} as identity`;
}

/**
 * An agent's backtest loop: for each of 40 days, five tickers' prices, metrics, earnings, events and
 * estimates as of that day, then the market snapshot of the day; 1,040 requests, then again.
 */
function agentLoop(): string[] {
  const paths: string[] = [];
  const s = `scenario_id=${MEGACAP}`;
  for (let day = 0; day < 40; day++) {
    const asOf = new Date(Date.UTC(2023, 5, 1) + day * 86_400_000).toISOString().slice(0, 10);
    for (const ticker of ["AAPL", "MSFT", "NVDA", "GOOGL", "AMZN"]) {
      const t = `${s}&ticker=${ticker}&as_of=${asOf}`;
      paths.push(
        `/prices?${t}&start_date=2023-01-01`,
        `/financial-metrics?${t}&limit=4`,
        `/earnings?${t}&limit=4`,
        `/events/timeline?${t}&limit=20`,
        `/analyst-estimates?${t}&limit=20`,
      );
    }
    paths.push(`/prices/snapshot/market?${s}&as_of=${asOf}`);
  }
  return paths;
}

/** Runs that each hold 50 positions of the 100-company scenario, for the runs' cases. */
const RUNS = 16;
const HELD = 50;

/**
 * (u) and (v): runs of the 100-company scenario, each holding HELD positions. (u) is a trading day of
 * each run in turn, as an agent trades: five one-share orders on held tickers in one request (a list
 * is placed whole, with one write), then an advance; (v) a read with a run key.
 */
async function runCases(service: Runtime, tickers: string[]): Promise<Case[]> {
  const post = (path: string, body: object, key = KEY) =>
    getJson<Record<string, any>>(
      `${service.base}${path}`,
      { "X-API-KEY": key, "Content-Type": "application/json" },
      JSON.stringify(body),
    );
  const held = tickers.slice(0, HELD);
  const { scenario } = await getJson<{ scenario: { start_date: string } }>(
    `${service.base}/scenarios/${HISTORY}`,
    keyed,
  );
  const runs = await inParallel(RUNS, 4, async (k) => {
    const opening = {
      scenario_id: HISTORY,
      agent: `bench-${k}`,
      start_date: scenario.start_date,
      starting_cash: 10_000_000,
    };
    const { run, run_key } = await post("/runs", opening);
    await post(
      `/runs/${run.run_id}/orders`,
      { orders: held.map((ticker) => ({ ticker, target_weight: 0.9 / HELD })) },
      run_key,
    );
    await post(`/runs/${run.run_id}/advance`, {}, run_key);
    return { id: run.run_id as string, key: run_key as string };
  });
  const positions = (
    await getJson<{ run: { positions: unknown[] } }>(`${service.base}/runs/${runs[0].id}`, { "X-API-KEY": runs[0].key })
  ).run.positions.length;
  const day = (n: number) => {
    const run = runs[n % RUNS];
    const turn = Math.floor(n / RUNS);
    const headers = { "X-API-KEY": run.key, "Content-Type": "application/json" };
    if (turn % 2 === 1) return { path: `/runs/${run.id}/advance`, headers, body: "{}" };
    const orders = [0, 1, 2, 3, 4].map((k) => ({
      ticker: held[(turn * 5 + k) % HELD],
      side: k % 2 ? "sell" : "buy",
      shares: 1,
    }));
    return { path: `/runs/${run.id}/orders`, headers, body: JSON.stringify({ orders }) };
  };
  return [
    {
      id: "u",
      name: "(u) a run's day: 5 orders, then advance",
      runtime: service,
      request: day,
      expect: ok,
      notes: [
        `${RUNS} runs of the 100-company scenario, each holding ${positions} positions; a trading day is 2 requests ` +
          "(a list of 5 orders, an advance), so trading days/s = rps / 2",
      ],
    },
    {
      id: "v",
      name: "(v) /prices 1y through a run key, warm",
      runtime: service,
      request: (n) => ({
        path: `/prices?scenario_id=${HISTORY}&ticker=${encodeURIComponent(held[0])}&start_date=2015-01-01`,
        headers: { "X-API-KEY": runs[n % RUNS].key },
      }),
      expect: ok,
      notes: ["each request asks the run's object for its day, then reads at it"],
    },
  ];
}

/** The front door: two loads, each alternating between `npm start`'s port and miniflare's entry socket. */
function frontDoorCases(port: Runtime, entry: Runtime, oneYear: string): Case[] {
  const loop = agentLoop();
  const warmPrices = (runtime: Runtime, name: string): Case => ({
    id: runtime === port ? "l" : "l@entry",
    name,
    runtime,
    headers: keyed,
    request: () => ({ path: oneYear }),
    expect: ok,
  });
  const agent = (runtime: Runtime, name: string): Case => ({
    id: runtime === port ? "m" : "m@entry",
    name,
    runtime,
    headers: keyed,
    request: (n) => ({ path: loop[n % loop.length] }),
    expect: ok,
    sequential: true,
  });
  return [
    { ...warmPrices(port, "(l) /prices 1y, warm, 16 connections"), anchor: warmPrices(entry, "entry socket") },
    {
      ...agent(port, "(m) agent loop, one connection"),
      anchor: agent(entry, "entry socket"),
      notes: [`${loop.length} requests a pass (40 days x 5 tickers x 5 families as of the day, + the market snapshot)`],
    },
  ];
}

export async function buildCases(ctx: CaseContext): Promise<Case[]> {
  const { service, port } = ctx;
  const facts = await getJson<{ tickers?: string[] }>(
    `${service.base}/company/facts/tickers?scenario_id=${HISTORY}`,
    keyed,
  );
  const historyTicker = facts.tickers?.[0];
  if (!historyTicker) throw new Error("bench-history has no company tickers");
  const t = encodeURIComponent(historyTicker);
  const historyTickers = facts.tickers!;

  const oneYear = `/prices?scenario_id=${MEGACAP}&ticker=AAPL`;
  const tenYears = `/prices?scenario_id=${HISTORY}&ticker=${t}`;
  const tenYearsComponents = `${tenYears}&include_components=true`;
  const market = `/prices/snapshot/market?scenario_id=${HISTORY_500}`;

  // (y): one ticker-day of minute bars, made when asked; the ticker and the day rotate (each variant
  // a day's 390 bars made and serialized anew).
  const { trading_days: tradingDays } = await getJson<{ trading_days: string[] }>(
    `${service.base}/prices/trading-days?scenario_id=${HISTORY}&limit=10000`,
    keyed,
  );
  const minuteDay = (n: number) => {
    const [ticker, day] = [historyTickers[n % historyTickers.length], tradingDays[n % tradingDays.length]];
    const window = `start_date=${day}&end_date=${day}`;
    return { path: `/prices?scenario_id=${HISTORY}&ticker=${encodeURIComponent(ticker)}&interval=minute&${window}` };
  };

  const pricesMax = await maxLimit(service, "/prices", 10000);
  const marketMax = await maxLimit(service, "/prices/snapshot/market", 5000);
  const b1 = await uncached(service, oneYear, "prices", pricesMax);
  const c10 = await uncached(service, tenYears, "prices", pricesMax);
  const c10x = await uncached(service, tenYearsComponents, "prices", pricesMax);
  const f500 = await uncached(service, market, "snapshots", marketMax);

  // (h): all three statements of one company's quarters; uncached, the ticker and the filing-date
  // horizon rotate (every variant reads three shards and the actions, and restates and serializes).
  const statements = `/financials?scenario_id=${HISTORY}&ticker=${t}&limit=40`;
  const horizons = Array.from({ length: ROTATION }, (_, n) => {
    const d = new Date(Date.UTC(2016, 0, 1) + (n % 2500) * 86_400_000);
    return d.toISOString().slice(0, 10);
  });
  const statementsAt = (n: number) => ({
    path:
      `/financials?scenario_id=${HISTORY}&ticker=${encodeURIComponent(historyTickers[n % historyTickers.length])}` +
      `&limit=40&filing_date_lte=${horizons[n % ROTATION]}`,
  });

  // (i): the metrics snapshot over the 500-company scenario; uncached, the date rotates over its days.
  const metricsSnapshot = `/financial-metrics/snapshot?scenario_id=${HISTORY_500}`;
  const metricsSnapshotAt = (n: number) => ({ path: `${metricsSnapshot}&as_of=${horizons[n % ROTATION]}` });

  // (j): the screener over the 500-company scenario (each company's latest TTM, two bounds); uncached,
  // as_of rotates over its days. (k): line items of 20 companies of the 100-company one, as the
  // ai-hedge-fund asks for them (TTM, ten periods, a handful of fields); uncached, the companies and
  // end_date rotate.
  const SCREENER = "/financials/search/screener";
  const screen = (asOf?: string) =>
    JSON.stringify({
      scenario_id: HISTORY_500,
      filters: { price_to_earnings_ratio: { gt: 0, lt: 25 }, revenue: { gte: 1e9 } },
      ...(asOf ? { as_of: asOf } : {}),
    });
  const LINE_ITEMS = "/financials/search/line-items";
  const lineItems = (n?: number) =>
    JSON.stringify({
      scenario_id: HISTORY,
      tickers: Array.from({ length: 20 }, (_, k) => historyTickers[((n ?? 0) + k) % historyTickers.length]),
      line_items: ["revenue", "net_income", "free_cash_flow", "total_debt", "outstanding_shares", "earnings_per_share"],
      period: "ttm",
      limit: 10,
      ...(n === undefined ? {} : { end_date: horizons[n % ROTATION] }),
    });
  const resultCount = async (path: string, body: string) =>
    (await getJson<{ results: unknown[] }>(`${service.base}${path}`, keyed, body)).results.length;
  const jNotes = [
    `${await resultCount(SCREENER, screen())} rows as of the last day, ` +
      `${await resultCount(SCREENER, screen(horizons[0]))} as of ${horizons[0]} ` +
      "(the default limit, 100: companies are screened by ticker until 100 pass)",
  ];
  const kNotes = [`${await resultCount(LINE_ITEMS, lineItems())} rows (20 companies x at most 10 TTMs)`];

  // (n'): one company's news as of a date, 100 articles (the default limit); the ticker and the date
  // rotate over the 100-company decade. (o'): one article's text; the id rotates over articles of
  // the whole decade (each id its own body).
  const newsAt = (n: number) => ({
    path:
      `/news?scenario_id=${HISTORY}&ticker=${encodeURIComponent(historyTickers[n % historyTickers.length])}` +
      `&as_of=${horizons[n % ROTATION]}`,
  });
  const articleIds = (
    await getJson<{ news: { artifact_id: string }[] }>(`${service.base}/news?scenario_id=${HISTORY}&limit=500`, keyed)
  ).news.map((a) => a.artifact_id);
  const articleAt = (n: number) => ({ path: `/news/${articleIds[n % articleIds.length]}?scenario_id=${HISTORY}` });
  // (o''): one earnings call with its turns; the id rotates over the newest calls of the whole decade.
  const callIds = (
    await getJson<{ earnings_call_transcripts: { transcript_id: string }[] }>(
      `${service.base}/earnings/transcripts?scenario_id=${HISTORY}&limit=100`,
      keyed,
    )
  ).earnings_call_transcripts.map((c) => c.transcript_id);
  const callAt = (n: number) => ({
    path: `/earnings/transcripts/${callIds[n % callIds.length]}?scenario_id=${HISTORY}`,
  });

  // (p'): one company's filing sections of one fiscal year (the default 20); ticker and year rotate.
  // (q'): one company's analyst notes as of a date (the default 10); ticker and date rotate.
  const years = Array.from({ length: 8 }, (_, k) => 2016 + k);
  const itemsAt = (n: number) => ({
    path:
      `/filings/items?scenario_id=${HISTORY}&ticker=${encodeURIComponent(historyTickers[n % historyTickers.length])}` +
      `&year=${years[Math.floor(n / historyTickers.length) % years.length]}`,
  });
  const notesAt = (n: number) => ({
    path:
      `/analyst-notes?scenario_id=${HISTORY}&ticker=${encodeURIComponent(historyTickers[n % historyTickers.length])}` +
      `&as_of=${horizons[n % ROTATION]}`,
  });

  // (r, r'): one company's insider trades (the default 10) as of a date; r' rotates the ticker and date.
  const insidersAt = (n: number) => ({
    path:
      `/insider-trades?scenario_id=${HISTORY}&ticker=${encodeURIComponent(historyTickers[n % historyTickers.length])}` +
      `&as_of=${horizons[n % ROTATION]}`,
  });

  // (s), (t): 13F holdings over the 500-company decade, newest first (the default 50): who holds a
  // company, and what a manager holds (an index manager: a line for every company each quarter).
  // Uncached, the company or the manager rotates and as_of over the decade's days.
  const tickers500 = (
    await getJson<{ tickers: string[] }>(`${service.base}/company/facts/tickers?scenario_id=${HISTORY_500}`, keyed)
  ).tickers;
  const investors500 = (
    await getJson<{ investors: { cik: string; type: string }[] }>(
      `${service.base}/institutional-holdings/investors?scenario_id=${HISTORY_500}`,
      keyed,
    )
  ).investors;
  const indexManager = investors500.find((m) => m.type === "index")!.cik;
  const holders = `/institutional-holdings?scenario_id=${HISTORY_500}`;
  const holdersAt = (n: number) => ({
    path: `${holders}&ticker=${encodeURIComponent(tickers500[n % tickers500.length])}&as_of=${horizons[n % ROTATION]}`,
  });
  const holdingsAt = (n: number) => ({
    path: `${holders}&filer_cik=${investors500[n % investors500.length].cik}&as_of=${horizons[n % ROTATION]}`,
  });

  // (g): ETags of many distinct URLs, fetched first; replaying them in a cycle longer than the body
  // cache holds means every 304 is for a body the isolate no longer has.
  const msft = `/prices?scenario_id=${MEGACAP}&ticker=MSFT`;
  const msftFull = await fullRows(service, msft, "prices", pricesMax);
  const etagCount = Math.min(ctx.etagCount, pricesMax - msftFull + 1);
  const etagUrl = (i: number) => `${msft}&limit=${msftFull + i}`;
  const started = performance.now();
  const tagged = await inParallel(etagCount, 8, async (i) => {
    const r = await get(service.base + etagUrl(i), keyed);
    const tag = r.headers.etag;
    if (r.status !== 200 || typeof tag !== "string")
      throw new Error(`ETag prefetch ${etagUrl(i)}: ${r.status}, ${tag}`);
    return { tag, bytes: r.body.length };
  });
  const etags = tagged.map((x) => x.tag);
  const distinctTags = new Set(etags).size;
  const gNotes = [
    `If-None-Match replays the ETags of ${etagCount} distinct URLs (limit ${msftFull}..${msftFull + etagCount - 1}, ` +
      `${kb(tagged[0].bytes)} bodies, ~${Math.round((etagCount * tagged[0].bytes) / BODY_CACHE_BYTES)}x the ` +
      `body cache), fetched first in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  ];
  if (distinctTags < etags.length) gNotes.push(`WARNING: only ${distinctTags} distinct ETags among them`);

  return [
    { id: "a", name: "(a) /health", runtime: service, request: () => ({ path: "/health" }), expect: ok },
    {
      id: "b",
      name: "(b) /prices 1y, warm",
      runtime: service,
      headers: keyed,
      request: () => ({ path: oneYear }),
      expect: ok,
    },
    {
      id: "b'",
      name: "(b') /prices 1y, uncached",
      runtime: service,
      headers: keyed,
      request: b1.at,
      expect: ok,
      notes: b1.notes,
    },
    {
      id: "c",
      name: "(c) /prices 10y, uncached",
      runtime: service,
      headers: keyed,
      request: c10.at,
      expect: ok,
      notes: [`ticker ${historyTicker} of the 100-company scenario`, ...c10.notes],
    },
    {
      id: "c+",
      name: "(c+) /prices 10y components, uncached",
      runtime: service,
      headers: keyed,
      request: c10x.at,
      expect: ok,
      notes: c10x.notes,
    },
    {
      id: "y",
      name: "(y) one ticker-day of minute bars, uncached",
      runtime: service,
      headers: keyed,
      request: minuteDay,
      expect: ok,
      notes: [
        `390 bars a request; the ticker and the day rotate over ${historyTickers.length} tickers ` +
          `and ${tradingDays.length} days of the 100-company decade`,
      ],
    },
    {
      id: "d",
      name: "(d) /company/facts",
      runtime: service,
      headers: keyed,
      request: () => ({ path: `/company/facts?scenario_id=${MEGACAP}&ticker=AAPL` }),
      expect: ok,
    },
    {
      // The limit-10 key: at most 10 of these per rolling minute are 200 (warm-up spends them), all
      // at once when its window reopens, which may fall in a short slice.
      id: "e",
      name: "(e) /prices answered 429",
      runtime: service,
      headers: { "X-API-KEY": LIMITED_KEY },
      request: () => ({ path: oneYear }),
      expect: { allowed: [200, 429], main: 429, share: 0.95, othersAtMost: LIMITED_PER_MINUTE },
    },
    {
      id: "f",
      name: "(f) snapshot/market 500 cos, uncached",
      runtime: service,
      headers: keyed,
      request: f500.at,
      expect: ok,
      notes: f500.notes,
    },
    {
      id: "w",
      name: "(w) /companies 500 cos, warm",
      runtime: service,
      headers: keyed,
      request: () => ({ path: `/companies?scenario_id=${HISTORY_500}&limit=500` }),
      expect: ok,
      notes: ["every company's facts of the 500-company decade, one page"],
    },
    {
      id: "x",
      name: "(x) /companies before listings, warm",
      runtime: service,
      headers: keyed,
      request: () => ({ path: `/companies?scenario_id=${CRISIS}&as_of=2006-01-03&limit=500` }),
      expect: ok,
      notes: ["the crisis cycle's companies as of a day before ten of them list: each row's text, those left out"],
    },
    {
      id: "g",
      name: "(g) /prices 1y 304, body evicted",
      runtime: service,
      headers: keyed,
      request: (n) => ({ path: etagUrl(n % etagCount), headers: { "If-None-Match": etags[n % etagCount] } }),
      expect: { allowed: [304], main: 304, share: 1 },
      notes: gNotes,
    },
    {
      id: "h",
      name: "(h) /financials 40 quarters, warm",
      runtime: service,
      headers: keyed,
      request: () => ({ path: statements }),
      expect: ok,
    },
    {
      id: "h'",
      name: "(h') /financials, uncached",
      runtime: service,
      headers: keyed,
      request: statementsAt,
      expect: ok,
      notes: [
        `ticker rotates over the ${historyTickers.length} companies of the 100-company scenario, filing_date_lte ` +
          `over 2500 days from 2016: ${ROTATION} distinct requests`,
      ],
    },
    {
      id: "i",
      name: "(i) metrics snapshot, warm",
      runtime: service,
      headers: keyed,
      request: () => ({ path: metricsSnapshot }),
      expect: ok,
    },
    {
      id: "i'",
      name: "(i') metrics snapshot, uncached",
      runtime: service,
      headers: keyed,
      request: metricsSnapshotAt,
      expect: ok,
      notes: ["first 100 of the 500 companies (the default limit); as_of rotates over 2500 days from 2016"],
    },
    {
      id: "j",
      name: "(j) screener 500 cos, warm",
      runtime: service,
      headers: keyed,
      request: () => ({ path: SCREENER, body: screen() }),
      expect: ok,
      notes: jNotes,
    },
    {
      id: "j'",
      name: "(j') screener 500 cos, uncached",
      runtime: service,
      headers: keyed,
      request: (n) => ({ path: SCREENER, body: screen(horizons[n % ROTATION]) }),
      expect: ok,
      notes: ["as_of rotates over 2500 days from 2016"],
    },
    {
      id: "n'",
      name: "(n') /news one company, uncached",
      runtime: service,
      headers: keyed,
      request: newsAt,
      expect: ok,
      notes: [
        `ticker rotates over the ${historyTickers.length} companies of the 100-company scenario, as_of over 2500 days from 2016`,
      ],
    },
    {
      id: "o'",
      name: "(o') a news article's text, uncached",
      runtime: service,
      headers: keyed,
      request: articleAt,
      expect: ok,
      notes: [`the id rotates over the ${articleIds.length} newest articles of the 100-company scenario`],
    },
    {
      id: "o''",
      name: "(o'') an earnings call's turns, uncached",
      runtime: service,
      headers: keyed,
      request: callAt,
      expect: ok,
      notes: [`the id rotates over the ${callIds.length} newest calls of the 100-company scenario`],
    },
    {
      id: "p'",
      name: "(p') /filings/items ticker-year, uncached",
      runtime: service,
      headers: keyed,
      request: itemsAt,
      expect: ok,
      notes: [`ticker rotates over the ${historyTickers.length} companies, the fiscal year over ${years.length}`],
    },
    {
      id: "q'",
      name: "(q') /analyst-notes one company, uncached",
      runtime: service,
      headers: keyed,
      request: notesAt,
      expect: ok,
      notes: [`ticker rotates over the ${historyTickers.length} companies, as_of over 2500 days from 2016`],
    },
    {
      id: "r",
      name: "(r) /insider-trades one company, warm",
      runtime: service,
      headers: keyed,
      request: () => insidersAt(0),
      expect: ok,
      notes: [`ticker ${historyTickers[0]} of the 100-company scenario as of ${horizons[0]}`],
    },
    {
      id: "r'",
      name: "(r') /insider-trades one company, uncached",
      runtime: service,
      headers: keyed,
      request: insidersAt,
      expect: ok,
      notes: [`ticker rotates over the ${historyTickers.length} companies, as_of over 2500 days from 2016`],
    },
    {
      id: "s",
      name: "(s) 13F holders of a company, 500 cos, warm",
      runtime: service,
      headers: keyed,
      request: () => ({ path: `${holders}&ticker=${encodeURIComponent(tickers500[0])}` }),
      expect: ok,
    },
    {
      id: "s'",
      name: "(s') 13F holders of a company, uncached",
      runtime: service,
      headers: keyed,
      request: holdersAt,
      expect: ok,
      notes: [
        `ticker rotates over the ${tickers500.length} companies of the 500-company scenario, as_of over 2500 days from 2016`,
      ],
    },
    {
      id: "t",
      name: "(t) 13F lines of an index manager, warm",
      runtime: service,
      headers: keyed,
      request: () => ({ path: `${holders}&filer_cik=${indexManager}` }),
      expect: ok,
    },
    {
      id: "t'",
      name: "(t') 13F lines of a manager, uncached",
      runtime: service,
      headers: keyed,
      request: holdingsAt,
      expect: ok,
      notes: [
        `filer_cik rotates over the ${investors500.length} managers of the 500-company scenario, as_of over 2500 days from 2016`,
      ],
    },
    {
      id: "k",
      name: "(k) line items 20 cos, warm",
      runtime: service,
      headers: keyed,
      request: () => ({ path: LINE_ITEMS, body: lineItems() }),
      expect: ok,
      notes: kNotes,
    },
    {
      id: "k'",
      name: "(k') line items 20 cos, uncached",
      runtime: service,
      headers: keyed,
      request: (n) => ({ path: LINE_ITEMS, body: lineItems(n) }),
      expect: ok,
      notes: ["the 20 companies (of 100) and end_date (2500 days from 2016) rotate"],
    },
    {
      id: "b.gz",
      name: "(b gz) /prices 1y, warm, gzip",
      runtime: service,
      headers: { ...keyed, ...gzip },
      request: () => ({ path: oneYear }),
      expect: ok,
      notes: [
        await gzipNote(service, oneYear),
        "compressed by miniflare's entry worker inside workerd, as Cloudflare's edge would outside the worker: " +
          "gzip rows' CPU includes compression (npm start's port does not compress)",
      ],
    },
    {
      id: "c.gz",
      name: "(c gz) /prices 10y, uncached, gzip",
      runtime: service,
      headers: { ...keyed, ...gzip },
      counter: "c",
      request: c10.at,
      expect: ok,
      notes: [await gzipNote(service, c10.at(0).path), "shares (c)'s rotation, so neither repeats the other's URLs"],
    },
    {
      id: "f.gz",
      name: "(f gz) snapshot/market 500, uncached, gzip",
      runtime: service,
      headers: { ...keyed, ...gzip },
      counter: "f",
      request: f500.at,
      expect: ok,
      notes: [await gzipNote(service, f500.at(0).path), "shares (f)'s rotation"],
    },
    ...frontDoorCases(port, service, oneYear),
    ...(await runCases(service, historyTickers)),
  ];
}

/** The hello-world anchor as a case (run next to every other case). */
export function helloCase(hello: Runtime): Case {
  return { id: "hello", name: "hello-world", runtime: hello, request: () => ({ path: "/" }), expect: ok };
}
