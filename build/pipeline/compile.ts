// Turns a generated world into bundle objects as it streams: the shards the families write (each
// company's as it passes; market-wide ones after the pass, those that every company contributes to
// assembled from scratch one at a time), the instruments shard, the validation report and the
// manifest (format in docs/bundle-format.md). Only public fields are written: the hidden truth
// (regimes, event effects) stays in the build.
import { pack } from "msgpackr";
import { MANIFEST_PATH, shardPath, VALIDATION_PATH } from "../../src/bundle/layout.ts";
import type { Row } from "../../src/bundle/shard.ts";
import { periodOf, type ShardKind } from "../../src/bundle/shards.ts";
import { REFERENCE_SHARDS } from "../../src/bundle/reference-shards.ts";
import type { InstrumentKind } from "../../src/bundle/reference-shards.ts";
import type { FundInfo, Manifest, ScenarioRecord, ValidationReport } from "../../src/bundle/types.ts";
import type { ShardSink } from "../ground/family.ts";
import { FAMILIES, type Company, type World } from "../families/registry.ts";
import type { RowSpill, Scratch } from "../ground/scratch.ts";
import { contentHash, contentId, encodeRows, sha256 } from "../store/content.ts";
import type { Families } from "./world.ts";

/** Where a scenario's objects go, by path inside its directory (layout.ts): its id comes last. */
export type ObjectSink = (path: string, bytes: Uint8Array) => void;

/** Instrument roles of the manifest parts, as the kinds of the `instruments` shard. */
const KIND_OF_ROLE: Record<string, InstrumentKind> = { companies: "company", funds: "fund", warrants: "warrant" };

/** A shard's bytes: its rows as msgpack, as JSON text where the kind serves rows one by one, or raw. */
export function shardBytes(kind: ShardKind, part: string | undefined, rows: Row[]): Uint8Array {
  const served = kind.served;
  return encodeRows(kind, rows, kind.key, served && ((row) => served(row, part)));
}

/** Rows in the order of their shard's key, ties by the second column (an id); merged by key where the kind says. */
function sortedByKey(kind: ShardKind, rows: Row[]): Row[] {
  const keyed = rows.map((row) => ({ key: kind.key(row), tie: String(row[1]), row }));
  keyed.sort((a, b) => (a.key === b.key ? (a.tie < b.tie ? -1 : a.tie > b.tie ? 1 : 0) : a.key < b.key ? -1 : 1));
  if (!kind.merge) return keyed.map((k) => k.row);
  const merged: Row[] = [];
  for (let i = 0; i < keyed.length;) {
    let j = i;
    while (j < keyed.length && keyed[j].key === keyed[i].key) j++;
    merged.push(kind.merge.rows(keyed.slice(i, j).map((k) => k.row)));
    i = j;
  }
  return merged;
}

/** One scenario's bundle objects, written to `out` as the build goes. */
export class ScenarioCompiler {
  private readonly hashes = new Map<string, string>();
  private readonly periods: Manifest["periods"] = {};
  /** Shard name -> the family that wrote it (or appends to it). */
  private readonly owner = new Map<string, string>();
  /** Shards that rows are appended to, assembled in `finish`. */
  private readonly appended = new Map<string, { kind: ShardKind; part: string | undefined }>();
  private readonly appendedRows: RowSpill;
  private readonly record: ScenarioRecord;
  private readonly out: ObjectSink;
  private readonly families: Families;

  constructor(record: ScenarioRecord, out: ObjectSink, scratch: Scratch, families: Families = FAMILIES.families) {
    this.record = record;
    this.out = out;
    this.appendedRows = scratch.rows();
    this.families = families;
  }

  private claim(family: string, name: string, appending: boolean): void {
    const by = this.owner.get(name);
    if (by === undefined) this.owner.set(name, family);
    else if (!appending || by !== family || !this.appended.has(name))
      throw new Error(`${family}: shard ${name} already written by ${by}`);
  }

  private write(kind: ShardKind, part: string | undefined, rows: Row[]): void {
    const name = kind.name(part);
    const bytes = shardBytes(kind, part, rows);
    this.out(shardPath(name), bytes);
    this.hashes.set(name, sha256(bytes));
    const period = periodOf(kind, part);
    if (period) (this.periods[period[0]] ??= {})[period[1]] = rows.length;
  }

  private sink(family: string): ShardSink {
    return {
      write: (kind, part, rows) => {
        this.claim(family, kind.name(part), false);
        this.write(kind, part, rows);
      },
      append: (kind, part, rows) => {
        const name = kind.name(part);
        this.claim(family, name, true);
        this.appended.set(name, { kind, part });
        this.appendedRows.append(name, rows);
      },
    };
  }

  /** One company's shards, and its rows of market-wide shards. */
  company(world: World, company: Company): void {
    for (const family of this.families) family.companyShards?.(world, company, this.sink(family.name));
  }

  /**
   * The market-wide shards, the instruments, the report and the manifest, once every company has
   * passed: the manifest and the report carry the id, made of everything else.
   */
  finish(world: World, unnamed: ValidationReport): { manifest: Manifest; report: ValidationReport } {
    for (const family of this.families) family.shards?.(world, this.sink(family.name));
    // One period at a time, in order (the manifest lists months in the order written).
    for (const name of [...this.appended.keys()].sort()) {
      const { kind, part } = this.appended.get(name)!;
      this.write(kind, part, sortedByKey(kind, this.appendedRows.read(name)));
    }

    const instruments: [string, InstrumentKind][] = [];
    let funds: FundInfo[] = [];
    for (const family of this.families) {
      const part = family.manifest?.(world);
      for (const [role, tickers] of Object.entries(part?.instruments ?? {})) {
        for (const t of tickers) instruments.push([t, KIND_OF_ROLE[role]]);
      }
      funds = part?.funds ?? funds;
    }
    instruments.sort(([a], [b]) => (a < b ? -1 : 1));
    this.sink("compile").write(REFERENCE_SHARDS.instruments, undefined, instruments);

    const content_hash = contentHash(this.record, unnamed, this.hashes);
    const id = contentId(content_hash);
    const report = { ...unnamed, scenario_id: id };
    this.out(VALIDATION_PATH, pack(report));
    const count = (kind: InstrumentKind) => instruments.filter(([, k]) => k === kind).length;
    const manifest: Manifest = {
      format: 2,
      scenario: { ...this.record, id },
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
        Object.keys(this.periods)
          .sort()
          .map((k) => [k, this.periods[k]]),
      ),
    };
    this.out(MANIFEST_PATH, pack(manifest));
    return { manifest, report };
  }
}
