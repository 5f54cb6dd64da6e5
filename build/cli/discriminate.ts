// `npm run realism:discriminate` (its options: `npm run realism:discriminate -- --help`): the classifier
// two-sample test of docs/realism-discriminator.md. Generates each scenario's index fund (SPY) and
// macro tape in memory, at its own seed and N-1 more, writes them as JSON to a temporary directory,
// and runs build/realism/discriminate.py against the S&P 500 and VIX that the `arch` package ships,
// in a venv of its own (.local/realism-venv, git-ignored; build/cli/realism-venv.ts). Prints the Markdown report.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ScenarioSource } from "../ground/scenario-source.ts";
import { DISCRIMINATE } from "./commands.ts";
import { ensureVenv, scriptReport } from "./realism-venv.ts";
import { positiveInteger, seededRun } from "./seeded-run.ts";

const { sources, seeds, out, values } = await seededRun(DISCRIMINATE);
const permutations = positiveInteger("--permutations", values.permutations);
// The project's modules load once the command line is read, so that --help answers at once.
const { marketWithSpy } = await import("./market-spy.ts");
const { INDEX_BANDS } = await import("../families/stocks/realism-returns.ts");
const { ROOT } = await import("../serve/worker-bundle.ts");

const PYTHON_DEPS = ["arch", "scikit-learn", "pandas", "numpy"];

/** A scenario's public series up to its current_date: its days, SPY's closes, the macro tape's market return and VIX. */
function series(source: ScenarioSource) {
  const { world, spy, n } = marketWithSpy(source);
  return {
    scenario: source.name,
    seed: source.seed,
    days: world.days.slice(0, n),
    spy_close: spy.bars.slice(0, n).map((b) => b.close),
    market_return: world.macro.slice(0, n).map((m) => m.market_return),
    vix: world.macro.slice(0, n).map((m) => m.volatility_index),
  };
}

const dir = mkdtempSync(join(tmpdir(), "discriminate-"));
try {
  const files = sources.flatMap((source) =>
    Array.from({ length: seeds }, (_, k) => {
      const file = join(dir, `${source.name}-${k}.json`);
      writeFileSync(file, JSON.stringify(series({ ...source, seed: source.seed + k })));
      return file;
    }),
  );
  const bands = join(dir, "index-bands.json");
  writeFileSync(bands, JSON.stringify(INDEX_BANDS));
  const python = ensureVenv(PYTHON_DEPS, ["arch", "sklearn", "pandas", "numpy"]);
  const script = join(ROOT, "build/realism/discriminate.py");
  const args = [script, "--bands", bands, "--permutations", String(permutations), ...files];
  const report = scriptReport(python, args);
  if (out) writeFileSync(out, report);
  process.stdout.write(report);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
