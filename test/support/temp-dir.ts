// Global setup of every test run: the run's processes (test workers, the runtimes and builds they
// start) get a temp directory of their own, removed when the run ends, so a run leaves nothing in
// the machine's temp directory, not even what a library removes only after its process has gone.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export default function setup() {
  if (process.env.SYNTHMARKET_TEST_TMPDIR) return; // the root and each project run this setup
  const dir = mkdtempSync(join(tmpdir(), "synthmarket-test-"));
  process.env.TMPDIR = process.env.SYNTHMARKET_TEST_TMPDIR = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
