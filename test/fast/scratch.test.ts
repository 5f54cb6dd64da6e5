// Scratch space of the streaming build: what is spilled comes back as it went in, in order, on disk
// (in small chunks here, to cross chunk edges) as in memory.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { diskScratch, memoryScratch, type Scratch } from "../../build/ground/scratch.ts";
import { ROOT } from "../../build/serve/worker-bundle.ts";

const kinds: [string, () => Scratch][] = [
  ["on disk", () => diskScratch({ chunkBytes: 5 * 8 * 3, rowBytes: 64 })],
  ["in memory", memoryScratch],
];

describe.each(kinds)("scratch %s", (_, make) => {
  it("gives fixed-width records back in order, as often as asked", () => {
    const scratch = make();
    try {
      const spill = scratch.records(3);
      const records = Array.from({ length: 11 }, (_, i) => [i, i + 0.5, -i / 3]);
      for (const r of records.slice(0, 4)) spill.append(r);
      const read = () => Array.from(spill.read(), (r) => [...r]); // copied as read: the view is reused
      expect(read()).toEqual(records.slice(0, 4));
      for (const r of records.slice(4)) spill.append(Float64Array.from(r));
      expect(spill.count).toBe(11);
      for (let pass = 0; pass < 2; pass++) expect(read()).toEqual(records);
      expect(() => spill.append([1, 2])).toThrow();
    } finally {
      scratch.dispose();
    }
  });

  it("gives rows back by name, in the order appended", () => {
    const scratch = make();
    try {
      const spill = scratch.rows();
      const expected = new Map<string, unknown[][]>();
      for (let i = 0; i < 40; i++) {
        const name = `period/${i % 3}`;
        const row = [`2024-01-${String(i + 1).padStart(2, "0")}`, i, i / 7, null, { amount: i }];
        spill.append(name, [row]);
        expected.set(name, [...(expected.get(name) ?? []), row]);
      }
      expect(spill.names().sort()).toEqual([...expected.keys()].sort());
      for (const [name, rows] of expected) expect(spill.read(name)).toEqual(rows);
      spill.append("period/0", [["late"]]);
      expect(spill.read("period/0").at(-1)).toEqual(["late"]);
      expect(spill.read("none")).toEqual([]);
    } finally {
      scratch.dispose();
    }
  });
});

it("a disk scratch leaves nothing behind", () => {
  const before = readdirSync(tmpdir()).filter((f) => f.startsWith("synthmarket-build-"));
  const scratch = diskScratch();
  scratch.records(2).append([1, 2]);
  scratch.rows().append("x", [[1]]);
  scratch.dispose();
  expect(readdirSync(tmpdir()).filter((f) => f.startsWith("synthmarket-build-"))).toEqual(before);
});

it.skipIf(process.platform === "win32")("removes the scratch of a build killed by a signal, at the next build", () => {
  const tmp = mkdtempSync(join(tmpdir(), "scratch-test-"));
  try {
    const inChild = (script: string) => ({
      cwd: ROOT,
      env: { ...process.env, TMPDIR: tmp },
      input: `import { diskScratch } from "./build/ground/scratch.ts";\n${script}`,
    });
    // A build ended by SIGKILL (as by SIGTERM during a synchronous build): no code of its own runs.
    const killed = spawnSync(
      process.execPath,
      ["--input-type=module"],
      inChild(`diskScratch().rows().append("x", [[1]]); process.kill(process.pid, "SIGKILL");`),
    );
    expect(killed.signal).toBe("SIGKILL");
    expect(readdirSync(tmp)).toHaveLength(1);
    execFileSync(process.execPath, ["--input-type=module"], inChild(`diskScratch().dispose();`));
    expect(readdirSync(tmp)).toEqual([]);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
});
