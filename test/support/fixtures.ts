// The libraries the tests read, declared once: each is built once per change of its inputs into the
// test cache (libraries.ts). Every fixture's inputs include this file, so a change to a fixture's
// recipe builds it again.
import { buildExports } from "../../build/exports/build-exports.ts";
import { maskedName } from "../../build/mask/mask-bundle.ts";
import { buildLibrary, DEFAULT_SRC_DIR } from "../../build/pipeline/library.ts";
import { loadScenarioSources, type LoadedSource } from "../../build/pipeline/theme-source.ts";
import { DEFAULT_NAMES } from "./bundles.ts";
import { fixtureLibrary, writableCopy, type FixtureLibrary } from "./libraries.ts";

/** What every library build reads besides the modules it imports. */
const LIBRARY_INPUTS = {
  /** The build, and the worker threads it starts by file name. */
  entries: ["build/pipeline/library.ts", "build/pipeline/build-worker.ts"],
  /** The sources, the dashboard's files (copied as assets), the packages, and the recipes here (and the names they use). */
  data: ["scenarios-src", "src/dashboard", "package-lock.json", "test/support/fixtures.ts", "test/support/bundles.ts"],
} as const;

/** The default subset of the library, as `npm start` builds it: four scenarios and one masked twin. */
export const DEFAULT_LIBRARY: FixtureLibrary = {
  name: "default",
  ...LIBRARY_INPUTS,
  build: async (outDir) => void (await buildLibrary({ outDir, jobs: 2, quiet: true })),
};

/** The scenarios whose exports the end-to-end tests read (the others' take minutes: docs/exports.md). */
const EXPORTED = [DEFAULT_NAMES.MEGACAP, DEFAULT_NAMES.BRANCH, maskedName(DEFAULT_NAMES.BRANCH)];

/** The default library with the exports of EXPORTED, made through the worker as the build makes them. */
export const SERVED_LIBRARY: FixtureLibrary = {
  name: "served",
  entries: [...LIBRARY_INPUTS.entries, "build/exports/build-exports.ts", "src/index.ts"],
  data: [...LIBRARY_INPUTS.data, "wrangler.toml"],
  build: async (outDir) => {
    writableCopy(await fixtureLibrary(DEFAULT_LIBRARY), outDir);
    await buildExports(outDir, { names: EXPORTED });
  },
};

/** The universe of the twins' small versions. */
const TWIN_UNIVERSE = 10;

/**
 * Every twin pair of the library, built small: its sources, whose names are the library's. A replicated
 * pair's replicas are the same sources at other seeds, left out.
 */
export function smallTwinSources(): LoadedSource[] {
  return loadScenarioSources(DEFAULT_SRC_DIR)
    .filter((l) => l.source.twin && !l.source.replica_of)
    .map((l) => ({ ...l, source: { ...l.source, universe: { ...l.source.universe, count: TWIN_UNIVERSE } } }));
}

/** The library's counterfactual twin pairs, each scenario with ten companies (and no masked twins). */
export const SMALL_TWINS_LIBRARY: FixtureLibrary = {
  name: "small-twins",
  ...LIBRARY_INPUTS,
  build: async (outDir) =>
    void (await buildLibrary({ outDir, sources: smallTwinSources(), all: true, quiet: true, maskedTwins: false })),
};

/** A test-split scenario of the library replicated: it and its first two replicas, with their masked twins. */
export const REPLICATED = "asian-crisis-1997-quick";

export const REPLICAS_LIBRARY: FixtureLibrary = {
  name: "replicas",
  ...LIBRARY_INPUTS,
  build: async (outDir) => {
    const sources = loadScenarioSources(DEFAULT_SRC_DIR).filter(
      ({ source: s }) => s.name === REPLICATED || (s.replica_of === REPLICATED && /-r[12]$/.test(s.name)),
    );
    await buildLibrary({ outDir, sources, all: true, quiet: true });
  },
};

/**
 * Test-split scenarios whose universes hold one-letter tickers (V, J, C, F: also words, codes and
 * parts of ids) and IT (also a word of industry names), built whole with their masked twins.
 */
export const HARD_TICKERS = [
  "ai-capex-branch-2026-wide",
  "future-recession",
  "oil-collapse-2014",
  "vol-spike-2018-quick",
];

export const HARD_TICKERS_LIBRARY: FixtureLibrary = {
  name: "hard-tickers",
  ...LIBRARY_INPUTS,
  build: async (outDir) => {
    const sources = loadScenarioSources(DEFAULT_SRC_DIR).filter((l) => HARD_TICKERS.includes(l.source.name));
    await buildLibrary({ outDir, sources, all: true, quiet: true });
  },
};
