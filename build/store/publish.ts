// Publishing (`npm run publish:bundles`, build/cli/publish.ts): upload the built bundles to the
// deployment's R2 bucket (through R2's S3-compatible API, credentials from the environment, see
// object-store.ts), or to the local R2 persisted in a directory (which `npm start -- --r2 DIR` serves).
//
// Published scenarios are immutable: a scenario whose manifest is already in the bucket is skipped
// when identical and refused when different (give a changed scenario a new id); every manifest is
// checked before anything is uploaded. Order: the static assets, then for each new scenario every
// file under scenarios/<id>/ (many at once), then its manifest once all of them are there, and the
// catalog last, merged with the catalog in the bucket (each name's versions: the bucket's, then this
// build's, the last current; retired ids left out, catalog.ts). Readers find a scenario through the
// catalog only, so a publish that fails or is interrupted lists nothing new and changes nothing that a
// published scenario serves; running it again uploads what is missing and writes the catalog.
import { createHash } from "node:crypto";
import { createReadStream, existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { pack, unpack } from "msgpackr";
import { CATALOG_KEY, EXPORTS_PENDING, manifestKey, OBJECTS_DIR, REFERENCE_PREFIX } from "../../src/bundle/layout.ts";
import type { Catalog } from "../../src/bundle/types.ts";
import { linkedEntries } from "./catalog.ts";
import { objectsByInode } from "./dedup.ts";
import type { ObjectStore } from "./object-store.ts";

/**
 * Build bookkeeping that stays local: each scenario's build stamp, the bundles' versions of each name,
 * and the marker of an export `npm start` is building (a deployment never answers "being built").
 */
export const LOCAL_ONLY = new Set(["build-stamp.json", "versions.json", EXPORTS_PENDING]);
export const DEFAULT_CONCURRENCY = 16;

export interface PublishProgress {
  /** The scenario's name, or "assets". */
  label: string;
  done: number;
  total: number;
  bytes: number;
  totalBytes: number;
}

export interface PublishOptions {
  bundlesDir: string;
  store: ObjectStore;
  /** Uploads in flight at once. */
  concurrency?: number;
  /** Starts no more uploads and stops those in flight (as the store can); nothing new is listed, the publish rejects. */
  signal?: AbortSignal;
  /** After each object uploaded. */
  onProgress?: (progress: PublishProgress) => void;
  log?: (line: string) => void;
  /** Ids retired on purpose: the catalog lists them no more (their objects stay). */
  retired?: ReadonlySet<string>;
  /** false: upload the objects only, leaving the catalog to a later `switchCatalog` (a CI job of several). */
  catalog?: boolean;
}

export interface PublishReport {
  published: string[];
  skipped: string[];
  /** Objects and bytes uploaded (manifests and catalog included). */
  objects: number;
  bytes: number;
  /** Objects already in the bucket with the same bytes (assets, or left by an interrupted publish), not uploaded again. */
  reused: number;
  catalogScenarios: number;
  seconds: number;
}

/** A scenario's id is published with other content: publishing it again cannot fix that. */
export class RefusedError extends Error {}

interface LocalFile {
  key: string;
  path: string;
  size: number;
  /** The object kept once that it is a link to, and the reference uploaded in its place. */
  object?: LocalFile;
  reference?: Uint8Array;
}

/** Every file under dir, as store keys relative to root, build bookkeeping excepted. */
function filesUnder(root: string, dir: string): LocalFile[] {
  const files: LocalFile[] = [];
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = join(d, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() && !LOCAL_ONLY.has(entry.name))
        files.push({ key: relative(root, path).split(sep).join("/"), path, size: statSync(path).size });
    }
  };
  walk(dir);
  return files;
}

function md5File(path: string): Promise<string> {
  return new Promise((done, fail) => {
    const hash = createHash("md5");
    createReadStream(path)
      .on("data", (chunk) => hash.update(chunk))
      .on("end", () => done(hash.digest("hex")))
      .on("error", fail);
  });
}

/** Runs work over items with at most `concurrency` at once; on a failure or abort, starts no more. */
async function forEachConcurrently<T>(
  items: readonly T[],
  concurrency: number,
  signal: AbortSignal | undefined,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    while (!failure && next < items.length) {
      if (signal?.aborted) {
        failure = { error: signal.reason };
        break;
      }
      const item = items[next++]!;
      try {
        await work(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker));
  if (failure) throw failure.error;
  signal?.throwIfAborted();
}

export async function publishBundles(options: PublishOptions): Promise<PublishReport> {
  const started = performance.now();
  const { store, signal } = options;
  const root = resolve(options.bundlesDir);
  const concurrency = Math.max(1, options.concurrency ?? DEFAULT_CONCURRENCY);
  const log = options.log ?? ((line: string) => console.log(line));
  const report: PublishReport = {
    published: [],
    skipped: [],
    objects: 0,
    bytes: 0,
    reused: 0,
    catalogScenarios: 0,
    seconds: 0,
  };

  const local = unpack(readFileSync(join(root, CATALOG_KEY))) as Catalog;
  const scenarios = local.scenarios.map((entry) => {
    const id = entry.scenario.id;
    const manifestFile = join(root, manifestKey(id));
    if (!existsSync(manifestFile)) throw new Error(`${manifestKey(id)} is missing in ${root}: build first`);
    return { id, name: entry.scenario.name, manifest: readFileSync(manifestFile) };
  });

  // Immutability, checked for every scenario before anything is written.
  const published = new Set<string>();
  await forEachConcurrently(scenarios, concurrency, signal, async (s) => {
    const remote = await store.get(manifestKey(s.id));
    if (remote && !Buffer.from(remote).equals(s.manifest))
      throw new RefusedError(`${s.name} (${s.id}) is published with different content; give it a new id`);
    if (remote) published.add(s.id);
  });
  const pending = scenarios.filter((s) => !published.has(s.id));
  for (const s of scenarios.filter((s) => published.has(s.id))) {
    report.skipped.push(s.name);
    log(`${s.name}: already published`);
  }

  /** Uploads files (skipping those already there with the same bytes), many at once. */
  const upload = async (label: string, files: LocalFile[], prefix: string) => {
    const there = await store.list(prefix);
    const progress: PublishProgress = {
      label,
      done: 0,
      total: files.length,
      bytes: 0,
      totalBytes: files.reduce((n, f) => n + f.size, 0),
    };
    await forEachConcurrently(files, concurrency, signal, async (file) => {
      const stored = there.get(file.key);
      const body = file.reference ?? file;
      const size = file.reference?.byteLength ?? file.size;
      const md5 = file.reference ? createHash("md5").update(file.reference).digest("hex") : await md5File(file.path);
      if (stored && stored.size === size && stored.etag === md5) {
        report.reused++;
      } else {
        await store.put(file.key, body, signal);
        report.objects++;
        report.bytes += size;
      }
      progress.done++;
      progress.bytes += file.size;
      options.onProgress?.({ ...progress });
    });
  };

  // Static files the worker serves: not part of any scenario, rewritten when changed.
  if (existsSync(join(root, "assets"))) await upload("assets", filesUnder(root, join(root, "assets")), "assets/");

  // A shard kept once (a hard link to objects/, dedup.ts): its object is uploaded once, before the
  // scenarios, and each scenario's key holds a reference to it instead of its bytes.
  const storedOnce = objectsByInode(root);
  const filesOf = (s: (typeof pending)[number]): LocalFile[] =>
    filesUnder(root, join(root, `scenarios/${s.id}/`))
      .filter((f) => f.key !== manifestKey(s.id))
      .map((f) => {
        const object = storedOnce.get(statSync(f.path).ino);
        return object ? { ...f, object, reference: new TextEncoder().encode(`${REFERENCE_PREFIX}${object.key}`) } : f;
      });
  const files = new Map(pending.map((s) => [s.id, filesOf(s)]));
  const keptOnce = new Map([...files.values()].flat().flatMap((f) => (f.object ? [[f.object.key, f.object]] : [])));
  if (keptOnce.size) await upload("objects", [...keptOnce.values()], `${OBJECTS_DIR}/`);

  for (const s of pending) {
    const prefix = `scenarios/${s.id}/`;
    const objects = files.get(s.id)!;
    await upload(s.name, objects, prefix);
    signal?.throwIfAborted();
    await store.put(manifestKey(s.id), s.manifest, signal);
    report.objects++;
    report.bytes += s.manifest.byteLength;
    report.published.push(s.name);
    log(`${s.name}: published (${objects.length} objects and the manifest)`);
  }

  if (options.catalog === false) {
    report.seconds = (performance.now() - started) / 1000;
    return report;
  }
  const written = await switchCatalog(store, local, options.retired, signal);
  if (written) {
    report.objects++;
    report.bytes += written;
  }
  report.catalogScenarios = (unpack((await store.get(CATALOG_KEY))!) as Catalog).scenarios.length;
  log(`catalog: ${report.catalogScenarios} scenarios`);
  report.seconds = (performance.now() - started) / 1000;
  return report;
}

/**
 * Lists a catalog's scenarios in the bucket's: its own merged with what the bucket already lists (so
 * scenarios published from elsewhere stay listed), each name's versions the bucket's then these,
 * retired ids left out (catalog.ts), in one write, the last of a publish. Every listed scenario's
 * objects must be there already. Answers the bytes written (0 when the bucket already said the same).
 */
export async function switchCatalog(
  store: ObjectStore,
  local: Catalog,
  retired: ReadonlySet<string> = new Set(),
  signal?: AbortSignal,
): Promise<number> {
  signal?.throwIfAborted();
  const remoteBytes = await store.get(CATALOG_KEY);
  const remote = remoteBytes ? (unpack(remoteBytes) as Catalog) : { ...local, scenarios: [] };
  const localIds = new Set(local.scenarios.map((e) => e.scenario.id));
  const merged: Catalog = {
    ...local,
    scenarios: linkedEntries(
      [...remote.scenarios.filter((e) => !localIds.has(e.scenario.id)), ...local.scenarios],
      retired,
    ),
  };
  const catalog = pack(merged);
  if (remoteBytes && Buffer.from(remoteBytes).equals(catalog)) return 0;
  signal?.throwIfAborted();
  await store.put(CATALOG_KEY, catalog, signal);
  return catalog.byteLength;
}
