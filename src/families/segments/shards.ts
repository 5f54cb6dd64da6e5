// The segments family's shard: each period's segments, public with its statements.
import { kind, perPart } from "../../bundle/shards.ts";

export const SEGMENTS_SHARDS = {
  /** Per ticker: each period's segments (periodKey), as many as its statements. */
  segments: kind(perPart("statements/segments"), ["key", "segments"], { visible: "with-statements" }),
} as const;
