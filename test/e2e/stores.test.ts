// The deployment store: the same bundles served from miniflare's local R2 answer byte for byte
// what the bundles directory answers.
import { expect, it, inject } from "vitest";
import { readBundleObjects } from "../support/bundles.ts";
import { startTestRuntime } from "../support/runtime.ts";
import { get, KEY, MEGACAP } from "./client.ts";

it("serves the same bytes from an R2 bucket as from the bundles directory", async () => {
  const bundlesDir = inject("bundlesDir");
  const r2 = await startTestRuntime({ bundlesDir, useR2: true });
  try {
    await r2.addKey(KEY, 1000, "acct-main");
    const bucket = await r2.mf.getR2Bucket("BUNDLES");
    // Every object but the other scenarios' shards: what the requests below read (the crisis
    // decade's shards would only slow the upload past the test's time limit).
    const read = (key: string) => !key.includes("/shards/") || key.startsWith(`scenarios/${MEGACAP}/`);
    for (const [key, bytes] of readBundleObjects(bundlesDir)) if (read(key)) await bucket.put(key, bytes);
    const P = `/prices?scenario_id=${MEGACAP}`;
    for (const path of [`${P}&ticker=NVDA`, `/company/facts?scenario_id=${MEGACAP}&ticker=NVDA`, "/scenarios"]) {
      const [viaR2, viaDir] = await Promise.all([r2.get(path, KEY), get(path)]);
      expect(viaR2.status).toBe(200);
      expect(await viaR2.text()).toBe(await viaDir.text());
    }
  } finally {
    await r2.stop();
  }
});
