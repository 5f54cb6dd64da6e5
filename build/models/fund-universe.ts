// The real index funds a world may hold (their facts in build/refdata/etfs_major.csv): the broad
// market's, and one per sector with enough members in the world. The catalog lists them all.

/** Broad funds track the whole universe; sector funds their sector, when it has enough members. */
export const SECTOR_FUNDS: Record<string, string> = {
  "Information Technology": "XLK",
  Financials: "XLF",
  Energy: "XLE",
  "Health Care": "XLV",
  "Consumer Discretionary": "XLY",
  "Consumer Staples": "XLP",
  Industrials: "XLI",
  Materials: "XLB",
  Utilities: "XLU",
  "Real Estate": "XLRE",
  "Communication Services": "XLC",
};
export const BROAD_FUNDS = ["SPY", "IVV"];
export const MIN_SECTOR_MEMBERS = 3;

/** Every fund a scenario may hold. */
export function allFundTickers(): string[] {
  return [...BROAD_FUNDS, ...Object.values(SECTOR_FUNDS)].sort();
}
