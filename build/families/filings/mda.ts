// The MD&A of a 10-K (Item 7) and a 10-Q (Part I, Item 2): results of operations against the same
// period a year before, each business segment, liquidity and capital resources, the year's unusual
// charges, the outlook (the guidance given with the release, exactly as /kpi/guidance serves it),
// and a 10-K's critical accounting estimates; around them the standard sections of a real MD&A (business
// environment, key indicators, seasonality, inflation, currency, what drives each line, sources and uses
// of cash, debt, dividends, cash requirements, recent accounting standards, market risk, forward-looking
// statements), in the sector's words and the company's situation. Figures come from the period's records
// (PeriodReport) and are written with amounts.ts; the prose around them (mda.yaml) writes none.
import type { KpiGuidance } from "../../../src/families/earnings/rows.ts";
import type { NonGaap } from "../../../src/families/kpis/rows.ts";
import type { Segment } from "../../../src/families/segments/rows.ts";
import type { BalanceSheet, CashFlowStatement, IncomeStatement } from "../../../src/families/statements/rows.ts";
import type { CompanyFacts } from "../../../src/bundle/types.ts";
import { count, dollars, percent, perShare } from "../../models/amounts.ts";
import type { Rng } from "../../ground/rng.ts";
import { MDA_PROSE, type MdaPart } from "./prose.ts";

/** A period's rows as served (the statements family's incomeRow, balanceRow and cashFlowRow). */
export interface PeriodRows {
  income: IncomeStatement;
  balance: BalanceSheet;
  cashFlow: CashFlowStatement;
}

/** What a 10-Q or 10-K reports: its period's rows and the same period a year before, its segments, charges and outlook. */
export interface PeriodReport {
  rows: PeriodRows;
  /** The same quarter or fiscal year a year before, when its statements were public. */
  prior: IncomeStatement | null;
  /** The non-GAAP reconciliation's restructuring charges and write-downs of the year (after tax), those not zero. */
  charges: NonGaap["adjustments"];
  /** The period's business segments (`/financials/segments`), and the same period's a year before. */
  segments: Segment[];
  priorSegments: Segment[];
  /** The guidance given with the release the report was filed with (`/kpi/guidance`). */
  guidance: KpiGuidance[];
}

/** Revenue growth of a period over the same period a year before. */
export const revenueGrowth = (income: IncomeStatement, prior: IncomeStatement) => income.revenue! / prior.revenue! - 1;

const margin = (part: number | null, revenue: number | null) =>
  part !== null && revenue && revenue > 0 && part > 0 ? part / revenue : null;

/** A segment's revenue growth on the same segment a year before, when it was reported. */
function segmentGrowth(report: PeriodReport, s: Segment): number | null {
  const before = report.priorSegments.find((p) => p.segment === s.segment);
  return before && before.revenue > 0 ? s.revenue / before.revenue - 1 : null;
}

/** The segments discussed: the business segments, when there are two or more. */
const discussed = (report: PeriodReport) => (report.segments.length > 1 ? report.segments : []);

type Sector = keyof typeof MDA_PROSE.overview;

/** How an MD&A is written: the company's sector (none: every company's prose only), its draws, its form. */
interface Writing {
  sector: Sector;
  rng: Rng;
  annual: boolean;
}

/**
 * One phrasing of each of a part's paragraphs, the sector's then every company's, at most `limit` of each:
 * all in a 10-K, one in a 10-Q.
 */
function drawn(part: MdaPart, w: Writing, limit = w.annual ? Infinity : 1): string[] {
  const own = part.sector ? part.sector[w.sector].slice(0, limit) : [];
  return [...own, ...(part.general ?? []).slice(0, limit)].map((t) => w.rng.pick(t));
}

/** A heading and its paragraphs; nothing without paragraphs. */
const titled = (heading: string, paragraphs: string[]) =>
  paragraphs.length ? [heading, ...paragraphs].join("\n\n") : "";

/** Debt above this multiple of equity (or any debt against no equity) is high leverage (as risk-factors.ts reads it). */
const LEVERAGE_TO_EQUITY = 2;
const leveraged = ({ total_debt: debt, shareholders_equity: equity }: BalanceSheet) =>
  (debt ?? 0) > 0 && ((equity ?? 0) <= 0 || debt! > LEVERAGE_TO_EQUITY * equity!);

/** The cost lines an MD&A discusses, with their labels. */
const COST_LINES = [
  ["cost_of_revenue", "Cost of revenue"],
  ["selling_general_and_administrative_expenses", "Selling, general and administrative expenses"],
  ["research_and_development", "Research and development expenses"],
  ["interest_expense", "Interest expense"],
] as const;

/** A line's change on the year before, when both are positive. */
const lineChange = (now: number | null, before: number | null | undefined) =>
  now !== null && before != null && now > 0 && before > 0 ? now / before - 1 : null;

/** The income tax over income before tax, when both are positive. */
const taxRate = (i: IncomeStatement) =>
  i.income_before_tax! > 0 && i.income_tax_expense! > 0 ? i.income_tax_expense! / i.income_before_tax! : null;

/** Every number an MD&A writes beyond the rows' own values: margins, changes, segments, the guidance, cash flows as amounts. */
export function mdaNumbers(report: PeriodReport): string[] {
  const { income: i, cashFlow } = report.rows;
  const out: string[] = [];
  for (const [line] of COST_LINES) {
    const c = lineChange(i[line], report.prior?.[line]);
    if (c !== null) out.push(percent(c));
  }
  const rate = taxRate(i);
  if (rate !== null) out.push(percent(rate));
  for (const m of [margin(i.gross_profit, i.revenue), margin(i.operating_income, i.revenue)])
    if (m !== null) out.push(percent(m));
  // A loss is written as an amount lost (no sign).
  out.push(dollars(Math.abs(i.operating_income!)));
  for (const s of discussed(report)) {
    out.push(dollars(s.revenue), dollars(Math.abs(s.operating_income)));
    const g = segmentGrowth(report, s);
    if (g !== null) out.push(percent(g));
  }
  for (const g of report.guidance) {
    out.push(g.period.slice(-4));
    out.push(
      ...(g.metric_name === "earnings_per_share" ? [g.low, g.high].map(perShare) : [g.low, g.high].map(dollars)),
    );
  }
  // Cash flows are written as amounts used or provided (no sign).
  for (const v of Object.values(cashFlow)) if (typeof v === "number") out.push(dollars(Math.abs(v)));
  return out;
}

/** "an increase of 5.1% from $1,234 in Q3 2022", or nothing without a prior period. */
function againstPrior(income: IncomeStatement, prior: IncomeStatement | null): string {
  if (!prior) return "";
  const growth = revenueGrowth(income, prior);
  return `, ${growth < 0 ? "a decrease" : "an increase"} of ${percent(growth)} from ${dollars(prior.revenue!)} in ${prior.fiscal_period}`;
}

const earningsSentence = (i: IncomeStatement) =>
  `Net income was ${dollars(i.net_income!)}, or ${perShare(i.earnings_per_share!)} per basic share and ` +
  `${perShare(i.earnings_per_share_diluted!)} per diluted share.`;

function chargesSentence(charges: PeriodReport["charges"]): string {
  if (!charges.length) return "";
  const listed = charges.map((c) => `${c.item.toLowerCase()} of ${dollars(c.amount)}`).join(" and ");
  return ` Net income reflects ${listed} after tax, which the non-GAAP reconciliation adds back.`;
}

/** Gross profit and operating income, with their margins when positive. */
function marginsSentence(i: IncomeStatement): string {
  const gross = margin(i.gross_profit, i.revenue);
  const operating = margin(i.operating_income, i.revenue);
  const op =
    i.operating_income! < 0
      ? `an operating loss of ${dollars(-i.operating_income!)}`
      : `operating income of ${dollars(i.operating_income!)}${operating !== null ? ` (an operating margin of ${percent(operating)})` : ""}`;
  return `Gross profit was ${dollars(i.gross_profit!)}${gross !== null ? ` (a gross margin of ${percent(gross)})` : ""}, and the period ended with ${op}.`;
}

/** What drives a cost line, in the sector's words where it has its own. */
function costDriver(line: (typeof COST_LINES)[number][0], w: Writing): string {
  const prose = MDA_PROSE.cost_drivers;
  return line === "cost_of_revenue" ? (drawn(prose.cost_of_revenue, w, 1)[0] ?? "") : w.rng.pick(prose[line]);
}

/** Each cost line against the year before and what drives it, then taxes and the diluted share count. */
function costsAndExpenses(report: PeriodReport, w: Writing): string {
  const { income: i } = report.rows;
  const lines = COST_LINES.flatMap(([line, label]) => {
    const now = i[line];
    if (!now) return [];
    const c = lineChange(now, report.prior?.[line]);
    const versus =
      c === null ? "" : `, ${c < 0 ? "down" : "up"} ${percent(c)} from ${dollars(report.prior![line]!)} a year before`;
    const verb = label.endsWith("s") ? "were" : "was";
    return [`${label} ${verb} ${dollars(now)}${versus}. ${costDriver(line, w)}`.trim()];
  });
  const rate = taxRate(i);
  const tax =
    rate !== null
      ? `Income tax expense was ${dollars(i.income_tax_expense!)}, an effective tax rate of ${percent(rate)} on income before tax of ${dollars(i.income_before_tax!)}.`
      : `Income before tax was ${dollars(i.income_before_tax!)}, and income tax was ${dollars(i.income_tax_expense!)}.`;
  const shares = i.weighted_average_shares_diluted
    ? ` Diluted earnings per share were computed on ${count(i.weighted_average_shares_diluted)} weighted average diluted shares.`
    : "";
  const taxes = `${tax} ${w.rng.pick(MDA_PROSE.cost_drivers.income_tax)}`;
  const diluted = shares ? `${shares.trim()} ${drawn(MDA_PROSE.shares, w).join(" ")}` : "";
  return ["Costs and expenses", ...lines, ...drawn(MDA_PROSE.other_income, w), taxes, diluted]
    .filter(Boolean)
    .join("\n\n");
}

function resultsOfOperations(report: PeriodReport, w: Writing): string {
  const { income: i } = report.rows;
  const { situations } = MDA_PROSE;
  const declined = report.prior !== null && i.revenue! < report.prior.revenue!;
  return [
    ...drawn(MDA_PROSE.results_intro, w),
    ...(w.annual ? drawn(MDA_PROSE.comparability, w) : []),
    `Revenue for ${i.fiscal_period}, ${w.annual ? "the fiscal year" : "the quarter"} ended ${i.report_period}, was ${dollars(i.revenue!)}${againstPrior(i, report.prior)}. ` +
      marginsSentence(i),
    ...drawn(MDA_PROSE.revenue_drivers, w),
    ...drawn(MDA_PROSE.margin_drivers, w),
    declined ? w.rng.pick(situations.revenue_decline) : "",
    earningsSentence(i) + chargesSentence(report.charges),
    i.net_income! < 0 ? w.rng.pick(situations.net_loss) : "",
    costsAndExpenses(report, w),
  ]
    .filter(Boolean)
    .join("\n\n");
}

/** What a reader needs before the figures: the environment, the indicators, seasons, prices, currencies. */
function businessContext(w: Writing): string[] {
  const p = MDA_PROSE;
  return [
    titled("Business environment", drawn(p.environment, w)),
    titled("Key performance indicators", drawn(p.kpis, w)),
    titled("Seasonality", drawn(p.seasonality, w)),
    titled("Inflation and interest rates", drawn(p.inflation, w)),
    // A 10-Q states its currency risk under market risk only.
    w.annual ? titled("Foreign currency", drawn(p.currency, w)) : "",
    titled("Regulatory and environmental matters", drawn(p.regulation, w)),
  ];
}

/** Where cash comes from and goes, the debt, dividends and repurchases, cash requirements, arrangements off the balance sheet. */
function capitalResources(report: PeriodReport, w: Writing): string[] {
  const c = MDA_PROSE.capital;
  const { balance, cashFlow } = report.rows;
  const debt = [
    ...drawn((balance.total_debt ?? 0) > 0 ? c.debt : c.no_debt, w),
    // A lender's balance sheet is leveraged by its business: its sector's prose speaks of capital instead.
    ...(leveraged(balance) && w.sector !== "Financials" ? [w.rng.pick(MDA_PROSE.situations.high_leverage)] : []),
  ];
  return [
    titled("Sources and uses of liquidity", drawn(c.sources_and_uses, w)),
    titled("Capital expenditures", drawn(c.capital_expenditures, w)),
    titled("Debt and credit facilities", debt),
    titled(
      "Capital allocation, dividends and share repurchases",
      drawn(cashFlow.dividends_and_other_cash_distributions ? c.dividends : c.no_dividends, w),
    ),
    titled("Material cash requirements", drawn(c.cash_requirements, w)),
    titled("Off-balance-sheet arrangements", drawn(c.off_balance_sheet, w)),
    w.annual ? titled("Liquidity outlook", drawn(MDA_PROSE.liquidity_outlook, w)) : "",
  ];
}

/** After the outlook: recent accounting standards, market risk (Item 7A, a 10-Q's Item 3) and the caution on forward-looking statements. */
function closingSections(w: Writing): string[] {
  const risk = MDA_PROSE.market_risk;
  // Every company's opening, interest and currency risks, then the sector's own, then the rest.
  const general = drawn({ general: risk.general }, w, w.annual ? Infinity : 3);
  const own = drawn({ sector: risk.sector }, w, 1);
  return [
    titled("Recently issued accounting standards", drawn(MDA_PROSE.pronouncements, w)),
    titled("Quantitative and qualitative disclosures about market risk", [
      ...general.slice(0, 3),
      ...own,
      ...general.slice(3),
    ]),
    titled("Forward-looking statements", drawn(MDA_PROSE.forward_looking, w, w.annual ? Infinity : 2)),
  ];
}

/** The balance sheet at the period's end: working capital, assets, liabilities and equity. */
function financialPosition(report: PeriodReport): string {
  const b = report.rows.balance;
  return (
    `At the period's end, current assets were ${dollars(b.current_assets!)} and current liabilities ${dollars(b.current_liabilities!)}. ` +
    `Total assets were ${dollars(b.total_assets!)}, total liabilities ${dollars(b.total_liabilities!)} and shareholders' equity ${dollars(b.shareholders_equity!)}.`
  );
}

function segmentResults(report: PeriodReport, w: Writing): string {
  const segments = discussed(report);
  if (!segments.length) return "";
  const lines = segments.map((s) => {
    const g = segmentGrowth(report, s);
    const growth = g === null ? "" : `, ${g < 0 ? "down" : "up"} ${percent(g)} from the same period a year before`;
    const income =
      s.operating_income < 0
        ? `an operating loss of ${dollars(-s.operating_income)}`
        : `operating income of ${dollars(s.operating_income)}`;
    return `${s.segment}: revenue of ${dollars(s.revenue)}${growth}, and ${income}.`;
  });
  const closing = w.annual ? drawn(MDA_PROSE.segments_closing, w) : [];
  return ["Segment results", w.rng.pick(MDA_PROSE.segments_intro), lines.join("\n"), ...closing].join("\n\n");
}

/** How a cash flow reads: provided or used, and how much. */
const flow = (x: number | null, what: string) =>
  x === null ? "" : `${what} ${x < 0 ? "used" : "provided"} ${dollars(Math.abs(x))}`;

/**
 * Cash, its flows and the debt. A 10-K reads its liquidity as strained when operations burned cash, or
 * when the cash and a year's operating cash flow cover less than a quarter of the debt; as ample when
 * the cash alone covers the debt.
 */
function liquidity(report: PeriodReport, rng: Rng, annual: boolean): string {
  const { balance: b, cashFlow: c } = report.rows;
  const uses = [
    c.capital_expenditure ? `capital expenditures of ${dollars(Math.abs(c.capital_expenditure))}` : "",
    c.dividends_and_other_cash_distributions
      ? `dividends of ${dollars(Math.abs(c.dividends_and_other_cash_distributions))}`
      : "",
  ].filter(Boolean);
  const figures =
    `${flow(c.net_cash_flow_from_operations, "Operating activities")}; ${flow(c.net_cash_flow_from_investing, "investing activities")}` +
    `; ${flow(c.net_cash_flow_from_financing, "financing activities")}.` +
    (uses.length ? ` The period's uses of cash included ${uses.join(" and ")}.` : "") +
    ` At the period's end the Company held cash and cash equivalents of ${dollars(b.cash_and_equivalents!)}, against total debt of ${dollars(b.total_debt!)}.`;
  const operating = c.net_cash_flow_from_operations ?? 0;
  const thin = operating < 0 || b.cash_and_equivalents! + operating < 0.25 * b.total_debt!;
  const ample = !thin && b.cash_and_equivalents! >= b.total_debt!;
  const prose = MDA_PROSE.liquidity;
  // The sources, uses and commitments themselves follow under their own headings (capitalResources).
  const framing = annual ? [rng.pick(thin ? prose.strained : ample ? prose.ample : prose.general)] : [];
  return ["Liquidity and capital resources", figures, financialPosition(report), ...framing].join("\n\n");
}

/** The guidance given with the release, each range exactly as /kpi/guidance serves it. */
function guidanceSentence(guidance: KpiGuidance[]): string {
  return guidance
    .map((g) =>
      g.metric_name === "earnings_per_share"
        ? `For fiscal ${g.period.slice(-4)}, the Company expects earnings per share of ${perShare(g.low)} to ${perShare(g.high)}.`
        : `It expects revenue for fiscal ${g.period.slice(-4)} of ${dollars(g.low)} to ${dollars(g.high)}.`,
    )
    .join(" ");
}

function outlook(report: PeriodReport, rng: Rng, annual: boolean): string {
  const { outlook: prose } = MDA_PROSE;
  const { income: i } = report.rows;
  const weak = i.net_income! < 0 || (report.prior !== null && i.revenue! < report.prior.revenue!);
  if (!report.guidance.length)
    return annual ? ["Outlook", rng.pick(prose.unguided), rng.pick(weak ? prose.weak : prose.strong)].join("\n\n") : "";
  return [
    "Outlook",
    rng.pick(prose.guided),
    guidanceSentence(report.guidance),
    ...(annual ? [rng.pick(weak ? prose.weak : prose.strong)] : []),
  ].join("\n\n");
}

/** Three critical estimates every company may have that the sector's own do not already discuss (no word of their heading in theirs). */
function generalEstimates(sector: Sector, rng: Rng): string[] {
  const heading = (p: string) =>
    p
      .slice(0, p.indexOf("."))
      .toLowerCase()
      .split(/[^a-z-]+/)
      .filter((word) => word.length >= 5);
  const own = new Set(MDA_PROSE.critical_estimates[sector].flatMap(heading));
  const left = MDA_PROSE.estimates.general.filter((g) => !heading(g).some((word) => own.has(word)));
  return rng.shuffle(left).slice(0, 3);
}

/** A 10-K's Item 7. */
export function annualMda(facts: CompanyFacts, report: PeriodReport, rng: Rng): string {
  const sector = (facts.sector ?? "Industrials") as Sector;
  const w: Writing = { sector, rng, annual: true };
  const { estimates } = MDA_PROSE;
  return [
    "Overview",
    ...rng.shuffle(MDA_PROSE.overview[sector]).slice(0, 2),
    ...drawn(MDA_PROSE.presentation, w),
    ...drawn(MDA_PROSE.priorities, w),
    ...businessContext(w),
    "Results of operations",
    resultsOfOperations(report, w),
    report.charges.length ? rng.pick(MDA_PROSE.charges) : "",
    segmentResults(report, w),
    liquidity(report, rng, true),
    ...capitalResources(report, w),
    titled("Known trends and uncertainties", drawn(MDA_PROSE.trends, w)),
    outlook(report, rng, true),
    "Critical accounting estimates",
    rng.pick(estimates.intro),
    ...rng.shuffle(MDA_PROSE.critical_estimates[sector]),
    ...generalEstimates(sector, rng),
    ...closingSections(w),
  ]
    .filter(Boolean)
    .join("\n\n");
}

/** A 10-Q's Part I, Item 2: each part shorter than a 10-K's. */
export function quarterlyMda(facts: CompanyFacts, report: PeriodReport, rng: Rng): string {
  const w: Writing = { sector: (facts.sector ?? "Industrials") as Sector, rng, annual: false };
  return [
    rng.pick(MDA_PROSE.quarterly_intro),
    ...businessContext(w),
    "Results of operations",
    resultsOfOperations(report, w),
    segmentResults(report, w),
    liquidity(report, rng, false),
    ...capitalResources(report, w).slice(0, 5),
    titled("Known trends and uncertainties", drawn(MDA_PROSE.trends, w)),
    outlook(report, rng, false),
    ...closingSections(w),
  ]
    .filter(Boolean)
    .join("\n\n");
}
