// Crypto assets: daily bars of every calendar day for the assets the world's era has (assets.yaml),
// driven by crypto's own cycle and, more in stress, the equity market factor. Market-wide: no
// statements, filings, insider trades or holdings.
import { CRYPTO_SHARDS } from "../../../src/families/crypto/shards.ts";
import type { Calendar, Family } from "../../ground/family.ts";
import { toRows } from "../../ground/rows.ts";
import type { Factors } from "../market/family.ts";
import type { HiddenMacro } from "../regimes/family.ts";
import { cryptoPaths, type CryptoPaths } from "./model.ts";

export interface CryptoWorld {
  crypto: CryptoPaths;
}

export const crypto: Family<Calendar & HiddenMacro & Factors, CryptoWorld> = {
  name: "crypto",
  generate: ({ days, regimes, market }, { rng }) => ({
    crypto: cryptoPaths(days, regimes, market, rng.fork("crypto")),
  }),
  context: ({ crypto: c }, cut) => {
    const n = c.calendar.filter((d) => d <= cut.date).length;
    return {
      crypto: {
        calendar: c.calendar.slice(0, n),
        session: c.session.slice(0, n),
        regimes: c.regimes.slice(0, n),
        jumps: c.jumps.slice(0, n),
        assets: c.assets
          .filter((a) => a.start < n)
          .map((a) => ({ ...a, returns: a.returns.slice(0, n - a.start), bars: a.bars.slice(0, n - a.start) })),
      },
    };
  },
  shards: ({ crypto: c }, emit) => {
    const { cryptoPrices, cryptoAssets } = CRYPTO_SHARDS;
    for (const a of c.assets) emit.write(cryptoPrices, a.asset.ticker, toRows(cryptoPrices.columns, a.bars));
    const assets = c.assets.map((a) => ({ first_day: a.bars[0].time, ticker: a.asset.ticker, name: a.asset.name }));
    emit.write(cryptoAssets, undefined, toRows(cryptoAssets.columns, assets));
  },
};
