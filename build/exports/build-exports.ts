// The bulk exports of a bundles directory (docs/exports.md): for each scenario without one, every
// dataset of datasets.ts read through the real worker (workerd, as `npm start` serves it) as of the
// scenario's current_date, written as a gzipped CSV and a Parquet file, then its manifest (each
// file's sha256, row count and schema) last: a directory with a manifest is complete and is never
// rewritten, so a published scenario's exports never change. `npm run build:library` starts a
// runtime of its own for it; `npm start` reads through the one it serves, on a worker thread
// (export-worker.ts), having marked each scenario it is about to export (EXPORTS_PENDING).
import { randomBytes, createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { unpack } from "msgpackr";
import type { z } from "zod";
import {
  CATALOG_KEY,
  exportKey,
  EXPORTS_MANIFEST,
  EXPORTS_PENDING,
  type ExportsPending,
} from "../../src/bundle/layout.ts";
import type { Catalog, CatalogEntry } from "../../src/bundle/types.ts";
import type {
  ExportFile as ExportFileSchema,
  ExportManifest as ExportManifestSchema,
} from "../../src/contract/exports.ts";
import { processAlive } from "../serve/process-alive.ts";
import { DATASETS, type Dataset } from "./datasets.ts";
import { csvGz, parquet, schemaOf } from "./files.ts";

/**
 * Bump when the files' format or the datasets change: scenarios exported before keep their files.
 * 2: `crypto_prices` added.
 */
export const EXPORT_FORMAT = 2;

export type ExportFile = z.input<typeof ExportFileSchema>;
export type ExportManifest = z.input<typeof ExportManifestSchema>;

type Row = Record<string, unknown>;

/** The rows of one dataset of a scenario, every subject, period and page. */
async function datasetRows(
  ask: (path: string) => Promise<Record<string, any> | null>,
  dataset: Dataset,
  subjects: Record<Dataset["per"], string[]>,
  maxLimit: Map<string, number>,
): Promise<Row[]> {
  const subjectName = dataset.per === "bank" ? "bank" : "ticker";
  const limit = maxLimit.get(dataset.route) ?? 1000;
  const rows: Row[] = [];
  for (const subject of dataset.per === "none" ? [undefined] : subjects[dataset.per])
    for (const period of dataset.periods ?? [undefined]) {
      for (let offset = 0; ; offset += limit) {
        const query = new URLSearchParams({
          ...dataset.query,
          ...(subject ? { [subjectName]: subject } : {}),
          ...(period ? { period } : {}),
          limit: String(limit),
          offset: String(offset),
        });
        const answer = await ask(`${dataset.route}?${query}`);
        const page = (answer?.[dataset.rows] ?? []) as Row[];
        // A row names its subject first, as the answer around it did.
        for (const row of page) rows.push(subject && !(subjectName in row) ? { [subjectName]: subject, ...row } : row);
        if (page.length < limit) break;
      }
    }
  return rows;
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** One scenario's export, written to `dir` (a staging directory), through the worker at `base`. */
async function exportScenario(base: string, key: string, entry: CatalogEntry, dir: string): Promise<ExportManifest> {
  const id = entry.scenario.id;
  const ask = async (path: string) => {
    const url = `${base}${path}${path.includes("?") ? "&" : "?"}scenario_id=${id}`;
    const init = { headers: { "X-API-KEY": key } };
    // Once more on a connection the worker closed while files were being written (an idle keep-alive).
    let res = await fetch(url, init).catch(() => fetch(url, init));
    // A key shared with others (npm start's local key) may meet its rate limit: wait as asked.
    while (res.status === 429) {
      await res.body?.cancel();
      await sleep(Number(res.headers.get("retry-after") || 1) * 1000);
      res = await fetch(url, init);
    }
    if (res.status === 404) return null; // a bank or subject this scenario does not hold
    if (!res.ok) throw new Error(`${entry.scenario.name}: ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as Record<string, any>;
  };
  const document = (await (await fetch(`${base}/openapi.json`)).json()) as {
    paths: Record<string, { get?: { parameters?: { name: string; schema?: { maximum?: number } }[] } }>;
  };
  const maxLimit = new Map<string, number>();
  for (const [path, item] of Object.entries(document.paths)) {
    const max = item.get?.parameters?.find((p) => p.name === "limit")?.schema?.maximum;
    if (max) maxLimit.set(path, max);
  }
  const subjects = {
    company: ((await ask("/company/facts/tickers"))?.tickers ?? []) as string[],
    instrument: ((await ask("/prices/tickers"))?.tickers ?? []) as string[],
    bank: (((await ask("/macro/interest-rates/banks"))?.banks ?? []) as { bank: string }[]).map((b) => b.bank),
    crypto: ((await ask("/crypto/prices/tickers"))?.tickers ?? []) as string[],
    none: [],
  };
  const files: ExportFile[] = [];
  for (const dataset of DATASETS) {
    const rows = await datasetRows(ask, dataset, subjects, maxLimit);
    const schema = schemaOf(rows);
    for (const [format, bytes] of [
      ["csv.gz", csvGz(rows, schema)],
      ["parquet", parquet(rows, schema)],
    ] as const) {
      const name = `${dataset.name}.${format}`;
      writeFileSync(join(dir, name), bytes);
      files.push({
        name,
        dataset: dataset.name,
        format,
        bytes: bytes.byteLength,
        sha256: sha256(bytes),
        rows: rows.length,
        schema,
      });
    }
  }
  return {
    scenario_id: id,
    scenario_name: entry.scenario.name,
    as_of: entry.scenario.current_date,
    export_format: EXPORT_FORMAT,
    files,
  };
}

/** The manifest path of a scenario's export in a bundles directory. */
export const exportManifestPath = (outDir: string, id: string) => join(outDir, exportKey(id, EXPORTS_MANIFEST));

/** The marker of a scenario whose export `npm start` is building (layout.ts, EXPORTS_PENDING). */
export const pendingPath = (outDir: string, id: string) => join(outDir, exportKey(id, EXPORTS_PENDING));

/** Rows of a scenario: its instruments times its days, what its export's time grows with. */
const size = (e: CatalogEntry) => e.ticker_count * e.day_count;

/**
 * A rough export time, for the markers' estimate: about 3,000 of `size` a second on two cores
 * (crisis-cycle-2005's 264,250 took 70 s in `npm start`'s background and 56 s alone, as
 * docs/exports.md's table says; megacap-tech-2023's 4,750 about 2 s).
 */
const estimatedSeconds = (e: CatalogEntry) => 1 + size(e) / 3_000;

export interface ExportSelection {
  /** Only the scenarios of these names (each version), or of these ids. */
  names?: readonly string[];
  ids?: readonly string[];
}

/** The scenarios of the directory's catalog that have no export yet (of `selection`), smallest first. */
export function exportsToBuild(outDir: string, selection: ExportSelection = {}): CatalogEntry[] {
  const catalog = unpack(readFileSync(join(outDir, CATALOG_KEY))) as Catalog;
  return catalog.scenarios
    .filter(
      (e) =>
        (!selection.names || selection.names.includes(e.scenario.name)) &&
        (!selection.ids || selection.ids.includes(e.scenario.id)) &&
        !existsSync(exportManifestPath(outDir, e.scenario.id)),
    )
    .sort((a, b) => size(a) - size(b) || (a.scenario.name < b.scenario.name ? -1 : 1));
}

/**
 * Marks each scenario as being exported by this process, in the order given: each marker's
 * `ready_by` is when the exports before it and its own should be done, by `estimatedSeconds`.
 */
export function markPending(outDir: string, entries: readonly CatalogEntry[], now = Date.now()): void {
  let ready = now;
  for (const entry of entries) {
    ready += estimatedSeconds(entry) * 1000;
    const marker: ExportsPending = { pid: process.pid, ready_by: new Date(ready).toISOString() };
    mkdirSync(dirname(pendingPath(outDir, entry.scenario.id)), { recursive: true });
    writeFileSync(pendingPath(outDir, entry.scenario.id), JSON.stringify(marker) + "\n");
  }
}

/** Removes this process's markers of these scenarios (those whose export it did not finish). */
export function clearPending(outDir: string, ids: readonly string[]): void {
  for (const id of ids) rmSync(pendingPath(outDir, id), { force: true });
  // An exports directory holding nothing else is as if never made.
  for (const id of ids) {
    const dir = dirname(pendingPath(outDir, id));
    if (existsSync(dir) && readdirSync(dir).length === 0) rmSync(dir, { recursive: true, force: true });
  }
}

const STAGING = ".exporting-";
/** A scenario's staging directory, named by the process writing it. */
const stagingPath = (outDir: string, id: string) => join(outDir, `${STAGING}${id}.${process.pid}`);

/**
 * Removes what an export stopped half-way left: staging directories and markers of a process that
 * is gone (a run killed, or stopped during a file). Another process's export in progress is left alone.
 */
export function removeStale(outDir: string): void {
  if (!existsSync(outDir)) return;
  for (const name of readdirSync(outDir).filter((n) => n.startsWith(STAGING))) {
    const pid = Number(/\.(\d+)$/.exec(name)?.[1]);
    if (!pid || !processAlive(pid)) rmSync(join(outDir, name), { recursive: true, force: true });
  }
  const scenarios = join(outDir, "scenarios");
  if (!existsSync(scenarios)) return;
  for (const id of readdirSync(scenarios)) {
    const path = pendingPath(outDir, id);
    if (!existsSync(path)) continue;
    let pid = 0;
    try {
      pid = (JSON.parse(readFileSync(path, "utf8")) as ExportsPending).pid;
    } catch {} // unreadable: stale
    if (!pid || !processAlive(pid)) clearPending(outDir, [id]);
  }
}

/**
 * Moves a staged export into its scenario's exports directory: the files, then the manifest (a
 * directory with one is complete), then the marker goes. The directory is never absent meanwhile, so
 * a request finds the marker or the manifest throughout.
 */
function moveIntoPlace(staging: string, final: string): void {
  if (existsSync(join(final, EXPORTS_MANIFEST))) {
    // Another process exported it meanwhile: the same bytes.
    rmSync(join(final, EXPORTS_PENDING), { force: true });
    rmSync(staging, { recursive: true, force: true });
    return;
  }
  mkdirSync(final, { recursive: true });
  // What a move stopped half-way left (files without their manifest, never served) is replaced.
  for (const name of readdirSync(final))
    if (name !== EXPORTS_PENDING) rmSync(join(final, name), { recursive: true, force: true });
  for (const name of readdirSync(staging))
    if (name !== EXPORTS_MANIFEST) renameSync(join(staging, name), join(final, name));
  renameSync(join(staging, EXPORTS_MANIFEST), join(final, EXPORTS_MANIFEST));
  rmSync(join(final, EXPORTS_PENDING), { force: true });
  rmSync(staging, { recursive: true, force: true });
}

export interface ExportOptions extends ExportSelection {
  log?: (line: string) => void;
  /** A runtime already serving the directory, and a key it knows: read through it instead of starting one. */
  through?: { base: string; key: string };
}

/**
 * Exports every scenario of the directory's catalog that has none yet (`names` or `ids`: only those),
 * smallest first. Returns the manifests written.
 */
export async function buildExports(outDir: string, options: ExportOptions = {}): Promise<ExportManifest[]> {
  removeStale(outDir);
  const todo = exportsToBuild(outDir, options);
  if (todo.length === 0) return [];
  if (options.through) return exportAll(outDir, todo, options.through, options.log);
  // Loaded only here: npm start's export thread never starts a runtime.
  const { registerKey, startLocalRuntime } = await import("../serve/local-runtime.ts");
  const key = `sm_export_${randomBytes(12).toString("base64url")}`;
  const runtime = await startLocalRuntime({ bundlesDir: outDir });
  try {
    await registerKey(runtime.mf, key, {
      account_id: "exports",
      rate_limit_per_minute: 1e9,
      label: "build",
      created: "build",
    });
    return await exportAll(outDir, todo, { base: runtime.url.href.replace(/\/$/, ""), key }, options.log);
  } finally {
    await runtime.stop();
  }
}

/** Each scenario's export, staged then moved into place, through the worker at `base`. */
async function exportAll(
  outDir: string,
  todo: readonly CatalogEntry[],
  { base, key }: { base: string; key: string },
  log?: (line: string) => void,
): Promise<ExportManifest[]> {
  const written: ExportManifest[] = [];
  for (const entry of todo) {
    const started = Date.now();
    const staging = stagingPath(outDir, entry.scenario.id);
    rmSync(staging, { recursive: true, force: true });
    mkdirSync(staging, { recursive: true });
    const manifest = await exportScenario(base, key, entry, staging);
    writeFileSync(join(staging, EXPORTS_MANIFEST), JSON.stringify(manifest, null, 1) + "\n");
    moveIntoPlace(staging, dirname(exportManifestPath(outDir, entry.scenario.id)));
    written.push(manifest);
    const bytes = manifest.files.reduce((n, f) => n + f.bytes, 0);
    log?.(
      `[exports] ${entry.scenario.name}: ${manifest.files.length} files, ${(bytes / 1e6).toFixed(1)} MB, ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  return written;
}
