// Turns a generated world into bundle objects: content-addressed shards, the validation report and
// the manifest that indexes them (format in docs/bundle-format.md). Only public fields are written:
// the hidden truth (regimes, event effects) stays in the build.
import { createHash } from "node:crypto";
import { pack } from "msgpackr";
import { manifestKey, shardKey, validationKey } from "../src/bundle/layout.ts";
import { encodeShard, type Row } from "../src/bundle/shard.ts";
import { ALL, FUND_HOLDING_FIELDS, MARKET_BAR_FIELDS, SHARDS, type ShardKind } from "../src/bundle/shards.ts";
import {
  type Manifest,
  type ScenarioRecord,
  type ShardRef,
  type ValidationReport,
} from "../src/bundle/types.ts";
import { publicEvent } from "./generate/events.ts";
import type { Bar } from "./generate/prices.ts";
import type { World } from "./generate/world.ts";

export const sha256 = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest("hex");

export interface CompiledScenario {
  manifest: Manifest;
  /** Store key -> bytes, manifest included. */
  objects: Map<string, Uint8Array>;
}

const round4 = (x: number) => Math.round(x * 1e4) / 1e4;

/** Every instrument's bars: stocks, funds, warrants. */
export function allBars(world: World): Map<string, Bar[]> {
  const out = new Map<string, Bar[]>();
  for (const [t, s] of world.stocks) out.set(t, s.bars);
  for (const f of world.funds) out.set(f.spec.ticker, f.bars);
  for (const w of world.warrants) out.set(w.instrument.ticker, w.bars);
  return new Map([...out].sort(([a], [b]) => (a < b ? -1 : 1)));
}

function marketSnapshotRows(world: World, bars: Map<string, Bar[]>): Row[] {
  return world.days.map((day, t) => {
    const entries = [...bars].map(([ticker, series]) => {
      const bar = series[t];
      const prevClose = t > 0 ? series[t - 1].close : bar.open;
      const change = Math.round((bar.close - prevClose) * 100) / 100;
      const shares = world.stocks.get(ticker)?.shares[t];
      const entry: Record<(typeof MARKET_BAR_FIELDS)[number], unknown> = {
        ticker,
        open: bar.open,
        high: bar.high,
        low: bar.low,
        close: bar.close,
        volume: bar.volume,
        day_change: change,
        day_change_percent: round4((change / prevClose) * 100),
        market_cap: shares === undefined ? null : Math.round(bar.close * shares),
      };
      return MARKET_BAR_FIELDS.map((f) => entry[f]);
    });
    return [day, entries];
  });
}

/** Objects to rows in column order; rows must already be sorted by the first column. */
function toRows<T>(columns: readonly string[], items: T[]): Row[] {
  return items.map((item) => columns.map((c) => (item as Record<string, unknown>)[c] ?? null));
}

const byFirstColumn = (rows: Row[]) =>
  [...rows].sort((a, b) =>
    a[0] === b[0] ? (String(a[1]) < String(b[1]) ? -1 : 1) : (a[0] as string) < (b[0] as string) ? -1 : 1,
  );

export function compileScenario(record: ScenarioRecord, world: World, report: ValidationReport): CompiledScenario {
  const objects = new Map<string, Uint8Array>();
  const shards: Record<string, ShardRef> = {};
  const addShard = (kind: ShardKind<readonly string[]>, part: string | undefined, rows: Row[]) => {
    const name = kind.name(part);
    const bytes = encodeShard([...kind.columns], rows, (row) => row[0] as string);
    const hash = sha256(bytes);
    const key = shardKey(record.id, name, hash);
    objects.set(key, bytes);
    shards[name] = { key, hash, bytes: bytes.byteLength, rows: rows.length };
  };

  const bars = allBars(world);
  for (const [ticker, series] of bars) {
    addShard(SHARDS.prices, ticker, toRows(SHARDS.prices.columns, series));
    addShard(SHARDS.components, ticker, toRows(SHARDS.components.columns, series));
  }
  addShard(SHARDS.marketSnapshots, undefined, marketSnapshotRows(world, bars));
  addShard(SHARDS.macro, undefined, toRows(SHARDS.macro.columns, world.macro));

  for (const [bank, decisions] of world.decisions) {
    const rows = decisions.map((d) => ({ ...d, announcement_date: d.announced }));
    addShard(SHARDS.rates, bank, byFirstColumn(toRows(SHARDS.rates.columns, rows)));
  }

  /** A market-wide shard of all items plus one shard per ticker; returns the tickers. */
  const addAllAndByTicker = <T extends { ticker: string | null }>(kind: ShardKind<readonly string[]>, items: T[]) => {
    addShard(kind, ALL, byFirstColumn(toRows(kind.columns, items)));
    const tickers = [...new Set(items.flatMap((i) => (i.ticker ? [i.ticker] : [])))].sort();
    for (const t of tickers)
      addShard(
        kind,
        t,
        byFirstColumn(
          toRows(
            kind.columns,
            items.filter((i) => i.ticker === t),
          ),
        ),
      );
    return tickers;
  };
  const eventTickers = addAllAndByTicker(SHARDS.events, world.events.map(publicEvent));
  const actionTickers = addAllAndByTicker(SHARDS.actions, world.actions);

  for (const fund of world.funds) {
    const rows = fund.compositions.map((c) => [c.as_of, c.holdings.map((h) => FUND_HOLDING_FIELDS.map((f) => h[f]))]);
    addShard(SHARDS.funds, fund.spec.ticker, rows);
  }

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
    tickers: {
      prices: [...bars.keys()],
      companies: world.companies.map((c) => c.ticker),
      funds: world.funds.map((f) => f.spec.ticker).sort(),
      warrants: world.warrants.map((w) => w.instrument.ticker),
      events: eventTickers,
      corporate_actions: actionTickers,
    },
    companies: world.companies,
    funds: world.funds.map((f) => ({
      ticker: f.spec.ticker,
      name: f.spec.name,
      issuer: f.spec.issuer,
      benchmark: f.spec.benchmark,
      expense_ratio: f.spec.expenseRatio,
    })),
    shards: Object.fromEntries(shardNames.map((n) => [n, shards[n]])),
    validation_key,
  };
  objects.set(manifestKey(record.id), pack(manifest));
  return { manifest, objects };
}
