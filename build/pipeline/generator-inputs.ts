// What generation depends on besides a scenario's source, so that a build rebuilds exactly what an
// edit can change: every module the scenario build imports (esbuild follows the imports, as it does
// to bundle the worker), the reference data those modules read (build/refdata, and a module's own
// data files beside it that it names: phrases.yaml for phrases.ts), and the version of each package they import.
// Imports of types alone are no input: they do not run.
import { buildSync } from "esbuild";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { ROOT } from "../serve/worker-bundle.ts";

/** Where generation starts: the build of one scenario (library.ts and its worker threads run it). */
const ENTRY = "build/pipeline/scenario-build.ts";
/** Files read at run time rather than imported: the reference data (and each module's own YAML, below). */
const DATA_DIR = "build/refdata";

interface Imports {
  files: string[];
  packages: string[];
}

const found = new Map<string, Imports>();

/** A data file a module reads from beside it. */
const OWN_DATA_FILE = /new URL\("\.\/([\w.-]+\.ya?ml)", import\.meta\.url\)/g;

/** The project's files that `entries` import (and the reference data), and the packages they import. */
function importsOf(entries: readonly string[]): Imports {
  const known = found.get(entries.join("\n"));
  if (known) return known;
  const { metafile } = buildSync({
    entryPoints: [...entries],
    absWorkingDir: ROOT,
    bundle: true,
    write: false,
    metafile: true,
    platform: "node",
    format: "esm",
    packages: "external",
    logLevel: "silent",
    outdir: "unused", // several entries need one; nothing is written
  });
  const packages = new Set<string>();
  for (const output of Object.values(metafile.outputs))
    for (const { path, external } of output.imports) {
      if (!external || path.startsWith("node:") || path.startsWith("cloudflare:")) continue;
      const parts = path.split("/");
      packages.add(path.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]);
    }
  const modules = Object.keys(metafile.inputs);
  const data = readdirSync(join(ROOT, DATA_DIR)).map((name) => `${DATA_DIR}/${name}`);
  // A module that reads a data file at load keeps it beside it and names it (`new URL("./x.yaml", import.meta.url)`).
  const own = modules.flatMap((m) =>
    [...readFileSync(join(ROOT, m), "utf8").matchAll(OWN_DATA_FILE)]
      .map((match) => join(dirname(m), match[1]))
      .filter((f) => existsSync(join(ROOT, f))),
  );
  const imports = {
    files: [...new Set([...modules, ...data, ...own])].sort(),
    packages: [...packages].sort(),
  };
  found.set(entries.join("\n"), imports);
  return imports;
}

/** The project's files generation depends on, relative to the root. */
export function generatorInputFiles(): string[] {
  return importsOf([ENTRY]).files;
}

/** A hash of the generator's inputs: its files' contents (as `read` gives them) and its packages' versions. */
export function generatorInputsHash(read: (path: string) => string | Uint8Array = readFileSync): string {
  return inputsHash([ENTRY], read);
}

/** A hash of what code starting at `entries` runs: the files they import, the reference data, the packages' versions. */
export function inputsHash(
  entries: readonly string[],
  read: (path: string) => string | Uint8Array = readFileSync,
): string {
  const hash = createHash("sha256");
  const { files, packages } = importsOf(entries);
  for (const file of files) hash.update(file).update(read(join(ROOT, file)));
  for (const name of packages) {
    const { version } = JSON.parse(readFileSync(join(ROOT, "node_modules", name, "package.json"), "utf8"));
    hash.update(`${name}@${version}`);
  }
  return hash.digest("hex");
}
