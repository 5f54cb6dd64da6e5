// First price generator: a seeded factor model (market + sector + stock), each part a GJR-GARCH
// process on Student-t shocks, with volume tied to volatility and OHLC from an overnight gap plus an
// intraday range. The market-world issue replaces it with the calibrated model.
import type { CompanyFacts } from "../../src/bundle/types.ts";
import type { Rng } from "../rng.ts";

export interface Bar {
  time: string;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  adjusted_close: number;
  market_return: number;
  sector_return: number;
  idiosyncratic_return: number;
  event_return: number;
  volatility: number;
  metadata: Record<string, unknown>;
}

export interface PriceInputs {
  days: string[];
  companies: CompanyFacts[];
  marketDriftAnnual: number;
  marketVolAnnual: number;
  rng: Rng;
}

const TRADING_DAYS = 252;

/** GJR-GARCH(1,1) with Student-t shocks, unit long-run scale `dailyVol`. */
function garchSeries(rng: Rng, n: number, dailyVol: number, nu = 6): { shocks: number[]; vols: number[] } {
  const alpha = 0.03;
  const gamma = 0.09;
  const beta = 0.9;
  const omega = dailyVol ** 2 * (1 - alpha - gamma / 2 - beta);
  let variance = dailyVol ** 2;
  const shocks: number[] = [];
  const vols: number[] = [];
  for (let t = 0; t < n; t++) {
    const sigma = Math.sqrt(variance);
    const eps = sigma * rng.studentT(nu);
    shocks.push(eps);
    vols.push(sigma);
    variance = omega + (alpha + (eps < 0 ? gamma : 0)) * eps * eps + beta * variance;
  }
  return { shocks, vols };
}

const round2 = (x: number) => Math.round(x * 100) / 100;
const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

export function generatePrices(input: PriceInputs): Map<string, Bar[]> {
  const { days, companies, rng } = input;
  const n = days.length;
  const marketDaily = input.marketVolAnnual / Math.sqrt(TRADING_DAYS);
  const drift = input.marketDriftAnnual / TRADING_DAYS;
  const market = garchSeries(rng.fork("market"), n, marketDaily);
  const sectors = new Map<string, ReturnType<typeof garchSeries>>();
  for (const sector of [...new Set(companies.map((c) => c.sector))].sort()) {
    sectors.set(sector, garchSeries(rng.fork(`sector/${sector}`), n, marketDaily * 0.6));
  }

  const out = new Map<string, Bar[]>();
  for (const company of companies) {
    const r = rng.fork(`stock/${company.ticker}`);
    const beta = r.between(0.7, 1.3);
    const sectorLoading = r.between(0.5, 1.0);
    const idio = garchSeries(r.fork("idio"), n, marketDaily * r.between(0.9, 1.8));
    const sector = sectors.get(company.sector)!;
    let close = round2(Math.exp(r.between(Math.log(20), Math.log(400))));
    const baseVolume = Math.exp(r.between(Math.log(5e5), Math.log(2e7)));
    let volumeNoise = 0;
    const bars: Bar[] = [];
    for (let t = 0; t < n; t++) {
      const marketReturn = beta * (drift + market.shocks[t]);
      const sectorReturn = sectorLoading * sector.shocks[t];
      const idiosyncratic = idio.shocks[t];
      const logReturn = marketReturn + sectorReturn + idiosyncratic;
      const vol = Math.sqrt((beta * market.vols[t]) ** 2 + (sectorLoading * sector.vols[t]) ** 2 + idio.vols[t] ** 2);
      // Part of the day's move happens overnight, the rest during the session.
      const overnight = 0.3 * logReturn + 0.15 * vol * r.normal();
      const open = round2(close * Math.exp(overnight));
      const nextClose = round2(close * Math.exp(logReturn));
      const range = vol * (0.4 + 0.5 * Math.abs(r.normal()));
      const high = round2(Math.max(open, nextClose) * Math.exp(range * r.uniform()));
      const low = round2(Math.min(open, nextClose) * Math.exp(-range * r.uniform()));
      volumeNoise = 0.4 * volumeNoise + 0.3 * r.normal();
      const volume = Math.round(baseVolume * Math.exp(volumeNoise + 2.5 * (Math.abs(logReturn) / vol - 0.8) * 0.3));
      bars.push({
        time: days[t],
        open: Math.max(0.01, open),
        high: Math.max(0.01, high, open, nextClose),
        low: Math.max(0.01, Math.min(low, open, nextClose)),
        close: Math.max(0.01, nextClose),
        volume,
        adjusted_close: Math.max(0.01, nextClose),
        market_return: round6(marketReturn),
        sector_return: round6(sectorReturn),
        idiosyncratic_return: round6(idiosyncratic),
        event_return: 0,
        volatility: round6(vol * Math.sqrt(TRADING_DAYS)),
        metadata: { beta: round6(beta) },
      });
      close = Math.max(0.01, nextClose);
    }
    out.set(company.ticker, bars);
  }
  return out;
}
