// Bulk exports (docs/exports.md) served by the worker in workerd: the manifest's hashes, counts and
// schemas are the files'; a Parquet file and a CSV read back equal the rows the API serves (crypto
// bars too, a masked twin's under their own tickers; a world of 1997's crypto files empty); a future
// branch's export stops at current_date; ETags, ranges, keys and clock keys behave as documented;
// one `npm start` is building is answered 503 with Retry-After; and the same scenario exported again
// gives the same bytes.
import { createHash } from "node:crypto";
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { parse } from "csv-parse/sync";
import { parquetReadObjects } from "hyparquet";
import { describe, expect, inject, it } from "vitest";
import { buildExports, exportManifestPath } from "../../build/exports/build-exports.ts";
import { createApp } from "../../src/app.ts";
import { CATALOG_KEY, exportKey, EXPORTS_PENDING, type ExportsPending } from "../../src/bundle/layout.ts";
import { bindingsOver } from "../support/bindings.ts";
import { REPLICAS_LIBRARY, REPLICATED } from "../support/fixtures.ts";
import { fixtureLibrary, writableCopy } from "../support/libraries.ts";
import { body, BRANCH, CRISIS, get, KEY, MASKED, MEGACAP, RATE_SHOCK, request } from "./client.ts";
import { CLOCK_KEYS } from "./keys.ts";

type Row = Record<string, unknown>;
interface File {
  name: string;
  dataset: string;
  format: string;
  bytes: number;
  sha256: string;
  rows: number;
  schema: { name: string; type: string }[];
}

const manifestOf = async (id: string) =>
  (await body(`/scenarios/${id}/exports`)).exports as { as_of: string; files: File[] };
const bytesOf = async (id: string, name: string) =>
  new Uint8Array(await (await get(`/scenarios/${id}/exports/${name}`)).arrayBuffer());
const parquetRows = async (id: string, name: string) =>
  (await parquetReadObjects({ file: (await bytesOf(id, name)).buffer as ArrayBuffer })) as Row[];
const csvRows = async (id: string, name: string) =>
  parse(gunzipSync(await bytesOf(id, name)), { columns: true }) as Record<string, string>[];
/** A row as its CSV fields: each value's text (nested ones JSON, null empty), in the schema's columns. */
const asCsv = (schema: File["schema"], row: Row) =>
  Object.fromEntries(
    schema.map(({ name }) => {
      const v = row[name];
      return [name, v === null || v === undefined ? "" : typeof v === "object" ? JSON.stringify(v) : String(v)];
    }),
  );

/** Every row the API serves of a route for each ticker, page after page, with the ticker first. */
async function apiRows(id: string, route: string, key: string, tickers: string[], limit: number): Promise<Row[]> {
  const rows: Row[] = [];
  for (const ticker of tickers)
    for (let offset = 0; ; offset += limit) {
      const page = (await body(`${route}?scenario_id=${id}&ticker=${ticker}&limit=${limit}&offset=${offset}`))[
        key
      ] as Row[];
      rows.push(...page.map((r) => ("ticker" in r ? r : { ticker, ...r })));
      if (page.length < limit) break;
    }
  return rows;
}

describe("bulk exports", () => {
  it("list a gzipped CSV and a Parquet file per dataset, whose bytes have the manifest's size and sha256", async () => {
    const { files, as_of } = await manifestOf(MEGACAP);
    expect(as_of).toBe((await body(`/scenarios/${MEGACAP}`)).scenario.current_date);
    const datasets = [...new Set(files.map((f) => f.dataset))];
    expect(datasets).toEqual(
      expect.arrayContaining([
        "prices",
        "income_statements",
        "financial_metrics",
        "analyst_estimates",
        "earnings",
        "events",
        "news",
        "filings",
        "insider_trades",
        "institutional_holdings",
        "macro",
        "interest_rates",
        "crypto_prices",
      ]),
    );
    expect(files).toHaveLength(datasets.length * 2);
    for (const file of files) {
      const bytes = await bytesOf(MEGACAP, file.name);
      expect(bytes.byteLength, file.name).toBe(file.bytes);
      expect(createHash("sha256").update(bytes).digest("hex"), file.name).toBe(file.sha256);
      expect(file.rows, file.name).toBeGreaterThan(0);
    }
  });

  it("read back from Parquet and from CSV, equal the API's rows", async () => {
    const { files } = await manifestOf(MEGACAP);
    const file = (name: string) => files.find((f) => f.name === name)!;
    const instruments = (await body(`/prices/tickers?scenario_id=${MEGACAP}`)).tickers as string[];
    const prices = await apiRows(MEGACAP, "/prices", "prices", instruments, 5000);
    const fromParquet = await parquetRows(MEGACAP, "prices.parquet");
    expect(fromParquet).toHaveLength(file("prices.parquet").rows);
    expect(fromParquet).toEqual(prices);

    // Nested fields (an article's tickers) come back as what the API served.
    const news: Row[] = [];
    for (let offset = 0; ; offset += 500) {
      const page = (await body(`/news?scenario_id=${MEGACAP}&limit=500&offset=${offset}`)).news as Row[];
      news.push(...page);
      if (page.length < 500) break;
    }
    expect(await parquetRows(MEGACAP, "news.parquet")).toEqual(news);

    // CSV: the header is the schema; each field the value's text (nested ones JSON, null empty).
    const csv = await csvRows(MEGACAP, "income_statements.csv.gz");
    const { schema, rows } = file("income_statements.csv.gz");
    expect(csv).toHaveLength(rows);
    const companies = (await body(`/company/facts/tickers?scenario_id=${MEGACAP}`)).tickers as string[];
    const statements: Row[] = [];
    for (const ticker of companies)
      for (const period of ["quarterly", "annual", "ttm"])
        statements.push(
          ...(
            await body(
              `/financials/income-statements?scenario_id=${MEGACAP}&ticker=${ticker}&period=${period}&limit=100`,
            )
          ).income_statements,
        );
    expect(csv).toEqual(statements.map((r) => asCsv(schema, r)));
  });

  it("hold every crypto bar /crypto/prices serves, in both files, and a masked twin's keep their tickers", async () => {
    for (const id of [MEGACAP, BRANCH, MASKED]) {
      const { files, as_of } = await manifestOf(id);
      const cryptos = (await body(`/crypto/prices/tickers?scenario_id=${id}`)).tickers as string[];
      expect(cryptos, id).toEqual(["BTC-USD", "ETH-USD", "SOL-USD"]);
      const served = await apiRows(id, "/crypto/prices", "prices", cryptos, 10000);
      const parquetFile = files.find((f) => f.name === "crypto_prices.parquet")!;
      expect(parquetFile.rows, id).toBe(served.length);
      expect(await parquetRows(id, "crypto_prices.parquet"), id).toEqual(served);
      const { schema } = files.find((f) => f.name === "crypto_prices.csv.gz")!;
      expect(schema.map((c) => c.name)).toEqual(["ticker", "time", "open", "high", "low", "close", "volume"]);
      expect(await csvRows(id, "crypto_prices.csv.gz"), id).toEqual(served.map((r) => asCsv(schema, r)));
      // As of current_date: a bar every calendar day up to it, none after (a branch's continuation included).
      const btc = served.filter((r) => r.ticker === "BTC-USD").map((r) => r.time as string);
      expect(btc.at(-1), id).toBe(as_of);
      expect(btc.length, id).toBe((Date.parse(as_of) - Date.parse(btc[0])) / 86_400_000 + 1);
      expect(
        served.filter((r) => (r.time as string) > as_of),
        id,
      ).toEqual([]);
    }
  });

  it("of a world before any crypto asset hold crypto_prices files with no rows", async () => {
    const dir = mkdtempSync(join(tmpdir(), "exports-1997-"));
    try {
      writableCopy(await fixtureLibrary(REPLICAS_LIBRARY), dir);
      const [manifest] = await buildExports(dir, { names: [REPLICATED] });
      expect(manifest.as_of < "2010-07-18").toBe(true);
      const rowsOf = (dataset: string) => manifest.files.filter((f) => f.dataset === dataset).map((f) => f.rows);
      expect(rowsOf("crypto_prices")).toEqual([0, 0]);
      expect(rowsOf("prices")[0]).toBeGreaterThan(0);
      const file = (name: string) => readFileSync(join(dir, "scenarios", manifest.scenario_id, "exports", name));
      expect(gunzipSync(file("crypto_prices.csv.gz")).toString()).toBe("\r\n");
      expect(await parquetReadObjects({ file: new Uint8Array(file("crypto_prices.parquet")).buffer })).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000);

  it("of a future branch stop at its current_date", async () => {
    const { files, as_of } = await manifestOf(BRANCH);
    const current = (await body(`/scenarios/${BRANCH}`)).scenario.current_date;
    expect(as_of).toBe(current);
    const prices = (await parquetRows(BRANCH, "prices.parquet")) as { time: string }[];
    expect(prices.length).toBe(files.find((f) => f.name === "prices.parquet")!.rows);
    expect(prices.every((p) => p.time <= current)).toBe(true);
    expect(prices.some((p) => p.time === current)).toBe(true);
  });

  it("are served with a strong ETag, single byte ranges, 304 and 416", async () => {
    const path = `/scenarios/${MEGACAP}/exports/prices.parquet`;
    const whole = await get(path);
    const all = new Uint8Array(await whole.arrayBuffer());
    const etag = whole.headers.get("ETag")!;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(whole.headers.get("Accept-Ranges")).toBe("bytes");
    expect(whole.headers.get("Content-Type")).toBe("application/vnd.apache.parquet");
    expect((await request(path, { headers: { "If-None-Match": etag } })).status).toBe(304);

    const part = await request(path, { headers: { Range: "bytes=4-103" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("Content-Range")).toBe(`bytes 4-103/${all.length}`);
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(all.subarray(4, 104));
    const tail = await request(path, { headers: { Range: "bytes=-8" } });
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(all.subarray(all.length - 8)); // "PAR1" footer included
    const open = await request(path, { headers: { Range: `bytes=${all.length - 5}-` } });
    expect(open.headers.get("Content-Range")).toBe(`bytes ${all.length - 5}-${all.length - 1}/${all.length}`);
    // If-Range naming another version: the whole file.
    expect((await request(path, { headers: { Range: "bytes=0-9", "If-Range": '"other"' } })).status).toBe(200);

    const beyond = await request(path, { headers: { Range: `bytes=${all.length}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get("Content-Range")).toBe(`bytes */${all.length}`);
    expect(((await beyond.json()) as { detail: string }).detail).toMatch(/^Range not satisfiable/);

    const head = await request(path, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("Content-Length")).toBe(String(all.length));
  });

  it("need a key, are refused to clock keys, and answer 404 with {detail} for what was not built", async () => {
    const file = `/scenarios/${MEGACAP}/exports/prices.csv.gz`;
    expect((await get(file, null)).status).toBe(401);
    for (const path of [file, `/scenarios/${MEGACAP}/exports`]) {
      const res = await get(path, CLOCK_KEYS.megacap.key);
      expect(res.status, path).toBe(403);
      expect(((await res.json()) as { detail: string }).detail).toMatch(/clock key/);
    }
    for (const path of [
      `/scenarios/${MEGACAP}/exports/nothing.parquet`,
      `/scenarios/not-a-scenario/exports/prices.parquet`,
      `/scenarios/not-a-scenario/exports`,
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(((await res.json()) as { detail: string }).detail, path).toBeTruthy();
    }
  });

  it("answer 503 with Retry-After and {detail} while `npm start` builds them, as its marker in the store says", async () => {
    // The app in Node over the shared library plus markers: the shared runtime's library is read-only.
    const from = inject("bundlesDir");
    const marker = (secondsLeft: number): ExportsPending => ({
      pid: 1,
      ready_by: new Date(Date.now() + secondsLeft * 1000).toISOString(),
    });
    const markers = new Map([
      [exportKey(RATE_SHOCK, EXPORTS_PENDING), marker(90)],
      [exportKey(CRISIS, EXPORTS_PENDING), marker(-30)], // later than estimated
      [exportKey(MEGACAP, EXPORTS_PENDING), marker(10)], // left beside a manifest in place
    ]);
    const env = bindingsOver((key) => {
      if (markers.has(key)) return new TextEncoder().encode(JSON.stringify(markers.get(key)));
      try {
        return new Uint8Array(readFileSync(join(from, key)));
      } catch {
        return null;
      }
    });
    const app = createApp();
    const ask = (path: string) => app.request(path, { headers: { "X-API-KEY": KEY } }, env);
    for (const [id, retry, detail] of [
      [RATE_SHOCK, 60, /retry in about 60 s \(expected ready in about (89|90) s\)$/],
      [CRISIS, 2, /retry in about 2 s$/],
    ] as const)
      for (const path of [`/scenarios/${id}/exports`, `/scenarios/${id}/exports/prices.parquet`]) {
        const res = await ask(path);
        expect(res.status, path).toBe(503);
        expect(res.headers.get("Retry-After"), path).toBe(String(retry));
        const text = ((await res.json()) as { detail: string }).detail;
        expect(text, path).toMatch(
          /^The exports of scenario \S+ are being built \(npm start builds them after it starts serving\); /,
        );
        expect(text, path).toMatch(detail);
      }
    expect((await ask(`/scenarios/${MEGACAP}/exports`)).status).toBe(200);
    expect((await ask(`/scenarios/${MEGACAP}/exports/nothing.parquet`)).status).toBe(404);
    // A name no export has is 404 while one is being built: bad input never gets a 5xx.
    for (const name of ["nothing.parquet", "prices.csv", "prices", "../manifest.json"])
      expect((await ask(`/scenarios/${RATE_SHOCK}/exports/${name}`)).status, name).toBe(404);
    // A marker long overdue was left by a start that was killed: no export is coming.
    markers.set(exportKey(RATE_SHOCK, EXPORTS_PENDING), marker(-11 * 60));
    expect((await ask(`/scenarios/${RATE_SHOCK}/exports`)).status).toBe(404);
    expect((await ask(`/scenarios/${RATE_SHOCK}/exports/prices.parquet`)).status).toBe(404);
    markers.clear();
    expect((await ask(`/scenarios/${RATE_SHOCK}/exports`)).status).toBe(404);
  });

  it("are the same bytes when the scenario is exported again", async () => {
    const from = inject("bundlesDir");
    const dir = mkdtempSync(join(tmpdir(), "exports-again-"));
    try {
      copyFileSync(join(from, CATALOG_KEY), join(dir, CATALOG_KEY));
      mkdirSync(join(dir, "scenarios"));
      cpSync(join(from, "scenarios", MEGACAP), join(dir, "scenarios", MEGACAP), {
        recursive: true,
        filter: (src) => !src.includes("/exports"),
      });
      const [again] = await buildExports(dir, { names: ["megacap-tech-2023"] });
      expect(JSON.parse(readFileSync(exportManifestPath(from, MEGACAP), "utf8"))).toEqual(again);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
