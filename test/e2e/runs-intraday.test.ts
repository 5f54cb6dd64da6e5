// A run's stock limit orders fill at the intraday path (docs/runs.md, "Fills"; docs/intraday.md):
// when the day's range reaches the limit but the open does not, at the first minute of the bars
// /prices?interval=minute serves whose bar reaches it, at the limit (or that minute's open when it
// gapped through), with the volume cap counting the volume from that minute to the close; the fill
// records its minute. Market orders stay at the open. The ledger still replays to the cent.
import { beforeAll, describe, expect, it } from "vitest";
import { get, MEGACAP, ok, post } from "./client.ts";
import { KEYS } from "./keys.ts";

const OWNER = KEYS.runs.key;
type Json = Record<string, any>;

const cents = (x: number) => Math.round(x * 100);
const round2 = (x: number) => Math.round(x * 100) / 100;
/** The run's own volume cap, small enough that the fill takes it and the rest expires. */
const SHARE = 0.001;

const daily = async (ticker: string, day: string) =>
  (await ok(get(`/prices?scenario_id=${MEGACAP}&ticker=${ticker}&start_date=${day}&end_date=${day}`)))
    .prices[0] as Json;
const minutes = async (ticker: string, day: string) =>
  (
    await ok(
      get(
        `/prices?scenario_id=${MEGACAP}&ticker=${ticker}&start_date=${day}&end_date=${day}&interval=minute&limit=390`,
      ),
    )
  ).prices as Json[];

interface Case {
  ticker: string;
  side: "buy" | "sell";
  limit: number;
  /** The first minute whose bar reaches the limit. */
  at: number;
  bars: Json[];
  day: Json;
}

/**
 * A ticker and day whose limit, halfway from the open to the low (buy) or the high (sell), the path
 * first reaches at minute `after` or later: a fill the daily bar alone would put elsewhere.
 */
async function findCase(tickers: string[], side: Case["side"], days: string[], after: number): Promise<Case> {
  for (const date of days)
    for (const ticker of tickers) {
      const day = await daily(ticker, date);
      const limit = round2((day.open + (side === "buy" ? day.low : day.high)) / 2);
      if (limit === day.open) continue;
      const bars = await minutes(ticker, date);
      const at = bars.findIndex((b) => (side === "buy" ? b.low <= limit : b.high >= limit));
      if (at >= after) return { ticker, side, limit, at, bars, day };
    }
  throw new Error(`no day of ${tickers.join(", ")} reaches its limit late`);
}

describe("a run's limit order on a stock", () => {
  let buy: Case;
  let sell: Case;
  let ledger: Json[];
  let run: Json;

  beforeAll(async () => {
    const days = (
      await ok(get(`/prices/trading-days?scenario_id=${MEGACAP}&start_date=2023-03-02&end_date=2023-04-28`))
    ).trading_days as string[];
    buy = await findCase(["AAPL"], "buy", days.slice(1), 30);
    const session = buy.day.time as string;
    const placedOn = days[days.indexOf(session) - 1];
    sell = await findCase(["MSFT", "NVDA", "GOOGL", "AMZN", "META"], "sell", [session], 1);
    const opened = await ok(
      post(
        "/runs",
        {
          scenario_id: MEGACAP,
          agent: "e2e-intraday",
          start_date: placedOn,
          end_date: "2023-06-30",
          starting_cash: 100_000_000,
          costs: { max_volume_share: SHARE },
        },
        { key: OWNER },
      ),
    );
    const id = opened.run.run_id as string;
    // More shares than the day's whole volume would let fill: the fill takes the cap from its minute.
    const shares = Math.floor(buy.day.volume * SHARE) + 1;
    await ok(
      post(
        `/runs/${id}/orders`,
        {
          orders: [
            { ticker: buy.ticker, side: "buy", shares, type: "limit", limit_price: buy.limit },
            { ticker: sell.ticker, side: "sell", shares: 10, type: "limit", limit_price: sell.limit },
            { ticker: "SPY", side: "buy", shares: 10 },
          ],
        },
        { key: OWNER },
      ),
    );
    const advanced = await ok(post(`/runs/${id}/advance`, {}, { key: OWNER }));
    [ledger, run] = [advanced.ledger, advanced.run];
  });

  it("fills at the first minute whose bar reaches the limit, with the volume from that minute on", () => {
    const fill = ledger.find((e) => e.kind === "fill" && e.ticker === buy.ticker)!;
    const minute = buy.bars[buy.at];
    expect(fill.time).toBe(minute.time);
    expect(fill.reference_price).toBe(Math.min(minute.open, buy.limit));
    const after = buy.bars.slice(buy.at).reduce((s, b) => s + b.volume, 0);
    expect(after).toBeLessThan(buy.day.volume);
    expect(fill.shares).toBe(Math.floor(after * SHARE));
    expect(fill.price).toBeLessThanOrEqual(buy.limit);
    const expired = ledger.find((e) => e.kind === "expired" && e.ticker === buy.ticker)!;
    expect(expired.shares).toBe(Math.floor(buy.day.volume * SHARE) + 1 - fill.shares);
    expect(expired.reason).toMatch(/capped at 0.1% of the session's volume/);
  });

  it("fills a sell limit where the path first rises to it, and a market order at the open, 09:30", () => {
    const fill = ledger.find((e) => e.kind === "fill" && e.ticker === sell.ticker)!;
    const minute = sell.bars[sell.at];
    expect(fill).toMatchObject({ side: "sell", shares: 10, time: minute.time });
    expect(fill.reference_price).toBe(Math.max(minute.open, sell.limit));
    expect(fill.price).toBeGreaterThanOrEqual(sell.limit);
    const market = ledger.find((e) => e.kind === "fill" && e.ticker === "SPY")!;
    expect(market.time).toBe(buy.bars[0].time);
    expect(market.time.slice(11, 16)).toBe("09:30");
  });

  it("keeps the ledger replayable to the cent", async () => {
    const fills = ledger.filter((e) => e.kind === "fill");
    let cash = cents(100_000_000);
    let value = 0;
    for (const e of fills) {
      const sign = e.side === "buy" ? 1 : -1;
      expect(cents(e.cash_change)).toBe(-sign * cents(e.shares * e.price) - cents(e.commission));
      cash += cents(e.cash_change);
      value += cents(sign * e.shares * (await daily(e.ticker, buy.day.time)).close);
    }
    for (const e of ledger.filter((x) => x.kind === "borrow_fee")) cash += cents(e.cash_change);
    expect(cents(run.cash)).toBe(cash);
    expect(cents(run.equity)).toBe(cash + value);
  });
});
