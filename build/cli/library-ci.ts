// `npm run library:ci -- <plan|build|upload|switch> [options]`: the steps of .github/workflows/library.yml,
// which publishes the library from CI, runnable anywhere (test/tools/library-ci.test.ts runs them against a local
// R2). The bucket is R2 through its S3 API (the environment of build/store/object-store.ts), or `--local DIR`.
// The steps and their options: `npm run library:ci -- --help` (declared in build/cli/commands.ts).
//
// A run that fails or is stopped before `switch` lists nothing new: published ids keep their bytes.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Catalog } from "../../src/bundle/types.ts";
import type { ObjectStore } from "../store/object-store.ts";
import { commandLine } from "./command-line.ts";
import { LIBRARY_CI } from "./commands.ts";

const { subcommand: step, values } = commandLine(LIBRARY_CI);
// The project's modules load once the command line is read, so that --help answers at once.
const { unpack } = await import("msgpackr");
const { CATALOG_KEY } = await import("../../src/bundle/layout.ts");
const { generationCost } = await import("../ground/scenario-source.ts");
const { generatorInputsHash } = await import("../pipeline/generator-inputs.ts");
const { buildExports } = await import("../exports/build-exports.ts");
const { buildLibrary, DEFAULT_SRC_DIR, stampOf } = await import("../pipeline/library.ts");
const { loadScenarioSources } = await import("../pipeline/theme-source.ts");
const { RETIRED_FILE, retiredIds } = await import("../store/catalog.ts");
const { openLocalR2Store, openS3Store, r2ConfigFromEnv } = await import("../store/object-store.ts");
const { publishBundles, switchCatalog } = await import("../store/publish.ts");

const srcDir = values.src ? resolve(values.src) : DEFAULT_SRC_DIR;
const openStore = (): Promise<ObjectStore> | ObjectStore =>
  values.local ? openLocalR2Store(resolve(values.local)) : openS3Store(r2ConfigFromEnv());

/** A slice of the library: the names of its scenarios. */
interface Slice {
  index: number;
  names: string[];
}

async function plan(): Promise<void> {
  const store = await openStore();
  let published: Catalog | undefined;
  try {
    const bytes = await store.get(CATALOG_KEY);
    published = bytes ? (unpack(bytes) as Catalog) : undefined;
  } finally {
    await store.close();
  }
  const stamps = new Map(
    (published?.scenarios ?? []).filter((e) => e.superseded_by === null).map((e) => [e.scenario.name, e.build_stamp]),
  );
  const inputs = generatorInputsHash();
  const stale = loadScenarioSources(srcDir).filter((l) => stamps.get(l.source.name) !== stampOf(l, inputs));
  // The costliest first, each to the slice with the least so far.
  const slices: (Slice & { cost: number })[] = Array.from(
    { length: Math.min(Number(values.slices), stale.length) },
    (_, k) => ({
      index: k + 1,
      names: [],
      cost: 0,
    }),
  );
  // A twin pair goes to one slice: what the two share is then stored once (build/store/dedup.ts).
  const groups = new Map<string, typeof stale>();
  for (const l of stale) {
    const key = l.source.twin ? [l.source.name, l.source.twin.name].sort().join(" ") : l.source.name;
    groups.set(key, [...(groups.get(key) ?? []), l]);
  }
  const costOf = (group: typeof stale) => group.reduce((n, l) => n + generationCost(l.source), 0);
  for (const group of [...groups.values()].sort((a, b) => costOf(b) - costOf(a))) {
    const lightest = slices.reduce((a, b) => (b.cost < a.cost ? b : a));
    lightest.names.push(...group.map((l) => l.source.name));
    lightest.cost += costOf(group);
  }
  console.error(`${stale.length} of the library's scenarios to build, in ${slices.length} slices`);
  console.log(`slices=${JSON.stringify(slices.map(({ index, names }) => ({ index, names })))}`);
}

async function build(): Promise<void> {
  const slice = JSON.parse(values.slice ?? "null") as Slice | null;
  if (!slice || !values.out) throw new Error("build needs --slice JSON and --out DIR");
  const result = await buildLibrary({ srcDir, outDir: resolve(values.out), names: slice.names });
  let failed = false;
  for (const [name, report] of result.reports)
    if (!report.healthy) {
      failed = true;
      const checks = report.checks.filter((c) => !c.passed && c.severity === "error").map((c) => c.name);
      const hidden = (result.branchFailures.get(name) ?? []).map((f) => `in its branch, ${f}`);
      console.error(`${name} failed validation: ${[...checks, ...hidden].join("; ")}`);
    }
  if (failed) process.exit(1);
  // The slice's scenarios and the masked twins made of them.
  await buildExports(resolve(values.out), { names: [...result.ids.keys()], log: (line) => console.error(line) });
}

async function upload(): Promise<void> {
  if (!values.bundles) throw new Error("upload needs --bundles DIR");
  const store = await openStore();
  try {
    const r = await publishBundles({
      bundlesDir: resolve(values.bundles),
      store,
      catalog: false,
      log: (l) => console.log(l),
    });
    console.log(`${r.published.length} uploaded, ${r.skipped.length} already there (${(r.bytes / 1e6).toFixed(1)} MB)`);
  } finally {
    await store.close();
  }
}

async function switchAll(): Promise<void> {
  if (!values.catalogs) throw new Error("switch needs --catalogs DIR");
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name === CATALOG_KEY) files.push(path);
    }
  };
  walk(resolve(values.catalogs));
  if (!files.length) throw new Error(`no ${CATALOG_KEY} under ${values.catalogs}`);
  const slices = files.map((f) => unpack(readFileSync(f)) as Catalog);
  const local: Catalog = { ...slices[0], scenarios: slices.flatMap((c) => c.scenarios) };
  const store = await openStore();
  try {
    const retired = existsSync(join(srcDir, RETIRED_FILE)) ? retiredIds(join(srcDir, RETIRED_FILE)) : new Set<string>();
    const written = await switchCatalog(store, local, retired);
    console.log(
      written
        ? `catalog switched: ${local.scenarios.length} scenarios of ${files.length} slices listed`
        : "catalog unchanged",
    );
  } finally {
    await store.close();
  }
}

const steps: Record<typeof step, () => Promise<void>> = { plan, build, upload, switch: switchAll };
await steps[step]();
