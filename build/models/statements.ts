// A company's financial statements, quarter by quarter: the business's income statements
// (fundamentals.ts) with balance sheets and cash-flow statements whose identities hold exactly, and
// the fiscal years and trailing twelve months made of them. Shares, splits and dividends are the
// stock's own, so per-share figures agree with /prices and /corporate-actions.
import { archetypeOf, type Archetype } from "./archetypes.ts";
import type { FiscalQuarter } from "./fiscal.ts";
import { CRISIS_CHARGES, dayOn, type BusinessPlan, type IncomeLines, type OperatingQuarter } from "./fundamentals.ts";
import { thousands } from "./rounding.ts";
import type { Rng } from "../ground/rng.ts";

/** Balance sheet lines at a quarter's end (USD). */
export interface BalanceLines {
  cash_and_equivalents: number;
  current_investments: number;
  trade_and_non_trade_receivables: number;
  inventory: number;
  other_current_assets: number;
  property_plant_and_equipment: number;
  goodwill_and_intangible_assets: number;
  non_current_investments: number;
  tax_assets: number;
  other_non_current_assets: number;
  current_debt: number;
  trade_and_non_trade_payables: number;
  deferred_revenue: number;
  deposit_liabilities: number;
  other_current_liabilities: number;
  non_current_debt: number;
  tax_liabilities: number;
  other_non_current_liabilities: number;
  common_stock: number;
  retained_earnings: number;
  accumulated_other_comprehensive_income: number;
}

/** Cash-flow lines of one quarter (USD; outflows negative). */
export interface CashFlowLines {
  share_based_compensation: number;
  change_in_working_capital: number;
  capital_expenditure: number;
  business_acquisitions_and_disposals: number;
  investment_acquisitions_and_disposals: number;
  issuance_or_repayment_of_debt_securities: number;
  issuance_or_purchase_of_equity_shares: number;
  dividends_and_other_cash_distributions: number;
  effect_of_exchange_rate_changes: number;
}

/** One fiscal quarter of a company's statements, before any later split restates its per-share figures. */
export interface QuarterStatements {
  quarter: FiscalQuarter;
  income: IncomeLines;
  balance: BalanceLines;
  cashFlow: CashFlowLines;
  /** Shares outstanding at the quarter's end, and weighted over it (basic, diluted), as traded then. */
  sharesOutstanding: number;
  /** The stock's split multiple at the quarter's end (prices.ts): restates per-share figures across splits. */
  splitBasis: number;
  weightedShares: number;
  weightedSharesDiluted: number;
  /** Dividends per share that went ex in the quarter, as declared. */
  dividendsPerShare: number;
  /** The restructuring charge inside SG&A (the plan's; the non-GAAP view adds it back). */
  restructuring: number;
  /** A crisis's write-downs of assets inside SG&A (the plan's; the non-GAAP view adds them back). */
  writeDowns: number;
}

export interface BusinessInput {
  plan: BusinessPlan;
  /** Only quarters released on or before this day are reported. */
  lastDay: string;
  days: string[];
  /** Per day, the stock's shares outstanding (as traded), split multiple and close; its dividends and splits. */
  shares: number[];
  splitMultiple: number[];
  closes: number[];
  /** The stock's corporate actions (rows of /corporate-actions): its dividends are paid from the cash flow. */
  actions: readonly { action_type: string; ex_date: string; details: Record<string, unknown> }[];
  /** Companies it bought (consolidation.ts): their books join its own in the quarter of the close. */
  acquisitions?: AcquiredBooks[];
  rng: Rng;
}

/** A company bought: what its books bring in, and what was paid for it. */
export interface AcquiredBooks {
  /** Index of its first day inside the buyer; the shares issued for it trade from that day. */
  day: number;
  /** Its balance sheet of its last quarter filed by the close. */
  balance: BalanceLines;
  /** Cash paid for it, and the buyer's shares issued for it (valued at the buyer's close that day). */
  cashPaid: number;
  sharesIssued: number;
}

/**
 * The reported quarters with their balance sheets and cash flows: capital spending and working
 * capital are shares of revenue; debt tracks the business, and a cash shortfall is met from the
 * long-term investments before debt; cash is
 * what the cash-flow statement leaves; shares and dividends are the stock's, and the shares it bought
 * back or issued each day are paid for at that day's close.
 */
export function businessQuarters(input: BusinessInput): QuarterStatements[] {
  const books = new CompanyBooks(input);
  const out: QuarterStatements[] = [];
  for (const operating of input.plan.quarters) {
    if (operating.quarter.release > input.lastDay) break;
    const statements = books.close(operating);
    if (statements) out.push(statements);
  }
  return out;
}

/** Working capital at a quarter's end: the archetype's days of annual revenue or cost, and other current items. */
interface WorkingCapital {
  receivables: number;
  inventory: number;
  payables: number;
  deferredRevenue: number;
  otherCurrentAssets: number;
  otherCurrentLiabilities: number;
}

/** Working capital for an annual revenue and cost of revenue. */
function workingCapitalOf(arch: Archetype, annual: number, cost: number): WorkingCapital {
  return {
    receivables: thousands((annual * arch.receivableDays) / 365),
    inventory: thousands((cost * arch.inventoryDays) / 365),
    payables: thousands((cost * arch.payableDays) / 365),
    deferredRevenue: thousands((annual * arch.deferredRevenueDays) / 365),
    otherCurrentAssets: thousands(annual * 0.02),
    otherCurrentLiabilities: thousands(annual * 0.05),
  };
}

/** The cash that moving from the balance sheet's working capital to `wc` frees (positive) or takes. */
function workingCapitalChange(balance: BalanceLines, wc: WorkingCapital): number {
  return (
    balance.trade_and_non_trade_receivables -
    wc.receivables +
    balance.inventory -
    wc.inventory +
    balance.other_current_assets -
    wc.otherCurrentAssets +
    wc.payables -
    balance.trade_and_non_trade_payables +
    wc.deferredRevenue -
    balance.deferred_revenue +
    wc.otherCurrentLiabilities -
    balance.other_current_liabilities
  );
}

/**
 * The first quarter's balance sheet: working capital from revenue, plant from depreciation,
 * equity from the anchor, the rest of the assets or liabilities as the difference.
 */
function openingBalance(plan: BusinessPlan, arch: Archetype, cashShare: number, rng: Rng): BalanceLines {
  const { revenue0, book0, debt0 } = plan;
  const wc0 = workingCapitalOf(arch, revenue0, revenue0 * (1 - plan.grossMargin));
  const balance: BalanceLines = {
    cash_and_equivalents: thousands(revenue0 * cashShare),
    current_investments: thousands(revenue0 * 0.03),
    trade_and_non_trade_receivables: wc0.receivables,
    inventory: wc0.inventory,
    other_current_assets: wc0.otherCurrentAssets,
    property_plant_and_equipment: thousands(revenue0 * plan.depreciationShare * 7),
    goodwill_and_intangible_assets: thousands(book0 * (0.15 + 0.3 * rng.uniform())),
    non_current_investments: thousands(revenue0 * 0.04),
    tax_assets: thousands(revenue0 * 0.01),
    other_non_current_assets: 0,
    current_debt: thousands(debt0 * 0.1),
    trade_and_non_trade_payables: wc0.payables,
    deferred_revenue: wc0.deferredRevenue,
    deposit_liabilities: 0,
    other_current_liabilities: wc0.otherCurrentLiabilities,
    non_current_debt: debt0 - thousands(debt0 * 0.1),
    tax_liabilities: thousands(revenue0 * 0.02),
    other_non_current_liabilities: 0,
    common_stock: thousands(book0 * 0.3),
    retained_earnings: thousands(book0) - thousands(book0 * 0.3),
    accumulated_other_comprehensive_income: 0,
  };
  const gap = totalAssets(balance) - totalLiabilities(balance) - equity(balance);
  if (gap > 0) balance.other_non_current_liabilities = gap;
  else balance.other_non_current_assets = -gap;
  return balance;
}

/** A quarter's cash flows before financing: operations (and its parts), capital spending, dividends, currency. */
interface FlowsBeforeFinancing {
  /** Companies bought: the cash they held less the cash paid for them. */
  acquisitions: number;
  changeInWorkingCapital: number;
  shareBasedCompensation: number;
  capex: number;
  dividends: number;
  fx: number;
  operating: number;
}

/**
 * A company's books as its quarters close: the balance sheet, rolled forward by each quarter's
 * flows, and where the last quarter left off. `close` takes the plan's quarters in order.
 */
class CompanyBooks {
  private readonly input: BusinessInput;
  private readonly arch: Archetype;
  /** Diluted shares over basic ones, less one. */
  private readonly dilution: number;
  /** The cash the company usually holds, as a share of annual revenue. */
  private readonly cashShare: number;
  /** The amount of the stock's first dividend (0: it pays none). */
  private readonly firstDividend: number;
  private readonly balance: BalanceLines;
  private previousEnd = "";
  /** The debt the plan called for at the last quarter's end. */
  private previousPlan: number;

  constructor(input: BusinessInput) {
    const { rng, plan } = input;
    this.input = input;
    this.arch = archetypeOf(plan.sector);
    this.dilution = 0.004 + this.arch.shareBasedCompensation * 0.3;
    this.cashShare = 0.06 + 0.1 * rng.uniform();
    this.firstDividend = (input.actions.find((a) => a.action_type === "dividend")?.details.amount as number) ?? 0;
    this.balance = openingBalance(plan, this.arch, this.cashShare, rng);
    this.previousPlan = plan.debt0;
  }

  /** Closes the books on the plan's next quarter: its statements, or none for the first, which opens them. */
  close(operating: OperatingQuarter): QuarterStatements | undefined {
    const { input, balance } = this;
    const { quarter, income } = operating;
    // Shares and dividends: the stock's, as traded in the quarter.
    const endDay = dayOn(input.days, quarter.end);
    const startDay = this.previousEnd >= input.days[0] ? dayOn(input.days, this.previousEnd) + 1 : 0;
    // A company bought in the quarter joins the books before its flows (its working capital with it).
    const bought = this.previousEnd
      ? (input.acquisitions ?? []).filter((a) => a.day >= startDay && a.day <= endDay)
      : [];
    const acquisitions = bought.reduce((sum, a) => sum + this.takeIn(a), 0);
    const debt = balance.current_debt + balance.non_current_debt;
    const sharesOutstanding = input.shares[endDay];
    const { weightedShares, equityIssued } = shareFlows(input, startDay, endDay);
    const dividends = this.dividendsIn(quarter, sharesOutstanding);
    const wc = workingCapitalOf(this.arch, income.revenue * 4, income.cost_of_revenue * 4);
    const flows = { ...this.flowsBeforeFinancing(income, wc, dividends.paid), acquisitions };
    const { debtChange, investmentFlow } = this.finance(
      operating.plannedDebt,
      income.revenue,
      debt,
      flows,
      equityIssued,
    );
    const cashFlow: CashFlowLines = {
      share_based_compensation: flows.shareBasedCompensation,
      change_in_working_capital: flows.changeInWorkingCapital,
      capital_expenditure: flows.capex,
      business_acquisitions_and_disposals: acquisitions,
      investment_acquisitions_and_disposals: investmentFlow,
      issuance_or_repayment_of_debt_securities: debtChange,
      issuance_or_purchase_of_equity_shares: equityIssued,
      dividends_and_other_cash_distributions: flows.dividends,
      effect_of_exchange_rate_changes: flows.fx,
    };
    let statements: QuarterStatements | undefined;
    if (this.previousEnd) {
      this.rollForward(income, wc, cashFlow, flows.operating, debt);
      statements = {
        quarter,
        income,
        balance: { ...balance },
        cashFlow,
        sharesOutstanding,
        splitBasis: input.splitMultiple[endDay],
        weightedShares,
        weightedSharesDiluted: Math.round(weightedShares * (1 + this.dilution)),
        dividendsPerShare: Math.round(dividends.perShare * 1e4) / 1e4,
        restructuring: operating.restructuring,
        writeDowns: thousands(operating.crisisCharges * CRISIS_CHARGES.writtenDown),
      };
    }
    this.previousEnd = quarter.end;
    return statements;
  }

  /**
   * A company bought joins the books: its assets but its cash and goodwill, and its liabilities; the
   * goodwill is the price over the net assets it can identify (a bargain's gain goes to retained
   * earnings); the shares issued for it join the common stock. Returns the cash flow it makes: the
   * cash it held less the cash paid for it.
   */
  private takeIn(a: AcquiredBooks): number {
    const { balance } = this;
    const t = a.balance;
    const stockValue = thousands(a.sharesIssued * this.input.closes[a.day]);
    const identifiable = totalAssets(t) - t.goodwill_and_intangible_assets - totalLiabilities(t);
    const goodwill = a.cashPaid + stockValue - identifiable;
    for (const line of ASSETS_TAKEN_IN) balance[line] += t[line];
    for (const line of LIABILITIES) balance[line] += t[line];
    balance.goodwill_and_intangible_assets += Math.max(0, goodwill);
    balance.retained_earnings += Math.max(0, -goodwill);
    balance.common_stock += stockValue;
    return t.cash_and_equivalents - a.cashPaid;
  }

  /** Dividends that went ex in the quarter: per share, as declared, and paid on the shares of their ex-days. */
  private dividendsIn(quarter: FiscalQuarter, sharesOutstanding: number): { perShare: number; paid: number } {
    const { input, previousEnd, firstDividend } = this;
    // Before the world's first day there are no corporate actions: a payer paid its first
    // dividend's amount each quarter, so trailing figures on day one are a payer's.
    if (quarter.end < input.days[0]) return { perShare: firstDividend, paid: firstDividend * sharesOutstanding };
    let perShare = 0;
    let paid = 0;
    for (const a of input.actions) {
      if (a.action_type !== "dividend" || a.ex_date > quarter.end || a.ex_date <= previousEnd) continue;
      const amount = a.details.amount as number;
      perShare += amount;
      paid += amount * input.shares[dayOn(input.days, a.ex_date)];
    }
    return { perShare, paid };
  }

  /** The quarter's flows before debt and investments move (capital spending and currency drawn). */
  private flowsBeforeFinancing(
    income: IncomeLines,
    wc: WorkingCapital,
    dividendsPaid: number,
  ): Omit<FlowsBeforeFinancing, "acquisitions"> {
    const { rng, plan } = this.input;
    const revenue = income.revenue;
    const changeInWorkingCapital = workingCapitalChange(this.balance, wc);
    const shareBasedCompensation = thousands(revenue * this.arch.shareBasedCompensation);
    const capex = -thousands(revenue * plan.capexShare * Math.exp(0.15 * rng.normal()));
    const dividends = -thousands(dividendsPaid);
    const fx = thousands(revenue * 0.003 * rng.normal());
    const operating =
      income.net_income + income.depreciation_and_amortization + shareBasedCompensation + changeInWorkingCapital;
    return { changeInWorkingCapital, shareBasedCompensation, capex, dividends, fx, operating };
  }

  /**
   * The debt raised (or repaid) and the long-term investments sold (or bought) in the quarter.
   * Liquidity, in order: cash down to two weeks of revenue, then the long-term investments, then
   * debt. Debt moves with its plan (a share of the business) and closes a tenth of its gap to it,
   * never borrowing past it; while it is above the plan, cash beyond the usual holding repays it;
   * cash beyond one and a half times the usual holding goes into investments, so debt raised in a
   * lean quarter is paid back rather than carried while cash piles up.
   */
  private finance(
    plannedDebt: number,
    revenue: number,
    debt: number,
    flows: FlowsBeforeFinancing,
    equityIssued: number,
  ): { debtChange: number; investmentFlow: number } {
    const { balance } = this;
    const drift = Math.min(plannedDebt - this.previousPlan + 0.1 * (plannedDebt - debt), plannedDebt - debt);
    this.previousPlan = plannedDebt;
    const minimumCash = (revenue * 4 * 14) / 365;
    const usualCash = revenue * 4 * this.cashShare;
    const beforeDebt =
      balance.cash_and_equivalents +
      flows.operating +
      flows.capex +
      flows.acquisitions +
      flows.dividends +
      flows.fx +
      equityIssued;
    const sold =
      beforeDebt < minimumCash
        ? Math.min(balance.non_current_investments, Math.ceil((minimumCash - beforeDebt) / 1000) * 1000)
        : 0;
    const liquid = beforeDebt + sold;
    const debtChange = thousands(
      liquid < minimumCash
        ? minimumCash - liquid + Math.max(0, drift)
        : drift >= 0
          ? drift
          : -Math.min(debt - plannedDebt, Math.max(-drift, liquid - usualCash), liquid - minimumCash),
    );
    const cashAfter = liquid + debtChange;
    const investmentFlow = sold - (cashAfter > 1.5 * usualCash ? thousands(cashAfter - usualCash) : 0);
    return { debtChange, investmentFlow };
  }

  /** Rolls the balance sheet forward by exactly the quarter's flows (`debt`: its debt before them). */
  private rollForward(
    income: IncomeLines,
    wc: WorkingCapital,
    cashFlow: CashFlowLines,
    operating: number,
    debt: number,
  ): void {
    const { balance } = this;
    const {
      share_based_compensation: shareBasedCompensation,
      capital_expenditure: capex,
      business_acquisitions_and_disposals: acquisitions,
      investment_acquisitions_and_disposals: investmentFlow,
      issuance_or_repayment_of_debt_securities: debtChange,
      issuance_or_purchase_of_equity_shares: equityIssued,
      dividends_and_other_cash_distributions: dividends,
      effect_of_exchange_rate_changes: fx,
    } = cashFlow;
    const newDebt = debt + debtChange;
    balance.cash_and_equivalents +=
      operating + capex + acquisitions + investmentFlow + debtChange + dividends + fx + equityIssued;
    balance.non_current_investments -= investmentFlow;
    balance.trade_and_non_trade_receivables = wc.receivables;
    balance.inventory = wc.inventory;
    balance.other_current_assets = wc.otherCurrentAssets;
    balance.property_plant_and_equipment += -capex - income.depreciation_and_amortization;
    balance.trade_and_non_trade_payables = wc.payables;
    balance.deferred_revenue = wc.deferredRevenue;
    balance.other_current_liabilities = wc.otherCurrentLiabilities;
    balance.current_debt = thousands(newDebt * 0.1);
    balance.non_current_debt = newDebt - balance.current_debt;
    balance.retained_earnings += income.net_income + dividends;
    balance.common_stock += shareBasedCompensation + equityIssued;
    balance.accumulated_other_comprehensive_income += fx;
  }
}

/**
 * Over the trading days `from`..`to` of a quarter: the shares weighted by day, on the basis of its
 * last day's splits, and the cash the shares issued (positive) or bought back (negative) cost.
 */
function shareFlows(
  { shares, splitMultiple, closes, acquisitions = [] }: BusinessInput,
  from: number,
  to: number,
): { weightedShares: number; equityIssued: number } {
  let weighted = 0;
  let issued = 0;
  // Shares issued to pay for a company bought bring in no cash (takeIn books them); one deal a day at most.
  const forAcquisitions = new Map(acquisitions.map((a) => [a.day, a.sharesIssued]));
  for (let t = from; t <= to; t++) {
    weighted += shares[t] * (splitMultiple[to] / splitMultiple[t]);
    if (t > 0)
      issued +=
        (shares[t] - shares[t - 1] * (splitMultiple[t] / splitMultiple[t - 1]) - (forAcquisitions.get(t) ?? 0)) *
        closes[t];
  }
  return { weightedShares: Math.round(weighted / (to - from + 1)), equityIssued: thousands(issued) };
}

/** The lines a company bought brings in (its cash comes in through the cash flow; its goodwill is replaced). */
const ASSETS_TAKEN_IN = [
  "current_investments",
  "trade_and_non_trade_receivables",
  "inventory",
  "other_current_assets",
  "property_plant_and_equipment",
  "non_current_investments",
  "tax_assets",
  "other_non_current_assets",
] as const satisfies readonly (keyof BalanceLines)[];
const LIABILITIES = [
  "current_debt",
  "trade_and_non_trade_payables",
  "deferred_revenue",
  "deposit_liabilities",
  "other_current_liabilities",
  "non_current_debt",
  "tax_liabilities",
  "other_non_current_liabilities",
] as const satisfies readonly (keyof BalanceLines)[];

export const currentAssets = (b: BalanceLines) =>
  b.cash_and_equivalents +
  b.current_investments +
  b.trade_and_non_trade_receivables +
  b.inventory +
  b.other_current_assets;
export const nonCurrentAssets = (b: BalanceLines) =>
  b.property_plant_and_equipment +
  b.goodwill_and_intangible_assets +
  b.non_current_investments +
  b.tax_assets +
  b.other_non_current_assets;
export const currentLiabilities = (b: BalanceLines) =>
  b.current_debt +
  b.trade_and_non_trade_payables +
  b.deferred_revenue +
  b.deposit_liabilities +
  b.other_current_liabilities;
export const nonCurrentLiabilities = (b: BalanceLines) =>
  b.non_current_debt + b.tax_liabilities + b.other_non_current_liabilities;
export const totalAssets = (b: BalanceLines) => currentAssets(b) + nonCurrentAssets(b);
export const totalLiabilities = (b: BalanceLines) => currentLiabilities(b) + nonCurrentLiabilities(b);
export const equity = (b: BalanceLines) =>
  b.common_stock + b.retained_earnings + b.accumulated_other_comprehensive_income;

export type Period = "quarterly" | "annual" | "ttm";

/** Statements of one period: a quarter, a fiscal year (its four quarters) or the trailing four. */
export interface PeriodStatements extends Omit<QuarterStatements, "quarter"> {
  period: Period;
  /** Last day of the period, its label, and the filing that made it public (its last quarter's). */
  reportPeriod: string;
  fiscalPeriod: string;
  filingDate: string;
  fiscalYear: number;
  fiscalQuarter: number;
}

/**
 * Quarters, fiscal years and trailing twelve months. Flows of a year or a TTM are the sums of their
 * quarters, stocks the last quarter's (docs/realism.md, "Exact invariants"); per-share figures of
 * earlier quarters are restated to the last quarter's split basis first.
 */
export function periodStatements(quarters: QuarterStatements[]): PeriodStatements[] {
  const out: PeriodStatements[] = [];
  const single = (q: QuarterStatements, period: Period, fiscalPeriod: string): PeriodStatements => ({
    ...q,
    period,
    reportPeriod: q.quarter.end,
    fiscalPeriod,
    filingDate: q.quarter.release,
    fiscalYear: q.quarter.fiscalYear,
    fiscalQuarter: q.quarter.quarter,
  });
  quarters.forEach((q, i) => {
    out.push(single(q, "quarterly", q.quarter.label));
    if (i < 3) return;
    const four = quarters.slice(i - 3, i + 1);
    const sum = <T extends object>(pick: (x: QuarterStatements) => T): T => {
      const total = { ...pick(four[0]) } as Record<string, number>;
      for (const x of four.slice(1)) for (const [k, v] of Object.entries(pick(x))) total[k] += v as number;
      return total as T;
    };
    // Each quarter restated to the last quarter's splits (a split in between multiplies its shares).
    const basis = (x: QuarterStatements) => q.splitBasis / x.splitBasis;
    const summed: PeriodStatements = {
      ...single(q, "ttm", q.quarter.label),
      income: sum((x) => x.income),
      cashFlow: sum((x) => x.cashFlow),
      weightedShares: Math.round(four.reduce((a, x) => a + x.weightedShares * basis(x), 0) / 4),
      weightedSharesDiluted: Math.round(four.reduce((a, x) => a + x.weightedSharesDiluted * basis(x), 0) / 4),
      dividendsPerShare: Math.round(four.reduce((a, x) => a + x.dividendsPerShare / basis(x), 0) * 1e4) / 1e4,
      restructuring: four.reduce((a, x) => a + x.restructuring, 0),
      writeDowns: four.reduce((a, x) => a + x.writeDowns, 0),
    };
    out.push(summed);
    const yearOf = (x: QuarterStatements) => x.quarter.fiscalYear;
    if (q.quarter.quarter === 4 && four.every((x) => yearOf(x) === yearOf(q)))
      out.push({ ...summed, period: "annual", fiscalPeriod: `FY ${q.quarter.fiscalYear}` });
  });
  return out;
}
export const totalDebt = (b: BalanceLines) => b.current_debt + b.non_current_debt;

/** Cash from operations: net income, the non-cash charges and the change in working capital. */
export const operatingCashFlow = ({ income, cashFlow }: Pick<QuarterStatements, "income" | "cashFlow">) =>
  income.net_income +
  income.depreciation_and_amortization +
  cashFlow.share_based_compensation +
  cashFlow.change_in_working_capital;
