// `npm start` on a library without exports (docs/exports.md, "Building them"): serving, it answers the
// largest scenario's export routes with 503, Retry-After and {detail} while it exports the smallest
// first in the background; the smallest's manifest then comes with 200 and its files with the sha256
// it gives. Stopped meanwhile, it leaves no marker in the bundles and nothing in its temp directory.
import { createHash } from "node:crypto";
import { once } from "node:events";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { pendingPath } from "../../build/exports/build-exports.ts";
import { defaultIds } from "../support/bundles.ts";
import { writableCopy } from "../support/libraries.ts";
import { freePort, launch, servedAt, type LocalServer } from "../support/local-server.ts";

const dir = mkdtempSync(join(tmpdir(), "start-exports-"));
const bundles = join(dir, "bundles");
let server: LocalServer | undefined;
beforeAll(() => writableCopy(inject("libraryDir"), bundles));
afterAll(() => {
  try {
    process.kill(-server!.child.pid!, "SIGKILL"); // only if the test failed before stopping it
  } catch {}
  rmSync(dir, { recursive: true, force: true });
});

/** The export markers under the bundles' scenarios. */
const markers = () => readdirSync(join(bundles, "scenarios")).filter((id) => existsSync(pendingPath(bundles, id)));

describe.skipIf(process.platform !== "linux")("npm start's exports", () => {
  it("are said to be on their way (503), then served smallest first; a stop leaves no marker", async () => {
    const { CRISIS, MEGACAP } = defaultIds(bundles);
    // The key of an earlier start, kept in the state directory: a client may send it from the first
    // moment the port answers, before the start-up banner.
    const early = "sm_local_kept_from_an_earlier_start_0123";
    mkdirSync(join(dir, "state"), { recursive: true });
    writeFileSync(join(dir, "state", "api-key"), `${early}\n`);
    const port = await freePort();
    server = launch("npm start", { port, bundles, state: join(dir, "state"), tmp: join(dir, "tmp") });
    let first: Response | undefined;
    while (!first) first = await fetch(`http://127.0.0.1:${port}/scenarios/${MEGACAP}/exports`, { headers: { "X-API-KEY": early } }).catch(() => undefined);
    // Known from the first answer on: never refused as unknown (which the key cache would then remember).
    expect(first.status, server.output()).not.toBe(401);
    const { base, key } = await servedAt(server);
    expect(key).toBe(early);
    const get = (path: string) => fetch(base + path, { headers: { "X-API-KEY": key } });

    for (const path of [`/scenarios/${CRISIS}/exports`, `/scenarios/${CRISIS}/exports/prices.parquet`]) {
      const pending = await get(path);
      expect(pending.status, path).toBe(503);
      expect(Number(pending.headers.get("Retry-After")), path).toBeGreaterThanOrEqual(2);
      expect(((await pending.json()) as { detail: string }).detail, path).toMatch(
        /^The exports of scenario \S+ are being built \(npm start builds them after it starts serving\); retry in about \d+ s/,
      );
    }
    expect(markers()).toContain(CRISIS);

    // megacap-tech-2023 is the smallest: exported first, in seconds.
    let answer = await get(`/scenarios/${MEGACAP}/exports`);
    for (let tries = 0; answer.status === 503 && tries < 240; tries++) {
      await answer.body?.cancel();
      await sleep(500);
      answer = await get(`/scenarios/${MEGACAP}/exports`);
    }
    expect(answer.status, server.output()).toBe(200);
    const { files } = ((await answer.json()) as { exports: { files: { name: string; sha256: string }[] } }).exports;
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const bytes = new Uint8Array(await (await get(`/scenarios/${MEGACAP}/exports/${file.name}`)).arrayBuffer());
      expect(createHash("sha256").update(bytes).digest("hex"), file.name).toBe(file.sha256);
    }
    expect(server.output()).toMatch(/\[exports\] megacap-tech-2023: \d+ files/);
    expect(markers()).not.toContain(MEGACAP);

    const exited = once(server.child, "exit");
    process.kill(server.child.pid!, "SIGTERM");
    await exited;
    expect(markers(), server.output()).toEqual([]);
    // npm keeps a compile cache of its own modules there, meant to outlive it.
    expect(readdirSync(server.tmp).filter((name) => name !== "node-compile-cache")).toEqual([]);
  }, 240_000);
});
