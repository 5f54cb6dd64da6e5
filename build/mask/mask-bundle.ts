// A masked twin made from a built scenario (docs/masked-twins.md): every shard read, each row's
// strings, tickers and years rewritten by the mask (mask.ts), the rows sorted again by their
// rewritten keys and written under their rewritten names; the report, the record and the manifest
// likewise. Numbers are not touched, so prices, statements and every check's values stay the
// original's. The twin's content gives it its own id, like any scenario's.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { pack, unpack } from "msgpackr";
import { MANIFEST_PATH, shardPath, VALIDATION_PATH } from "../../src/bundle/layout.ts";
import { inputsOf, snapshotRow } from "../../src/families/metrics/snapshot.ts";
import { Shard, type Row } from "../../src/bundle/shard.ts";
import { periodOf, type ShardKind } from "../../src/bundle/shards.ts";
import { SHARDS } from "../../src/families/shards.ts";
import type { FinancialMetrics } from "../../src/families/metrics/rows.ts";
import type { Manifest, ScenarioRecord, ValidationReport } from "../../src/bundle/types.ts";
import { slugify } from "../models/artifacts.ts";
import { contentHash, contentId, encodeRows, sha256 } from "../store/content.ts";
import { Mask, type Identity } from "./mask.ts";

/** A masked twin's name: it must not say which scenario it masks. */
export const maskedName = (name: string) => `masked-${sha256(`masked ${name}`).slice(0, 8)}`;
const maskedTheme = (theme: string) => `masked-${sha256(`masked theme ${theme}`).slice(0, 6)}`;

/**
 * What a masked twin is made of: its original's build stamp and the mask's code, so a change to
 * either makes it again and nothing else does.
 */
export function maskedStamp(originalStamp: string): string {
  const code = ["mask.ts", "mask-bundle.ts"].map((f) => readFileSync(fileURLToPath(new URL(f, import.meta.url))));
  return JSON.stringify({ masked_of: JSON.parse(originalStamp), mask: sha256(Buffer.concat(code)) });
}

const KINDS: ShardKind[] = Object.values(SHARDS);

/** The kind of a stored shard: by its name's prefix and its columns (kinds may share a prefix). */
function kindOf(name: string, columns: string[]): ShardKind {
  const found = KINDS.filter(
    (k) => (name === k.prefix || name.startsWith(`${k.prefix}/`)) && k.columns.join() === columns.join(),
  ).sort((a, b) => b.prefix.length - a.prefix.length)[0];
  if (!found) throw new Error(`no shard kind for ${name}`);
  return found;
}

function shardNames(dir: string): string[] {
  const walk = (d: string): string[] =>
    readdirSync(d).flatMap((f) => (statSync(join(d, f)).isDirectory() ? walk(join(d, f)) : [join(d, f)]));
  return walk(join(dir, "shards"))
    .map((f) => relative(join(dir, "shards"), f).replace(/\.mpk$/, ""))
    .sort();
}

const readShard = (dir: string, name: string) => new Shard(new Uint8Array(readFileSync(join(dir, shardPath(name)))));

/** What the original names: its companies, instruments, funds and the other filers' CIKs. */
function identityOf(dir: string, manifest: Manifest): Identity {
  const all = (name: string) => {
    const shard = readShard(dir, name);
    return shard.objects(0, shard.length);
  };
  const ciks = new Set<string>();
  const filers = SHARDS.beneficialFilers.name();
  for (const row of [
    ...all(SHARDS.holdingsInvestors.name()),
    ...(existsSync(join(dir, shardPath(filers))) ? all(filers) : []),
  ])
    ciks.add(String(row.cik ?? row.filer_cik));
  const s = manifest.scenario;
  return {
    companies: all(SHARDS.companies.name()) as unknown as Identity["companies"],
    funds: manifest.funds,
    tickers: all(SHARDS.instruments.name()).map((r) => r.ticker as string),
    ciks: [...ciks],
    startYear: Number(s.start_date.slice(0, 4)),
    endYear: Number(s.end_date.slice(0, 4)),
  };
}

/** A news article's URL ends in its title's slug: written again from the masked title. */
function withArticleUrl(row: Record<string, unknown>): Record<string, unknown> {
  if (typeof row.url !== "string" || typeof row.title !== "string") return row;
  return { ...row, url: row.url.replace(/\/[^/]*-([0-9a-f]{6})$/, `/${slugify(row.title)}-$1`) };
}

/** One shard's rows masked, as the bytes of its masked shard. */
function maskedShard(mask: Mask, kind: ShardKind, shard: Shard, closesOrder: number[]): Uint8Array {
  const keyed: { key: string; row: Row }[] = [];
  for (let i = 0; i < shard.length; i++) {
    let row: Row;
    if (kind.binary) {
      const bytes = shard.bytes(i);
      row = [undefined, kind === SHARDS.closes ? reordered(bytes, closesOrder) : bytes];
    } else if (kind.served) {
      // Rows stored as their JSON text: masked as the object served.
      row = [withArticleUrl(mask.cell(undefined, shard.objects(i, i + 1)[0]) as Record<string, unknown>)];
    } else {
      const stored = shard.rows(i, i + 1)[0];
      row =
        kind === SHARDS.metricsSnapshot
          ? maskedSnapshotRow(mask, stored)
          : stored.map((v, c) => mask.cell(shard.columns[c], v));
    }
    keyed.push({ key: mask.key(shard.keys[i]), row });
  }
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)); // stable: ties keep their order
  const keys = new Map(keyed.map((k) => [k.row, k.key]));
  const rows = keyed.map((k) => k.row);
  // A served kind's row is held here as the object served.
  return encodeRows(kind, rows, (row) => keys.get(row)!, kind.served && ((row) => row[0]));
}

/** A metrics snapshot row is made again from its masked text: the ticker's length moves its places of values. */
function maskedSnapshotRow(mask: Mask, row: Row): Row {
  const metrics = mask.cell(undefined, JSON.parse(new TextDecoder().decode(row[3] as Uint8Array))) as FinancialMetrics;
  const inputs = row[6] as number[] | null;
  return snapshotRow(metrics, inputs && inputsOf(inputs));
}

/** A day's packed closes (16 bytes a company, in the order of the companies shard) in the twin's order. */
function reordered(bytes: Uint8Array, order: number[]): Uint8Array {
  const out = new Uint8Array(bytes.byteLength);
  order.forEach((from, to) => out.set(bytes.subarray(from * 16, from * 16 + 16), to * 16));
  return out;
}

export interface MaskedTwin {
  manifest: Manifest;
  report: ValidationReport;
}

/**
 * Writes the masked twin of the scenario built in `originalDir` into `scenarios/<id>/` of
 * `outDir`, and returns its manifest and report. The same original gives the same twin, byte for byte.
 */
export function maskScenario(originalDir: string, outDir: string): MaskedTwin {
  const manifest = unpack(readFileSync(join(originalDir, MANIFEST_PATH))) as Manifest;
  const report = unpack(readFileSync(join(originalDir, VALIDATION_PATH))) as ValidationReport;
  const identity = identityOf(originalDir, manifest);
  const mask = new Mask(identity, manifest.content_hash);
  const record = maskedRecord(mask, manifest.scenario);
  const staging = join(outDir, "scenarios", `.masking-${record.name}`);
  rmSync(staging, { recursive: true, force: true });

  // The companies shard lists them by ticker: the twin's, by pseudonym.
  const closesOrder = identity.companies
    .map((c, i) => ({ t: mask.ticker(c.ticker), i }))
    .sort((a, b) => (a.t < b.t ? -1 : 1))
    .map((c) => c.i);

  const hashes = new Map<string, string>();
  const periods: Manifest["periods"] = {};
  for (const name of shardNames(originalDir)) {
    const shard = readShard(originalDir, name);
    const kind = kindOf(name, shard.columns);
    const part = name === kind.prefix ? undefined : name.slice(kind.prefix.length + 1);
    const twinPart = part
      ?.split("/")
      .map((s) => mask.segment(s))
      .join("/");
    const twinName = kind.name(twinPart);
    const bytes = maskedShard(mask, kind, shard, closesOrder);
    const path = join(staging, shardPath(twinName));
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, bytes);
    hashes.set(twinName, sha256(bytes));
    const period = periodOf(kind, twinPart);
    if (period) (periods[period[0]] ??= {})[period[1]] = shard.length;
  }

  const unnamed = mask.cell(undefined, { ...report, scenario_id: "" }) as ValidationReport;
  const content_hash = contentHash(record, unnamed, hashes);
  const id = contentId(content_hash);
  const twinReport = { ...unnamed, scenario_id: id };
  const twin: Manifest = {
    ...manifest,
    scenario: { ...record, id },
    content_hash,
    funds: manifest.funds.map((f) => ({
      ...f,
      ticker: mask.ticker(f.ticker),
      name: mask.text(f.name),
      issuer: mask.text(f.issuer),
      benchmark: mask.text(f.benchmark),
    })),
    periods: Object.fromEntries(
      Object.keys(periods)
        .sort()
        .map((k) => [
          k,
          Object.fromEntries(
            Object.keys(periods[k])
              .sort()
              .map((p) => [p, periods[k][p]]),
          ),
        ]),
    ),
    masked: true,
  };
  writeFileSync(join(staging, VALIDATION_PATH), pack(twinReport));
  writeFileSync(join(staging, MANIFEST_PATH), pack(twin));
  const dir = join(outDir, "scenarios", id);
  if (existsSync(dir)) rmSync(staging, { recursive: true });
  else renameSync(staging, dir);
  return { manifest: twin, report: twinReport };
}

/** The twin's record: another name, theme and seed (each of the original's would name it), moved dates, masked texts. */
function maskedRecord(mask: Mask, s: ScenarioRecord): ScenarioRecord {
  return {
    ...s,
    id: "",
    seed: Number.parseInt(sha256(`masked seed ${s.name}`).slice(0, 7), 16),
    name: maskedName(s.name),
    theme: maskedTheme(s.theme),
    twin: s.twin && { ...s.twin, name: maskedName(s.twin.name), branch_date: mask.text(s.twin.branch_date) },
    replica_of: s.replica_of && maskedName(s.replica_of),
    start_date: mask.text(s.start_date),
    end_date: mask.text(s.end_date),
    current_date: mask.text(s.current_date),
    calibration_version: mask.cell("calibration_version", s.calibration_version) as string,
    public_summary: mask.cell(undefined, s.public_summary) as ScenarioRecord["public_summary"],
  };
}
