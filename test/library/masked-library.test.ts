// Masked twins of the library's hard cases, built whole: test-split scenarios whose universes hold
// one-letter tickers and IT (test/support/fixtures.ts, HARD_TICKERS). Every string their twins store (each shard's keys, rows and name, the
// manifest and the report) is free of the original's tickers, names, CIKs and years.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { unpack } from "msgpackr";
import { beforeAll, describe, expect, it } from "vitest";
import { maskedName } from "../../build/mask/mask-bundle.ts";
import { MANIFEST_PATH, VALIDATION_PATH } from "../../src/bundle/layout.ts";
import { Shard } from "../../src/bundle/shard.ts";
import { readCatalog } from "../support/bundles.ts";
import { HARD_TICKERS, HARD_TICKERS_LIBRARY } from "../support/fixtures.ts";
import { fixtureLibrary } from "../support/libraries.ts";

const NAMES = HARD_TICKERS;
/** Columns whose strings are tickers, where a one-letter ticker is one. */
const TICKER_COLUMNS = new Set(["ticker", "holding_ticker", "mentioned_tickers", "holdings"]);

let outDir: string;
beforeAll(async () => void (outDir = await fixtureLibrary(HARD_TICKERS_LIBRARY)), 600_000);

/** Every string a built scenario stores, with its column (or object key) and where it stands. */
function strings(dir: string, visit: (s: string, column: string | undefined, where: string) => void): void {
  const walk = (v: unknown, column: string | undefined, where: string) => {
    if (typeof v === "string") visit(v, column, where);
    else if (Array.isArray(v)) v.forEach((x) => walk(x, column, where));
    else if (v instanceof Uint8Array) {
      if (v[0] === 0x7b) walk(JSON.parse(new TextDecoder().decode(v)), undefined, where); // a snapshot row's text
    } else if (v && typeof v === "object") for (const [k, x] of Object.entries(v)) walk(x, k, where);
  };
  const files = (d: string): string[] =>
    readdirSync(d).flatMap((f) => (statSync(join(d, f)).isDirectory() ? files(join(d, f)) : [join(d, f)]));
  for (const file of files(join(dir, "shards"))) {
    const where = relative(dir, file);
    visit(where, "path", where);
    const shard = new Shard(new Uint8Array(readFileSync(file)));
    for (const key of shard.keys) visit(key, "key", where);
    if (shard.binary) continue;
    const rows = shard.columns[3] === "text" ? shard.rows(0, shard.length) : shard.objects(0, shard.length);
    walk(rows, undefined, where);
  }
  walk(unpack(readFileSync(join(dir, MANIFEST_PATH))), undefined, "manifest");
  walk(unpack(readFileSync(join(dir, VALIDATION_PATH))), undefined, "report");
}

describe("masked twins of one-letter and word tickers", () => {
  it.each(NAMES)("%s: its twin stores none of its tickers, names, CIKs or years", (name) => {
    const catalog = readCatalog(outDir).scenarios;
    const dirOf = (n: string) => join(outDir, "scenarios", catalog.find((e) => e.scenario.name === n)!.scenario.id);
    const original = dirOf(name);
    const companies = new Shard(new Uint8Array(readFileSync(join(original, "shards/companies.mpk"))));
    const facts = companies.objects(0, companies.length) as { name: string; cik: string }[];
    const tickers = new Shard(new Uint8Array(readFileSync(join(original, "shards/instruments.mpk")))).keys;
    const years = new Set<number>();
    strings(original, (s) => {
      for (const m of s.matchAll(/(?<![0-9A-Za-z])((?:19|20)\d\d)-[01]\d-[0-3]\d(?![0-9])/g)) years.add(Number(m[1]));
    });
    const short = new Set(tickers.filter((t) => t.length <= 2));
    const word = new RegExp(`(?<![A-Za-z0-9])(${tickers.filter((t) => t.length > 1).join("|")})(?![A-Za-z0-9])`);

    const found: string[] = [];
    strings(dirOf(maskedName(name)), (s, column, where) => {
      const at = `${where}: ${s.slice(0, 100)}`;
      if (tickers.includes(s) && (TICKER_COLUMNS.has(column ?? "") || s.length > 1)) found.push(`ticker ${at}`);
      const m = word.exec(s);
      // A two-letter ticker before a capitalized word is a word of a name (`IT Services`), as the mask reads it.
      if (m && !(m[0].length === 2 && /^ [A-Z]/.test(s.slice(m.index + 2)))) found.push(`ticker in text ${at}`);
      if ((column === "key" || column === "path") && s.split(/[ /_]/).some((w) => short.has(w) && w.length === 1))
        found.push(`one-letter ticker in a ${column} ${at}`);
      for (const f of facts) if (s.includes(f.name) || s.includes(f.cik)) found.push(`company ${f.name} ${at}`);
      for (const y of s.matchAll(
        /(?<![0-9A-Za-z.,$])((?:19|20)\d\d)(?![0-9A-Za-z]|[.,]\d)|_((?:19|20)\d\d)\d{4}(?=_|$)/g,
      ))
        if (years.has(Number(y[1] ?? y[2]))) found.push(`year ${y[1] ?? y[2]} ${at}`);
    });
    expect(found.slice(0, 10)).toEqual([]);
  });

  it("cover one-letter tickers and IT", () => {
    const tickers = NAMES.flatMap((name) => {
      const entry = readCatalog(outDir).scenarios.find((e) => e.scenario.name === name)!;
      return new Shard(
        new Uint8Array(readFileSync(join(outDir, "scenarios", entry.scenario.id, "shards/instruments.mpk"))),
      ).keys;
    });
    expect(tickers.filter((t) => t.length === 1).sort()).toEqual(["C", "F", "J", "V"]);
    expect(tickers).toContain("IT");
  });
});
