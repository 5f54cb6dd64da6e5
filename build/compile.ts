// Turns a generated world into bundle objects: content-addressed shards (written by the families),
// the validation report and the manifest that indexes them (format in docs/bundle-format.md). Only
// public fields are written: the hidden truth (regimes, event effects) stays in the build.
import { createHash } from "node:crypto";
import { pack } from "msgpackr";
import { manifestKey, shardKey, validationKey } from "../src/bundle/layout.ts";
import { encodeShard } from "../src/bundle/shard.ts";
import type {
  CompanyFacts,
  FundInfo,
  Manifest,
  ScenarioRecord,
  ShardRef,
  ValidationReport,
} from "../src/bundle/types.ts";
import type { ShardSink } from "./families/family.ts";
import { FAMILIES } from "./families/registry.ts";
import type { World } from "./world.ts";

export const sha256 = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest("hex");

export interface CompiledScenario {
  manifest: Manifest;
  /** Store key -> bytes, manifest included. */
  objects: Map<string, Uint8Array>;
}

/** The manifest's ticker roles and entries, from every family. */
function manifestEntries(world: World): Pick<Manifest, "tickers" | "companies" | "funds"> {
  const instruments: Record<string, string[]> = {};
  const coverage: Record<string, string[]> = {};
  let companies: CompanyFacts[] = [];
  let funds: FundInfo[] = [];
  for (const family of FAMILIES.families) {
    const part = family.manifest?.(world);
    if (!part) continue;
    Object.assign(instruments, part.instruments);
    Object.assign(coverage, part.coverage);
    companies = part.companies ?? companies;
    funds = part.funds ?? funds;
  }
  // `prices` lists every instrument (every role's tickers have bars); then the roles, then what each
  // resource covers. Key order is part of the manifest's bytes, which published scenarios keep.
  const prices = [...new Set(Object.values(instruments).flat())].sort();
  return { tickers: { prices, ...instruments, ...coverage }, companies, funds };
}

export function compileScenario(record: ScenarioRecord, world: World, report: ValidationReport): CompiledScenario {
  const objects = new Map<string, Uint8Array>();
  const shards: Record<string, ShardRef> = {};
  const writtenBy = new Map<string, string>();
  const sink =
    (family: string): ShardSink =>
    (kind, part, rows) => {
      const name = kind.name(part);
      if (writtenBy.has(name)) throw new Error(`${family}: shard ${name} already written by ${writtenBy.get(name)}`);
      writtenBy.set(name, family);
      const bytes = encodeShard([...kind.columns], rows, (row) => row[0] as string);
      const hash = sha256(bytes);
      const key = shardKey(record.id, name, hash);
      objects.set(key, bytes);
      shards[name] = { key, hash, bytes: bytes.byteLength, rows: rows.length };
    };
  for (const family of FAMILIES.families) family.shards?.(world, sink(family.name));

  const reportBytes = pack(report);
  const reportHash = sha256(reportBytes);
  const validation_key = validationKey(record.id, reportHash);
  objects.set(validation_key, reportBytes);

  const shardNames = Object.keys(shards).sort();
  const content_hash = sha256(
    [JSON.stringify(record), reportHash, ...shardNames.map((n) => `${n}=${shards[n].hash}`)].join("\n"),
  );
  const { tickers, companies, funds } = manifestEntries(world);
  const manifest: Manifest = {
    format: 1,
    scenario: record,
    content_hash,
    day_count: world.days.length,
    tickers,
    companies,
    funds,
    shards: Object.fromEntries(shardNames.map((n) => [n, shards[n]])),
    validation_key,
  };
  objects.set(manifestKey(record.id), pack(manifest));
  return { manifest, objects };
}
