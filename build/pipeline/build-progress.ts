// Progress of a library build: on a terminal, a bar for the library and one per scenario (companies
// done, then the steps after the company pass); otherwise a few lines per scenario.
import { MultiBar, Presets, type SingleBar } from "cli-progress";
import type { Progress } from "./scenario-build.ts";

export interface ScenarioProgress {
  step: Progress;
  built: () => void;
}

export interface LibraryProgress {
  scenario: (name: string) => ScenarioProgress;
  stop: () => void;
}

const SCENARIO_FORMAT = "{bar} {value}/{total} companies | {scenario}: {step}";
const LIBRARY_FORMAT = "{bar} {value}/{total} scenarios";
/** Redraws of a build that holds the thread (the bars' own timer cannot fire then). */
const REDRAW_MS = 100;

function bars(scenarios: number, holdsThread: boolean): LibraryProgress {
  const multi = new MultiBar({ format: SCENARIO_FORMAT, clearOnComplete: false }, Presets.shades_classic);
  const library = multi.create(scenarios, 0, {}, { format: LIBRARY_FORMAT });
  let drawn = 0;
  const redraw = () => {
    if (holdsThread && performance.now() - drawn > REDRAW_MS) {
      drawn = performance.now();
      multi.update();
    }
  };
  return {
    scenario: (name) => {
      let bar: SingleBar | undefined;
      return {
        step: (done, total, step) => {
          bar ??= multi.create(total, 0, { scenario: name, step });
          bar.setTotal(total);
          bar.update(done, { scenario: name, step });
          redraw();
        },
        built: () => {
          bar?.update(bar.getTotal(), { scenario: name, step: "built" });
          library.increment();
          redraw();
        },
      };
    },
    stop: () => multi.stop(),
  };
}

function lines(): LibraryProgress {
  return {
    scenario: (name) => {
      let quarter = -1;
      return {
        step: (done, total, step) => {
          const q = total > 0 ? Math.floor((4 * done) / total) : 4;
          if (step !== "companies") console.error(`[build] ${name}: ${step}`);
          else if (q !== quarter && q < 4) console.error(`[build] ${name}: ${done}/${total} companies`);
          quarter = q;
        },
        built: () => console.error(`[build] ${name}: built`),
      };
    },
    stop: () => {},
  };
}

const silent: LibraryProgress = { scenario: () => ({ step: () => {}, built: () => {} }), stop: () => {} };

/** `holdsThread`: the build runs in this thread, so bars are redrawn as progress is reported. */
export function libraryProgress(scenarios: number, quiet: boolean, holdsThread: boolean): LibraryProgress {
  if (quiet || scenarios === 0) return silent;
  return process.stderr.isTTY ? bars(scenarios, holdsThread) : lines();
}
