// The scenario validation report (GAPS.md structure). Tier 0 rules are errors: one violation makes
// the scenario unhealthy. Statistical targets (REALISM Tiers 1, 2, 5) are warnings: each reports
// its observed value against its band.
import type { ValidationCheck, ValidationReport } from "../src/bundle/types.ts";
import { isTradingDay } from "./calendar.ts";
import { allBars } from "./compile.ts";
import type { Bar } from "./generate/prices.ts";
import type { World } from "./generate/world.ts";
import {
  crossSectionChecks,
  fundChecks,
  indexChecks,
  macroChecks,
  median,
  sectorOrderingCheck,
  stockChecks,
  type StockSeries,
} from "./realism.ts";

export interface ValidationInput {
  scenarioId: string;
  generatorVersion: string;
  calibrationVersion: string;
  world: World;
}

function check(name: string, family: string, violations: string[], rows: number, rule: string): ValidationCheck {
  return {
    name,
    family,
    passed: violations.length === 0,
    severity: "error",
    observed: { violations: violations.length, rows },
    expected: { violations: 0 },
    detail:
      violations.length === 0
        ? `${rule}: holds on all ${rows} rows`
        : `${rule}: violated ${violations.length} times, e.g. ${violations.slice(0, 5).join(", ")}`,
  };
}

function barInvariant(
  name: string,
  rule: string,
  bars: Map<string, Bar[]>,
  bad: (bar: Bar, prev: Bar | undefined) => boolean,
): ValidationCheck {
  const violations: string[] = [];
  let rows = 0;
  for (const [ticker, series] of bars) {
    series.forEach((bar, i) => {
      rows++;
      if (bad(bar, series[i - 1])) violations.push(`${ticker} ${bar.time}`);
    });
  }
  return check(name, "prices", violations, rows, rule);
}

function priceChecks(bars: Map<string, Bar[]>): ValidationCheck[] {
  return [
    barInvariant(
      "ohlc_ordering",
      "low <= min(open, close) <= max(open, close) <= high",
      bars,
      (b) => !(b.low <= Math.min(b.open, b.close) && Math.max(b.open, b.close) <= b.high),
    ),
    barInvariant(
      "prices_positive",
      "open, high, low, close > 0",
      bars,
      (b) => !(b.open > 0 && b.high > 0 && b.low > 0 && b.close > 0),
    ),
    barInvariant(
      "volume_integer_nonnegative",
      "volume is an integer >= 0",
      bars,
      (b) => !(Number.isInteger(b.volume) && b.volume >= 0),
    ),
    barInvariant(
      "bars_on_trading_days",
      "one bar per trading day, ascending",
      bars,
      (b, prev) => !isTradingDay(b.time) || (prev !== undefined && prev.time >= b.time),
    ),
    barInvariant(
      "return_components_identity",
      "market + sector + idiosyncratic + event return = ln(adjusted_close / previous adjusted_close)",
      bars,
      (b) => {
        const prevAdj = b.metadata.previous_adjusted_close as number;
        const logReturn = Math.log(b.adjusted_close / prevAdj);
        return Math.abs(b.market_return + b.sector_return + b.idiosyncratic_return + b.event_return - logReturn) > 1e-9;
      },
    ),
  ];
}

/** adjusted_close must restate exactly the splits and dividends of the corporate actions. */
function adjustedCloseCheck(world: World): ValidationCheck {
  const violations: string[] = [];
  let rows = 0;
  for (const [ticker, stock] of world.stocks) {
    const exDividend = new Map(
      stock.actions.filter((a) => a.action_type === "dividend").map((a) => [a.ex_date, a.details.amount as number]),
    );
    const exSplit = new Map(
      stock.actions.filter((a) => a.action_type === "split").map((a) => [a.ex_date, a.details.ratio as number]),
    );
    for (let t = 1; t < stock.bars.length; t++) {
      rows++;
      const b = stock.bars[t];
      const prev = stock.bars[t - 1];
      // Ratio of adjustment factors between consecutive days is the day's action factor.
      const expected = (1 - (exDividend.get(b.time) ?? 0) / prev.close) / (exSplit.get(b.time) ?? 1);
      const observed = prev.adjusted_close / prev.close / (b.adjusted_close / b.close);
      if (Math.abs(observed / expected - 1) > 1e-4) violations.push(`${ticker} ${b.time}`);
    }
  }
  return check(
    "adjusted_close_consistency",
    "corporate_actions",
    violations,
    rows,
    "adjusted_close restates every split and dividend",
  );
}

function actionDateChecks(world: World): ValidationCheck {
  const violations = world.actions
    .filter(
      (a) =>
        !(
          a.announcement_date < a.ex_date &&
          (a.action_type === "split" || (a.record_date >= a.ex_date && a.payable_date > a.record_date))
        ),
    )
    .map((a) => `${a.ticker} ${a.action_type} ${a.ex_date}`);
  return check(
    "corporate_action_dates",
    "corporate_actions",
    violations,
    world.actions.length,
    "announced before ex-date; record on or after ex; paid after record",
  );
}

/** Volume on earnings reaction days against the trailing 20-day median (REALISM Tier 3: 1.5-3x). */
function eventVolumeCheck(world: World): ValidationCheck {
  const ratios: number[] = [];
  for (const e of world.events) {
    if (e.event_type !== "earnings_release" || !e.ticker) continue;
    const bars = world.stocks.get(e.ticker)!.bars;
    const d = e.effect.reactionDay;
    if (d < 20) continue;
    ratios.push(bars[d].volume / median(bars.slice(d - 20, d).map((b) => b.volume)));
  }
  const observed = ratios.length ? Math.round(median(ratios) * 100) / 100 : null;
  return {
    name: "event_day_volume_spike",
    family: "events",
    passed: observed === null || observed >= 1.4,
    severity: "error",
    observed,
    expected: { min: 1.4 },
    detail:
      observed === null
        ? "no earnings reaction day with 20 days of history"
        : `median earnings-day volume is ${observed}x the trailing 20-day median over ${ratios.length} releases`,
  };
}

function pointInTimeCheck(world: World): ValidationCheck {
  // The timeline shards are keyed by event date, which as_of filters on: visible_from must equal it.
  const violations = world.events
    .filter((e) => e.visible_from !== e.event_date || e.public_release_datetime.slice(0, 10) !== e.event_date)
    .map((e) => e.event_id);
  return check(
    "events_point_in_time",
    "events",
    violations,
    world.events.length,
    "visible_from = event_date = release date",
  );
}

/** FED range 25bp wide; moves in 25bp multiples; 8 scheduled meetings per full year; unscheduled moves only in a crisis. */
function policyRateChecks(world: World): ValidationCheck[] {
  const dayIndex = new Map(world.days.map((d, i) => [d, i]));
  const stepViolations: string[] = [];
  const calendarViolations: string[] = [];
  let rows = 0;
  for (const [bank, decisions] of world.decisions) {
    const perYear = new Map<string, number>();
    for (const d of decisions.slice(1)) {
      rows++;
      if (bank === "FED" && Math.abs(d.target_high - d.target_low - 0.25) > 1e-9)
        stepViolations.push(`${bank} ${d.effective_date} range`);
      const quarters = Math.abs(d.move) / 0.25;
      const atFloor = d.decision === "cut" && Math.abs(quarters - Math.round(quarters)) > 1e-9 && d.target_high <= 0.25;
      if (Math.abs(quarters - Math.round(quarters)) > 1e-9 && !atFloor)
        stepViolations.push(`${bank} ${d.effective_date} move ${d.move}`);
      if (d.scheduled) perYear.set(d.announced.slice(0, 4), (perYear.get(d.announced.slice(0, 4)) ?? 0) + 1);
      else if (world.regimes[dayIndex.get(d.announced)!] !== "crisis")
        calendarViolations.push(`${bank} ${d.announced} unscheduled outside a crisis`);
    }
    const firstYear = world.days[0].slice(0, 4);
    const lastYear = world.days[world.days.length - 1].slice(0, 4);
    for (const [year, count] of perYear) {
      const full =
        (year !== firstYear && year !== lastYear) ||
        (world.days[0] <= `${year}-01-05` && world.days[world.days.length - 1] >= `${year}-12-20`);
      if (full && count !== 8) calendarViolations.push(`${bank} ${year}: ${count} meetings`);
    }
  }
  return [
    check("policy_rate_steps", "rates", stepViolations, rows, "FED range 25bp wide; moves in multiples of 25bp"),
    check(
      "policy_rate_calendar",
      "rates",
      calendarViolations,
      rows,
      "8 scheduled decisions a year; intermeeting moves only in a crisis",
    ),
  ];
}

function stockSeries(world: World): StockSeries[] {
  return world.companies.map((c) => {
    const { bars, shares } = world.stocks.get(c.ticker)!;
    return {
      ticker: c.ticker,
      sector: c.sector,
      open: bars.map((b) => b.open),
      high: bars.map((b) => b.high),
      low: bars.map((b) => b.low),
      close: bars.map((b) => b.close),
      adjClose: bars.map((b) => b.adjusted_close),
      volume: bars.map((b) => b.volume),
      marketCap: bars.map((b, i) => b.close * shares[i]),
    };
  });
}

export function validateScenario(input: ValidationInput): ValidationReport {
  const { world } = input;
  const stocks = stockSeries(world);
  const checks: ValidationCheck[] = [
    ...priceChecks(allBars(world)),
    adjustedCloseCheck(world),
    actionDateChecks(world),
    eventVolumeCheck(world),
    pointInTimeCheck(world),
    ...policyRateChecks(world),
    ...stockChecks(stocks),
    ...indexChecks(stocks),
    sectorOrderingCheck(stocks),
    ...crossSectionChecks(stocks),
    ...fundChecks(
      world.funds.map((f) => ({
        ticker: f.spec.ticker,
        close: f.bars.map((b) => b.close),
        benchmarkLevel: f.benchmarkLevel,
        expenseRatio: f.spec.expenseRatio,
      })),
    ),
    ...macroChecks({
      vix: world.macro.map((m) => m.volatility_index),
      creditSpread: world.macro.map((m) => m.credit_spread),
      tenYear: world.macro.map((m) => m.ten_year_yield),
      twoYear: world.macro.map((m) => m.metadata.two_year_yield as number),
      inflationExpectation: world.macro.map((m) => m.inflation_expectation),
      marketReturn: world.market.returns,
    }),
  ];
  const failed = checks.filter((c) => !c.passed && c.severity === "error").length;
  const warnings = checks.filter((c) => !c.passed && c.severity === "warning").length;
  return {
    scenario_id: input.scenarioId,
    healthy: failed === 0,
    generator_version: input.generatorVersion,
    calibration_version: input.calibrationVersion,
    summary: { passed: checks.filter((c) => c.passed).length, failed, warnings },
    checks,
  };
}
