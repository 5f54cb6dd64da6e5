// `npm run publish:bundles`: upload the built bundles to the deployment's R2 bucket with wrangler.
// Published scenarios are immutable: a scenario whose manifest is already in the bucket is skipped
// when identical and refused when different (give a changed scenario a new id). Shards and the
// validation report go first, then the manifest, and the catalog last, so readers never see a
// scenario whose objects are not all there.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pack, unpack } from "msgpackr";
import { CATALOG_KEY, manifestKey } from "../src/bundle/layout.ts";
import type { Catalog, Manifest } from "../src/bundle/types.ts";
import { DEFAULT_OUT_DIR } from "./build-scenarios.ts";
import { ROOT } from "./worker-bundle.ts";

const bucket = /bucket_name\s*=\s*"([^"]+)"/.exec(readFileSync(join(ROOT, "wrangler.toml"), "utf8"))?.[1];
if (!bucket) throw new Error("wrangler.toml has no r2 bucket_name");
const scratch = mkdtempSync(join(tmpdir(), "publish-"));

function r2(args: string[]): void {
  execFileSync("wrangler", ["r2", "object", ...args, "--remote"], {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "inherit"],
  });
}

function upload(key: string, file: string): void {
  r2(["put", `${bucket}/${key}`, "--file", file]);
}

/** The remote object's bytes, or null when absent. */
function download(key: string): Buffer | null {
  const file = join(scratch, "download");
  rmSync(file, { force: true });
  try {
    r2(["get", `${bucket}/${key}`, "--file", file]);
  } catch {
    return null;
  }
  return existsSync(file) ? readFileSync(file) : null;
}

try {
  const local = unpack(readFileSync(join(DEFAULT_OUT_DIR, CATALOG_KEY))) as Catalog;
  for (const entry of local.scenarios) {
    const id = entry.scenario.id;
    const manifestFile = join(DEFAULT_OUT_DIR, manifestKey(id));
    const remote = download(manifestKey(id));
    if (remote && remote.equals(readFileSync(manifestFile))) {
      console.log(`${entry.scenario.name}: already published`);
      continue;
    }
    if (remote) throw new Error(`${entry.scenario.name} (${id}) is published with different content; give it a new id`);
    const manifest = unpack(readFileSync(manifestFile)) as Manifest;
    const keys = [...Object.values(manifest.shards).map((s) => s.key), manifest.validation_key];
    keys.forEach((key, i) => {
      upload(key, join(DEFAULT_OUT_DIR, key));
      process.stdout.write(`\r${entry.scenario.name}: ${i + 1}/${keys.length} objects`);
    });
    upload(manifestKey(id), manifestFile);
    console.log(`\n${entry.scenario.name}: published`);
  }
  // Merge with what the bucket already lists, so scenarios published from elsewhere stay listed.
  const remoteCatalogBytes = download(CATALOG_KEY);
  const remoteCatalog = remoteCatalogBytes ? (unpack(remoteCatalogBytes) as Catalog) : { ...local, scenarios: [] };
  const localIds = new Set(local.scenarios.map((e) => e.scenario.id));
  const merged: Catalog = {
    ...local,
    scenarios: [...remoteCatalog.scenarios.filter((e) => !localIds.has(e.scenario.id)), ...local.scenarios],
  };
  const catalogFile = join(scratch, "catalog.mpk");
  writeFileSync(catalogFile, pack(merged));
  upload(CATALOG_KEY, catalogFile);
  console.log(`catalog: ${merged.scenarios.length} scenarios`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
