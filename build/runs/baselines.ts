// The baselines of each scenario a library build holds (docs/runs.md, "Baselines"): cash, the
// benchmark held, and equal weight rebalanced monthly, run by the runs' engine over the scenario's
// bundle as the worker reads it, and kept beside its manifest (BASELINES_PATH). Derived from the
// shards alone, they are the same bytes at every build of the same content, and are written once.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pack, unpack } from "msgpackr";
import { BASELINES_PATH, MANIFEST_PATH } from "../../src/bundle/layout.ts";
import { BundleReader } from "../../src/bundle/reader.ts";
import type { BundleStore } from "../../src/bundle/store.ts";
import type { Manifest } from "../../src/bundle/types.ts";
import { find, Scenario } from "../../src/http/scenario.ts";
import type { BaselineScore } from "../../src/contract/scores.ts";
import { scoreBaselines } from "../../src/runs/baselines.ts";
import { BundleMarket } from "../../src/runs/bundle-market.ts";
import { broadFund } from "../../src/runs/window.ts";

/** The bundles directory as a store: its files by key. */
class DirectoryStore implements BundleStore {
  private readonly root: string;
  constructor(root: string) {
    this.root = root;
  }
  async get(key: string): Promise<Uint8Array | null> {
    const path = join(this.root, key);
    return existsSync(path) ? new Uint8Array(readFileSync(path)) : null;
  }
  async stream(): Promise<null> {
    throw new Error("the build reads whole objects");
  }
}

const CACHE_BYTES = 64 * 1024 * 1024;

/** The scenario's baselines, scored over its whole window. */
export async function baselinesOf(scenarioDir: string): Promise<BaselineScore[]> {
  const manifest = unpack(readFileSync(join(scenarioDir, MANIFEST_PATH))) as Manifest;
  const reader = new BundleReader(new DirectoryStore(join(scenarioDir, "..", "..")), CACHE_BYTES);
  const scenario = Scenario.ofManifest(reader, manifest, []);
  const [instruments, fund] = [await scenario.instruments(), broadFund(manifest)];
  if (!fund) return [];
  const companies = (await scenario.companies()).keys.filter((t) => find(instruments, t) >= 0);
  const s = manifest.scenario;
  const window = {
    scenario_id: s.id,
    current_date: s.current_date,
    start_date: s.start_date,
    // Served in the catalog to every key: a future branch's days after current_date stay hidden.
    end_date: s.current_date,
    benchmark: fund,
    companies,
  };
  return scoreBaselines(window, BundleMarket.ofManifest(reader, manifest));
}

/** Writes the scenario's baselines beside its manifest unless they are there. */
export async function writeBaselines(scenarioDir: string): Promise<void> {
  const path = join(scenarioDir, BASELINES_PATH);
  if (existsSync(path)) return;
  writeFileSync(path, pack(await baselinesOf(scenarioDir)));
}

/** The baselines kept beside a scenario's manifest, or none. */
export function readBaselines(scenarioDir: string): BaselineScore[] {
  const path = join(scenarioDir, BASELINES_PATH);
  return existsSync(path) ? (unpack(readFileSync(path)) as BaselineScore[]) : [];
}
