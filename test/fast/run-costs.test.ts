// The runs' crypto costs (src/runs/costs.ts, docs/runs.md "Costs") name every crypto asset of the
// worlds (build/families/crypto/assets.yaml): an asset added there without a half-spread here would
// fill at no price.
import { describe, expect, it } from "vitest";
import { CRYPTO } from "../../build/families/crypto/assets.ts";
import { CRYPTO_TICKERS, DEFAULT_COSTS, costModelOf } from "../../src/runs/costs.ts";

describe("the crypto costs of a run", () => {
  it("have a half-spread for every crypto asset of the worlds", () => {
    expect([...CRYPTO_TICKERS].sort()).toEqual(CRYPTO.assets.map((a) => a.ticker).sort());
    expect(Object.keys(DEFAULT_COSTS.crypto.half_spread_bps).sort()).toEqual([...CRYPTO_TICKERS].sort());
  });

  it("take a run's changes one field at a time, and give a run stored without them the defaults", () => {
    const changed = costModelOf({ crypto: { fee_bps: 10, half_spread_bps: { "SOL-USD": 8 } } });
    expect(changed.crypto).toEqual({
      ...DEFAULT_COSTS.crypto,
      fee_bps: 10,
      half_spread_bps: { ...DEFAULT_COSTS.crypto.half_spread_bps, "SOL-USD": 8 },
    });
    const { crypto: _, ...stored } = DEFAULT_COSTS;
    expect(costModelOf({ ...stored, commission_minimum: 0 })).toEqual({ ...DEFAULT_COSTS, commission_minimum: 0 });
  });
});
