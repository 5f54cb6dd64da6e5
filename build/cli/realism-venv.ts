// The Python venv of the realism CLIs that run a script of build/realism (`realism:discriminate`,
// `realism:text`): .local/realism-venv (git-ignored), made on first use with the system's packages
// visible, filled from the machine's pip index.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The venv, under the repository's root (as build/serve/worker-bundle.ts's ROOT; not imported, so --help stays quick). */
export const VENV = join(fileURLToPath(new URL("../..", import.meta.url)), ".local", "realism-venv");

/** `realism:panel`'s packages (pip names) and modules: panel_discriminate.py imports discriminate.py's windows and classifier test, and that imports arch. */
export const PANEL_PYTHON = {
  packages: ["arch", "scikit-learn", "pandas", "numpy"],
  modules: ["arch", "sklearn", "pandas", "numpy"],
};

/**
 * The venv's python, made on first use; `packages` (pip names) are installed when one of `modules`
 * does not import, so later runs only check the imports. Returns the python's path.
 */
export function ensureVenv(packages: string[], modules: string[]): string {
  const python = join(VENV, "bin", "python");
  if (!existsSync(python))
    execFileSync("python3", ["-m", "venv", "--system-site-packages", VENV], { stdio: "inherit" });
  try {
    execFileSync(python, ["-c", `import ${modules.join(", ")}`], { stdio: "ignore" });
  } catch {
    execFileSync(join(VENV, "bin", "pip"), ["install", "--retries", "0", "-q", ...packages], { stdio: "inherit" });
  }
  return python;
}

/** A realism script's Markdown report: `python` runs `args` (the script first), its stderr passed through. */
export function scriptReport(python: string, args: string[]): string {
  return execFileSync(python, args, { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"], maxBuffer: 1 << 24 });
}
