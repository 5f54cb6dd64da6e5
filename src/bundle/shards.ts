// How a shard kind is declared: its name, its columns, when its rows become public, and how they are
// served. The build writes rows in these column orders under these names (with each row's JSON text,
// for kinds that are served row by row), and the routes read them back by the same declarations. A
// shard is one sorted table (see shard.ts). No shard grows with both the universe and the history:
// per-instrument shards hold one instrument's history, market-wide shards one period (a month of
// snapshots, a year of events). Each family declares its own kinds (src/families/<name>/shards.ts);
// src/families/shards.ts lists them all as SHARDS.
import type { Row } from "./shard.ts";

/**
 * When a row becomes public, so that a read at a horizon leaves out what was not public by then
 * (as-of.ts, src/http/scenario.ts):
 * - `key`: the key starts with the date the row is public from (rows are in that order);
 * - `ticker-key`: the key is `<ticker> <date> ...`, each ticker's rows in the order of that date;
 * - `{ column }`: that column holds the date (the rows are in another order);
 * - `with-statements`: public with its period's statements, the row of the same key (segments);
 * - `always`: reference data (the company list), public whatever the date.
 */
export type Visibility = "key" | "ticker-key" | { readonly column: string } | "with-statements" | "always";

/**
 * When within its day a row becomes public, for a point in time with an exchange time (`as_of` of
 * `2023-07-25T14:30`): the column holding its exchange datetime (an event's release), or one time
 * for every row (a daily bar is whole at the 16:00 close). Without one, a day's rows are public only
 * from the end of that day.
 */
export type PublicAt = { readonly column: string } | { readonly time: string };

/** A kind split by period: its shards of one year (`events/all/2023`) or month (`market/snapshots/2023-06`). */
export type PeriodSplit = "year" | "month";

export interface ShardKind<C extends readonly string[] = readonly string[], V extends Visibility = Visibility> {
  /** Column order of the rows. */
  readonly columns: C;
  /** The shard's name, for one part (a ticker, a bank, a month) or the only one. */
  name(part?: string): string;
  /** What every name of the kind starts with (`prices` of `prices/AAPL`; the name itself for a lone shard). */
  readonly prefix: string;
  readonly visible: V;
  readonly publicAt?: PublicAt;
  /** Shards whose name ends in a period of this length are one period of a series, counted in the manifest. */
  readonly period?: PeriodSplit;
  /** The sort key of a row: its first column unless said otherwise. */
  key(row: Row): string;
  /**
   * The row as served, when rows are served one by one; the build stores its JSON text with the
   * row (`fragment`: without braces, to be spliced into another row's object).
   */
  served?: (row: Row, part: string | undefined) => Record<string, unknown>;
  readonly fragment?: boolean;
  /** Rows are stored as their last column's bytes (packed by the kind's own code), read with Shard.bytes. */
  readonly binary?: boolean;
  /**
   * Rows appended by many companies (in `columns` order) whose keys are equal become one stored row
   * (given them in second-column order).
   */
  readonly merge?: Merge;
}

interface Options<C extends readonly string[], V extends Visibility> {
  visible: V;
  publicAt?: PublicAt;
  period?: PeriodSplit;
  key?: (row: Row) => string;
  /** Rows are served as objects of their columns, less `hidden`, plus `extra` (e.g. the ticker). */
  served?: { hidden?: C[number][]; extra?: (part: string | undefined) => Record<string, unknown> };
  fragment?: boolean;
  binary?: boolean;
  merge?: Merge;
}

/** How appended rows become stored ones. */
export interface Merge {
  readonly columns: readonly string[];
  readonly rows: (rows: Row[]) => Row;
}

export function kind<const C extends readonly string[], const V extends Visibility>(
  { name, prefix }: Naming,
  columns: C,
  options: Options<C, V>,
): ShardKind<C, V> {
  const shown = columns.map((c, i) => [c, i] as const).filter(([c]) => !options.served?.hidden?.includes(c));
  const extra = options.served?.extra;
  return {
    columns,
    name,
    prefix,
    visible: options.visible,
    ...(options.publicAt ? { publicAt: options.publicAt } : {}),
    ...(options.period ? { period: options.period } : {}),
    key: options.key ?? ((row) => row[0] as string),
    ...(options.served
      ? {
          served: (row: Row, part: string | undefined) => {
            const out: Record<string, unknown> = extra ? extra(part) : {};
            for (const [c, i] of shown) out[c] = row[i];
            return out;
          },
        }
      : {}),
    ...(options.fragment ? { fragment: true } : {}),
    ...(options.binary ? { binary: true } : {}),
    ...(options.merge ? { merge: options.merge } : {}),
  };
}

interface Naming {
  name: (part?: string) => string;
  prefix: string;
}

/** One shard per part: `prices/AAPL`, `rates/FED`, `events/all/2023`. */
export const perPart = (prefix: string): Naming => ({
  prefix,
  name: (part?: string) => {
    if (!part) throw new Error(`shard ${prefix} needs a part`);
    return `${prefix}/${part}`;
  },
});
/** The only shard of its kind. */
export const only = (name: string): Naming => ({ prefix: name, name: () => name });

/** The part of a market-wide shard of one year (`events/all/2023`) beside per-ticker shards. */
export const allOf = (year: string) => `all/${year}`;
export const yearOf = (date: string) => date.slice(0, 4);
export const monthOf = (date: string) => date.slice(0, 7);

const PERIOD_PATTERN: Record<PeriodSplit, RegExp> = { year: /^\d{4}$/, month: /^\d{4}-\d{2}$/ };

/**
 * The series and period of a shard, when its kind is split by period and its part names one
 * (`events` `all/2023` -> ["events/all", "2023"], `market/snapshots` `2023-06`, `funds` `SPY/2023`),
 * else undefined (`events` `AAPL`). The manifest counts each period's rows, so answers can page
 * across periods without reading them.
 */
export function periodOf(kind: ShardKind, part: string | undefined): [string, string] | undefined {
  const name = kind.name(part);
  const cut = name.lastIndexOf("/");
  const period = name.slice(cut + 1);
  return kind.period && PERIOD_PATTERN[kind.period].test(period) ? [name.slice(0, cut), period] : undefined;
}

/** Rows served as objects of their columns, as stored. */
export const identity = {};

/** A filing's fields, its filing date first and its id second (the shard key), then the served order. */
export const filedColumns = <T extends { filing_date: string; id: string }>(shape: Record<keyof T, unknown>) =>
  [
    "filing_date",
    "id",
    ...(Object.keys(shape) as (keyof T & string)[]).filter((c) => c !== "filing_date" && c !== "id"),
  ] as const;

/** Columns of a resource after its key column. */
export const notDate = (key: string) => (column: string) => column !== key;

/** The key of a row of one company's period (statements, segments, KPIs, metrics): `quarterly 2023-06-30`. */
export const periodKey = (period: string, reportPeriod: string) => `${period} ${reportPeriod}`;
