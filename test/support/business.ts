// A company of any sector with five years of statements (2015-2019, a crisis in the second half of
// 2016), for tests of what the build derives from statements, and a family's checks run on it.
import type { CompanyFacts } from "../../src/bundle/types.ts";
import { tradingDays } from "../../build/models/calendar.ts";
import type { Checker } from "../../build/ground/family.ts";
import { fiscalQuarters } from "../../build/models/fiscal.ts";
import { businessPlan, type IncomeInput } from "../../build/models/fundamentals.ts";
import { businessQuarters, periodStatements, type PeriodStatements } from "../../build/models/statements.ts";
import type { Regime } from "../../build/models/regimes.ts";
import { Rng } from "../../build/ground/rng.ts";
import { memoryScratch, type Scratch } from "../../build/ground/scratch.ts";

export const DAYS = tradingDays("2015-01-02", "2019-12-31");

/** A stock of a billion shares at $50 on every one of `days`, with no splits or dividends. */
export const steadyStock = (days: string[]) => ({
  shares: days.map(() => 1e9),
  splitMultiple: days.map(() => 1),
  closes: days.map(() => 50),
  actions: [],
});

/** A business plan through `days` of steady expansion, without events that step its revenue. */
export const expansionPlan = (input: Omit<IncomeInput, "regimes" | "shocks">) =>
  businessPlan({ ...input, regimes: input.days.map(() => "expansion" as const), shocks: [] });

export function sectorCompany(sector: string, ticker = "XYZ"): { facts: CompanyFacts; statements: PeriodStatements[] } {
  const regime = (d: string): Regime => (d < "2016-07-01" ? "expansion" : d < "2017-01-01" ? "crisis" : "recovery");
  const facts = { ticker, sector, cik: "1234" } as CompanyFacts;
  const statements = periodStatements(
    businessQuarters({
      plan: businessPlan({
        sector,
        anchor: { revenue: 20e9, bookEquity: 10e9, ebitdaMargin: 0.2, netIncome: null },
        marketCap: 40e9,
        quarters: fiscalQuarters(ticker, 2014, 2019, new Rng(1, `fiscal/${ticker}`)),
        days: DAYS,
        regimes: DAYS.map(regime),
        shocks: [],
        rng: new Rng(2, `business/${sector}`),
      }),
      lastDay: DAYS[DAYS.length - 1],
      days: DAYS,
      ...steadyStock(DAYS),
      rng: new Rng(3, `balance/${sector}`),
    }),
  );
  return { facts, statements };
}

/** The names of a family's company checks that fail on `company`. */
export function failingChecks<C>(
  family: { companyChecks?: (days: string[], scratch: Scratch) => Checker<object, C> },
  company: C,
): string[] {
  const checker = family.companyChecks!(DAYS, memoryScratch());
  checker.company!(company);
  return checker
    .finish({})
    .filter((c) => !c.passed)
    .map((c) => c.name);
}
