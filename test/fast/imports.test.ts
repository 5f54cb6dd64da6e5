// The import graph of src/ and build/ (docs/development.md, "Layout"), read by dependency-cruiser with
// type-only imports counted: a cycle between files fails the suite, whatever kind of import closes it,
// and so does one between folders (build/ground below the generator, pipeline/ above it; in src/, a
// file at the top, such as env.ts, counts as a folder of its own).
import { cruise, type ICruiseResult } from "dependency-cruiser";
import { beforeAll, describe, expect, it } from "vitest";

let graph: ICruiseResult;

beforeAll(async () => {
  const { output } = await cruise(["src", "build"], {
    tsPreCompilationDeps: true,
    includeOnly: "^(src|build)/",
    validate: true,
    ruleSet: { forbidden: [{ name: "no-circular", severity: "error", from: {}, to: { circular: true } }] },
  });
  graph = output as ICruiseResult;
});

/** A module's folder: `build/families` for build/families/news/family.ts; a file at the top is its own. */
const folderOf = (path: string) => path.split("/").slice(0, 2).join("/");

/** Folders of `root` that import each other, directly or round a loop (strongly connected, Tarjan). */
function folderLoops(root: string): string[][] {
  const edges = new Map<string, Set<string>>();
  for (const m of graph.modules)
    for (const d of m.dependencies) {
      const [from, to] = [folderOf(m.source), folderOf(d.resolved)];
      if (from !== to && from.startsWith(`${root}/`) && to.startsWith(`${root}/`))
        edges.set(from, (edges.get(from) ?? new Set()).add(to));
    }
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const loops: string[][] = [];
  const visit = (v: string) => {
    order.set(v, order.size);
    low.set(v, order.get(v)!);
    stack.push(v);
    for (const w of edges.get(v) ?? []) {
      if (!order.has(w)) visit(w);
      if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, low.get(w)!));
    }
    if (low.get(v) !== order.get(v)) return;
    const loop = stack.splice(stack.indexOf(v));
    if (loop.length > 1) loops.push(loop.sort());
  };
  for (const v of edges.keys()) if (!order.has(v)) visit(v);
  return loops;
}

/** A family's folder (`src/families/news`, `build/families/news`), or undefined for a file outside one. */
const familyOf = (path: string) => /^(src|build)\/families\/[^/]+\//.exec(path)?.[0];
/** A list that names the families: a module at the top of `src/families` or `build/families`. */
const isRegistry = (path: string) => /^(src|build)\/families\/[^/]+\.ts$/.test(path);
/** Folders every family stands on: none of them may name one. */
const SHARED = [
  "src/http/",
  "src/bundle/",
  "src/contract/",
  "build/ground/",
  "build/models/",
  "build/realism/",
  "build/pipeline/",
];

describe("imports", () => {
  it("form no cycle between files of src/ or build/", () => {
    const cycles = graph.summary.violations.map((v) => [v.from, ...(v.cycle ?? []).map((s) => s.name)].join(" > "));
    expect(cycles).toEqual([]);
  });

  it.each(["src", "build"])("form no cycle between the folders of %s/", (root) => {
    expect(folderLoops(root)).toEqual([]);
  });

  it("leave the shared folders naming no family, but for the pipeline reading the registries", () => {
    const named = graph.modules
      .filter((m) => SHARED.some((folder) => m.source.startsWith(folder)))
      .flatMap((m) => m.dependencies.map((d) => [m.source, d.resolved] as const))
      .filter(([from, to]) => familyOf(to) || (isRegistry(to) && !from.startsWith("build/pipeline/")));
    expect(named.map(([from, to]) => `${from} > ${to}`)).toEqual([]);
  });
});
