// Writes a scenario's replica seeds into its theme's file (`library:find-seed --replicas K --write`,
// or `--repair --write`, which puts a new seed in place of one whose world no longer holds the story).
// The files are written by hand, so the edit is made in the text (one line changed or added, the
// rest as it was), then read back to check that the entry now lists the seeds.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";

const escaped = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Sets `replicas` of the scenario entry named `name` to `all`, in that order (a replica's name is its
 * seed's place in the list: `-r1` the first); the file's path.
 */
export function writeReplicas(srcDir: string, file: string, name: string, all: number[]): string {
  const path = join(srcDir, file);
  const text = readFileSync(path, "utf8");
  const entryOf = (t: string) =>
    (parse(t).scenarios as { name: string; replicas?: number[] }[]).find((e) => e.name === name);
  const list = `replicas: [${all.join(", ")}]`;
  const flow = new RegExp(
    `^(\\s*- \\{\\s*name: ${escaped(name)},.*?)(,\\s*replicas: \\[[^\\]]*\\])?(\\s*)\\}\\s*$`,
    "m",
  );
  const block = new RegExp(`^(\\s*)- name: ${escaped(name)}\\s*$(\\n\\1  replicas: .*$)?`, "m");
  const edited = flow.test(text)
    ? text.replace(flow, (_, head: string, _had: string, space: string) => `${head}, ${list}${space}}`)
    : text.replace(block, (line: string, indent: string) => `${line.split("\n")[0]}\n${indent}  ${list}`);
  if (JSON.stringify(entryOf(edited)?.replicas) !== JSON.stringify(all))
    throw new Error(`${file}: could not write the replicas of ${name} (write replicas: [${all.join(", ")}] by hand)`);
  writeFileSync(path, edited);
  return path;
}
