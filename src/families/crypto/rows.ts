// The crypto family's rows: a crypto asset's daily bar (every calendar day, cut at 00:00 UTC) and
// the assets a scenario holds.
import { z } from "zod";
import { day, field, money } from "../../contract/fields.ts";

const cryptoTicker = () => field(z.string(), "Crypto ticker, `<asset>-USD` as financialdatasets names it.", "BTC-USD");

export const CryptoPriceBar = z
  .object({
    ticker: cryptoTicker(),
    time: day("Calendar day (UTC): the bar runs from 00:00 to 24:00 UTC. Crypto trades every day.", "2023-06-30"),
    open: money("Price at 00:00 UTC, in US dollars (the close of the day before).", 30477.25),
    high: money("Day's high.", 31256.86),
    low: money("Day's low.", 29600.28),
    close: money("Price at 24:00 UTC.", 30590.08),
    volume: field(z.number(), "Coins traded in the day.", 401234.56),
  })
  .meta({ id: "CryptoPriceBar", description: "One day of a crypto asset, 00:00 to 24:00 UTC." });

export const CryptoAsset = z
  .object({
    ticker: cryptoTicker(),
    name: field(z.string(), "The asset's name.", "Bitcoin"),
    first_day: day("The asset's first bar in the scenario: its launch, or the scenario's first day.", "2020-01-02"),
  })
  .meta({ id: "CryptoAsset", description: "A crypto asset the scenario holds." });

export type CryptoPriceBar = z.infer<typeof CryptoPriceBar>;
export type CryptoAsset = z.infer<typeof CryptoAsset>;
