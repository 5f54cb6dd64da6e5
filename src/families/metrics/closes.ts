// The daily closes the metrics snapshot and the company facts value companies at.
import type { Scenario } from "../../http/scenario.ts";
import { METRICS_SHARDS } from "./shards.ts";

/**
 * Every company's close and market cap on the last trading day on or before the horizon, packed in
 * the order of the `companies` shard (read one with snapshot.ts `closeOf`); null before the first day.
 */
export async function lastCloses(scenario: Scenario): Promise<Uint8Array | null> {
  const [last, listed] = await Promise.all([scenario.lastOf(METRICS_SHARDS.closes), scenario.companies()]);
  const day = last && last.shard.bytes(last.index);
  return day && day.byteLength === listed.length * 16 ? day : null;
}
