// The crypto family's shards: each asset's daily bars, and the list of the scenario's assets.
import { identity, kind, only, perPart } from "../../bundle/shards.ts";

export const CRYPTO_SHARDS = {
  /** Per asset (`crypto/prices/BTC-USD`): its bars by calendar day. */
  cryptoPrices: kind(perPart("crypto/prices"), ["time", "open", "high", "low", "close", "volume"], {
    visible: "key",
    // A day's bar closes at 00:00 UTC the next day: 20:00 in New York in summer, 19:00 in winter.
    publicAt: { time: "20:00:00" },
    served: { extra: (ticker) => ({ ticker }) },
  }),
  /** The scenario's assets by first day: an asset is public from its first bar. */
  cryptoAssets: kind(only("crypto/assets"), ["first_day", "ticker", "name"], { visible: "key", served: identity }),
} as const;
