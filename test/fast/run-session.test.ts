// A session's corporate actions (src/runs/session.ts) are applied in the documented order whatever
// order they come in: a company acquired pays its holders first (in cash, or in the buyer's shares),
// then splits, then dividends going ex. So a dividend of a buyer going ex on the day its shares are
// received is owed on them too, wherever the two tickers sort: a masked twin, whose tickers sort
// otherwise, books the same dividend as its original.
import { describe, expect, it } from "vitest";
import { emptyBook, type Order } from "../../src/runs/book.ts";
import { DEFAULT_COSTS } from "../../src/runs/costs.ts";
import { stepSession, type Session, type SessionAction } from "../../src/runs/session.ts";
import { sessionTimes } from "../../src/families/prices/intraday.ts";

const DAY = "2020-10-07";
const bar = (price: number) => ({ open: price, high: price, low: price, close: price, volume: 1_000_000 });

function sessionWith(actions: SessionAction[]): Session {
  return {
    date: DAY,
    bars: { BUYER: bar(100), FUND: bar(50) },
    // No order is open: no minute bar is asked for.
    minutes: { bars: async () => [], time: sessionTimes(DAY) },
    closes: { BUYER: 100, TARGET: 80, FUND: 50 },
    actions,
    risk_free_rate: 0,
  };
}

async function dividendOwed(actions: SessionAction[]): Promise<number> {
  const book = emptyBook(0);
  book.positions = { TARGET: { shares: 100, average_price: 80 }, BUYER: { shares: 50, average_price: 90 } };
  const run = { book, benchmark: emptyBook(0), benchmark_ticker: "FUND", open_orders: [], costs: DEFAULT_COSTS };
  await stepSession(run, sessionWith(actions));
  return book.entitlements.find((e) => e.ticker === "BUYER")!.shares;
}

describe("a session's actions", () => {
  const acquisition: SessionAction = {
    id: "ca_acq",
    ticker: "TARGET",
    type: "acquisition",
    ex_date: DAY,
    payable_date: DAY,
    ratio: 1,
    amount: 0,
    exchange: { ticker: "BUYER", ratio: 2 },
  };
  const dividend: SessionAction = {
    id: "ca_div",
    ticker: "BUYER",
    type: "dividend",
    ex_date: DAY,
    payable_date: "2020-11-05",
    ratio: 1,
    amount: 0.5,
  };

  it("pay an acquisition in the buyer's shares before the buyer's dividend goes ex, in whatever order they come", async () => {
    expect(await dividendOwed([acquisition, dividend])).toBe(250);
    expect(await dividendOwed([dividend, acquisition])).toBe(250);
  });
});

describe("a reverse split", () => {
  const reverse: SessionAction = {
    id: "ca_rs",
    ticker: "FUND",
    type: "split",
    ex_date: DAY,
    payable_date: DAY,
    ratio: 0.1,
    amount: 0,
  };

  /** A book holding `shares` of FUND (and `orders` open) through the session of the 1-for-10 split. */
  async function throughSplit(shares: number, cents = 0, orders: Order[] = []) {
    const book = emptyBook(cents);
    book.positions = { FUND: { shares, average_price: 4.9 } };
    const run = { book, benchmark: emptyBook(0), benchmark_ticker: "FUND", open_orders: orders, costs: DEFAULT_COSTS };
    const { entries } = await stepSession(run, sessionWith([reverse]));
    return { book, split: entries[0], entries };
  }

  it("pays the fraction of a new share in cash at the session's open, and a short pays it", async () => {
    const { book, split } = await throughSplit(105);
    // 105 old shares are 10.5 new ones: 10 held, half a share paid at the $50 open.
    expect(book.positions.FUND.shares).toBe(10);
    expect(book.positions.FUND.average_price).toBeCloseTo(49, 10);
    expect(book.cash_cents).toBe(2500);
    expect(split).toMatchObject({ kind: "split", shares_before: 105, shares_after: 10, cash_change: 25 });
    expect(split).toMatchObject({ cash_in_lieu_price: 50 });

    const short = (await throughSplit(-37, 100_000)).book;
    expect(short.positions.FUND.shares).toBe(-3);
    expect(short.cash_cents).toBe(100_000 - 3500); // 0.7 of a share at $50
  });

  it("leaves no fraction and no cash where the shares divide, and divides an open order", async () => {
    const order = { ticker: "FUND", side: "sell", shares: 105, limit_price: 6, basis: { close: 0.5 } } as Order;
    const { book, split } = await throughSplit(70, 0, [order]);
    expect(book.positions.FUND.shares).toBe(7);
    expect(split).toMatchObject({ cash_change: 0 });
    expect(split).not.toHaveProperty("cash_in_lieu_price");
    // 105 shares to sell become 10 (the half share cannot be ordered), at a limit ten times higher
    // (above the session's $50 high: it expires unfilled).
    expect(order).toMatchObject({ shares: 10, limit_price: 60, basis: { close: 5 } });
  });

  it("expires an open order it leaves without a whole share, in the ledger, with why", async () => {
    const order = {
      order_id: "ord_small",
      client_order_id: "c-1",
      ticker: "FUND",
      side: "buy",
      shares: 7,
      limit_price: null,
      basis: { close: 0.5 },
    } as Order;
    const { entries } = await throughSplit(70, 100_000, [order]);
    // 7 shares to buy are 0.7 of a new one: nothing can be ordered, and the ledger says so.
    expect(entries.filter((e) => e.kind === "fill")).toEqual([]);
    expect(entries.find((e) => e.kind === "expired")).toMatchObject({
      order_id: "ord_small",
      client_order_id: "c-1",
      ticker: "FUND",
      shares: 0,
      reason: "a reverse split left it less than one whole share",
      cash_change: 0,
    });
  });
});

describe("a reverse split's fraction in the score", () => {
  it("closes the round trip: the fraction is sold at the cash-in-lieu price", async () => {
    const { scoreOf } = await import("../../src/runs/engine.ts");
    const dates = ["2020-10-05", "2020-10-06", "2020-10-07", "2020-10-08"];
    const points = dates.map((date) => ({
      date,
      cash: 0,
      positions_value: 0,
      equity: 1000,
      gross_exposure: 0,
      benchmark: 1000,
      risk_free_rate: 0,
    }));
    const fill = (date: string, side: "buy" | "sell", shares: number, price: number) => ({
      kind: "fill" as const,
      date,
      ticker: "FUND",
      side,
      shares,
      price,
      commission: 0,
      spread_cost: 0,
      impact_cost: 0,
    });
    const ledger = [
      fill(dates[1], "buy", 105, 4.9),
      {
        kind: "split" as const,
        date: dates[2],
        ticker: "FUND",
        action_id: "ca_rs",
        ratio: 0.1,
        shares_before: 105,
        shares_after: 10,
        cash_in_lieu_price: 50,
        cash_change: 25,
      },
      fill(dates[3], "sell", 10, 55),
    ] as unknown as Parameters<typeof scoreOf>[2];
    const record = { terms: { start_date: dates[0], scenario_current_date: dates[3] } } as Parameters<
      typeof scoreOf
    >[0];
    const { score } = scoreOf(record, points, ledger);
    // Bought at 4.90 is 49 a new share: the half share sold at 50 and the ten at 55 make one closed, winning trip.
    expect(score.round_trips).toBe(1);
    expect(score.hit_rate).toBe(1);
  });
});
