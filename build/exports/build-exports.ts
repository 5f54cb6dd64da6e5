// The bulk exports of a bundles directory (docs/exports.md): for each scenario without one, every
// dataset of datasets.ts read through the real worker (workerd, as `npm start` serves it) as of the
// scenario's current_date, written as a gzipped CSV and a Parquet file, then its manifest (each
// file's sha256, row count and schema) last: a directory with a manifest is complete and is never
// rewritten, so a published scenario's exports never change.
import { randomBytes, createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { unpack } from "msgpackr";
import type { z } from "zod";
import { CATALOG_KEY, exportKey, EXPORTS_MANIFEST } from "../../src/bundle/layout.ts";
import type { Catalog, CatalogEntry } from "../../src/bundle/types.ts";
import type {
  ExportFile as ExportFileSchema,
  ExportManifest as ExportManifestSchema,
} from "../../src/contract/exports.ts";
import { registerKey, startLocalRuntime } from "../serve/local-runtime.ts";
import { DATASETS, type Dataset } from "./datasets.ts";
import { csvGz, parquet, schemaOf } from "./files.ts";

/** Bump when the files' format changes: scenarios exported before keep their files. */
export const EXPORT_FORMAT = 1;

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
    const res = await fetch(url, init).catch(() => fetch(url, init));
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

/**
 * Exports every scenario of the directory's catalog that has none yet (`names`: only those).
 * Returns the manifests written.
 */
export async function buildExports(
  outDir: string,
  options: { names?: readonly string[]; log?: (line: string) => void } = {},
): Promise<ExportManifest[]> {
  const catalog = unpack(readFileSync(join(outDir, CATALOG_KEY))) as Catalog;
  const todo = catalog.scenarios.filter(
    (e) =>
      (!options.names || options.names.includes(e.scenario.name)) &&
      !existsSync(exportManifestPath(outDir, e.scenario.id)),
  );
  if (todo.length === 0) return [];
  const key = `sm_export_${randomBytes(12).toString("base64url")}`;
  const runtime = await startLocalRuntime({ bundlesDir: outDir });
  const written: ExportManifest[] = [];
  try {
    await registerKey(runtime.mf, key, {
      account_id: "exports",
      rate_limit_per_minute: 1e9,
      label: "build",
      created: "build",
    });
    const base = runtime.url.href.replace(/\/$/, "");
    for (const entry of todo) {
      const started = Date.now();
      const final = dirname(exportManifestPath(outDir, entry.scenario.id));
      const staging = join(outDir, `.exporting-${entry.scenario.id}`);
      rmSync(staging, { recursive: true, force: true });
      mkdirSync(staging, { recursive: true });
      const manifest = await exportScenario(base, key, entry, staging);
      writeFileSync(join(staging, EXPORTS_MANIFEST), JSON.stringify(manifest, null, 1) + "\n");
      rmSync(final, { recursive: true, force: true });
      renameSync(staging, final);
      written.push(manifest);
      const size = manifest.files.reduce((n, f) => n + f.bytes, 0);
      options.log?.(
        `[exports] ${entry.scenario.name}: ${manifest.files.length} files, ${(size / 1e6).toFixed(1)} MB, ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
    }
  } finally {
    await runtime.stop();
  }
  return written;
}
