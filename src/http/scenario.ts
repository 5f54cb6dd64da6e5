// A scenario as one request sees it: its manifest, its horizon, and its shards read at that horizon.
// The route declaration opens it (route.ts) and hands it to the handler, so a route module never
// loads a manifest, works out a horizon or restates a split: every shard it can read holds only
// the rows public by the horizon (src/bundle/as-of.ts), and per-share figures are restated for the
// splits gone ex by then.
import { DatedRows, FilteredRows, through, TickerRows, type SameDay } from "../bundle/as-of.ts";
import type { BundleReader } from "../bundle/reader.ts";
import type { Shard } from "../bundle/shard.ts";
import { allOf, monthOf, yearOf, type ShardKind } from "../bundle/shards.ts";
import { REFERENCE_SHARDS, type InstrumentKind } from "../bundle/reference-shards.ts";
import type { Manifest, ScenarioRecord, ValidationReport } from "../bundle/types.ts";
import { dayOfPoint, earlierPoint, MARKET_OPEN, shiftDays, timeOfPoint } from "../contract/instant.ts";
import { badRequest, notFound, type ApiError } from "./errors.ts";
import { restated } from "./splits.ts";

type Kind<V> = ShardKind<readonly string[], V & ShardKind["visible"]>;

/**
 * A request's horizon: the earliest of its point-in-time dates given, else the scenario's current_date,
 * and never after its end_date: the world ends there, so nothing dated later is served or named
 * (docs/api-choices.md, "Point in time").
 */
export function horizonOf(
  dates: (string | undefined)[],
  { current_date, end_date }: Pick<ScenarioRecord, "current_date" | "end_date">,
): string {
  const given = dates.filter((d): d is string => d !== undefined);
  return earlierPoint(given.length > 0 ? given.reduce(earlierPoint) : current_date, end_date);
}

/** 404 for an id no scenario has; one that is a scenario's name (a common slip) is told its id. */
export async function unknownScenario(reader: BundleReader, id: string): Promise<ApiError> {
  const named = (await reader.catalog()).scenarios.find((e) => e.scenario.name === id);
  return notFound(
    named
      ? `Scenario not found: '${id}' is the name of scenario ${named.scenario.id}; send that scenario_id`
      : `Scenario not found: no scenario has the id '${id}' (GET /scenarios lists them)`,
  );
}

/** Apply offset/limit to an index range [from, to). */
export function pageRange(from: number, to: number, offset: number, limit: number): [number, number] {
  const start = Math.min(to, from + offset);
  return [start, Math.min(to, start + limit)];
}

/** 400 for an inverted date window: it cannot be served (an empty but valid window is 200). */
export function requireOrderedWindow(
  start: string | undefined,
  end: string | undefined,
  [first, last] = ["start_date", "end_date"],
): void {
  if (start && end && start > end) throw badRequest(`Query parameter '${first}' must not be after '${last}'`);
}

/** Index of the row whose key is exactly `key`, or -1. */
export function find(shard: Shard, key: string): number {
  const i = shard.lowerBound(key);
  return i < shard.length && shard.keys[i] === key ? i : -1;
}

interface Page {
  /** Inclusive date window on the shards' key (the horizon bounds it too). */
  first?: string;
  last?: string;
  offset: number;
  limit: number;
  keep?: (row: Record<string, unknown>) => boolean;
}

/** Every company's splits gone ex by the horizon: restates a period's per-share figures and share counts. */
export class Splits {
  private readonly rows: TickerRows | null;

  constructor(rows: TickerRows | null) {
    this.rows = rows;
  }

  /** How many of today's shares (as of the horizon) one share on `date` became. */
  factor(ticker: string, date: string): number {
    if (!this.rows) return 1;
    const [from, to] = this.rows.of(ticker);
    let f = 1;
    for (const [, ex, ratio] of this.rows.rows(from, to) as [string, string, number][]) if (ex > date) f *= ratio;
    return f;
  }

  /** The row with its per-share figures (four decimals) and share counts restated from `date` to the horizon. */
  restate<T extends Record<string, unknown>>(
    row: T,
    ticker: string,
    date: string,
    perShare: readonly string[],
    counts: readonly string[] = [],
  ): T {
    return restated(row, this.factor(ticker, date), perShare, counts);
  }
}

/** A row found by newestFirstIndexed: its ticker, and its place in the ticker's shard. */
export interface IndexedRow {
  ticker: string;
  shard: DatedRows;
  index: number;
}

export class Scenario {
  readonly manifest: Manifest;
  /**
   * The last date the request may see: the earliest of its point-in-time parameters, or the
   * scenario's current_date, at most its end_date. A future branch (the days after current_date) is
   * served only to an explicit later date.
   */
  readonly horizon: string;
  /**
   * The point in time asked for with an exchange time (`2023-07-25T14:30:00`), else null. The
   * horizon is then the day before: of the instant's own day, a view shows only the rows of kinds
   * that say when within the day they become public (`publicAt`), and only those public by then.
   */
  readonly instant: string | null;
  private readonly reader: BundleReader;
  private splitsRead: Promise<Splits> | undefined;
  private unlistedRead: Promise<Set<string>> | undefined;

  private constructor(reader: BundleReader, manifest: Manifest, point: string) {
    this.reader = reader;
    this.manifest = manifest;
    this.instant = timeOfPoint(point) === null ? null : point;
    this.horizon = this.instant ? shiftDays(dayOfPoint(point), -1) : point;
  }

  /** The last day a view may show a row of: the instant's, else the horizon (the period shards to open). */
  private get lastDay(): string {
    return this.instant ? dayOfPoint(this.instant) : this.horizon;
  }

  /** The point in time the answer applies: the instant, else the horizon. */
  get asOf(): string {
    return this.instant ?? this.horizon;
  }

  /** This scenario at the end of its instant's day (itself without one): for what a route derives and then cuts at the instant. */
  wholeDay(): Scenario {
    if (!this.instant) return this;
    const whole = new Scenario(this.reader, this.manifest, dayOfPoint(this.instant));
    // Still the instant's universe: a company listing that day is not known before the open.
    whole.unlistedRead = this.unlisted();
    return whole;
  }

  /** The last day whose open the request has seen: a company listing on it shows from 09:30. */
  private get openedDay(): string {
    return this.instant && timeOfPoint(this.instant)! >= MARKET_OPEN ? dayOfPoint(this.instant) : this.horizon;
  }

  /** The kind's rows of the instant's day public by then, when the kind says when they become public. */
  private sameDay(kind: ShardKind): SameDay | undefined {
    return this.instant && kind.publicAt ? { instant: this.instant, publicAt: kind.publicAt } : undefined;
  }

  /** The scenario at the earliest of `dates` given (else its current_date); 404 naming an unknown id. */
  static async open(reader: BundleReader, scenarioId: string, dates: (string | undefined)[]): Promise<Scenario> {
    const manifest = (await reader.catalogEntry(scenarioId)) ? await reader.manifest(scenarioId) : null;
    if (!manifest) throw await unknownScenario(reader, scenarioId);
    return Scenario.ofManifest(reader, manifest, dates);
  }

  /** A scenario whose manifest is at hand (the build reads one it has just written, before any catalog names it). */
  static ofManifest(reader: BundleReader, manifest: Manifest, dates: (string | undefined)[]): Scenario {
    return new Scenario(reader, manifest, horizonOf(dates, manifest.scenario));
  }

  /** A shard; none of a company still to list by the horizon (its shards are named by its ticker). */
  private async shard(kind: ShardKind, part?: string): Promise<Shard | null> {
    if (part !== undefined && (await this.unlisted()).has(part)) return null;
    return this.reader.shard(this.manifest, kind.name(part));
  }

  /** A shard of a kind keyed by date, up to the horizon; null when the scenario has none. */
  async dated(kind: Kind<"key">, part?: string): Promise<DatedRows | null> {
    const shard = await this.shard(kind, part);
    return shard && new DatedRows(shard, this.horizon, this.sameDay(kind));
  }

  /** A shard of a kind keyed by ticker then date, each ticker's rows up to the horizon. */
  async byTicker(kind: Kind<"ticker-key">, part?: string): Promise<TickerRows | null> {
    const shard = await this.shard(kind, part);
    return shard && new TickerRows(shard, this.horizon);
  }

  /** A shard of a kind whose rows carry the date they are public from. */
  async filtered(kind: Kind<{ column: string }>, part?: string): Promise<FilteredRows | null> {
    const shard = await this.shard(kind, part);
    const column = (kind.visible as { column: string }).column;
    return shard && new FilteredRows(shard, column, this.horizon, [], this.sameDay(kind));
  }

  /**
   * A company's shards read row by row together (its statements, segments, metrics): the first
   * kind's date column says which rows are public; null when the company lacks any of them.
   */
  async filed(
    kinds: readonly [Kind<{ column: string }>, ...Kind<{ column: string } | "with-statements">[]],
    ticker: string,
  ): Promise<FilteredRows | null> {
    const shards = await Promise.all(kinds.map((kind) => this.shard(kind, ticker)));
    if (shards.some((s) => !s)) return null;
    const [first, ...companions] = shards as Shard[];
    const column = (kinds[0].visible as { column: string }).column;
    return new FilteredRows(first, column, this.horizon, companions, this.sameDay(kinds[0]));
  }

  /** A shard of reference data (public whatever the date); 404 with `detail` when the scenario has none. */
  async reference(kind: Kind<"always">, detail: string, part?: string): Promise<Shard> {
    const shard = await this.shard(kind, part);
    if (!shard) throw notFound(detail);
    return shard;
  }

  /** The scenario's validation report (what its build checked), or null. */
  validation(): Promise<ValidationReport | null> {
    return this.reader.validation(this.manifest.scenario.id);
  }

  /** Every instrument with prices, by ticker (company, fund or warrant). */
  instruments(): Promise<Shard> {
    return this.reference(REFERENCE_SHARDS.instruments, "Scenario has no instruments");
  }

  /** The operating companies' facts, by ticker. */
  companies(): Promise<Shard> {
    return this.reference(REFERENCE_SHARDS.companies, "Scenario has no companies");
  }

  /**
   * Each company that has left the world by the horizon (its last trading day before it; at an
   * instant, before the instant's day), with that day: a delisting is news only once it has
   * happened, so none shows before.
   */
  async delisted(): Promise<Map<string, string>> {
    const shard = await this.shard(REFERENCE_SHARDS.delistings);
    const out = new Map<string, string>();
    for (const [ticker, last] of shard ? shard.rows(0, shard.length) : [])
      if ((last as string) < this.lastDay) out.set(ticker as string, last as string);
    return out;
  }

  /**
   * Each company that has not listed by the request's point in time (at an instant of its first
   * trading day, before the 09:30 open): no route shows it before then (it is answered as a ticker
   * the scenario does not hold, so not even its coming listing shows).
   */
  async unlisted(): Promise<Set<string>> {
    this.unlistedRead ??= this.shard(REFERENCE_SHARDS.listings).then((shard) => {
      const out = new Set<string>();
      for (const [ticker, first] of shard ? shard.rows(0, shard.length) : [])
        if ((first as string) > this.openedDay) out.add(ticker as string);
      return out;
    });
    return this.unlistedRead;
  }

  /** The companies' tickers, but those still to list by the horizon. */
  companyTickers(): Promise<string[]> {
    return this.listedKeys(this.companies());
  }

  /** Every instrument's ticker, but the companies still to list by the horizon. */
  instrumentTickers(): Promise<string[]> {
    return this.listedKeys(this.instruments());
  }

  /** The keys of a shard keyed by ticker, but the companies still to list by the horizon. */
  private async listedKeys(read: Promise<Shard>): Promise<string[]> {
    const [shard, unlisted] = await Promise.all([read, this.unlisted()]);
    return unlisted.size ? shard.keys.filter((t) => !unlisted.has(t)) : shard.keys;
  }

  /** Every company's [CIK, ticker] (by CIK), but the companies still to list by the horizon. */
  async listedCiks(): Promise<[string, string][]> {
    const [shard, unlisted] = await Promise.all([
      this.reference(REFERENCE_SHARDS.ciks, "Scenario has no companies"),
      this.unlisted(),
    ]);
    return (shard.rows(0, shard.length) as [string, string][]).filter(([, ticker]) => !unlisted.has(ticker));
  }

  /** The instrument's kind; 404 unless the scenario holds it (and, a company, it has listed by the horizon). */
  async requireTicker(ticker: string): Promise<InstrumentKind> {
    const [shard, unlisted] = await Promise.all([this.instruments(), this.unlisted()]);
    const i = find(shard, ticker);
    if (i < 0 || unlisted.has(ticker)) throw notFound(`Ticker ${ticker} not found in scenario`);
    return shard.rows(i, i + 1)[0][1] as InstrumentKind;
  }

  /** The tickers, each one the scenario holds (404 for the first it does not). */
  async requireTickers<T extends string[] | undefined>(tickers: T): Promise<T> {
    for (const t of tickers ?? []) await this.requireTicker(t);
    return tickers;
  }

  /** Every company's splits gone ex by the horizon. */
  splits(): Promise<Splits> {
    this.splitsRead ??= this.byTicker(REFERENCE_SHARDS.splits).then((rows) => new Splits(rows));
    return this.splitsRead;
  }

  /** The periods of a series split by period (manifest.periods) up to `last`'s, newest first, with their row counts. */
  private periodsUpTo(series: string, last: string, periodOf: (date: string) => string): [string, number][] {
    return Object.entries(this.manifest.periods[series] ?? {})
      .filter(([period]) => period <= periodOf(last))
      .sort(([a], [b]) => (a < b ? 1 : -1));
  }

  /**
   * Newest first over a kind kept per ticker and per period of all tickers (events, corporate
   * actions and earnings by year, news by month): one ticker reads its own shard; several, or none,
   * read the period shards (several filtered to those tickers). Every ticker must be in the scenario
   * (404 otherwise); an instrument without rows has no shard and gets an empty list
   * (docs/contract.md, "Ticker universe"). Rows as their JSON text.
   */
  async newestFirstByTickerOrPeriod(
    kind: Kind<"key">,
    tickers: string[] | undefined,
    page: Page,
  ): Promise<Uint8Array[]> {
    await this.requireTickers(tickers);
    const last = page.last === undefined || page.last > this.lastDay ? this.lastDay : page.last;
    if (tickers?.length === 1) return this.newestFirst([{ kind, part: tickers[0], whole: false }], page);
    const wanted = tickers ? new Set<unknown>(tickers) : undefined;
    const keep =
      wanted || page.keep
        ? (row: Record<string, unknown>) => (!wanted || wanted.has(row.ticker)) && (!page.keep || page.keep(row))
        : undefined;
    const periodOf = kind.period === "month" ? monthOf : yearOf;
    // A period's first and last dates as strings bound every date in it ("2023-02-31" included).
    const [opens, closes] = kind.period === "month" ? ["-01", "-31"] : ["-01-01", "-12-31"];
    const shards = this.periodsUpTo(kind.name("all"), last, periodOf)
      .filter(([period]) => !page.first || period >= periodOf(page.first))
      .map(([period, count]) => ({
        kind,
        part: allOf(period),
        count,
        whole: (!page.first || page.first <= `${period}${opens}`) && last >= `${period}${closes}`,
      }));
    return this.newestFirst(shards, { ...page, keep });
  }

  /**
   * Newest first over several whole shards of a kind (a ticker's and the market's news, say),
   * merged by key and then by second column (the id), as one newest-first list is.
   */
  async newestFirstOfParts(kind: Kind<"key">, parts: string[], page: Page): Promise<Uint8Array[]> {
    // One shard is already in that order: read only the page's rows.
    if (parts.length === 1) return this.newestFirst([{ kind, part: parts[0], whole: false }], page);
    const rows: { key: string; id: string; shard: DatedRows; index: number }[] = [];
    for (const part of parts) {
      const shard = await this.dated(kind, part);
      if (!shard) continue;
      const [from, to] = shard.window(page.first, page.last);
      const objects = shard.objects(from, to);
      objects.forEach((row, k) => {
        if (!page.keep || page.keep(row))
          rows.push({ key: shard.key(from + k), id: String(row[kind.columns[1]]), shard, index: from + k });
      });
    }
    rows.sort((a, b) => (a.key === b.key ? (a.id < b.id ? 1 : -1) : a.key < b.key ? 1 : -1));
    return rows.slice(page.offset, page.offset + page.limit).map((r) => r.shard.json(r.index, r.index + 1));
  }

  /**
   * Newest first over a kind kept per ticker, keyed `<date> <id>` (filings, analyst notes), and
   * indexed market-wide per period by `[key, ticker]` rows of `index` (`all/2023`, `all/2023-06`):
   * one ticker reads its own shard; several, or none, page the index and find each row in its
   * ticker's shard (each shard opened once). Rows are yielded unread, so a page skips without
   * reading them. The window is inclusive of both dates.
   */
  async *newestFirstIndexed(
    kind: Kind<"key">,
    index: Kind<"key">,
    tickers: string[] | undefined,
    first?: string,
    last?: string,
  ): AsyncGenerator<IndexedRow> {
    await this.requireTickers(tickers);
    const shards = new Map<string, Promise<DatedRows | null>>();
    const shardOf = (ticker: string) => {
      let shard = shards.get(ticker);
      if (!shard) shards.set(ticker, (shard = this.dated(kind, ticker)));
      return shard;
    };
    const to = last === undefined ? undefined : through(last);
    if (tickers?.length === 1) {
      const shard = await shardOf(tickers[0]);
      if (!shard) return;
      const [from, end] = shard.window(first, to);
      for (let i = end - 1; i >= from; i--) yield { ticker: tickers[0], shard, index: i };
      return;
    }
    const wanted = tickers && new Set(tickers);
    const periodOf = index.period === "month" ? monthOf : yearOf;
    const upTo = last === undefined || last > this.lastDay ? this.lastDay : last;
    for (const [period] of this.periodsUpTo(index.name("all"), upTo, periodOf)) {
      if (first && period < periodOf(first)) break;
      const rows = await this.dated(index, allOf(period));
      if (!rows) continue;
      const [from, end] = rows.window(first, to);
      const refs = rows.rows(from, end) as [string, string][];
      for (let k = refs.length - 1; k >= 0; k--) {
        const [key, ticker] = refs[k];
        if (wanted && !wanted.has(ticker)) continue;
        const shard = await shardOf(ticker);
        const at = shard ? shard.find(key) : -1;
        // The index and the ticker's shard are written together: a miss is a broken bundle.
        if (!shard || at < 0) throw new Error(`${kind.name(ticker)}: no row ${key} of its index`);
        yield { ticker, shard, index: at };
      }
    }
  }

  /**
   * Rows of shards read newest first (the most recent shard first), filtered and paged, as row texts.
   * Each shard is read only while rows are still needed; `count` (rows of a whole shard, from the
   * manifest) lets an unfiltered page skip whole shards it lies beyond without reading them.
   */
  private async newestFirst(
    shards: { kind: Kind<"key">; part: string; whole: boolean; count?: number }[],
    page: Page,
  ): Promise<Uint8Array[]> {
    const out: Uint8Array[] = [];
    let skip = page.offset;
    for (const { kind, part, whole, count } of shards) {
      const need = page.limit - out.length;
      if (need <= 0) break;
      if (!page.keep && whole && count !== undefined && skip >= count) {
        skip -= count;
        continue;
      }
      const shard = await this.dated(kind, part);
      if (!shard) continue;
      const [from, to] = shard.window(page.first, page.last);
      if (!page.keep) {
        const end = Math.max(from, to - skip);
        skip -= to - end;
        for (let i = end - 1; i >= Math.max(from, end - need); i--) out.push(shard.json(i, i + 1));
        continue;
      }
      const rows = shard.objects(from, to);
      for (let i = to - 1; i >= from && out.length < page.limit; i--) {
        if (!page.keep(rows[i - from])) continue;
        if (skip > 0) skip--;
        else out.push(shard.json(i, i + 1));
      }
    }
    return out;
  }

  /** The last row by the horizon of a kind keyed by date and split by month (its shard and index), or null before the first. */
  async lastOf(kind: Kind<"key">): Promise<{ shard: DatedRows; index: number } | null> {
    for (const [month] of this.periodsUpTo(kind.prefix, this.lastDay, monthOf)) {
      const shard = await this.dated(kind, month);
      if (shard && shard.length > 0) return { shard, index: shard.length - 1 };
    }
    return null;
  }

  /**
   * Every company's close and market cap on the last trading day on or before the horizon, packed in
   * the order of the `companies` shard (read one with bundle/closes.ts `closeOf`); null before the
   * first day.
   */
  async lastCloses(): Promise<Uint8Array | null> {
    const [last, listed] = await Promise.all([this.lastOf(REFERENCE_SHARDS.closes), this.companies()]);
    const day = last && last.shard.bytes(last.index);
    return day && day.byteLength === listed.length * 16 ? day : null;
  }

  /** The periods of a series split by year (funds/<T>, search/<period>, metrics/all) up to the horizon's, newest first. */
  yearsUpToHorizon(series: string): string[] {
    return this.periodsUpTo(series, this.lastDay, yearOf).map(([year]) => year);
  }
}
