// A session's corporate actions (src/runs/session.ts) are applied in the documented order whatever
// order they come in: a company acquired pays its holders first (in cash, or in the buyer's shares),
// then splits, then dividends going ex. So a dividend of a buyer going ex on the day its shares are
// received is owed on them too, wherever the two tickers sort: a masked twin, whose tickers sort
// otherwise, books the same dividend as its original.
import { describe, expect, it } from "vitest";
import { emptyBook } from "../../src/runs/book.ts";
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
