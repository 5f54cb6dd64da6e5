// Rows as files: a gzipped CSV (RFC 4180; a nested value as its JSON text, null as an empty field)
// and a Parquet file (hyparquet-writer, pure JS), with the schema both share. Both are functions of
// the rows alone, so the same rows give the same bytes.
import { gzipSync } from "node:zlib";
import { parquetWriteBuffer } from "hyparquet-writer";
import type { z } from "zod";
import type { ExportColumn } from "../../src/contract/exports.ts";

/** A column: its type `json` for nested values (objects, arrays, or values of mixed types). */
export type Column = z.infer<typeof ExportColumn>;
type ColumnType = Column["type"];

type Row = Record<string, unknown>;

const typeOf = (v: unknown): ColumnType =>
  typeof v === "number" ? "double" : typeof v === "string" ? "string" : typeof v === "boolean" ? "boolean" : "json";

/** Every field of the rows, in the order first seen, each with the one type of its values (else `json`). */
export function schemaOf(rows: readonly Row[]): Column[] {
  const types = new Map<string, ColumnType | null>();
  for (const row of rows)
    for (const [name, value] of Object.entries(row)) {
      const seen = types.get(name) ?? null;
      if (value === null || value === undefined) {
        if (!types.has(name)) types.set(name, null);
        continue;
      }
      const type = typeOf(value);
      types.set(name, seen === null || seen === type ? type : "json");
    }
  return [...types].map(([name, type]) => ({ name, type: type ?? "string" }));
}

function csvField(value: unknown, type: ColumnType): string {
  if (value === null || value === undefined) return "";
  const text = type === "json" || typeof value === "object" ? JSON.stringify(value) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The rows as CSV with a header line, gzipped (no file name or time in the header: the same rows, the same bytes). */
export function csvGz(rows: readonly Row[], schema: readonly Column[]): Uint8Array {
  const lines = [schema.map((c) => csvField(c.name, "string")).join(",")];
  for (const row of rows) lines.push(schema.map((c) => csvField(row[c.name], c.type)).join(","));
  return gzipSync(lines.join("\r\n") + "\r\n", { level: 9 });
}

const PARQUET_TYPE = { double: "DOUBLE", string: "STRING", boolean: "BOOLEAN", json: "JSON" } as const;

/** The rows as one Parquet file: a column per field, nullable, snappy-compressed. */
export function parquet(rows: readonly Row[], schema: readonly Column[]): Uint8Array {
  const columnData = schema.map((c) => ({
    name: c.name,
    type: PARQUET_TYPE[c.type],
    nullable: true,
    data: rows.map((r) => {
      const v = r[c.name];
      return v === undefined ? null : v;
    }),
  }));
  return new Uint8Array(parquetWriteBuffer({ columnData, createdBy: "synthmarket exports" }));
}
