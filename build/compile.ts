// Turns a generated world into bundle objects: content-addressed shards, the validation report and
// the manifest that indexes them (format in docs/bundle-format.md).
import { createHash } from "node:crypto";
import { pack } from "msgpackr";
import { manifestKey, shardKey, validationKey } from "../src/bundle/layout.ts";
import { encodeShard, type Row } from "../src/bundle/shard.ts";
import {
  MARKET_BAR_FIELDS,
  MARKET_SNAPSHOT_COLUMNS,
  PRICE_COLUMNS,
  type Manifest,
  type ScenarioRecord,
  type ShardRef,
  type ValidationReport,
} from "../src/bundle/types.ts";
import type { World } from "./generate/world.ts";

export const sha256 = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest("hex");

export interface CompiledScenario {
  manifest: Manifest;
  /** Store key -> bytes, manifest included. */
  objects: Map<string, Uint8Array>;
}

const round4 = (x: number) => Math.round(x * 1e4) / 1e4;

function marketSnapshotRows(world: World): Row[] {
  const tickers = [...world.prices.keys()].sort();
  return world.days.map((day, t) => {
    const bars = tickers.flatMap((ticker) => {
      const series = world.prices.get(ticker)!;
      const bar = series[t];
      if (!bar || bar.time !== day) return [];
      const prevClose = t > 0 ? series[t - 1].close : bar.open;
      const change = Math.round((bar.close - prevClose) * 100) / 100;
      const entry: Record<(typeof MARKET_BAR_FIELDS)[number], unknown> = {
        ticker,
        open: bar.open,
        high: bar.high,
        low: bar.low,
        close: bar.close,
        volume: bar.volume,
        day_change: change,
        day_change_percent: round4((change / prevClose) * 100),
        market_cap: Math.round(bar.close * (world.shares.get(ticker) ?? 0)),
      };
      return [MARKET_BAR_FIELDS.map((f) => entry[f])];
    });
    return [day, bars];
  });
}

export function compileScenario(record: ScenarioRecord, world: World, report: ValidationReport): CompiledScenario {
  const objects = new Map<string, Uint8Array>();
  const shards: Record<string, ShardRef> = {};
  const addShard = (name: string, columns: readonly string[], rows: Row[]) => {
    const bytes = encodeShard([...columns], rows, (row) => row[0] as string);
    const hash = sha256(bytes);
    const key = shardKey(record.id, name, hash);
    objects.set(key, bytes);
    shards[name] = { key, hash, bytes: bytes.byteLength, rows: rows.length };
  };

  for (const [ticker, bars] of world.prices) {
    addShard(
      `prices/${ticker}`,
      PRICE_COLUMNS,
      bars.map((bar) => PRICE_COLUMNS.map((c) => bar[c])),
    );
  }
  addShard("market/snapshots", MARKET_SNAPSHOT_COLUMNS, marketSnapshotRows(world));

  const reportBytes = pack(report);
  const reportHash = sha256(reportBytes);
  const validation_key = validationKey(record.id, reportHash);
  objects.set(validation_key, reportBytes);

  const shardNames = Object.keys(shards).sort();
  const content_hash = sha256(
    [JSON.stringify(record), reportHash, ...shardNames.map((n) => `${n}=${shards[n].hash}`)].join("\n"),
  );
  const manifest: Manifest = {
    format: 1,
    scenario: record,
    content_hash,
    day_count: world.days.length,
    tickers: { prices: [...world.prices.keys()].sort(), companies: world.companies.map((c) => c.ticker) },
    companies: world.companies,
    shards: Object.fromEntries(shardNames.map((n) => [n, shards[n]])),
    validation_key,
  };
  objects.set(manifestKey(record.id), pack(manifest));
  return { manifest, objects };
}
