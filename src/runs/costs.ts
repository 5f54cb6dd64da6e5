// The cost model of a run's fills (docs/runs.md, "Costs"), as data: the defaults a run gets unless it
// names its own, and the bounds a run's own may take. Every number here is cited in docs/runs.md.

/** A company's size by its market cap on the day the order is placed; index funds are their own tier. */
export type SizeTier = "mega" | "large" | "mid" | "small" | "fund";
/** What an order's costs are looked up by: its company's size tier, or crypto (its asset's own section). */
export type CostTier = SizeTier | "crypto";

/** The crypto assets of the worlds (build/families/crypto/assets.yaml), each with a half-spread of its own. */
export const CRYPTO_TICKERS = ["BTC-USD", "ETH-USD", "SOL-USD"] as const;
export type CryptoTicker = (typeof CRYPTO_TICKERS)[number];

/** A crypto asset's fills: an exchange's fee instead of a commission; no shorts (a run trades crypto spot). */
export interface CryptoCosts {
  /** The exchange's taker fee, basis points of a fill's value. */
  fee_bps: number;
  /** Half the quoted spread, basis points of the price, by asset. */
  half_spread_bps: Record<CryptoTicker, number>;
  /** Y of the square-root law, with the asset's own daily volatility (calendar days). */
  impact_coefficient: number;
  /** At most this share of the day's volume (in coins) fills. */
  max_volume_share: number;
}

/** Market-cap floors of the tiers, USD (the common mega/large/mid convention; below mid is small). */
export const TIER_FLOORS: readonly (readonly [SizeTier, number])[] = [
  ["mega", 200e9],
  ["large", 10e9],
  ["mid", 2e9],
];

export interface CostModel {
  /** Commission per share, USD, with a minimum per fill and a maximum as a fraction of its value. */
  commission_per_share: number;
  commission_minimum: number;
  commission_maximum_fraction: number;
  /** Half the quoted spread, in basis points of the price, by size tier. */
  half_spread_bps: Record<SizeTier, number>;
  /** Y of the square-root law: impact = Y × daily volatility × sqrt(shares / day's volume). */
  impact_coefficient: number;
  /** At most this share of a session's volume fills; the rest of the order expires. */
  max_volume_share: number;
  /** Annual fee on the value of shares sold short, charged each trading day (1/252 of it). */
  borrow_fee_annual: number;
  /** Gross exposure (long plus short market value) may reach this multiple of equity. */
  max_gross_exposure: number;
  crypto: CryptoCosts;
}

export const DEFAULT_COSTS: CostModel = {
  commission_per_share: 0.005,
  commission_minimum: 1,
  commission_maximum_fraction: 0.01,
  half_spread_bps: { mega: 1, large: 2.5, mid: 7.5, small: 20, fund: 0.5 },
  impact_coefficient: 1,
  max_volume_share: 0.1,
  borrow_fee_annual: 0.005,
  max_gross_exposure: 2,
  crypto: {
    fee_bps: 20,
    half_spread_bps: { "BTC-USD": 1, "ETH-USD": 1.5, "SOL-USD": 4 },
    impact_coefficient: 1,
    max_volume_share: 0.1,
  },
};

/** What a run may change of the model: any field, a tier's or an asset's half-spread at a time. */
export type CostChanges = Partial<Omit<CostModel, "half_spread_bps" | "crypto">> & {
  half_spread_bps?: Partial<CostModel["half_spread_bps"]>;
  crypto?: Partial<Omit<CryptoCosts, "half_spread_bps">> & {
    half_spread_bps?: Partial<CryptoCosts["half_spread_bps"]>;
  };
};

/**
 * The defaults with a run's changes. A run stored before a section existed (crypto) gets its
 * defaults when read, by the same merge.
 */
export function costModelOf(changes: CostChanges = {}): CostModel {
  const crypto = changes.crypto ?? {};
  return {
    ...DEFAULT_COSTS,
    ...changes,
    half_spread_bps: { ...DEFAULT_COSTS.half_spread_bps, ...changes.half_spread_bps },
    crypto: {
      ...DEFAULT_COSTS.crypto,
      ...crypto,
      half_spread_bps: { ...DEFAULT_COSTS.crypto.half_spread_bps, ...crypto.half_spread_bps },
    },
  };
}

/** A run's starting cash unless it says otherwise, USD. */
export const DEFAULT_STARTING_CASH = 1_000_000;
/** Trading days a year: the borrow fee's day count and every annualised score. */
export const TRADING_DAYS_PER_YEAR = 252;
/** Sessions of closes behind the volatility that scales an order's impact. */
export const VOLATILITY_SESSIONS = 20;
/** Daily volatility assumed when fewer than two returns are known (a new listing). */
export const FALLBACK_DAILY_VOLATILITY = 0.02;

export function sizeTier(marketCap: number | null, isFund: boolean): SizeTier {
  if (isFund) return "fund";
  for (const [tier, floor] of TIER_FLOORS) if ((marketCap ?? 0) >= floor) return tier;
  return "small";
}
