// The market a run trades in, read from its scenario's bundle at the run's day: every read opens the
// scenario at that day, so the engine sees what a reader at the day would, and nothing later. Bars
// come from the month's market snapshot (every instrument's bar of each day, one shard a month), so a
// session over fifty or five hundred tickers reads one small shard rather than a history per ticker.
// A crypto asset's bars are its own shard's (one per calendar day): a session reads its bar of the
// same date.
import { through, type DatedRows } from "../bundle/as-of.ts";
import type { BundleReader } from "../bundle/reader.ts";
import { allOf } from "../bundle/shards.ts";
import { SHARDS } from "../families/shards.ts";
import type { Shard } from "../bundle/shard.ts";
import type { Manifest } from "../bundle/types.ts";
import type { CryptoAsset, CryptoPriceBar } from "../families/crypto/rows.ts";
import { find, Scenario } from "../http/scenario.ts";
import { FALLBACK_DAILY_VOLATILITY, VOLATILITY_SESSIONS } from "./costs.ts";
import type { Bar } from "./fills.ts";
import { sessionMinutes } from "./minutes.ts";
import type { Quote } from "./orders.ts";
import type { Session, SessionAction } from "./session.ts";

interface ActionRow {
  id: string;
  ticker: string;
  action_type: "split" | "dividend" | "acquisition" | "delisting";
  ex_date: string;
  payable_date: string;
  details: {
    ratio?: number;
    amount?: number;
    cash_per_share?: number;
    exchange_ratio?: number;
    acquirer_ticker?: string | null;
  };
}

/** A row of the market snapshot: a day's bar of one instrument, with its market cap (null for a fund). */
interface SnapshotRow extends Bar {
  time: string;
  ticker: string;
  market_cap: number | null;
}

/** A year's actions public so far (the first `seen` rows of its shard), by ex-date. */
interface KnownActions {
  seen: number;
  byExDate: Map<string, SessionAction[]>;
}

/** Snapshot rows decoded once per shard held in the cache: sessions and volatilities read the same rows day after day. */
const SNAPSHOT_ROWS = new WeakMap<Shard, SnapshotRow[]>();

function snapshotRow(shard: DatedRows, i: number): SnapshotRow {
  return shard.memoized(SNAPSHOT_ROWS, i, () => shard.objects(i, i + 1)[0] as unknown as SnapshotRow);
}

/** Each day's rows of a snapshot shard by ticker (memoized at the day's first row; keys are "<day> <ticker>"). */
const DAY_ROWS = new WeakMap<Shard, Map<string, number>[]>();

/** The indexes of a day's rows in its month's snapshot, by ticker, in key order (empty past the horizon). */
function dayRows(shard: DatedRows, day: string): Map<string, number> {
  const [from, to] = shard.window(`${day} `, through(day));
  if (from === to) return new Map();
  const skip = day.length + 1;
  return shard.memoized(DAY_ROWS, from, () => new Map(shard.keys(from, to).map((k, j) => [k.slice(skip), from + j])));
}

/** Sample standard deviation of simple returns of the closes. */
function volatilityOf(closes: number[]): number {
  const returns = closes.slice(1).map((c, i) => c / closes[i] - 1);
  if (returns.length < 2) return FALLBACK_DAILY_VOLATILITY;
  const mean = returns.reduce((s, r) => s + r, 0) / returns.length;
  return Math.sqrt(returns.reduce((s, r) => s + (r - mean) ** 2, 0) / (returns.length - 1));
}

export class BundleMarket {
  /** The scenario opened at a day. */
  private readonly at: (day: string) => Promise<Scenario>;
  /** Each year's actions decoded once: a session reads only the rows made public since the last. */
  private readonly known = new Map<string, KnownActions>();

  constructor(at: (day: string) => Promise<Scenario>) {
    this.at = at;
  }

  /** A scenario of the catalog, by id. */
  static ofCatalog(reader: BundleReader, scenarioId: string): BundleMarket {
    return new BundleMarket((day) => Scenario.open(reader, scenarioId, [day]));
  }

  /** A scenario by its manifest (the build's, before a catalog names it). */
  static ofManifest(reader: BundleReader, manifest: Manifest): BundleMarket {
    return new BundleMarket(async (day) => Scenario.ofManifest(reader, manifest, [day]));
  }

  /** The trading days in [first, last] (the macro tape's dates), read at `last`; the first `limit` of them. */
  async tradingDays(first: string, last: string, limit = Infinity): Promise<string[]> {
    const tape = await (await this.at(last)).dated(SHARDS.macro);
    if (!tape) return [];
    const [from, to] = tape.window(first, last);
    return tape.keys(from, Math.min(to, from + limit));
  }

  /**
   * The bars of each ticker wanted over the last sessions up to the scenario's horizon (the macro
   * tape's days), oldest first: each found by its key in its month's snapshot.
   */
  private async recentBars(
    scenario: Scenario,
    wanted: Set<string>,
    sessions: number,
  ): Promise<Map<string, SnapshotRow[]>> {
    const tape = await scenario.dated(SHARDS.macro);
    const n = tape?.length ?? 0;
    const days = n ? tape!.keys(Math.max(0, n - sessions), n) : [];
    const out = new Map<string, SnapshotRow[]>([...wanted].map((t) => [t, []]));
    const months = new Map<string, DatedRows | null>();
    for (const day of days) {
      const month = day.slice(0, 7);
      if (!months.has(month)) months.set(month, await scenario.dated(SHARDS.marketSnapshots, month));
      const shard = months.get(month);
      const rows = shard ? dayRows(shard, day) : null;
      for (const ticker of wanted) {
        const i = rows?.get(ticker);
        if (i !== undefined) out.get(ticker)!.push(snapshotRow(shard!, i));
      }
    }
    return out;
  }

  /**
   * What a reader on `day` knows of each ticker: its kind, close, market cap and, with
   * `withVolatility`, its recent volatility (null without).
   */
  async quotes(day: string, tickers: string[], withVolatility = true): Promise<Map<string, Quote>> {
    const scenario = await this.at(day);
    const [instruments, delisted, unlisted, crypto] = await Promise.all([
      scenario.instruments(),
      scenario.delisted(),
      scenario.unlisted(),
      cryptoAssets(scenario),
    ]);
    const wanted = new Set(tickers.filter((t) => !crypto.has(t)));
    const sessions = withVolatility ? VOLATILITY_SESSIONS + 1 : 1;
    const history = await this.recentBars(scenario, wanted, sessions);
    const out = new Map<string, Quote>();
    for (const ticker of new Set(tickers.filter((t) => crypto.has(t))))
      out.set(ticker, await cryptoQuote(scenario, ticker, sessions, withVolatility));
    for (const ticker of wanted) {
      // A company still to list is not one the run can know of.
      const i = unlisted.has(ticker) ? -1 : find(instruments, ticker);
      const kind = i < 0 ? null : (instruments.rows(i, i + 1)[0][1] as Quote["kind"]);
      const bars = history.get(ticker)!;
      const last = bars[bars.length - 1];
      out.set(ticker, {
        kind,
        close: last ? last.close : await this.lastClose(scenario, kind, ticker),
        market_cap: last?.market_cap ?? null,
        daily_volatility: withVolatility ? volatilityOf(bars.map((b) => b.close)) : null,
        delisted: delisted.get(ticker) ?? null,
      });
    }
    return out;
  }

  /** A ticker's last close by the scenario's horizon when it traded in none of the recent sessions (null before its first). */
  private async lastClose(scenario: Scenario, kind: Quote["kind"], ticker: string): Promise<number | null> {
    if (!kind) return null;
    const prices = await scenario.dated(SHARDS.prices, ticker);
    const n = prices?.length ?? 0;
    return n > 0 ? (prices!.objects(n - 1, n)[0] as unknown as Bar).close : null;
  }

  /** The session `date` for the tickers: the bars of those that traded, the actions going ex, and the policy rate. */
  async session(date: string, tickers: string[]): Promise<Session> {
    const scenario = await this.at(date);
    const bars: Session["bars"] = {};
    const minutes = sessionMinutes(scenario, date, bars);
    const session: Session = { date, bars, minutes, closes: {}, actions: [], risk_free_rate: 0 };
    const tape = await scenario.dated(SHARDS.macro);
    const today = tape ? tape.find(date) : -1;
    if (today >= 0)
      session.risk_free_rate = (tape!.objects(today, today + 1)[0] as { risk_free_rate: number }).risk_free_rate;
    const wanted = new Set(tickers);
    const shard = await scenario.dated(SHARDS.marketSnapshots, date.slice(0, 7));
    if (shard) withBars(session, rowsOf(shard, date, wanted));
    const crypto = await cryptoAssets(scenario);
    for (const ticker of wanted) if (crypto.has(ticker)) withBars(session, await cryptoBar(scenario, ticker, date));
    // Actions by the year they were announced: this year's, and last year's that go ex in this one.
    const year = Number(date.slice(0, 4));
    for (const announced of [String(year - 1), String(year)]) {
      const actions = await scenario.dated(SHARDS.actions, allOf(announced));
      if (actions) session.actions.push(...this.goingEx(announced, actions, date).filter((a) => wanted.has(a.ticker)));
    }
    session.actions.sort((a, b) => (a.ticker < b.ticker ? -1 : a.ticker > b.ticker ? 1 : a.id < b.id ? -1 : 1));
    // A buyer paying in its shares: its bar prices them, and marks the position they become.
    const buyers = new Set(
      session.actions.flatMap((a) => (a.exchange && !wanted.has(a.exchange.ticker) ? [a.exchange.ticker] : [])),
    );
    if (shard && buyers.size) withBars(session, rowsOf(shard, date, buyers));
    return session;
  }

  /** The actions announced in `year` and public by `date` (the rows of `actions`, read at it) that go ex on it. */
  private goingEx(year: string, actions: DatedRows, date: string): SessionAction[] {
    let known = this.known.get(year);
    // A read at an earlier day than the last (a new run on the same market) starts again.
    if (!known || known.seen > actions.length) this.known.set(year, (known = { seen: 0, byExDate: new Map() }));
    for (const row of actions.objects(known.seen, actions.length) as unknown as ActionRow[]) {
      const list = known.byExDate.get(row.ex_date) ?? [];
      known.byExDate.set(row.ex_date, [...list, actionOf(row)]);
    }
    known.seen = actions.length;
    return known.byExDate.get(date) ?? [];
  }
}

/** The crypto assets trading by the scenario's horizon (an asset is public from its first bar). */
async function cryptoAssets(scenario: Scenario): Promise<Set<string>> {
  const shard = await scenario.dated(SHARDS.cryptoAssets);
  return new Set(shard ? (shard.objects(0, shard.length) as CryptoAsset[]).map((a) => a.ticker) : []);
}

/** A crypto asset's last bars by the horizon (the last `days` calendar days). */
async function cryptoBars(scenario: Scenario, ticker: string, days: number): Promise<CryptoPriceBar[]> {
  const shard = await scenario.dated(SHARDS.cryptoPrices, ticker);
  const n = shard?.length ?? 0;
  return n ? (shard!.objects(Math.max(0, n - days), n) as CryptoPriceBar[]) : [];
}

/** What a reader at the horizon knows of a crypto asset: its day's close and the volatility of its last days. */
async function cryptoQuote(scenario: Scenario, ticker: string, days: number, withVolatility: boolean): Promise<Quote> {
  const bars = await cryptoBars(scenario, ticker, days);
  return {
    kind: "crypto",
    close: bars.at(-1)?.close ?? null,
    market_cap: null,
    daily_volatility: withVolatility ? volatilityOf(bars.map((b) => b.close)) : null,
    delisted: null,
  };
}

/** A crypto asset's bar of `date` (00:00 to 24:00 UTC), as the one row of a list, or none. */
async function cryptoBar(scenario: Scenario, ticker: string, date: string): Promise<(Bar & { ticker: string })[]> {
  const [bar] = await cryptoBars(scenario, ticker, 1);
  return bar?.time === date ? [{ ...bar, ticker }] : [];
}

/** The session's bars and closes of the tickers of `rows`. */
function withBars(session: Session, rows: (Bar & { ticker: string })[]): void {
  for (const row of rows) {
    session.bars[row.ticker] = { open: row.open, high: row.high, low: row.low, close: row.close, volume: row.volume };
    session.closes[row.ticker] = row.close;
  }
}

/** The day's rows of a snapshot shard whose ticker is wanted, in key order. */
function rowsOf(shard: DatedRows, day: string, wanted: Set<string>): SnapshotRow[] {
  const out: SnapshotRow[] = [];
  for (const [ticker, i] of dayRows(shard, day)) if (wanted.has(ticker)) out.push(snapshotRow(shard, i));
  return out;
}

function actionOf(row: ActionRow): SessionAction {
  return {
    id: row.id,
    ticker: row.ticker,
    type: row.action_type,
    ex_date: row.ex_date,
    payable_date: row.payable_date,
    ratio: row.details.ratio ?? 1,
    amount: row.details.amount ?? row.details.cash_per_share ?? 0,
    ...(row.details.exchange_ratio && row.details.acquirer_ticker
      ? { exchange: { ticker: row.details.acquirer_ticker, ratio: row.details.exchange_ratio } }
      : {}),
  };
}
