// Publishing (build/store/publish.ts). To the local R2 (miniflare's, persisted in a directory): a runtime
// serving it answers byte for byte what the bundles directory answers; a publish of a new scenario
// that fails or is interrupted halfway leaves every published answer as it was and lists nothing
// new, changed content under a published id is refused before anything is written, and running the
// publish again completes it. Through the S3 API (what the deployment uses), against a stand-in S3
// server on loopback that turns requests away now and then: retries, multipart, the catalog merge.
import { execFileSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import {
  appendFileSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join, relative, sep } from "node:path";
import { pack, unpack } from "msgpackr";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openLocalR2Store, openS3Store, type ObjectStore } from "../../build/store/object-store.ts";
import { LOCAL_ONLY, publishBundles, RefusedError } from "../../build/store/publish.ts";
import { CATALOG_KEY, manifestKey } from "../../src/bundle/layout.ts";
import { startTestRuntime } from "../support/runtime.ts";
import { BRANCH, get, KEY, MEGACAP, RATE_SHOCK } from "./client.ts";
import { SAMPLES } from "./samples.ts";

const PUBLISH_CLI = join(import.meta.dirname, "../../build/cli/publish.ts");
const bundlesDir = inject("bundlesDir");
const temp = mkdtempSync(join(tmpdir(), "publish-test-"));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

interface CatalogLike {
  scenarios: { scenario: { id: string; name: string } }[];
}
const md5 = (bytes: Buffer) => createHash("md5").update(bytes).digest("hex");
const readCatalog = (dir: string) => unpack(readFileSync(join(dir, CATALOG_KEY))) as CatalogLike;
const nameOf = (id: string) => readCatalog(bundlesDir).scenarios.find((e) => e.scenario.id === id)!.scenario.name;

/** Every file of a bundles directory that publishing uploads, as key -> bytes. */
function publishable(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const path = join(d, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (!LOCAL_ONLY.has(entry.name)) files.set(relative(dir, path).split(sep).join("/"), readFileSync(path));
    }
  };
  walk(dir);
  return files;
}

/** A copy of the default library with only some of its scenarios (what an earlier publish had). */
function libraryWith(ids: string[]): string {
  const dir = mkdtempSync(join(temp, "library-"));
  // A real copy (a test appends to a manifest in it), of the listed scenarios only.
  const listed = (path: string) => {
    const [top, id] = relative(bundlesDir, path).split(sep);
    return top !== "scenarios" || id === undefined || ids.includes(id);
  };
  cpSync(bundlesDir, dir, { recursive: true, filter: listed });
  const catalog = unpack(readFileSync(join(dir, CATALOG_KEY))) as CatalogLike;
  catalog.scenarios = catalog.scenarios.filter((e) => ids.includes(e.scenario.id));
  writeFileSync(join(dir, CATALOG_KEY), pack(catalog));
  return dir;
}

/** Requests whose answers must not change: every documented route, and each scenario's own. */
async function pathsFor(ids: string[]): Promise<string[]> {
  const paths = Object.values(SAMPLES);
  for (const id of ids) {
    const s = `scenario_id=${id}`;
    const tickers = ((await (await get(`/prices/tickers?${s}`)).json()) as { tickers: string[] }).tickers;
    paths.push(`/scenarios/${id}`, `/scenarios/${id}/validation`, `/prices/tickers?${s}`, `/companies?${s}`);
    for (const ticker of tickers.slice(0, 4)) paths.push(`/prices?${s}&ticker=${ticker}`);
    paths.push(`/company/facts?${s}&ticker=${tickers[0]}`, `/events/timeline?${s}&limit=20`);
  }
  return paths;
}

/** Status and body of each request, from a runtime started over the local R2 or a directory. */
async function answers(
  source: { r2PersistDir: string } | { bundlesDir: string },
  paths: string[],
): Promise<Map<string, string>> {
  const rt = await startTestRuntime({ bundlesDir: "", ...source });
  try {
    await rt.addKey(KEY, 1_000_000, "acct-main");
    const result = new Map<string, string>();
    for (const path of paths) {
      const res = await rt.get(path, KEY);
      result.set(path, `${res.status}\n${await res.text()}`);
    }
    return result;
  } finally {
    await rt.stop();
  }
}

async function withLocalR2<T>(dir: string, use: (store: ObjectStore) => Promise<T>): Promise<T> {
  const store = await openLocalR2Store(dir);
  try {
    return await use(store);
  } finally {
    await store.close();
  }
}

// Runtimes start and stop several times here, beside the other end-to-end files on two cores.
describe("publishing to the local R2", { timeout: 180_000 }, () => {
  const r2Dir = join(temp, "r2");
  const earlier = [MEGACAP, BRANCH];
  let earlierLibrary: string;
  /** What the publishes below put up: the earlier scenarios and one more. */
  let target: string;
  let paths: string[];
  let before: Map<string, string>;
  let catalogBefore: Uint8Array | null;

  beforeAll(async () => {
    earlierLibrary = libraryWith(earlier);
    target = libraryWith([...earlier, RATE_SHOCK]);
    paths = await pathsFor([...earlier, RATE_SHOCK]);
  });

  it("uploads every file and serves the same bytes as the bundles directory", async () => {
    const out = execFileSync(
      process.execPath,
      [PUBLISH_CLI, "--bundles", earlierLibrary, "--local", r2Dir, "--concurrency", "4"],
      { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
    );
    expect(out).toMatch(/2 published, 0 already there/);
    expect(out).toMatch(/catalog: 2 scenarios/);

    const files = publishable(earlierLibrary);
    await withLocalR2(r2Dir, async (store) => {
      const stored = await store.list("");
      expect([...stored.keys()].sort()).toEqual([...files.keys()].sort());
      for (const [key, bytes] of files) expect(stored.get(key)?.etag, key).toBe(md5(bytes));
      catalogBefore = await store.get(CATALOG_KEY);
    });

    before = await answers({ r2PersistDir: r2Dir }, paths);
    const fromDirectory = await answers({ bundlesDir: earlierLibrary }, paths);
    for (const path of paths) expect(before.get(path), path).toBe(fromDirectory.get(path));
    expect(before.get("/scenarios")).toContain(MEGACAP);
    expect(before.get("/scenarios")).not.toContain(RATE_SHOCK);
    expect(before.get(`/scenarios/${RATE_SHOCK}`)).toMatch(/^404/);
  });

  it("refuses changed content under a published id before writing anything", async () => {
    const changed = libraryWith([MEGACAP, BRANCH, RATE_SHOCK]);
    appendFileSync(join(changed, manifestKey(MEGACAP)), Buffer.from([0xc0]));
    await withLocalR2(r2Dir, async (store) => {
      const keys = [...(await store.list("")).keys()];
      await expect(publishBundles({ bundlesDir: changed, store, log: () => {} })).rejects.toThrow(RefusedError);
      expect([...(await store.list("")).keys()]).toEqual(keys);
    });
  });

  it("leaves published answers unchanged and lists nothing when a publish fails or is interrupted", async () => {
    const newName = nameOf(RATE_SHOCK);
    const newPrefix = `scenarios/${RATE_SHOCK}/`;
    const newObjects = [...publishable(target).keys()].filter((k) => k.startsWith(newPrefix)).length;
    await withLocalR2(r2Dir, async (store) => {
      // A store that fails on the 10th upload, as a connection dropping for good would.
      let puts = 0;
      const failing: ObjectStore = {
        ...store,
        put: (key, body, signal) =>
          ++puts === 10 ? Promise.reject(new Error("connection reset")) : store.put(key, body, signal),
      };
      await expect(
        publishBundles({ bundlesDir: target, store: failing, concurrency: 4, log: () => {} }),
      ).rejects.toThrow("connection reset");
      expect(await store.get(manifestKey(RATE_SHOCK))).toBeNull();
      expect(Buffer.from((await store.get(CATALOG_KEY))!).equals(catalogBefore!)).toBe(true);

      // Interrupted once half of the new scenario's objects are up.
      const controller = new AbortController();
      await expect(
        publishBundles({
          bundlesDir: target,
          store,
          concurrency: 4,
          signal: controller.signal,
          log: () => {},
          onProgress: (p) => {
            if (p.label === newName && p.done >= p.total / 2) controller.abort(new Error("interrupted"));
          },
        }),
      ).rejects.toThrow("interrupted");
      const there = await store.list(newPrefix);
      expect(there.size).toBeGreaterThanOrEqual(newObjects / 2 - 1);
      expect(there.size).toBeLessThan(newObjects);
      expect(there.has(manifestKey(RATE_SHOCK))).toBe(false);
      expect(Buffer.from((await store.get(CATALOG_KEY))!).equals(catalogBefore!)).toBe(true);
    });

    const after = await answers({ r2PersistDir: r2Dir }, paths);
    for (const path of paths) expect(after.get(path), path).toBe(before.get(path));
    expect(after.get("/scenarios")).not.toContain(RATE_SHOCK);
  });

  it("completes when run again, uploading only what is missing", async () => {
    const newObjects = [...publishable(target).keys()].filter((k) => k.startsWith(`scenarios/${RATE_SHOCK}/`));
    const report = await withLocalR2(r2Dir, (store) => publishBundles({ bundlesDir: target, store, log: () => {} }));
    expect(report.published).toEqual([nameOf(RATE_SHOCK)]);
    expect(report.skipped.sort()).toEqual(earlier.map(nameOf).sort());
    expect(report.reused).toBeGreaterThan(0);
    // Uploaded: the objects left missing, the manifest and the catalog; the assets were already there.
    const assets = [...publishable(target).keys()].filter((k) => k.startsWith("assets/")).length;
    expect(report.objects + report.reused).toBe(newObjects.length + 1 + assets);
    expect(report.catalogScenarios).toBe(3);

    const after = await answers({ r2PersistDir: r2Dir }, paths);
    const fromDirectory = await answers({ bundlesDir: target }, paths);
    for (const path of paths) expect(after.get(path), path).toBe(fromDirectory.get(path));
    expect(after.get("/scenarios")).toContain(RATE_SHOCK);
  });
});

// ---------------------------------------------------------------------------------------------
// A stand-in for R2's S3 API: path-style object PUT/GET, ListObjectsV2 and multipart uploads, no
// authentication. Each object's first PUT (and each part's) is answered 503 Service Unavailable.

interface FakeS3 {
  endpoint: string;
  objects: Map<string, Buffer>;
  requests: { method: string; url: string; status: number }[];
  close(): Promise<void>;
}

async function startFakeS3(bucket: string): Promise<FakeS3> {
  const objects = new Map<string, Buffer>();
  const etags = new Map<string, string>();
  const uploads = new Map<string, Map<number, Buffer>>();
  const refusedOnce = new Set<string>();
  const requests: FakeS3["requests"] = [];
  const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>${body}`;
  const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  const readBody = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url!, "http://s3");
    const [, bucketName, ...rest] = url.pathname.split("/");
    const key = rest.map(decodeURIComponent).join("/");
    const q = url.searchParams;
    const body = await readBody(req);
    const reply = (status: number, text = "", headers: Record<string, string> = {}) => {
      requests.push({ method: req.method!, url: req.url!, status });
      res.writeHead(status, { "content-type": "application/xml", ...headers }).end(text);
    };
    const error = (status: number, code: string) => reply(status, xml(`<Error><Code>${code}</Code></Error>`));
    if (bucketName !== bucket) return error(404, "NoSuchBucket");
    if (req.method === "PUT" && key) {
      const attempt = `${key}#${q.get("partNumber") ?? ""}`;
      if (!refusedOnce.has(attempt)) {
        refusedOnce.add(attempt);
        return error(503, "ServiceUnavailable");
      }
      if (q.has("uploadId")) {
        uploads.get(q.get("uploadId")!)!.set(Number(q.get("partNumber")), body);
        return reply(200, "", { etag: `"${md5(body)}"` });
      }
      objects.set(key, body);
      etags.set(key, md5(body));
      return reply(200, "", { etag: `"${md5(body)}"` });
    }
    if (req.method === "POST" && q.has("uploads")) {
      const id = `upload-${uploads.size}`;
      uploads.set(id, new Map());
      return reply(
        200,
        xml(
          `<InitiateMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${esc(key)}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`,
        ),
      );
    }
    if (req.method === "POST" && q.has("uploadId")) {
      const parts = uploads.get(q.get("uploadId")!)!;
      const numbers = [...body.toString().matchAll(/<PartNumber>(\d+)<\/PartNumber>/g)].map((m) => Number(m[1]));
      objects.set(key, Buffer.concat(numbers.map((n) => parts.get(n)!)));
      // As S3 names an object written in parts: the MD5 of the parts' MD5s and their count.
      const partMd5s = Buffer.concat(numbers.map((n) => createHash("md5").update(parts.get(n)!).digest()));
      etags.set(key, `${md5(partMd5s)}-${numbers.length}`);
      uploads.delete(q.get("uploadId")!);
      return reply(
        200,
        xml(
          `<CompleteMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${esc(key)}</Key><ETag>"${etags.get(key)}"</ETag></CompleteMultipartUploadResult>`,
        ),
      );
    }
    if (req.method === "DELETE" && q.has("uploadId")) {
      uploads.delete(q.get("uploadId")!);
      return reply(204);
    }
    if (req.method === "GET" && !key && q.get("list-type") === "2") {
      const prefix = q.get("prefix") ?? "";
      const contents = [...objects]
        .filter(([k]) => k.startsWith(prefix))
        .map(
          ([k, b]) =>
            `<Contents><Key>${esc(k)}</Key><Size>${b.length}</Size><ETag>"${etags.get(k) ?? md5(b)}"</ETag></Contents>`,
        );
      return reply(
        200,
        xml(
          `<ListBucketResult><Name>${bucket}</Name><Prefix>${esc(prefix)}</Prefix><KeyCount>${contents.length}</KeyCount><IsTruncated>false</IsTruncated>${contents.join("")}</ListBucketResult>`,
        ),
      );
    }
    if (req.method === "GET" && key) {
      const object = objects.get(key);
      if (!object) return error(404, "NoSuchKey");
      requests.push({ method: "GET", url: req.url!, status: 200 });
      return res.writeHead(200, { "content-type": "application/octet-stream", etag: `"${md5(object)}"` }).end(object);
    }
    return error(400, "NotImplemented");
  });
  await new Promise<void>((ready) => server.listen(0, "127.0.0.1", ready));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    objects,
    requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    },
  };
}

it(
  "publishes through the S3 API with retries, multipart uploads and the catalog merge",
  { timeout: 120_000 },
  async () => {
    const library = libraryWith([MEGACAP, BRANCH, RATE_SHOCK]);
    // Static files the worker serves, one of them large enough to go up in parts.
    mkdirSync(join(library, "assets", "docs"), { recursive: true });
    writeFileSync(join(library, "assets", "docs", "large.bin"), randomBytes(12 * 1024 * 1024 + 5));
    writeFileSync(join(library, "assets", "docs", "small.css"), "body { margin: 0 }\n");

    const s3 = await startFakeS3("synthmarket-bundles");
    // A scenario published from elsewhere stays listed.
    const foreign = { scenario: { id: "0f0f0f0f-0000-4000-8000-000000000000", name: "elsewhere" } };
    s3.objects.set(CATALOG_KEY, Buffer.from(pack({ ...readCatalog(library), scenarios: [foreign] })));
    const open = () =>
      openS3Store({
        endpoint: s3.endpoint,
        bucket: "synthmarket-bundles",
        accessKeyId: "test",
        secretAccessKey: "test",
        multipartThreshold: 5 * 1024 * 1024,
        partSize: 5 * 1024 * 1024,
      });
    try {
      const store = open();
      const report = await publishBundles({ bundlesDir: library, store, concurrency: 8, log: () => {} });
      await store.close();
      const files = publishable(library);
      expect(report.published).toHaveLength(3);
      expect(report.objects).toBe(files.size); // every file; the catalog in place of the local one
      for (const [key, bytes] of files)
        if (key !== CATALOG_KEY) expect(s3.objects.get(key)?.equals(bytes), key).toBe(true);
      const merged = unpack(s3.objects.get(CATALOG_KEY)!) as CatalogLike;
      // Both lists, each name's versions in order, by name (build/store/catalog.ts).
      expect(merged.scenarios.map((e) => e.scenario.id).sort()).toEqual(
        [foreign.scenario.id, ...readCatalog(library).scenarios.map((e) => e.scenario.id)].sort(),
      );
      expect(merged.scenarios.map((e) => e.scenario.name)).toEqual(merged.scenarios.map((e) => e.scenario.name).sort());
      // Every object's first attempt was turned away and retried; the large one went up in 3 parts.
      expect(s3.requests.filter((r) => r.status === 503).length).toBeGreaterThanOrEqual(files.size);
      expect(
        s3.requests.filter((r) => r.method === "PUT" && r.url.includes("partNumber=") && r.status === 200),
      ).toHaveLength(3);
      const manifestPuts = s3.requests.filter((r) => r.method === "PUT" && r.status === 200).map((r) => r.url);
      for (const id of [MEGACAP, BRANCH, RATE_SHOCK]) {
        // A scenario's manifest after every one of its objects.
        const lastObject = Math.max(
          ...manifestPuts.flatMap((u, i) => (u.includes(`/scenarios/${id}/`) && !u.includes("manifest") ? [i] : [])),
        );
        expect(manifestPuts.findIndex((u) => u.includes(`/scenarios/${id}/manifest.mpk`))).toBeGreaterThan(lastObject);
      }

      // Again: everything is there; only the assets written in parts (whose ETag is no MD5) go up again.
      const again = open();
      const second = await publishBundles({ bundlesDir: library, store: again, log: () => {} });
      await again.close();
      expect(second.published).toEqual([]);
      expect(second.skipped).toHaveLength(3);
      expect(second.objects).toBe(1);
      expect(second.reused).toBe([...files.keys()].filter((k) => k.startsWith("assets/")).length - 1);
    } finally {
      await s3.close();
    }
  },
);
