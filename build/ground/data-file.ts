// The generator's data files (tuning numbers, phrase tables): YAML beside the module that reads it,
// under its name, checked against a zod schema when loaded so that a bad table stops the build with
// the file and the failing path. The build counts each as an input (pipeline/generator-inputs.ts).
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parse as parseYaml } from "yaml";
import type { z } from "zod";

/** YAML `text` of `file` checked against `schema`; throws naming the file and each failing path. */
export function parseDataFile<S extends z.ZodType>(text: string, file: string, schema: S): z.output<S> {
  let data: unknown;
  try {
    data = parseYaml(text);
  } catch (e) {
    throw new Error(`${file}: not YAML: ${(e as Error).message}`, { cause: e });
  }
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const at = (path: PropertyKey[]) =>
    path.map((k) => (typeof k === "number" ? `[${k}]` : `.${String(k)}`)).join("") || "the top";
  const issues = result.error.issues.map((issue) => `  at ${at(issue.path)}: ${issue.message}`);
  throw new Error(`${file} does not validate:\n${issues.join("\n")}`);
}

/** The data file at `url` (beside its module), checked against `schema`. */
export function readDataFile<S extends z.ZodType>(url: URL, schema: S): z.output<S> {
  const file = fileURLToPath(url);
  return parseDataFile(readFileSync(file, "utf8"), file, schema);
}
