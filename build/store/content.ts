// A scenario's bytes as the bundle format stores them (docs/bundle-format.md): rows encoded as their
// shard kind says, and the content hash a scenario's id is made of. Shared by the build
// (pipeline/compile.ts) and the masked twins (mask/mask-bundle.ts).
import { hash } from "node:crypto";
import { pack } from "msgpackr";
import { encodeShard, type Row } from "../../src/bundle/shard.ts";
import type { ShardKind } from "../../src/bundle/shards.ts";
import type { ScenarioRecord, ValidationReport } from "../../src/bundle/types.ts";

export const sha256 = (bytes: Uint8Array | string) => hash("sha256", bytes, "hex");

/**
 * A scenario's id from its content hash: the hash's first 128 bits in UUID form, marked version 8
 * (RFC 9562: custom) and RFC 4122's variant. Same content, same id; any change, a new one.
 */
export function contentId(hashHex: string): string {
  const hex = hashHex.slice(0, 32).split("");
  hex[12] = "8";
  hex[16] = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  const h = hex.join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * A scenario's content without its id, hashed: the record, the report and every shard's name and
 * hash. Its id is made of it, then written into the record and the report.
 */
export function contentHash(
  record: ScenarioRecord,
  report: ValidationReport,
  shardHashes: Map<string, string>,
): string {
  return sha256(
    [
      JSON.stringify({ ...record, id: "" }),
      sha256(pack({ ...report, scenario_id: "" })),
      ...[...shardHashes.keys()].sort().map((n) => `${n}=${shardHashes.get(n)}`),
    ].join("\n"),
  );
}

/**
 * Rows (in the order of `keyOf`) as their kind stores them: msgpack; the JSON text of what `served`
 * makes of each row, where the kind serves rows one by one; or raw bytes.
 */
export function encodeRows(
  kind: ShardKind,
  rows: Row[],
  keyOf: (row: Row) => string,
  served?: (row: Row) => unknown,
): Uint8Array {
  if (kind.binary) return encodeShard(kind.columns, rows, keyOf, "binary");
  if (!served) return encodeShard(kind.columns, rows, keyOf);
  const fragment = kind.fragment ?? false;
  return encodeShard(kind.columns, rows, keyOf, {
    fragment,
    text: (row) => {
      const text = JSON.stringify(served(row));
      return fragment ? text.slice(1, -1) : text;
    },
  });
}
