// Turns a generated world into bundle objects: the shards the families write, the instruments
// shard, the validation report and the manifest (format in docs/bundle-format.md). Only public
// fields are written: the hidden truth (regimes, event effects) stays in the build.
import { createHash } from "node:crypto";
import { pack } from "msgpackr";
import { manifestKey, shardKey, validationKey } from "../src/bundle/layout.ts";
import { encodeShard, type Row } from "../src/bundle/shard.ts";
import { periodOf, SHARDS, type InstrumentKind, type ShardKind } from "../src/bundle/shards.ts";
import type { FundInfo, Manifest, ScenarioRecord, ValidationReport } from "../src/bundle/types.ts";
import type { ShardSink } from "./families/family.ts";
import { FAMILIES } from "./families/registry.ts";
import type { World } from "./world.ts";

export const sha256 = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest("hex");

export interface CompiledScenario {
  manifest: Manifest;
  /** Store key -> bytes, manifest included. */
  objects: Map<string, Uint8Array>;
}

/** Instrument roles of the manifest parts, as the kinds of the `instruments` shard. */
const KIND_OF_ROLE: Record<string, InstrumentKind> = { companies: "company", funds: "fund", warrants: "warrant" };

/** A shard's bytes: its rows as msgpack, or as JSON text where the kind serves rows one by one. */
export function shardBytes(kind: ShardKind, part: string | undefined, rows: Row[]): Uint8Array {
  const served = kind.served;
  if (!served) return encodeShard(kind.columns, rows, kind.key);
  const fragment = kind.fragment ?? false;
  return encodeShard(kind.columns, rows, kind.key, {
    fragment,
    text: (row) => {
      const text = JSON.stringify(served(row, part));
      return fragment ? text.slice(1, -1) : text;
    },
  });
}

export function compileScenario(record: ScenarioRecord, world: World, report: ValidationReport): CompiledScenario {
  const objects = new Map<string, Uint8Array>();
  const hashes = new Map<string, string>();
  const periods: Manifest["periods"] = {};
  const writtenBy = new Map<string, string>();
  const sink =
    (family: string): ShardSink =>
    (kind, part, rows) => {
      const name = kind.name(part);
      if (writtenBy.has(name)) throw new Error(`${family}: shard ${name} already written by ${writtenBy.get(name)}`);
      writtenBy.set(name, family);
      const bytes = shardBytes(kind, part, rows);
      objects.set(shardKey(record.id, name), bytes);
      hashes.set(name, sha256(bytes));
      const period = periodOf(name);
      if (period) (periods[period[0]] ??= {})[period[1]] = rows.length;
    };
  for (const family of FAMILIES.families) family.shards?.(world, sink(family.name));

  const instruments: [string, InstrumentKind][] = [];
  let funds: FundInfo[] = [];
  for (const family of FAMILIES.families) {
    const part = family.manifest?.(world);
    for (const [role, tickers] of Object.entries(part?.instruments ?? {})) {
      for (const t of tickers) instruments.push([t, KIND_OF_ROLE[role]]);
    }
    funds = part?.funds ?? funds;
  }
  instruments.sort(([a], [b]) => (a < b ? -1 : 1));
  sink("compile")(SHARDS.instruments, undefined, instruments);

  const reportBytes = pack(report);
  objects.set(validationKey(record.id), reportBytes);

  const names = [...hashes.keys()].sort();
  const content_hash = sha256(
    [JSON.stringify(record), sha256(reportBytes), ...names.map((n) => `${n}=${hashes.get(n)}`)].join("\n"),
  );
  const count = (kind: InstrumentKind) => instruments.filter(([, k]) => k === kind).length;
  const manifest: Manifest = {
    format: 2,
    scenario: record,
    content_hash,
    day_count: world.days.length,
    counts: {
      instruments: instruments.length,
      companies: count("company"),
      funds: count("fund"),
      warrants: count("warrant"),
    },
    funds,
    periods: Object.fromEntries(
      Object.keys(periods)
        .sort()
        .map((k) => [k, periods[k]]),
    ),
  };
  objects.set(manifestKey(record.id), pack(manifest));
  return { manifest, objects };
}
