// Masked twins (docs/masked-twins.md): the library's test-split scenario of the default subset,
// ai-capex-branch-2026, has a masked twin. Crawled whole (every route, every instrument, as of its
// last day, the hidden branch included), the twin names none of the original's tickers, companies,
// CIKs or years anywhere, texts included; its prices, statements and validation checks are the
// original's, under the pseudonyms and on dates moved by a multiple of 28 years.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, inject, it } from "vitest";
import { maskScenario } from "../../build/mask/mask-bundle.ts";
import { EXPORT_DATASETS } from "../../src/contract/exports.ts";
import { DEFAULT_NAMES, readCatalog } from "../support/bundles.ts";
import { crawl, type Crawl } from "../support/crawl.ts";
import { base, body, BRANCH, get, json, KEY, MASKED } from "./client.ts";

const bundlesDir = inject("bundlesDir");
const TWIN = MASKED;
const entry = readCatalog(bundlesDir).scenarios.find((e) => e.scenario.id === TWIN)!;

/** Every string of an answer's JSON (numbers are numbers: a volume of 2026 is not a year). */
function strings(text: string): string[] {
  const out: string[] = [];
  const walk = (v: unknown) => {
    if (typeof v === "string") out.push(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === "object") Object.values(v).forEach(walk);
  };
  walk(JSON.parse(text.slice(text.indexOf(" ") + 1)));
  return out;
}

const yearsOf = (s: string) =>
  [...s.matchAll(/(?<![0-9A-Za-z])((?:19|20)\d\d)(?![0-9A-Za-z])|_((?:19|20)\d\d)\d{4}_/g)].map((m) =>
    Number(m[1] ?? m[2]),
  );

type Bar = { time: string; open: number; high: number; low: number; close: number; volume: number };

describe("a masked twin", () => {
  let original: Crawl;
  let twin: Crawl;
  let facts: { ticker: string; name: string; cik: string }[];
  let shift: number;

  it("is listed as masked, under a name, theme and seed that do not name its original", async () => {
    const listed = (await body(`/scenarios?masked=true`)).scenarios as Record<string, any>[];
    expect(listed.map((s) => s.id)).toEqual([TWIN]);
    expect(listed[0].masked).toBe(true);
    const [of] = (await body(`/scenarios?name=${DEFAULT_NAMES.BRANCH}`)).scenarios as Record<string, any>[];
    expect(of.masked).toBe(false);
    expect((await body(`/scenarios?masked=false&limit=1000`)).scenarios.map((s: any) => s.id)).not.toContain(TWIN);
    const text = JSON.stringify(listed[0]);
    for (const word of [of.name, of.theme, String(of.seed), of.id, "ai-capex", "2026"])
      expect(text).not.toContain(word);
    expect(listed[0].dataset_split).toBe(of.dataset_split);
    shift = Number(listed[0].start_date.slice(0, 4)) - Number(of.start_date.slice(0, 4));
    expect(shift % 28).toBe(0);
    expect(Number(listed[0].start_date.slice(0, 4))).toBeGreaterThanOrEqual(2040);
    // Same weekdays: the 28-year cycle.
    expect(new Date(listed[0].start_date).getUTCDay()).toBe(new Date(of.start_date).getUTCDay());
    expect(listed[0].start_date.slice(4)).toBe(of.start_date.slice(4));
  });

  it("names no ticker, company, CIK or year of its original anywhere, texts included", async () => {
    const [of] = (await body(`/scenarios?name=${DEFAULT_NAMES.BRANCH}`)).scenarios as Record<string, any>[];
    original = await crawl(base, KEY, BRANCH, of.end_date);
    twin = await crawl(base, KEY, TWIN, entry.scenario.end_date);
    expect(twin.rows).toBeGreaterThan(3_000);
    expect(twin.rows).toBe(original.rows);
    expect(twin.answers.size).toBe(original.answers.size);

    facts = [];
    for (const ticker of (await body(`/company/facts/tickers?scenario_id=${BRANCH}`)).tickers as string[])
      facts.push((await body(`/company/facts?scenario_id=${BRANCH}&ticker=${ticker}`)).company_facts);
    const instruments = (await body(`/prices/tickers?scenario_id=${BRANCH}`)).tickers as string[];
    // The original's years: every year its crawl writes in a string.
    const originalYears = new Set<number>();
    for (const answer of original.answers.values())
      for (const s of strings(answer)) for (const y of yearsOf(s)) originalYears.add(y);
    expect(originalYears.size).toBeGreaterThan(2);

    const tickerPattern = new RegExp(
      `(?<![A-Za-z0-9])(${instruments.filter((t) => t.length > 1).join("|")})(?![A-Za-z0-9])`,
    );
    const found: string[] = [];
    for (const [request, answer] of twin.answers) {
      for (const s of strings(answer)) {
        const where = `${request}: ${s.slice(0, 120)}`;
        if (instruments.includes(s)) found.push(`ticker ${where}`);
        if (tickerPattern.test(s)) found.push(`ticker in text ${where}`);
        for (const f of facts) {
          if (s.includes(f.name)) found.push(`name ${f.name} ${where}`);
          if (s.includes(f.name.split(/[ ,]/)[0]) && f.name.split(/[ ,]/)[0].length > 3)
            found.push(`name word ${where}`);
          if (f.cik && (s.includes(f.cik) || s.includes(`/${Number(f.cik)}/`))) found.push(`cik ${where}`);
        }
        for (const y of yearsOf(s)) if (originalYears.has(y)) found.push(`year ${y} ${where}`);
      }
    }
    expect(found.slice(0, 20)).toEqual([]);
  }, 600_000);

  it("serves the original's prices, statements and checks under the pseudonyms and the moved dates", async () => {
    const moved = (d: string) => `${Number(d.slice(0, 4)) + shift}${d.slice(4)}`;
    const bars = async (id: string, ticker: string, end: string) =>
      (await body(`/prices?scenario_id=${id}&ticker=${ticker}&as_of=${end}&limit=5000`)).prices as Bar[];
    const [of] = (await body(`/scenarios?name=${DEFAULT_NAMES.BRANCH}`)).scenarios as Record<string, any>[];
    const ofTickers = (await body(`/prices/tickers?scenario_id=${BRANCH}`)).tickers as string[];
    const twinTickers = (await body(`/prices/tickers?scenario_id=${TWIN}`)).tickers as string[];
    expect(twinTickers.length).toBe(ofTickers.length);
    const twinBars = new Map<string, Bar[]>();
    for (const t of twinTickers) twinBars.set(t, await bars(TWIN, t, entry.scenario.end_date));
    // Each original instrument has exactly one twin instrument with the same bars on the moved days.
    const pseudonym = new Map<string, string>();
    for (const t of ofTickers) {
      const expected = (await bars(BRANCH, t, of.end_date)).map((b) => ({ ...b, time: moved(b.time) }));
      const same = [...twinBars].filter(
        ([, b]) =>
          JSON.stringify(b.map(({ ticker: _, ...r }: any) => r)) ===
          JSON.stringify(expected.map(({ ticker: _, ...r }: any) => r)),
      );
      expect(same.length, t).toBe(1);
      pseudonym.set(t, same[0][0]);
    }
    expect(new Set(pseudonym.values()).size).toBe(ofTickers.length);

    for (const f of facts) {
      for (const path of [
        "/financials/income-statements",
        "/financials/balance-sheets",
        "/financials/cash-flow-statements",
      ]) {
        const rows = async (id: string, ticker: string, end: string) =>
          Object.values(
            await body(`${path}?scenario_id=${id}&ticker=${ticker}&period=quarterly&limit=100&as_of=${end}`),
          )[0] as Record<string, unknown>[];
        const ofRows = await rows(BRANCH, f.ticker, of.end_date);
        const twinRows = await rows(TWIN, pseudonym.get(f.ticker)!, entry.scenario.end_date);
        expect(ofRows.length).toBeGreaterThan(0);
        const numbers = (r: Record<string, unknown>) => Object.entries(r).filter(([, v]) => typeof v === "number");
        expect(twinRows.map(numbers)).toEqual(ofRows.map(numbers));
        expect(twinRows.map((r) => r.report_period)).toEqual(ofRows.map((r) => moved(r.report_period as string)));
      }
    }

    const checks = async (id: string) => (await body(`/scenarios/${id}/validation`)).validation;
    const ofReport = await checks(BRANCH);
    const twinReport = await checks(TWIN);
    expect(twinReport.healthy).toBe(ofReport.healthy);
    expect(twinReport.checks.length).toBeGreaterThan(20);
    // A check's text names tickers and dates; what it measured and the band are the original's numbers.
    const numbers = (v: unknown): unknown =>
      typeof v === "number"
        ? v
        : Array.isArray(v)
          ? v.map(numbers)
          : v && typeof v === "object"
            ? Object.values(v).map(numbers)
            : null;
    const outcome = (c: Record<string, unknown>) => [
      c.name,
      c.family,
      c.passed,
      c.severity,
      numbers(c.observed),
      numbers(c.expected),
    ];
    expect(twinReport.checks.map(outcome)).toEqual(ofReport.checks.map(outcome));
  }, 300_000);

  it("has bulk exports, read through the worker, as masked as its answers", async () => {
    const exported = (await body(`/scenarios/${TWIN}/exports`)).exports;
    expect(exported.scenario_name).toBe(entry.scenario.name);
    const ofTickers = (await body(`/prices/tickers?scenario_id=${BRANCH}`)).tickers as string[];
    const files = (exported.files as { name: string; rows: number }[]).filter((f) => f.name.endsWith(".csv.gz"));
    expect(files.length).toBe(EXPORT_DATASETS.length);
    let rows = 0;
    for (const f of files) {
      const text = gunzipSync(
        new Uint8Array(await (await get(`/scenarios/${TWIN}/exports/${f.name}`)).arrayBuffer()),
      ).toString();
      rows += f.rows;
      for (const t of ofTickers.filter((t) => t.length > 1))
        expect(text, `${f.name} ${t}`).not.toMatch(new RegExp(`(?<![A-Za-z0-9])${t}(?![A-Za-z0-9])`));
      for (const c of facts) expect(text, f.name).not.toContain(c.name);
      // Every date is in the moved years.
      for (const m of text.matchAll(/(?<![0-9A-Za-z])((?:19|20)\d\d)-\d\d-\d\d/g))
        expect(Number(m[1]), f.name).toBeGreaterThanOrEqual(2040);
    }
    expect(rows).toBeGreaterThan(3_000);
  });

  it("lists its own index funds on /index-funds/tickers?scenario_id=, none of the library's real ones", async () => {
    const real = (await body(`/index-funds/tickers`)).tickers as string[];
    expect(real).toContain("SPY");
    for (const id of [TWIN, BRANCH]) {
      const res = await get(`/index-funds/tickers?scenario_id=${id}`);
      expect(res.status).toBe(200);
      const { tickers } = await json(res);
      const rows = (await body(`/index-funds?scenario_id=${id}&limit=1000`)).index_funds as { fund_ticker: string }[];
      expect(tickers).toEqual([...new Set(rows.map((r) => r.fund_ticker))].sort());
      expect(tickers.length).toBeGreaterThan(0);
      expect(res.headers.get("x-as-of")).toBe((await body(`/scenarios/${id}`)).scenario.current_date);
    }
    const twins = (await body(`/index-funds/tickers?scenario_id=${TWIN}`)).tickers as string[];
    expect(twins.filter((t) => real.includes(t))).toEqual([]);
    // An unknown or empty scenario_id is refused as on every route, with a JSON detail.
    const unknown = await get(`/index-funds/tickers?scenario_id=no-such-scenario`);
    expect(unknown.status).toBe(404);
    expect((await json(unknown)).detail).toMatch(/^Scenario not found: no scenario has the id 'no-such-scenario'/);
    const empty = await get(`/index-funds/tickers?scenario_id=`);
    expect(empty.status).toBe(422);
    expect((await json(empty)).detail).toBe("Query parameter 'scenario_id' must not be empty");
  });

  it("is the same bytes when masked again", () => {
    const dir = mkdtempSync(join(tmpdir(), "masked-"));
    try {
      const again = maskScenario(join(bundlesDir, "scenarios", BRANCH), dir);
      expect(again.manifest.scenario.id).toBe(TWIN);
      const manifest = (root: string) => readFileSync(join(root, "scenarios", TWIN, "manifest.mpk"));
      expect(manifest(dir).equals(manifest(bundlesDir))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
