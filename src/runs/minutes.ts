// A session's minute bars of a stock, for the limit orders that need them (touch.ts): the bars
// /prices?interval=minute serves for that day (docs/intraday.md), from the same daily bar, seed and
// in-session news, so an agent can find its fill's minute in them.
import type { Scenario } from "../http/scenario.ts";
import { intradaySeed, minuteBars, sessionTimes } from "../families/prices/intraday.ts";
import { sessionNews } from "../families/prices/session-news.ts";
import { SHARDS } from "../families/shards.ts";
import type { Bar } from "./fills.ts";
import type { SessionMinutes } from "./touch.ts";

/** The minute bars of the session `date` of the scenario (read at it), of the tickers of `bars`. */
export function sessionMinutes(scenario: Scenario, date: string, bars: Record<string, Bar>): SessionMinutes {
  let time: ((minute: number) => string) | undefined;
  return {
    bars: async (ticker) => {
      const prices = await scenario.dated(SHARDS.prices, ticker);
      const [from, to] = prices ? prices.window(date, date) : [0, 0];
      const news = from < to ? await sessionNews(scenario, ticker, prices!, [from, to]) : undefined;
      return minuteBars(bars[ticker], intradaySeed(scenario.manifest.scenario.id, ticker, date), news?.get(date));
    },
    time: (minute) => (time ??= sessionTimes(date))(minute),
  };
}
