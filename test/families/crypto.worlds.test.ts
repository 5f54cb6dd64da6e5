// Crypto assets over many draws: volatility several times the equity market's, fat tails (jump days
// among them), a correlation with the market factor that rises in stress, deep winters; and in a
// generated world, bars every calendar day from each asset's first day, starting at its real level.
import { beforeAll, describe, expect, it } from "vitest";
import { CRYPTO, type CryptoTable } from "../../build/families/crypto/assets.ts";
import { anchorPrice, cryptoPaths, type CryptoPaths } from "../../build/families/crypto/model.ts";
import { CRYPTO_BANDS, cryptoChecks, maxDrawdown } from "../../build/families/crypto/realism.ts";
import { Rng } from "../../build/ground/rng.ts";
import { tradingDays } from "../../build/models/calendar.ts";
import { marketFactor, type MarketFactor } from "../../build/models/market.ts";
import { regimePath, type Regime } from "../../build/models/regimes.ts";
import { corr, excessKurtosis, median, sd } from "../../build/models/statistics.ts";
import { generateWorld, type WholeWorld } from "../../build/pipeline/world.ts";
import { smallWorldSource } from "../support/worlds.ts";

const SEEDS = [1, 2, 3, 4];
const STRESS: Regime[] = ["crisis", "slowdown", "inflation_shock"];

interface Draw {
  days: string[];
  regimes: Regime[];
  market: MarketFactor;
  paths: CryptoPaths;
}

/** Years of a drawn equity market (its regimes and factor) and the crypto paths on it. */
function draw(seed: number, [first, last] = ["2012-01-01", "2023-12-31"], table: CryptoTable = CRYPTO): Draw {
  const rng = new Rng(seed, "crypto-test");
  const days = tradingDays(first, last);
  const regimes = regimePath({ days, initial: "expansion", switches: [], rng: rng.fork("regimes") });
  const market = marketFactor(rng.fork("market"), regimes, 0.16, []);
  return { days, regimes, market, paths: cryptoPaths(days, regimes, market, rng.fork("crypto"), table) };
}

const btc = (d: Draw) => d.paths.assets.find((a) => a.asset.ticker === "BTC-USD")!;

/** Bitcoin's and the market's returns on session days, split by the equity regime. */
function sessionPairs(d: Draw, stress: boolean): [number[], number[]] {
  const a = btc(d);
  const x: number[] = [];
  const y: number[] = [];
  d.paths.session.forEach((i, t) => {
    if (i < 0 || t < a.start || STRESS.includes(d.regimes[i]) !== stress) return;
    x.push(a.returns[t - a.start]);
    y.push(d.market.returns[i]);
  });
  return [x, y];
}

describe("crypto paths over four seeds", () => {
  const draws = SEEDS.map((seed) => draw(seed));

  it("are several times as volatile as the market, with fat tails and deep drawdowns", () => {
    const drawdowns: number[] = [];
    for (const d of draws) {
      const r = btc(d).returns;
      const vol = sd(r) * Math.sqrt(365);
      const marketVol = sd(d.market.returns) * Math.sqrt(252);
      const drawdown = maxDrawdown(btc(d).bars.map((b) => b.close));
      console.log(
        `BTC vol ${vol.toFixed(3)} (market ${marketVol.toFixed(3)}), excess kurtosis ${excessKurtosis(r).toFixed(2)}, max drawdown ${drawdown.toFixed(3)}`,
      );
      expect.soft(vol).toBeGreaterThan(0.55);
      expect.soft(vol).toBeLessThan(1.0);
      expect.soft(vol / marketVol).toBeGreaterThan(3);
      expect.soft(excessKurtosis(r)).toBeGreaterThan(3);
      expect.soft(drawdown).toBeGreaterThan(0.5);
      drawdowns.push(drawdown);
    }
    // Bitcoin's deepest fall was 93% (2011), 86% in 2014-15: twelve years of winters go about as deep,
    // and a world whose crypto crashes with an equity crisis on top of a winter deeper.
    expect(median(drawdowns)).toBeLessThan(0.95);
  });

  it("move with the market factor more in stress than in calm", () => {
    const pooled = (stress: boolean) => {
      const pairs = draws.map((d) => sessionPairs(d, stress));
      return corr(
        pairs.flatMap((p) => p[0]),
        pairs.flatMap((p) => p[1]),
      );
    };
    const [calm, stress] = [pooled(false), pooled(true)];
    console.log(`correlation with the market factor: calm ${calm.toFixed(3)}, stress ${stress.toFixed(3)}`);
    expect(calm).toBeGreaterThan(0);
    expect(calm).toBeLessThan(0.25);
    expect(stress).toBeGreaterThan(calm + 0.15);
  });

  it.each([
    ["one year", "2023-01-01", "2023-12-31"],
    ["four years", "2016-01-01", "2019-12-31"],
  ])("meet the family's realism bands in most scenarios of %s", (_, first, last) => {
    const misses = new Map<string, number>();
    for (const seed of SEEDS) {
      const d = draw(seed, [first, last]);
      const checks = cryptoChecks(d.paths, d.market, d.regimes);
      console.log(`seed ${seed}, ${first}: ${checks.map((c) => `${c.name} ${c.observed}`).join(", ")}`);
      for (const c of checks) if (!c.passed) misses.set(c.name, (misses.get(c.name) ?? 0) + 1);
    }
    // A band is a warning: one seed of four may miss it, two may not.
    expect([...misses].filter(([, n]) => n > 1)).toEqual([]);
  });

  it("hold one-year kurtosis in band through their jump days, which one-year draws without them miss", () => {
    const noJumps = { ...CRYPTO, jumps: { ...CRYPTO.jumps, rate: { boom: 0, normal: 0, winter: 0 } } };
    const years = (table: CryptoTable) =>
      Array.from({ length: 16 }, (_, k) =>
        excessKurtosis(btc(draw(k + 1, ["2023-01-01", "2023-12-31"], table)).returns),
      );
    const [jumps, none] = [years(CRYPTO), years(noJumps)];
    const below = (k: number[]) => k.filter((x) => x < CRYPTO_BANDS.excessKurtosis.min).length;
    console.log(`one-year excess kurtosis: median ${median(jumps).toFixed(2)}, ${below(jumps)} of 16 below the band`);
    console.log(`without jumps: median ${median(none).toFixed(2)}, ${below(none)} of 16 below the band`);
    // A year without a jump day reads a t(5)'s kurtosis, over 360 days mostly well below its 6.
    expect(below(jumps)).toBeLessThanOrEqual(1);
    expect(below(none)).toBeGreaterThanOrEqual(3);
    expect(median(jumps)).toBeGreaterThan(median(none) + 1.5);
  });

  it("jump mostly down, more often in winter, on days of wide bars and heavy volume", () => {
    const jumpDays = draws.flatMap((d) =>
      d.paths.jumps.flatMap((size, t) => (size !== 0 && t >= btc(d).start ? [{ d, t, size }] : [])),
    );
    const falls = jumpDays.filter((j) => j.size < 0).length / jumpDays.length;
    const perYear = (regime: string) => {
      const days = draws.flatMap((d) => d.paths.regimes.flatMap((r, t) => (r === regime ? [d.paths.jumps[t]] : [])));
      return (365 * days.filter((size) => size !== 0).length) / days.length;
    };
    const bar = (d: Draw, t: number) => btc(d).bars[t - btc(d).start];
    const calm = draws.flatMap((d) => btc(d).bars.filter((_, k) => d.paths.jumps[btc(d).start + k] === 0));
    const range = (b: { high: number; low: number }) => Math.log(b.high / b.low);
    const jumpBars = jumpDays.map((j) => bar(j.d, j.t));
    const wider = median(jumpBars.map(range)) / median(calm.map(range));
    const heavier = median(jumpBars.map((b) => b.volume)) / median(calm.map((b) => b.volume));
    console.log(
      `${jumpDays.length} jump days, ${(falls * 100).toFixed(0)}% falls; a year: boom ${perYear("boom").toFixed(1)}, ` +
        `normal ${perYear("normal").toFixed(1)}, winter ${perYear("winter").toFixed(1)}; ` +
        `bar range x${wider.toFixed(1)}, volume x${heavier.toFixed(2)} a day without`,
    );
    expect(falls).toBeGreaterThan(0.6);
    expect(perYear("winter")).toBeGreaterThan(perYear("normal"));
    expect(wider).toBeGreaterThan(3);
    expect(heavier).toBeGreaterThan(1.5);
  });

  it("are the same for the same seed, and bars hold their open, high, low and close in order", () => {
    expect(draw(1).paths).toEqual(draws[0].paths);
    for (const a of draws[0].paths.assets) {
      a.bars.forEach((b, t) => {
        expect(b.low).toBeLessThanOrEqual(Math.min(b.open, b.close));
        expect(b.high).toBeGreaterThanOrEqual(Math.max(b.open, b.close));
        if (t > 0) expect(b.open).toBe(a.bars[t - 1].close);
      });
    }
  });

  it("hold only the assets their era had, from their first day", () => {
    const tickers = draws[0].paths.assets.map((a) => [a.asset.ticker, a.bars[0].time]);
    expect(tickers).toEqual([
      ["BTC-USD", "2012-01-03"],
      ["ETH-USD", "2015-08-07"],
      ["SOL-USD", "2020-04-10"],
    ]);
    const early = cryptoPaths(
      draws[0].days.slice(0, 300),
      draws[0].regimes.slice(0, 300),
      draws[0].market,
      new Rng(1, "early"),
    );
    expect(early.assets.map((a) => a.asset.ticker)).toEqual(["BTC-USD"]);
  });
});

describe("crypto in a generated world", () => {
  let world: WholeWorld;
  beforeAll(() => void (world = generateWorld(smallWorldSource())));

  it("has a bar every calendar day from the first trading day, starting at the real level", () => {
    const { calendar, assets } = world.crypto;
    expect(calendar[0]).toBe(world.days[0]);
    expect(calendar.at(-1)).toBe(world.days.at(-1));
    const days = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / 86_400_000;
    expect(calendar.length).toBe(days(calendar[0], calendar.at(-1)!) + 1);
    for (const a of assets) {
      expect(a.bars.map((b) => b.time)).toEqual(calendar);
      expect(a.bars[0].open).toBeCloseTo(anchorPrice(a.asset, calendar[0]), 1);
    }
    expect(assets.map((a) => a.asset.ticker)).toEqual(["BTC-USD", "ETH-USD", "SOL-USD"]);
    const first = assets[0].bars[0];
    expect(first.open).toBeGreaterThan(15000); // Bitcoin began 2023 near $16,600
    expect(first.open).toBeLessThan(18000);
  });
});
