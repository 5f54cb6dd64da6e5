// What a resource family provides to the build, and the registry that orders families causally.
// A family's steps are typed against the parts of the families before it in the registry, so a
// family can only read what has already been generated.
//
// The build streams: market-wide parts (one value per day at most) are generated first and kept;
// then companies pass one at a time, each family adding its part of the company (its events, its
// price path), writing its shards and feeding its checks, and the company is dropped; what needs
// every company (index funds, market-wide shards, cross-section checks) is gathered along the way
// into running totals and scratch files, and finished after the pass.
import type { Row } from "../../src/bundle/shard.ts";
import type { ShardKind } from "../../src/bundle/shards.ts";
import type { CompanyFacts, FundInfo, ValidationCheck } from "../../src/bundle/types.ts";
import type { Rng } from "./rng.ts";
import type { ScenarioSource } from "./scenario-source.ts";
import type { Scratch } from "./scratch.ts";

/** The part every world starts from. */
export interface Calendar {
  /** Trading days, ascending. */
  days: string[];
}

/** What every company of the pass starts from; each family's `company` step adds its part. */
export interface CompanyBase {
  facts: CompanyFacts;
}

/** What every step that generates gets besides the world so far. */
export interface Scenario {
  source: ScenarioSource;
  /** The scenario's root stream: a family forks labelled streams from it and never draws from it. */
  rng: Rng;
  /** Temp space for what must outlive the company pass. */
  scratch: Scratch;
  /**
   * In the company pass: another company of the world, uncut, with the parts of every family through
   * `through` (a takeover's target reads its buyer's business and prices, a buyer its target's terms).
   * The build generates it then if it has not yet, and keeps it for its own turn. Asking for a part
   * the other company is itself still making (each needs the other's) is a cycle, and throws. The
   * caller names the parts it reads (its own family's types cannot).
   */
  companyOf?: (ticker: string, through: string) => object;
}

/** The day a context view is cut at. */
export interface Cut {
  date: string;
  /** Trading days on or before `date`: the length of every daily series in the view. */
  days: number;
  /**
   * `date` is the company's last trading day (it leaves the world): records of the days it traded
   * through that are filed after it (a 13F of its last quarter) stay.
   */
  ends?: boolean;
}

/** Where a company that lists inside the world begins: its first trading day. */
export interface Since {
  date: string;
  /** Index of `date` in the trading days. */
  day: number;
}

/** Where shards go: `kind` is an entry of SHARDS, `part` its ticker, bank, fund or period (none for a single shard). */
export interface ShardSink {
  /** One whole shard. */
  write: (kind: ShardKind<readonly string[]>, part: string | undefined, rows: Row[]) => void;
  /**
   * Rows of a shard that many companies contribute to (a period of a market-wide series): kept in
   * scratch, sorted by the kind's key (ties by the second column) and written after the pass.
   */
  append: (kind: ShardKind<readonly string[]>, part: string | undefined, rows: Row[]) => void;
}

/** What a family adds to the manifest (the Manifest's shape is fixed in src/bundle/types.ts). */
export interface ManifestPart {
  /** Tickers of the instruments it adds, by role (`companies`, `funds`, `warrants`): each has prices. */
  instruments?: Record<string, string[]>;
  funds?: FundInfo[];
}

/** A market-wide part made from every company: fed each company of the pass, finished after it. */
export interface Gatherer<Company, Part> {
  add: (company: Company) => void;
  finish: () => Part;
}

/** Checks that read companies: fed each company of the pass, finished on the market-wide world. */
export interface Checker<World, Company> {
  company?: (company: Company) => void;
  finish: (world: World) => ValidationCheck[];
}

/**
 * A resource family. `Reads` is the market-wide world of the families before it that it reads,
 * `Part` what it adds to it; `ReadsEach` and `Each` the same for each company. Steps are
 * properties, not methods, so their parameters are checked strictly.
 */
export interface Family<Reads, Part extends object, ReadsEach = unknown, Each extends object = object> {
  name: string;
  /** Its market-wide part, before the company pass. */
  generate?: (world: Reads, scenario: Scenario) => Part;
  /**
   * Instead of `generate`, for a part that needs every company: gathered over the company pass and
   * there only after it, so only output steps (shards, manifest, checks) may read it.
   */
  gather?: (world: Reads, scenario: Scenario) => Gatherer<CompanyBase & ReadsEach, Part>;
  /** Its part cut down to what is public on `cut.date` (the validation report of a future branch). */
  context: (world: Reads & Part, cut: Cut) => Part;
  /** Its part of one company, in the company pass (companies in the universe's order). */
  company?: (world: Reads & Part, company: CompanyBase & ReadsEach, scenario: Scenario) => Each;
  /** Its part of a company cut down to what is public on `cut.date`; required with `company`. */
  companyContext?: (company: CompanyBase & ReadsEach & Each, cut: Cut) => Each;
  /**
   * Its part of a company that lists inside the world, from its first trading day on: what came
   * before is a private company's hidden history, dropped from every record (a daily series keeps it
   * and says where its public part starts). Required with `company`.
   */
  companySince?: (company: CompanyBase & ReadsEach & Each, since: Since) => Each;
  /**
   * The first trading day of a company that lists inside the world: after every company step, the
   * build cuts every family's part of it to what comes from that day on (`companySince`).
   */
  enters?: (world: Reads & Part, company: CompanyBase & ReadsEach & Each) => string | undefined;
  /**
   * The company's last trading day, where it leaves the world (taken over, failed): after every
   * company step, the build cuts every family's part of it to what was public that day (its context
   * view), so the steps that write, gather and check see its history and nothing after it.
   */
  leaves?: (world: Reads & Part, company: CompanyBase & ReadsEach & Each) => string | undefined;
  /** Shards of one company, or its rows of market-wide shards (`append`), in the company pass. */
  companyShards?: (world: Reads & Part, company: CompanyBase & ReadsEach & Each, emit: ShardSink) => void;
  /** Market-wide shards, after the pass. */
  shards?: (world: Reads & Part, emit: ShardSink) => void;
  manifest?: (world: Reads & Part) => ManifestPart;
  /** Checks on the market-wide world, after the pass. */
  checks?: (world: Reads & Part) => ValidationCheck[];
  /** Checks that read companies, over `days` (scratch for what a second pass over them needs). */
  companyChecks?: (days: string[], scratch: Scratch) => Checker<Reads & Part, CompanyBase & ReadsEach & Each>;
}

/** A family as the generic steps run it. */
export interface FamilySteps<World, Company> {
  name: string;
  generate?: (world: World, scenario: Scenario) => object;
  gather?: (world: World, scenario: Scenario) => Gatherer<Company, object>;
  context: (world: World, cut: Cut) => object;
  company?: (world: World, company: Company, scenario: Scenario) => object;
  companyContext?: (company: Company, cut: Cut) => object;
  companySince?: (company: Company, since: Since) => object;
  enters?: (world: World, company: Company) => string | undefined;
  leaves?: (world: World, company: Company) => string | undefined;
  companyShards?: (world: World, company: Company, emit: ShardSink) => void;
  shards?: (world: World, emit: ShardSink) => void;
  manifest?: (world: World) => ManifestPart;
  checks?: (world: World) => ValidationCheck[];
  companyChecks?: (days: string[], scratch: Scratch) => Checker<World, Company>;
}

/** Families in causal order; `World` is every market-wide part so far, `Company` every part of a company. */
export interface Registry<World, Company> {
  families: readonly FamilySteps<World, Company>[];
  /** The next family: it may read any part of `World` and `Company`. */
  add<Part extends object, Each extends object = object>(
    family: Family<World, Part, Company, Each>,
  ): Registry<World & Part, Company & Each>;
}

function registryOf<World, Company>(families: readonly FamilySteps<World, Company>[]): Registry<World, Company> {
  return {
    families,
    add: <Part extends object, Each extends object>(family: Family<World, Part, Company, Each>) => {
      if (family.generate && family.gather) throw new Error(`${family.name}: generate or gather, not both`);
      if (family.company && !family.companyContext) throw new Error(`${family.name}: company needs companyContext`);
      if (family.company && !family.companySince) throw new Error(`${family.name}: company needs companySince`);
      return registryOf<World & Part, Company & Each>([
        ...(families as readonly FamilySteps<World & Part, Company & Each>[]),
        family as FamilySteps<World & Part, Company & Each>,
      ]);
    },
  };
}

export function registry(): Registry<Calendar, CompanyBase> {
  return registryOf([]);
}

/** The market-wide world a registry generates. */
export type WorldOf<R> = R extends Registry<infer World, infer _Company> ? World : never;
/** One company as the registry's company steps make it. */
export type CompanyOf<R> = R extends Registry<infer _World, infer Company> ? Company : never;
