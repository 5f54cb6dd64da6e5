// Financial statements: each company's business (models/fundamentals.ts, its balance sheets and cash
// flows in models/statements.ts) reported quarterly, annually and over trailing twelve months,
// public from the filing made with its earnings release.
// Served per ticker, one shard per statement; per-share lines are restated for later splits when
// served. The checks recompute every accounting identity (docs/realism.md, "Exact invariants") from
// the rows as written.
import { packNumbers, searchKey } from "../../../src/families/search/shards.ts";
import { listedOn } from "../../models/prices.ts";
import { offerPrice } from "../listings/plan.ts";
import { SHARDS } from "../../../src/families/shards.ts";
import { periodKey } from "../../../src/bundle/shards.ts";
import { yearOf } from "../../../src/bundle/shards.ts";
import { snapshotRow } from "../../../src/families/metrics/snapshot.ts";
import {
  BALANCE_LINES,
  CASH_FLOW_LINES,
  INCOME_LINES,
  type BalanceSheet,
  type CashFlowStatement,
  type IncomeStatement,
} from "../../../src/families/statements/rows.ts";
import {
  businessQuarters,
  periodStatements,
  type AcquiredBooks,
  type PeriodStatements,
} from "../../models/statements.ts";
import { metricsRows, type MetricsRow } from "./metrics.ts";
import { balanceRow, cashFlowRow, incomeRow } from "./rows.ts";
import type { CompanyCore } from "../company/family.ts";
import type { Calendar, Checker, CompanyBase, Family, Scenario } from "../../ground/family.ts";
import type { CompanyExit } from "../exits/family.ts";
import { thousands } from "../../models/rounding.ts";
import { appendByYear, groupBy, keyedRows } from "../../ground/rows.ts";
import type { HiddenMacro } from "../regimes/family.ts";
import type { Stock } from "../stocks/family.ts";
import { paidPerShare } from "../stocks/deals.ts";
import { dayAfterClose } from "../exits/takeovers.ts";
import { RuleTally } from "../../ground/rules.ts";
import type { Universe } from "../universe/family.ts";

export interface CompanyStatements {
  /** Quarters, fiscal years and TTMs, each public from its filing date. */
  statements: PeriodStatements[];
  /** Their metrics, one per period, valued at the close of the filing date. */
  metrics: MetricsRow[];
}

type Reads = Calendar & Universe & HiddenMacro;

/**
 * The closes the statements value share changes at: a company that lists inside the world values those
 * of its private days at its offering price (the close before its first day, to the cent: its
 * prospectus's), never at a hidden price.
 */
function publicCloses({ bars, first = 0 }: Stock["stock"]): number[] {
  const offer = first > 0 ? offerPrice(bars, first) : 0;
  return bars.map((b, i) => (i < first ? offer : b.close));
}
type Company = CompanyBase & CompanyCore & CompanyExit & Stock & CompanyStatements;

/**
 * The books of the companies it bought inside the world (Scenario.companyOf: theirs, uncut): each
 * one's balance sheet of its last quarter filed by its close (what a reader can tie the buyer's to),
 * the cash paid for its shares then and the shares issued for them.
 */
function acquiredBooks(
  days: string[],
  { acquiring, issued }: CompanyExit & Stock,
  scenario: Scenario,
): AcquiredBooks[] {
  return acquiring.flatMap((d) => {
    const day = dayAfterClose(d, days.length);
    if (day === null) return [];
    const target = scenario.companyOf!(d.target, "statements") as Stock & CompanyStatements;
    const last = day - 1;
    const quarter = target.statements.filter((s) => s.period === "quarterly" && s.filingDate <= days[last]).at(-1)!;
    return [
      {
        day,
        balance: quarter.balance,
        cashPaid: thousands(paidPerShare(target.stock).cash_per_share * target.stock.shares[last]),
        sharesIssued: issued.find((i) => i.target === d.target)?.shares ?? 0,
      },
    ];
  });
}

export const statements: Family<Reads, object, CompanyCore & CompanyExit & Stock, CompanyStatements> = {
  name: "statements",
  context: () => ({}),
  company: (world, company, scenario) => {
    const { facts, business, stock } = company;
    const { rng } = scenario;
    const dayIndex = new Map(stock.bars.map((b, i) => [b.time, i]));
    const made = periodStatements(
      businessQuarters({
        plan: business,
        // Quarters filed after the world ends are never public.
        lastDay: world.days[world.days.length - 1],
        days: world.days,
        shares: stock.shares,
        splitMultiple: stock.splitMultiple,
        closes: publicCloses(stock),
        actions: stock.actions,
        acquisitions: acquiredBooks(world.days, company, scenario),
        rng: rng.fork(`balance/${facts.ticker}`),
      }),
    );
    // A company that lists inside the world makes its periods as a private company public on its first
    // day (its prospectus and first reports carry them): filed then, valued at that day's close.
    const listed = listedOn(stock);
    const statements = listed ? made.map((s) => (s.filingDate < listed ? { ...s, filingDate: listed } : s)) : made;
    const closeOn = (date: string) => {
      const i = dayIndex.get(date);
      return i === undefined
        ? null
        : { close: stock.bars[i].close, shares: stock.shares[i], splitMultiple: stock.splitMultiple[i] };
    };
    return { statements, metrics: metricsRows(statements, facts.ticker, closeOn) };
  },
  companyContext: ({ statements, metrics }, cut) => ({
    statements: statements.filter((s) => s.filingDate <= cut.date),
    metrics: metrics.filter((m) => m.metrics.filing_date <= cut.date),
  }),
  // Its periods as a private company were filed on its first day (`company`): nothing is before it.
  companySince: ({ statements, metrics }, since) => ({
    statements: statements.filter((s) => s.filingDate >= since.date),
    metrics: metrics.filter((m) => m.metrics.filing_date >= since.date),
  }),
  companyShards: (_, { facts, statements, metrics, stock }, emit) => {
    emit.write(
      SHARDS.metrics,
      facts.ticker,
      keyedRows(
        SHARDS.metrics.columns,
        metrics.map((m) => [periodKey(m.metrics.period, m.metrics.report_period), { ...m.metrics, inputs: m.inputs }]),
      ),
    );
    appendByYear(
      emit,
      SHARDS.metricsSnapshot,
      metrics.filter((m) => m.metrics.period === "ttm").map((m) => snapshotRow(m.metrics, m.inputs)),
    );
    const written = statements.map((s) => ({
      key: periodKey(s.period, s.reportPeriod),
      i: incomeRow(facts, s),
      b: balanceRow(facts, s),
      c: cashFlowRow(facts, s),
    }));
    emit.write(
      SHARDS.income,
      facts.ticker,
      keyedRows(
        SHARDS.income.columns,
        written.map((w) => [w.key, w.i]),
      ),
    );
    emit.write(
      SHARDS.balance,
      facts.ticker,
      keyedRows(
        SHARDS.balance.columns,
        written.map((w) => [w.key, w.b]),
      ),
    );
    emit.write(
      SHARDS.cashFlow,
      facts.ticker,
      keyedRows(
        SHARDS.cashFlow.columns,
        written.map((w) => [w.key, w.c]),
      ),
    );
    // Metrics rows are the statements' periods, in the same order.
    const periods = written.map((w, k) => ({ ...w, m: metrics[k].metrics }));
    for (const [part, group] of groupBy(periods, ({ i }) => `${i.period}/${yearOf(i.filing_date)}`))
      emit.append(
        SHARDS.search,
        part,
        group.map(({ i, b, c, m }) => [
          searchKey(facts.ticker, i.filing_date, i.report_period),
          packNumbers({ ...i, ...b, ...c, ...m }),
        ]),
      );
    const splits = stock.actions.filter((a) => a.action_type === "split");
    if (splits.length)
      emit.append(
        SHARDS.splits,
        undefined,
        splits.map((a) => [facts.ticker, a.ex_date, a.details.ratio]),
      );
  },
  companyChecks: () => statementChecks(),
};

/** Lines of a statement that are flows (summed over a year or a TTM) rather than stocks. */
const FLOW_LINES = {
  income: Object.keys(INCOME_LINES).filter(
    (k) => !k.startsWith("earnings_per_share") && !k.startsWith("weighted_") && k !== "dividends_per_common_share",
  ),
  cashFlow: Object.keys(CASH_FLOW_LINES).filter((k) => k !== "ending_cash_balance"),
};

/** The rules the statements keep: name and text, in the order their checks are reported. */
const STATEMENT_RULES = {
  income: [
    "income_statement_arithmetic",
    "gross profit = revenue - cost; operating income = gross profit - operating expense; net income = EBIT - interest - tax",
  ],
  eps: [
    "eps_reconciliation",
    "EPS = net income to common / weighted shares (to the cent); diluted <= basic when net income > 0",
  ],
  balance: ["balance_sheet_identity", "assets = liabilities + equity, every subtotal the sum of its lines"],
  cash: [
    "cash_reconciliation",
    "change in cash = CFO + CFI + CFF + FX; ending cash = last quarter's + change = balance-sheet cash; FCF = CFO + capex",
  ],
  sums: [
    "ttm_and_annual_sums",
    "TTM and annual flows = the sum of their four quarters; their balance sheet = the last quarter's",
  ],
  dividends: [
    "statement_dividends_match_actions",
    "dividends per share of a quarter from the first day on = the dividends gone ex in it (/corporate-actions)",
  ],
  filing: [
    "filing_calendar",
    "filed after the period ends: a 10-Q within 40 days, a 10-K within 90; a company that lists inside the world files its earlier periods on its first day",
  ],
  consolidation: [
    "acquirer_consolidation",
    "a buyer of the world takes in each company it bought in the quarter of the close: its balance sheet still balances, its goodwill does not fall, its investing flows report the acquisition (the target's cash less the cash paid), and the shares it issued trade from the day after the target's last",
  ],
  metrics: [
    "metrics_recompute",
    "market cap = close x shares on the filing date; P/E = close / TTM diluted EPS; margins, current ratio and D/E from the statements",
  ],
} as const;

type StatementTallies = Record<keyof typeof STATEMENT_RULES, RuleTally>;

/** A period's rows as written. */
interface WrittenRows {
  i: IncomeStatement;
  b: BalanceSheet;
  c: CashFlowStatement;
}

/** The identities every period's rows keep, each counted by its rule's tally: true where the rows break it. */
const ROW_RULES: {
  tally: keyof StatementTallies;
  broken: (rows: WrittenRows, s: PeriodStatements, listed: string | undefined) => boolean;
}[] = [
  {
    tally: "income",
    broken: ({ i }) =>
      i.gross_profit !== i.revenue! - i.cost_of_revenue! ||
      i.operating_expense !== i.selling_general_and_administrative_expenses! + i.research_and_development! ||
      i.operating_income !== i.gross_profit! - i.operating_expense! ||
      i.income_before_tax !== i.ebit! - i.interest_expense! ||
      i.net_income !== i.income_before_tax! - i.income_tax_expense! ||
      i.net_income_common_stock !== i.net_income! - i.preferred_dividends_impact!,
  },
  {
    tally: "eps",
    broken: ({ i }) => {
      const common = i.net_income_common_stock!;
      return (
        Math.abs(i.earnings_per_share! - common / i.weighted_average_shares!) > 0.005 + 1e-9 ||
        (common > 0 && i.earnings_per_share_diluted! > i.earnings_per_share!)
      );
    },
  },
  {
    tally: "balance",
    broken: ({ b }) =>
      b.total_assets !== b.total_liabilities! + b.shareholders_equity! ||
      b.current_assets !==
        b.cash_and_equivalents! +
          b.current_investments! +
          b.trade_and_non_trade_receivables! +
          b.inventory! +
          b.other_current_assets! ||
      b.total_debt !== b.current_debt! + b.non_current_debt!,
  },
  {
    tally: "cash",
    broken: ({ i, b, c }) =>
      c.change_in_cash_and_equivalents !==
        c.net_cash_flow_from_operations! +
          c.net_cash_flow_from_investing! +
          c.net_cash_flow_from_financing! +
          c.effect_of_exchange_rate_changes! ||
      c.ending_cash_balance !== b.cash_and_equivalents ||
      c.free_cash_flow !== c.net_cash_flow_from_operations! + c.capital_expenditure! ||
      c.net_income !== i.net_income,
  },
  {
    tally: "filing",
    broken: (_, s, listed) => {
      if (s.filingDate === listed && s.reportPeriod < listed) return false;
      const days = (Date.parse(s.filingDate) - Date.parse(s.reportPeriod)) / 86_400_000;
      return days < 1 || days > (s.fiscalQuarter === 4 ? 90 : 40);
    },
  },
];

function statementChecks(): Checker<unknown, Company> {
  const tallies = Object.fromEntries(
    Object.entries(STATEMENT_RULES).map(([key, [name, text]]) => [key, new RuleTally(name, "statements", text)]),
  ) as StatementTallies;
  return {
    company: (company) => {
      const { facts, statements, stock, metrics: rows } = company;
      // Each period's rows as written, built once for every check below.
      const written = new Map(
        statements.map((s) => [s, { i: incomeRow(facts, s), b: balanceRow(facts, s), c: cashFlowRow(facts, s) }]),
      );
      const rowsOf = (s: PeriodStatements) => written.get(s)!;
      const listed = listedOn(stock);
      recomputeMetrics(tallies.metrics, facts.ticker, statements, rows, stock, (s) => rowsOf(s).b);
      for (const s of statements)
        for (const rule of ROW_RULES) {
          const tally = tallies[rule.tally];
          tally.rows++;
          if (rule.broken(rowsOf(s), s, listed)) tally.violation(`${facts.ticker} ${s.period} ${s.reportPeriod}`);
        }
      const quarterly = statements.filter((s) => s.period === "quarterly");
      quarterly.forEach((_, k) => checkQuarter(tallies, facts.ticker, quarterly, k, stock, rowsOf));
      for (const s of statements)
        if (s.period !== "quarterly")
          checkSums(tallies.sums, `${facts.ticker} ${s.period} ${s.reportPeriod}`, s, quarterly, rowsOf);
      checkConsolidation(tallies.consolidation, company, quarterly, rowsOf);
    },
    finish: () => Object.values(tallies).map((tally) => tally.check()),
  };
}

/** Each company the buyer bought inside the world, in the quarter its close falls in (STATEMENT_RULES.consolidation). */
function checkConsolidation(
  tally: RuleTally,
  { facts, acquiring, issued, stock }: Company,
  quarterly: PeriodStatements[],
  rowsOf: (s: PeriodStatements) => WrittenRows,
): void {
  for (const deal of acquiring) {
    const day = dayAfterClose(deal, stock.bars.length);
    const k = day === null ? -1 : quarterly.findIndex((s) => s.reportPeriod >= stock.bars[day].time);
    if (day === null || k < 1) continue;
    tally.rows++;
    const [before, after] = [rowsOf(quarterly[k - 1]), rowsOf(quarterly[k])];
    const { b, c } = after;
    const shares = issued.find((i) => i.target === deal.target)?.shares ?? 0;
    const added = stock.shares[day] - stock.shares[day - 1] * (stock.splitMultiple[day] / stock.splitMultiple[day - 1]);
    const kept =
      b.total_assets === b.total_liabilities! + b.shareholders_equity! &&
      b.goodwill_and_intangible_assets! >= before.b.goodwill_and_intangible_assets! &&
      c.business_acquisitions_and_disposals !== 0 &&
      Math.abs(added - shares) <= 0.002 * stock.shares[day];
    if (!kept) tally.violation(`${facts.ticker} ${quarterly[k].reportPeriod} ${deal.target}`);
  }
}

/** A quarter's ending cash against the one before it, and its dividends against the actions gone ex in it. */
function checkQuarter(
  tallies: StatementTallies,
  ticker: string,
  quarterly: PeriodStatements[],
  k: number,
  stock: Stock["stock"],
  rowsOf: (s: PeriodStatements) => WrittenRows,
): void {
  const q = quarterly[k];
  const where = `${ticker} ${q.reportPeriod}`;
  if (k > 0) {
    tallies.cash.rows++;
    const before = rowsOf(quarterly[k - 1]).c.ending_cash_balance!;
    const { c } = rowsOf(q);
    if (c.ending_cash_balance !== before + c.change_in_cash_and_equivalents!) tallies.cash.violation(where);
  }
  if (q.reportPeriod >= stock.bars[0].time) tallies.dividends.rows++;
  const previousEnd = k > 0 ? quarterly[k - 1].reportPeriod : "";
  const exInQuarter = stock.actions
    .filter((a) => a.action_type === "dividend" && a.ex_date > previousEnd && a.ex_date <= q.reportPeriod)
    .reduce((sum, a) => sum + (a.details.amount as number), 0);
  // Quarters before the world's first day have no corporate actions to match.
  if (q.reportPeriod >= stock.bars[0].time && Math.abs(exInQuarter - q.dividendsPerShare) > 1e-4)
    tallies.dividends.violation(where);
}

/** A TTM or annual period against its four quarters: flows summed, the balance sheet the last quarter's. */
function checkSums(
  tally: RuleTally,
  where: string,
  s: PeriodStatements,
  quarterly: PeriodStatements[],
  rowsOf: (s: PeriodStatements) => WrittenRows,
): void {
  tally.rows++;
  const at = quarterly.findIndex((q) => q.reportPeriod === s.reportPeriod);
  const four = quarterly.slice(at - 3, at + 1);
  const summed = (pick: (x: PeriodStatements) => object, lines: string[]) =>
    lines.every(
      (k) =>
        (pick(s) as Record<string, number>)[k] === four.reduce((a, x) => a + (pick(x) as Record<string, number>)[k], 0),
    );
  const last = at < 0 ? undefined : rowsOf(quarterly[at]);
  const sameBalance = Object.keys(BALANCE_LINES).every(
    (k) =>
      k === "outstanding_shares" ||
      (rowsOf(s).b as Record<string, unknown>)[k] === (last?.b as Record<string, unknown> | undefined)?.[k],
  );
  if (
    at < 3 ||
    !summed((x) => rowsOf(x).i, FLOW_LINES.income) ||
    !summed((x) => rowsOf(x).c, FLOW_LINES.cashFlow) ||
    !sameBalance ||
    rowsOf(s).c.ending_cash_balance !== last!.c.ending_cash_balance
  )
    tally.violation(where);
}

/** Recompute the metrics of each period from its statements and the bar of its filing date. */
function recomputeMetrics(
  tally: RuleTally,
  ticker: string,
  statements: PeriodStatements[],
  rows: MetricsRow[],
  stock: Stock["stock"],
  balanceOf: (s: PeriodStatements) => BalanceSheet,
): void {
  const dayIndex = new Map(stock.bars.map((b, i) => [b.time, i]));
  const ttmAt = new Map(statements.filter((s) => s.period === "ttm").map((s) => [s.reportPeriod, s]));
  const near = (a: number | null, b: number | null) =>
    a === null || b === null ? a === b : Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(b));
  statements.forEach((s, k) => {
    const m = rows[k].metrics;
    tally.rows++;
    const i = s.income;
    const b = balanceOf(s);
    let ok =
      m.report_period === s.reportPeriod &&
      m.filing_date === s.filingDate &&
      near(m.gross_margin, i.gross_profit / i.revenue) &&
      near(m.current_ratio, b.current_assets! / b.current_liabilities!) &&
      near(m.debt_to_equity, b.shareholders_equity! > 0 ? b.total_debt! / b.shareholders_equity! : null);
    const day = dayIndex.get(s.filingDate);
    const ttm = ttmAt.get(s.reportPeriod);
    if (day !== undefined && ttm) {
      const [close, shares] = [stock.bars[day].close, stock.shares[day]];
      const eps = ttm.income.net_income / (ttm.weightedSharesDiluted * (stock.splitMultiple[day] / s.splitBasis));
      ok &&=
        m.market_cap === Math.round(close * shares) && near(m.price_to_earnings_ratio, eps > 0 ? close / eps : null);
    } else ok &&= m.market_cap === null;
    if (!ok) tally.violation(`${ticker} ${s.period} ${s.reportPeriod}`);
  });
}
