// Insider trades: Form 4 rows that financialdatasets' clients read unchanged, whose holdings chain,
// prices and filing dates agree with the served prices, and that keep the blackout around earnings.
import { describe, expect, it } from "vitest";
import { body, get, MEGACAP } from "../e2e/client.ts";

const s = `scenario_id=${MEGACAP}`;
const T = `/insider-trades?${s}`;

interface Trade {
  id: string;
  ticker: string;
  issuer: string;
  name: string;
  insider_name: string;
  title: string;
  role: string;
  is_board_director: boolean;
  transaction_date: string;
  transaction_type: string;
  transaction_shares: number;
  shares: number;
  transaction_price_per_share: number;
  price: number;
  transaction_value: number;
  value: number;
  shares_owned_before_transaction: number;
  shares_owned_after_transaction: number;
  security_title: string;
  filing_date: string;
  details: { plan: string | null; price_basis: string; acquired_disposed: string; after_fall: boolean };
}

interface Bar {
  time: string;
  low: number;
  high: number;
  close: number;
}

const tradesOf = async (query: string) => (await body(`${T}&${query}`)).insider_trades as Trade[];

/** Every row of a query, walked page by page. */
async function walk(query: string, limit = 50): Promise<Trade[]> {
  const out: Trade[] = [];
  for (let offset = 0; ; offset += limit) {
    const page = await tradesOf(`${query}&limit=${limit}&offset=${offset}`);
    out.push(...page);
    if (page.length < limit) return out;
  }
}

describe("insider trades", () => {
  it("carry the contract's fields and financialdatasets' alike, newest filing first", async () => {
    const rows = await tradesOf("ticker=MSFT&limit=200");
    expect(rows.length).toBeGreaterThan(10);
    const filed = rows.map((r) => r.filing_date);
    expect(filed).toEqual([...filed].sort().reverse());
    for (const r of rows) {
      expect(r.insider_name).toBe(r.name);
      expect(r.role).toBe(r.title);
      expect(r.issuer).toBe("Microsoft");
      expect(r.security_title).toBe("Common Stock");
      expect(r.price).toBe(r.transaction_price_per_share);
      expect(r.shares).toBe(Math.abs(r.transaction_shares));
      // financialdatasets signs a disposition's shares and value; the contract's are unsigned.
      expect(Math.sign(r.transaction_shares)).toBe(r.details.acquired_disposed === "D" ? -1 : 1);
      expect(r.transaction_value).toBeCloseTo(r.transaction_shares * r.price, 2);
      expect(r.value).toBeCloseTo(r.shares * r.price, 2);
      expect(r.shares_owned_after_transaction).toBe(r.shares_owned_before_transaction + r.transaction_shares);
      expect(r.shares_owned_after_transaction).toBeGreaterThanOrEqual(0);
    }
    const types = new Set(rows.map((r) => r.transaction_type));
    expect(types.has("sell")).toBe(true);
    expect([...types].every((t) => ["buy", "sell", "option_exercise", "grant", "gift"].includes(t))).toBe(true);
  });

  it("price within the day's range, filed within two trading days, each insider's holdings a chain", async () => {
    for (const ticker of ["AAPL", "JPM", "XOM"]) {
      const rows = await walk(`ticker=${ticker}`, 200);
      const { prices } = (await body(`/prices?${s}&ticker=${ticker}&limit=5000`)) as { prices: Bar[] };
      const days = prices.map((b) => b.time);
      const bars = new Map(prices.map((b) => [b.time, b]));
      const { corporate_actions } = await body(`/corporate-actions?${s}&ticker=${ticker}&limit=200`);
      // So the chain needs no restatement for a split.
      expect(corporate_actions.filter((a: { action_type: string }) => a.action_type === "split")).toEqual([]);
      const byInsider = new Map<string, Trade[]>();
      for (const r of rows) {
        const bar = bars.get(r.transaction_date)!;
        if (r.details.price_basis === "market") {
          expect(r.price).toBeGreaterThanOrEqual(bar.low);
          expect(r.price).toBeLessThanOrEqual(bar.high);
        } else if (r.details.price_basis === "close") expect(r.price).toBe(bar.close);
        else expect(r.transaction_type).toBe("option_exercise");
        const lag = days.indexOf(r.filing_date) - days.indexOf(r.transaction_date);
        expect(lag).toBeGreaterThanOrEqual(0);
        expect(lag).toBeLessThanOrEqual(2);
        byInsider.set(r.name, [...(byInsider.get(r.name) ?? []), r]);
      }
      for (const [, mine] of byInsider) {
        // Oldest first; a day's rows chain among themselves (an exercise, then its sale).
        let left = [...mine].sort((a, b) => (a.transaction_date < b.transaction_date ? -1 : 1));
        let held = left[0].shares_owned_before_transaction;
        while (left.length > 0) {
          const next = left.find(
            (r) => r.transaction_date === left[0].transaction_date && r.shares_owned_before_transaction === held,
          );
          expect(next, `${ticker} ${mine[0].name} from ${held}`).toBeDefined();
          held = next!.shares_owned_after_transaction;
          left = left.filter((r) => r !== next);
        }
      }
    }
  });

  it("keep open-market trades out of the blackout, except sales under a 10b5-1 plan", async () => {
    const { earnings } = await body(`/earnings?${s}&ticker=MSFT&limit=20`);
    const { prices } = (await body(`/prices?${s}&ticker=MSFT&limit=5000`)) as { prices: Bar[] };
    const days = prices.map((b) => b.time);
    const windows = (earnings as { report_period: string; filing_date: string }[]).map((e) => {
      const from = new Date(Date.parse(e.report_period) - 14 * 86400e3).toISOString().slice(0, 10);
      return [from, days[days.indexOf(e.filing_date) + 1]] as const;
    });
    const rows = await walk("ticker=MSFT&transaction_type=buy&transaction_type=sell", 200);
    expect(rows.length).toBeGreaterThan(5);
    let planned = 0;
    for (const r of rows) {
      const inBlackout = windows.some(([from, to]) => r.transaction_date >= from && r.transaction_date <= to);
      if (r.details.plan === "10b5-1") planned++;
      else expect(inBlackout, `${r.transaction_date} ${r.name}`).toBe(false);
    }
    expect(planned).toBeGreaterThan(0);
  });

  it("show nothing filed after as_of, and page every company's trades in one order", async () => {
    const asOf = "2023-06-30";
    const all = await walk(`as_of=${asOf}`, 200);
    expect(all.length).toBeGreaterThan(50);
    expect(all.every((r) => r.filing_date <= asOf)).toBe(true);
    expect(new Set(all.map((r) => r.ticker)).size).toBeGreaterThan(5);
    expect(await walk(`as_of=${asOf}`, 37)).toEqual(all);
    const window = await walk("filing_date_gte=2023-03-01&filing_date_lte=2023-03-31", 200);
    expect(window.length).toBeGreaterThan(0);
    expect(window.every((r) => r.filing_date >= "2023-03-01" && r.filing_date <= "2023-03-31")).toBe(true);
  });

  it("leave a trade out as of the day before its filing date, and show it from that date", async () => {
    const filed = (await tradesOf("ticker=GOOGL&limit=200")).find((r) => r.filing_date > r.transaction_date)!;
    expect(filed).toBeDefined();
    const dayBefore = new Date(Date.parse(filed.filing_date) - 86400e3).toISOString().slice(0, 10);
    const ids = async (asOf: string) => (await walk(`ticker=GOOGL&as_of=${asOf}`, 200)).map((r) => r.id);
    expect(await ids(dayBefore)).not.toContain(filed.id);
    expect(await ids(filed.filing_date)).toContain(filed.id);
  });

  it("filter by a name as /insider-trades/names spells it, and by transaction type", async () => {
    const { names } = await body(`/insider-trades/names?${s}&ticker=NVDA`);
    expect(names.length).toBeGreaterThan(5);
    expect(names).toEqual([...names].sort());
    const name = names[0] as string;
    const mine = await walk(`name=${encodeURIComponent(name)}`, 200);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((r) => r.name === name && r.ticker === "NVDA")).toBe(true);
    expect(await walk(`name=${encodeURIComponent(name.toUpperCase())}`, 200)).toEqual(mine);
    const sells = await tradesOf("ticker=NVDA&transaction_type=sell&limit=200");
    expect(sells.length).toBeGreaterThan(0);
    expect(sells.every((r) => r.transaction_type === "sell" && r.transaction_shares < 0)).toBe(true);
    // Names are public from an insider's first filing.
    const early = (await body(`/insider-trades/names?${s}&as_of=2023-01-31`)).names as string[];
    expect(early.length).toBeLessThan((await body(`/insider-trades/names?${s}`)).names.length);
  });

  it("/insider-transactions serves the same rows", async () => {
    const trades = await tradesOf("ticker=AMZN&limit=50");
    const { insider_transactions } = await body(`/insider-transactions?${s}&ticker=AMZN&limit=50`);
    expect(insider_transactions).toEqual(trades);
  });

  it("are empty for a fund, 404 for an unknown ticker, 400 for an inverted window", async () => {
    expect(await tradesOf("ticker=SPY")).toEqual([]);
    expect((await get(`${T}&ticker=ZZZZ`)).status).toBe(404);
    const inverted = await get(`${T}&filing_date_gte=2023-05-01&filing_date_lte=2023-04-01`);
    expect(inverted.status).toBe(400);
    expect(((await inverted.json()) as { detail: string }).detail).toBe(
      "Query parameter 'filing_date_gte' must not be after 'filing_date_lte'",
    );
    expect((await get(`${T}&transaction_type=purchase`)).status).toBe(422);
    expect(await tradesOf("name=Nobody%20Atall")).toEqual([]);
  });

  it("an insider's buy after a fall is an event on the timeline that its news cites", async () => {
    const { events } = await body(`/events/timeline?${s}&event_type=insider_purchase&limit=100`);
    expect(events.length).toBeGreaterThan(0);
    let cited = 0;
    for (const e of events as { event_id: string; ticker: string; event_date: string; public_summary: string }[]) {
      const buys = await tradesOf(
        `ticker=${e.ticker}&transaction_type=buy&filing_date_gte=${e.event_date}&filing_date_lte=${e.event_date}`,
      );
      const buy = buys.find((b) => e.public_summary.includes(`${b.name} reported buying`));
      expect(buy, e.public_summary).toBeDefined();
      expect(buy!.details.after_fall).toBe(true);
      expect(e.public_summary).toContain(`$${buy!.price.toFixed(2)}`);
      const { news } = await body(`/news?${s}&ticker=${e.ticker}&start_date=${e.event_date}&end_date=${e.event_date}`);
      cited += (news as { source_event_id: string }[]).filter((a) => a.source_event_id === e.event_id).length;
    }
    expect(cited).toBeGreaterThan(0);
  });
});

describe("insider ownership (Forms 3 and 5)", () => {
  interface Statement {
    ticker: string;
    name: string;
    form_type: string;
    filing_date: string;
    as_of_date: string;
    shares_owned: number;
    underlying_security_shares: number | null;
  }
  const O = `/insider-ownership?${s}`;
  const statementsOf = async (query: string) => (await body(`${O}&${query}`)).insider_ownership as Statement[];

  it("states each seat's Form 5 holding as its last Form 4 left it, newest filing first", async () => {
    const fives = await statementsOf("ticker=AAPL&form_type=5&limit=200");
    expect(fives.length).toBeGreaterThan(0);
    const filed = fives.map((o) => o.filing_date);
    expect(filed).toEqual([...filed].sort().reverse());
    const trades = (await body(`${T}&ticker=AAPL&limit=200&filing_date_lte=2023-12-29`)).insider_trades as Trade[];
    let tied = 0;
    for (const o of fives) {
      expect(o.underlying_security_shares).toBeNull();
      const last = trades
        .filter((t) => t.name === o.name && t.transaction_date <= o.as_of_date)
        .sort((a, b) => (a.transaction_date < b.transaction_date ? -1 : 1))
        .at(-1);
      if (!last) continue;
      expect(o.shares_owned).toBe(last.shares_owned_after_transaction); // no AAPL split in 2023
      tied++;
    }
    expect(tied).toBeGreaterThan(0);
  });

  it("shows a statement from its filing date only, and filters by name and form", async () => {
    const [latest] = await statementsOf("ticker=AAPL");
    const dayBefore = new Date(Date.parse(latest.filing_date) - 86_400_000).toISOString().slice(0, 10);
    expect((await statementsOf(`ticker=AAPL&as_of=${dayBefore}`)).map((o) => o.filing_date)).not.toContain(
      latest.filing_date,
    );
    const part = latest.name.split(" ")[1].toLowerCase();
    const named = await statementsOf(`ticker=AAPL&name=${part}`);
    expect(named.length).toBeGreaterThan(0);
    expect(named.every((o) => o.name.toLowerCase().includes(part))).toBe(true);
    expect(await statementsOf("ticker=AAPL&form_type=5/A")).toEqual([]);
    expect((await get(`${O}&ticker=NOPE`)).status).toBe(404);
    expect((await get(`${O}`)).status).toBe(422);
  });
});
