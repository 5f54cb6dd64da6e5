// Bitcoin's returns as a scenario shows them: annual volatility, fat tails, correlation with the
// equity market factor and its rise in stress, and the deepest drawdown (docs/realism.md, "Crypto assets").
import type { ValidationCheck } from "../../../src/bundle/types.ts";
import type { Checker } from "../../ground/family.ts";
import { corr, excessKurtosis, sd } from "../../models/statistics.ts";
import { bandCheck, skipped, type Band } from "../../realism/bands.ts";
import type { MarketFactor } from "../../models/market.ts";
import type { Regime } from "../../models/regimes.ts";
import type { CryptoPaths, CryptoSeries } from "./model.ts";

const FAMILY = "realism_crypto";
const YEAR = 365;
/** About a year of daily bars (a calendar year's scenario has 360 or so): fewer are too noisy to judge. */
const SAMPLE = 300;
/** Three years: a drawdown band needs a winter's room. */
const DRAWDOWN_SAMPLE = 3 * YEAR;
/** The equity regimes of stress, whose days are set against the calm ones' (expansion, recovery). */
const STRESS: ReadonlySet<Regime> = new Set(["slowdown", "inflation_shock", "crisis"]);
/** Trading days of each, stress and calm, a correlation's difference needs: about a quarter. */
const REGIME_SAMPLE = 60;

export const CRYPTO_BANDS = {
  annualVol: { min: 0.4, max: 1.2 },
  excessKurtosis: { min: 2, max: 25 },
  marketCorrelation: { min: -0.1, max: 0.6 },
  stressCorrelationRise: { min: 0, max: 0.6 },
  maxDrawdown: { min: 0.5, max: 0.95 },
} satisfies Record<string, Band>;

/** The deepest fall from a running peak, as a fraction. */
export function maxDrawdown(closes: readonly number[]): number {
  let peak = -Infinity;
  let worst = 0;
  for (const c of closes) {
    peak = Math.max(peak, c);
    worst = Math.max(worst, 1 - c / peak);
  }
  return worst;
}

/** The asset's returns on trading days (those `keep` keeps) beside the market factor's of the same date. */
function sessionPairs(
  crypto: CryptoPaths,
  series: CryptoSeries,
  market: number[],
  keep: (day: number) => boolean = () => true,
): [number[], number[]] {
  const x: number[] = [];
  const y: number[] = [];
  series.returns.forEach((r, t) => {
    const i = crypto.session[series.start + t];
    if (i < 0 || !keep(i)) return;
    x.push(r);
    y.push(market[i]);
  });
  return [x, y];
}

const RISE = "crypto_btc_stress_corr_rise";
const RISE_WHAT = "corr(BTC-USD, market factor) in stress less calm";

/** corr(BTC, market) on stress days less that on calm days; skipped unless both have REGIME_SAMPLE days. */
function stressCorrelationRise(
  crypto: CryptoPaths,
  btc: CryptoSeries,
  market: number[],
  regimes: readonly Regime[],
): ValidationCheck {
  const band = CRYPTO_BANDS.stressCorrelationRise;
  const stress = sessionPairs(crypto, btc, market, (i) => STRESS.has(regimes[i]));
  const calm = sessionPairs(crypto, btc, market, (i) => !STRESS.has(regimes[i]));
  const [s, c] = [stress[0].length, calm[0].length];
  if (Math.min(s, c) < REGIME_SAMPLE) {
    const why = `needs ${REGIME_SAMPLE} trading days of stress and of calm, have ${s} and ${c}`;
    return skipped(FAMILY, RISE, band, RISE_WHAT, why);
  }
  return bandCheck(FAMILY, RISE, band, corr(...stress) - corr(...calm), RISE_WHAT);
}

export function cryptoChecks(
  crypto: CryptoPaths,
  market: Pick<MarketFactor, "returns">,
  regimes: readonly Regime[],
): ValidationCheck[] {
  const btc = crypto.assets.find((a) => a.asset.ticker === "BTC-USD");
  const n = btc?.returns.length ?? 0;
  const check = (name: string, band: Band, what: string, need: number, value: () => number) =>
    btc && n >= need
      ? bandCheck(FAMILY, name, band, value(), what)
      : skipped(FAMILY, name, band, what, `needs ${need} days of BTC-USD, have ${n}`);
  return [
    check(
      "crypto_btc_annual_vol",
      CRYPTO_BANDS.annualVol,
      "BTC-USD annual volatility",
      SAMPLE,
      () => sd(btc!.returns) * Math.sqrt(YEAR),
    ),
    check("crypto_btc_excess_kurtosis", CRYPTO_BANDS.excessKurtosis, "BTC-USD daily excess kurtosis", SAMPLE, () =>
      excessKurtosis(btc!.returns),
    ),
    check("crypto_btc_market_corr", CRYPTO_BANDS.marketCorrelation, "corr(BTC-USD, market factor)", SAMPLE, () =>
      corr(...sessionPairs(crypto, btc!, market.returns)),
    ),
    btc
      ? stressCorrelationRise(crypto, btc, market.returns, regimes)
      : skipped(FAMILY, RISE, CRYPTO_BANDS.stressCorrelationRise, RISE_WHAT, "needs BTC-USD"),
    check("crypto_btc_max_drawdown", CRYPTO_BANDS.maxDrawdown, "BTC-USD deepest drawdown", DRAWDOWN_SAMPLE, () =>
      maxDrawdown(btc!.bars.map((b) => b.close)),
    ),
  ];
}

export function cryptoStatistics(): Checker<{ crypto: CryptoPaths; market: MarketFactor; regimes: Regime[] }, object> {
  return { finish: (world) => cryptoChecks(world.crypto, world.market, world.regimes) };
}
