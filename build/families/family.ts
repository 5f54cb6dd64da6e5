// What a resource family provides to the build, and the registry that orders families causally.
// A family's steps are typed against the parts of the families before it in the registry, so a
// family can only read what has already been generated.
import type { Row } from "../../src/bundle/shard.ts";
import type { ShardKind } from "../../src/bundle/shards.ts";
import type { FundInfo, ValidationCheck } from "../../src/bundle/types.ts";
import type { Rng } from "../rng.ts";
import type { ScenarioSource } from "../scenario-source.ts";

/** The part every world starts from. */
export interface Calendar {
  /** Trading days, ascending. */
  days: string[];
}

/** What every `generate` gets besides the world so far. */
export interface Scenario {
  source: ScenarioSource;
  /** The scenario's root stream: a family forks labelled streams from it and never draws from it. */
  rng: Rng;
}

/** The day a context view is cut at. */
export interface Cut {
  date: string;
  /** Trading days on or before `date`: the length of every daily series in the view. */
  days: number;
}

/** Writes one shard: `kind` is an entry of SHARDS, `part` its ticker, bank or fund (none for a single shard). */
export type ShardSink = (kind: ShardKind<readonly string[]>, part: string | undefined, rows: Row[]) => void;

/** What a family adds to the manifest (the Manifest's shape is fixed in src/bundle/types.ts). */
export interface ManifestPart {
  /** Tickers of the instruments it adds, by role (`companies`, `funds`, `warrants`): each has prices. */
  instruments?: Record<string, string[]>;
  funds?: FundInfo[];
}

/**
 * A resource family. `Reads` is the world of the families before it that it reads, `Part` what it
 * adds. Steps are properties, not methods, so their parameters are checked strictly.
 */
export interface Family<Reads, Part> {
  name: string;
  generate: (world: Reads, scenario: Scenario) => Part;
  /** Its part cut down to what is public on `cut.date` (the validation report of a future branch). */
  context: (world: Reads & Part, cut: Cut) => Part;
  shards?: (world: Reads & Part, emit: ShardSink) => void;
  manifest?: (world: Reads & Part) => ManifestPart;
  checks?: (world: Reads & Part) => ValidationCheck[];
}

/** A family as the generic steps run it, on the whole world. */
export interface FamilySteps<World> {
  name: string;
  generate: (world: World, scenario: Scenario) => object;
  context: (world: World, cut: Cut) => object;
  shards?: (world: World, emit: ShardSink) => void;
  manifest?: (world: World) => ManifestPart;
  checks?: (world: World) => ValidationCheck[];
}

/** Families in causal order; `World` is every part so far. */
export interface Registry<World> {
  families: readonly FamilySteps<World>[];
  /** The next family: it may read any part of `World`. */
  add<Part extends object>(family: Family<World, Part>): Registry<World & Part>;
}

function registryOf<World>(families: readonly FamilySteps<World>[]): Registry<World> {
  return {
    families,
    add: <Part extends object>(family: Family<World, Part>) => registryOf<World & Part>([...families, family]),
  };
}

export function registry(): Registry<Calendar> {
  return registryOf([]);
}

/** The world a registry generates. */
export type WorldOf<R> = R extends Registry<infer World> ? World : never;
