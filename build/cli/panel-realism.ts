// `npm run realism:panel` (its options: `npm run realism:panel -- --help`): single stocks and the
// cross-section against a real panel of stocks (docs/realism-panel.md). Generates each scenario's
// stocks (the company pass only through the stocks family: prices are all it reads) and SPY in
// memory, at its own seed and N-1 more, writes them as JSON to a temporary directory, and runs
// build/realism/panel_discriminate.py against skfolio's S&P 500 panel committed in
// build/realism/panels/skfolio-sp500 (and fBasics' DowJones30, fetched on demand for a scenario
// before 2001 or for --real-cross-check, the real panels against each other), in the realism venv
// (build/cli/realism-venv.ts). Prints the Markdown report.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ScenarioSource } from "../ground/scenario-source.ts";
import { PANEL_REALISM } from "./commands.ts";
import { unpackedPackage } from "./debian-package.ts";
import { ensureVenv, PANEL_PYTHON, scriptReport } from "./realism-venv.ts";
import { positiveInteger, seededRun } from "./seeded-run.ts";

const { sources, seeds, out, values } = await seededRun(PANEL_REALISM);
const permutations = positiveInteger("--permutations", values.permutations);
// The project's modules load once the command line is read, so that --help answers at once.
const { generateCompanies } = await import("../pipeline/world.ts");
const { marketWithSpy } = await import("./market-spy.ts");
const { FAMILIES } = await import("../families/registry.ts");
const { refCompanies } = await import("../models/refdata.ts");
const { worldStartingPoint } = await import("../families/universe/family.ts");
const { ROOT } = await import("../serve/worker-bundle.ts");

const PANEL = join(ROOT, "build/realism/panels/skfolio-sp500");
/** Where the DowJones30 panel is fetched to (GPL-2+ data: used, never committed). */
const DOW_DIR = join(ROOT, ".local", "realism-panels");
/** DowJones30's last day: it is fetched only for a scenario that starts before it. */
const DOW_JONES_30_END = "2001-01-02";
/** The families up to the stocks': a company's prices need no later family (test/worlds/market.test.ts does the same). */
const THROUGH_STOCKS = FAMILIES.families.slice(0, FAMILIES.families.findIndex((f) => f.name === "stocks") + 1);

/**
 * A scenario's public days up to its current_date: SPY's closes and each stock's public adjusted
 * closes and size tier; and the size tier this world gives (or would give) each ticker of the
 * reference data on its first day, the real panels' stocks among them (the universe's rule:
 * startingPoint on the same stream, so a real stock the world holds has its own tier).
 */
function panel(source: ScenarioSource) {
  const { world, scenario, spy, n } = marketWithSpy(source);
  const realTiers = Object.fromEntries(
    refCompanies().map(({ facts: { ticker } }) => [
      ticker,
      worldStartingPoint(ticker, world.days[0], scenario.rng).tier,
    ]),
  );
  const dayIndex = new Map(world.days.map((d, i) => [d, i]));
  const stocks = [];
  for (const company of generateCompanies(world, scenario, THROUGH_STOCKS)) {
    const { bars, first } = company.stock;
    // The bars before `first` are a listing company's private history: not public, not compared.
    const shown = bars.slice(first ?? 0).filter((b) => b.time <= source.current_date);
    if (shown.length === 0) continue;
    stocks.push({
      ticker: company.facts.ticker,
      sector: company.facts.sector,
      tier: company.sizeTier,
      start: dayIndex.get(shown[0].time),
      adj_close: shown.map((b) => b.adjusted_close),
    });
  }
  return {
    scenario: source.name,
    seed: source.seed,
    days: world.days.slice(0, n),
    spy_close: spy.bars.slice(0, n).map((b) => b.close),
    stocks,
    real_tiers: realTiers,
  };
}

/** Every ticker's sector in the reference data (build/models/refdata.ts): the real panels' sectors. */
const sectors = () => Object.fromEntries(refCompanies().map((c) => [c.facts.ticker, c.facts.sector]));

/**
 * fBasics' DowJones30 from Debian's r-cran-fbasics, fetched and unpacked on first use: its lazy-load
 * database's path (without .rdb/.rdx) and where it comes from; null when it cannot be had (an
 * optional panel: the report goes on without it).
 */
function dowJones30(): { base: string; source: string } | null {
  try {
    const { root, version } = unpackedPackage("r-cran-fbasics", DOW_DIR);
    const base = join(root, "usr/lib/R/site-library/fBasics/data/Rdata");
    return { base, source: `fBasics' DowJones30 of Debian's r-cran-fbasics ${version}` };
  } catch (e) {
    process.stderr.write(`${(e as Error).message}: no DowJones30\n`);
    return null;
  }
}

/**
 * The DowJones30 arguments of the script, when a scenario starts before its end or --real-cross-check
 * asks for the real panels against each other (the script does that whenever it has DowJones30), and
 * it and its reader can be had.
 */
function dowJones30Args(): string[] {
  if (!values["real-cross-check"] && !sources.some((s) => s.start_date < DOW_JONES_30_END)) return [];
  const panel = dowJones30();
  if (!panel) return [];
  try {
    ensureVenv([...PANEL_PYTHON.packages, "rdata"], [...PANEL_PYTHON.modules, "rdata"]);
  } catch {
    process.stderr.write("pip install rdata failed: no reader of R data, no DowJones30\n");
    return [];
  }
  return ["--dow-jones-30", panel.base, "--dow-jones-30-source", panel.source];
}

const dir = mkdtempSync(join(tmpdir(), "panel-realism-"));
try {
  const files = sources.flatMap((source) =>
    Array.from({ length: seeds }, (_, k) => {
      const seed = source.seed + k;
      const t0 = performance.now();
      const file = join(dir, `${source.name}-${k}.json`);
      const series = panel({ ...source, seed });
      writeFileSync(file, JSON.stringify(series));
      const seconds = ((performance.now() - t0) / 1000).toFixed(1);
      process.stderr.write(`${source.name} seed ${seed}: ${series.stocks.length} stocks in ${seconds} s\n`);
      return file;
    }),
  );
  const sectorsFile = join(dir, "sectors.json");
  writeFileSync(sectorsFile, JSON.stringify(sectors()));
  const python = ensureVenv(PANEL_PYTHON.packages, PANEL_PYTHON.modules);
  const script = join(ROOT, "build/realism/panel_discriminate.py");
  const args = [script, "--panel", PANEL, "--sectors", sectorsFile, "--permutations", String(permutations)];
  args.push(...dowJones30Args(), ...files);
  const report = scriptReport(python, args);
  if (out) writeFileSync(out, report);
  process.stdout.write(report);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
