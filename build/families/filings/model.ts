// Filings (docs/filings.md): the 10-Q or 10-K filed with each earnings release, and an 8-K for each
// company event a company reports. Each is a list of item sections whose every number is a value of
// the company's served rows, written with models/amounts.ts, so the filings checks can read the
// numbers back (numbersIn) and find each one among the records.
import { createHash } from "node:crypto";
import type { DealTerms } from "../stocks/deals.ts";
import type { CompanyFacts } from "../../../src/bundle/types.ts";
import type { Earnings } from "../../../src/families/earnings/rows.ts";
import { itemOf, type Filing, type FilingSection, type FilingType } from "../../../src/families/filings/rows.ts";
import { count, dollars, numbersIn, percent, perShare } from "../../models/amounts.ts";
import type { SizeTier } from "../../models/anchors.ts";
import { appointmentIn, type WorldEvent } from "../../models/events.ts";
import { annualMda, mdaNumbers, quarterlyMda, revenueGrowth, type PeriodReport, type PeriodRows } from "./mda.ts";
import { annualRiskFactors, quarterlyRiskFactors } from "./risk-factors.ts";
import type { Situation } from "./prose.ts";
import type { Rng } from "../../ground/rng.ts";
import { cik10, periodicForm } from "../../models/filing-ids.ts";
import type { OfferingTerms } from "../listings/plan.ts";

/** A filing as stored: the served row but its assembled text, with the fiscal period the items filters read. */
export interface FilingRecord extends Omit<Filing, "text"> {
  fiscal_year: number;
  /** 1-4; null for a 10-K (a year). */
  fiscal_quarter: number | null;
}

/** A company's 8-Ks of a year are numbered from here: its 10-Qs and 10-K are 1-4 (their fiscal quarter). */
export const FIRST_CURRENT_REPORT = 101;

/** SEC filer status by size at the start of the world. */
type Filer = "large accelerated" | "accelerated" | "non-accelerated";
const FILER: Record<SizeTier, Filer> = {
  mega: "large accelerated",
  large: "large accelerated",
  mid: "accelerated",
  small: "non-accelerated",
};

/** Days after the period's end a 10-Q and a 10-K are due (the forms' General Instructions; docs/realism.md). */
const DEADLINE_DAYS: Record<Filer, Record<"10-Q" | "10-K", number>> = {
  "large accelerated": { "10-Q": 40, "10-K": 60 },
  accelerated: { "10-Q": 40, "10-K": 75 },
  "non-accelerated": { "10-Q": 45, "10-K": 90 },
};

export const deadlineDays = (tier: SizeTier, type: "10-Q" | "10-K") => DEADLINE_DAYS[FILER[tier]][type];

/** An 8-K is due within this many business days of its event (Form 8-K General Instruction B.1). */
export const CURRENT_REPORT_BUSINESS_DAYS = 4;

/**
 * First filing dates with XBRL: 10-Qs and 10-Ks by the SEC's phase-in (the largest filers from 2009,
 * other large accelerated filers from 2010, everyone from 2011), 8-K cover pages from 2019-2021.
 */
const XBRL_FROM: Record<SizeTier, Record<"periodic" | "current", string>> = {
  mega: { periodic: "2009-06-15", current: "2019-06-15" },
  large: { periodic: "2010-06-15", current: "2019-06-15" },
  mid: { periodic: "2011-06-15", current: "2020-06-15" },
  small: { periodic: "2011-06-15", current: "2021-06-15" },
};

/** The 8-K item each kind of company event is reported under; none for a rumour (companies do not file on rumours). */
const CURRENT_ITEM: Record<string, string> = {
  earnings_release: "Item-2.02",
  management_change: "Item-5.02",
  contract_win: "Item-1.01",
  merger_agreement: "Item-1.01",
  merger_terminated: "Item-1.02",
  merger_completed: "Item-2.01",
  acquisition_agreement: "Item-1.01",
  acquisition_terminated: "Item-1.02",
  acquisition_completed: "Item-2.01",
  bankruptcy_filing: "Item-1.03",
  delisting: "Item-3.01",
  guidance_change: "Item-7.01",
  lawsuit: "Item-8.01",
  regulatory_action: "Item-8.01",
  product_launch: "Item-8.01",
  catalyst_impact: "Item-8.01",
};
export const currentReportItem = (eventType: string): string | undefined => CURRENT_ITEM[eventType];

/** The MD&A of each periodic form: it states the period's revenue and net income. */
export const MDA_ITEM: Record<"10-Q" | "10-K", string> = { "10-Q": "Item-2", "10-K": "Item-7" };

const PER_SHARE = new Set(["earnings_per_share", "earnings_per_share_diluted", "dividends_per_common_share"]);
const SHARE_COUNTS = new Set(["weighted_average_shares", "weighted_average_shares_diluted", "outstanding_shares"]);

/** A statement line in a table: per-share figures to the cent, every other line a plain whole number. */
const tableValue = (field: string, value: number) => (PER_SHARE.has(field) ? perShare(value) : count(value));

/**
 * The ways a record's numbers are written: money in dollars (text) or plain (tables), per-share
 * figures to the cent, share counts plain.
 */
export function writtenValues(record: object): string[] {
  return Object.entries(record).flatMap(([field, value]) => {
    if (typeof value !== "number") return [];
    if (PER_SHARE.has(field)) return [perShare(value)];
    return SHARE_COUNTS.has(field) ? [count(value)] : [dollars(value), count(value)];
  });
}

/** Every number a 10-Q or 10-K may state of its records: the rows' values, the revenue growth, the charges. */
export function reportedNumbers(report: PeriodReport): string[] {
  const { income, balance, cashFlow } = report.rows;
  return [
    ...[income, balance, cashFlow, ...(report.prior ? [report.prior] : [])].flatMap(writtenValues),
    ...(report.prior ? [percent(revenueGrowth(income, report.prior))] : []),
    ...report.charges.map((c) => dollars(c.amount)),
    ...mdaNumbers(report),
  ];
}

/**
 * Numbers a filing may write that are no record's values: its fiscal year and the one before (period
 * labels), the exhibit number of an 8-K, and any in the filer's name, address or industry.
 */
export function labelNumbers(filing: FilingRecord, facts: CompanyFacts): string[] {
  return [
    String(filing.fiscal_year),
    String(filing.fiscal_year - 1),
    ...(filing.filing_type === "8-K" ? [EXHIBIT] : []),
    ...numbersIn(`${facts.name}. ${facts.location ?? ""}. ${facts.industry}.`),
  ];
}

const EXHIBIT = "99.1";

/** The exhibit an 8-K's Item 9.01 furnishes: its text after the exhibit's caption. */
export const exhibitIn = (text: string) => text.slice(text.indexOf("\n\n") + 2);

const section = (type: FilingType, item: string, text: string): FilingSection => ({
  item,
  item_name: itemOf(type, item).item_name,
  text,
});

interface Filed {
  facts: CompanyFacts;
  tier: SizeTier;
  type: FilingType;
  accession: string;
  filingDate: string;
  reportPeriod: string;
  title: string;
  description: string;
  sections: FilingSection[];
  sourceEventId: string;
  fiscalYear: number;
  fiscalQuarter: number;
}

function record(f: Filed): FilingRecord {
  const { facts, type, accession, sections } = f;
  const xbrlFrom = XBRL_FROM[f.tier][type === "8-K" ? "current" : "periodic"];
  return {
    filing_id: `fil_${createHash("sha256").update(`${facts.ticker}|${accession}`).digest("hex").slice(0, 16)}`,
    ticker: facts.ticker,
    cik: facts.cik,
    filing_type: type,
    accession_number: accession,
    filing_date: f.filingDate,
    report_period: f.reportPeriod,
    url: `https://filings.example/edgar/data/${Number(cik10(facts))}/${accession}.htm`,
    title: f.title,
    description: f.description,
    items: sections.map((s) => s.item),
    item_count: sections.length,
    sections,
    source_event_ids: [f.sourceEventId],
    // The form, and an earnings 8-K's press release (Exhibit 99.1).
    document_count: sections.some((s) => s.item === "Item-9.01") ? 2 : 1,
    // A prospectus is not tagged (its financial statements are, from the first 10-Q).
    is_xbrl: type !== "424B4" && f.filingDate >= xbrlFrom,
    fiscal_year: f.fiscalYear,
    fiscal_quarter: type === "10-K" ? null : f.fiscalQuarter,
  };
}

// --- 10-Q and 10-K ---

type Line = readonly [label: string, field: string];

const INCOME_TABLE: readonly Line[] = [
  ["Revenue", "revenue"],
  ["Cost of revenue", "cost_of_revenue"],
  ["Gross profit", "gross_profit"],
  ["Selling, general and administrative", "selling_general_and_administrative_expenses"],
  ["Research and development", "research_and_development"],
  ["Total operating expenses", "operating_expense"],
  ["Operating income", "operating_income"],
  ["Interest expense", "interest_expense"],
  ["Income before income taxes", "income_before_tax"],
  ["Provision for income taxes", "income_tax_expense"],
  ["Net income", "net_income"],
  ["Earnings per share, basic", "earnings_per_share"],
  ["Earnings per share, diluted", "earnings_per_share_diluted"],
  ["Weighted average shares, basic", "weighted_average_shares"],
  ["Weighted average shares, diluted", "weighted_average_shares_diluted"],
  ["Dividends per share", "dividends_per_common_share"],
];

const BALANCE_TABLE: readonly Line[] = [
  ["Cash and cash equivalents", "cash_and_equivalents"],
  ["Short-term investments", "current_investments"],
  ["Accounts receivable, net", "trade_and_non_trade_receivables"],
  ["Inventories", "inventory"],
  ["Other current assets", "other_current_assets"],
  ["Total current assets", "current_assets"],
  ["Property, plant and equipment, net", "property_plant_and_equipment"],
  ["Goodwill and intangible assets", "goodwill_and_intangible_assets"],
  ["Long-term investments", "non_current_investments"],
  ["Deferred tax assets", "tax_assets"],
  ["Other non-current assets", "other_non_current_assets"],
  ["Total assets", "total_assets"],
  ["Short-term debt", "current_debt"],
  ["Accounts payable", "trade_and_non_trade_payables"],
  ["Deferred revenue", "deferred_revenue"],
  ["Deposits", "deposit_liabilities"],
  ["Accrued and other current liabilities", "other_current_liabilities"],
  ["Total current liabilities", "current_liabilities"],
  ["Long-term debt", "non_current_debt"],
  ["Deferred tax liabilities", "tax_liabilities"],
  ["Other non-current liabilities", "other_non_current_liabilities"],
  ["Total liabilities", "total_liabilities"],
  ["Common stock and additional paid-in capital", "common_stock"],
  ["Retained earnings", "retained_earnings"],
  ["Accumulated other comprehensive income", "accumulated_other_comprehensive_income"],
  ["Total shareholders' equity", "shareholders_equity"],
  ["Shares outstanding", "outstanding_shares"],
];

const CASH_FLOW_TABLE: readonly Line[] = [
  ["Net income", "net_income"],
  ["Depreciation and amortization", "depreciation_and_amortization"],
  ["Share-based compensation", "share_based_compensation"],
  ["Changes in operating assets and liabilities", "change_in_working_capital"],
  ["Net cash from operating activities", "net_cash_flow_from_operations"],
  ["Purchases of property and equipment", "capital_expenditure"],
  ["Acquisitions, net of disposals", "business_acquisitions_and_disposals"],
  ["Purchases of investments, net", "investment_acquisitions_and_disposals"],
  ["Net cash from investing activities", "net_cash_flow_from_investing"],
  ["Debt issued, net of repayments", "issuance_or_repayment_of_debt_securities"],
  ["Shares issued, net of repurchases", "issuance_or_purchase_of_equity_shares"],
  ["Dividends paid", "dividends_and_other_cash_distributions"],
  ["Net cash from financing activities", "net_cash_flow_from_financing"],
  ["Effect of exchange rate changes", "effect_of_exchange_rate_changes"],
  ["Increase (decrease) in cash and cash equivalents", "change_in_cash_and_equivalents"],
  ["Cash and cash equivalents at end of period", "ending_cash_balance"],
];

/** A statement as a plain-text table: its caption, then one line per row field, the value right-aligned. */
function table(caption: string, row: object, lines: readonly Line[]): string {
  const values = row as Record<string, number>;
  return [
    caption,
    ...lines.map(([label, field]) => `${label.padEnd(48)}${tableValue(field, values[field]).padStart(22)}`),
  ].join("\n");
}

/** The period's three statements (a 10-K's Item 8, a 10-Q's Item 1), its rows' numbers exactly. */
function statementTables({ income, balance, cashFlow }: PeriodRows, period: string): string {
  const unit = "(US dollars; shares in units; per-share amounts in dollars)";
  return [
    table(`Consolidated statement of income, ${period} ${unit}`, income, INCOME_TABLE),
    table(`Consolidated balance sheet at ${income.report_period} ${unit}`, balance, BALANCE_TABLE),
    table(`Consolidated statement of cash flows, ${period} ${unit}`, cashFlow, CASH_FLOW_TABLE),
  ].join("\n\n");
}

function business(facts: CompanyFacts, fiscalYearEnd: string): string {
  const month = new Date(`${fiscalYearEnd}T00:00:00Z`).toLocaleString("en-US", { month: "long", timeZone: "UTC" });
  return [
    `${facts.name} (the Company) operates in the ${facts.industry} industry of the ${facts.sector} sector.` +
      (facts.location ? ` It is headquartered in ${facts.location}.` : ""),
    `Its common stock trades on the ${facts.exchange} under the symbol ${facts.ticker}. Its fiscal year ends on the last day of ${month}.`,
  ].join("\n\n");
}

function marketRisk({ income, balance }: PeriodRows): string {
  return (
    `The Company is exposed to changes in interest rates, foreign exchange rates and the prices of what it buys and ` +
    `sells. At the end of ${income.fiscal_period} its total debt was ${dollars(balance.total_debt!)} and its cash and ` +
    `cash equivalents ${dollars(balance.cash_and_equivalents!)}: higher interest rates raise the cost of its floating-rate ` +
    `and new debt and the income on its cash. It does not hold derivatives for trading purposes.`
  );
}

/**
 * The auditor's going-concern paragraph, where the year's numbers call for one: a net loss larger than
 * the cash left at the year's end (less than a year of such losses to run on). Empty otherwise.
 */
export function goingConcern({ income, balance }: PeriodRows): string {
  const loss = -(income.net_income ?? 0);
  if (!(loss > 0 && (balance.cash_and_equivalents ?? 0) < loss)) return "";
  return (
    "Going concern. The accompanying financial statements have been prepared assuming that the Company will " +
    "continue as a going concern. The Company has incurred a net loss for the year larger than its cash and cash " +
    "equivalents at the year's end, which raises substantial doubt about its ability to continue as a going " +
    "concern. The financial statements do not include any adjustments that might result from the outcome of " +
    "this uncertainty.\n\n"
  );
}

/** The 10-Q or 10-K filed with a quarter's earnings release (a fiscal year's fourth quarter: the 10-K). */
export function periodicFiling(input: {
  facts: CompanyFacts;
  tier: SizeTier;
  fiscalYear: number;
  fiscalQuarter: number;
  /** The quarter's, or for a 10-K the fiscal year's. */
  report: PeriodReport;
  release: Earnings;
  /** What the company's records say of its situation by the filing date (risk-factors.ts). */
  situations: Situation[];
  rng: Rng;
}): FilingRecord {
  const { facts, report, release } = input;
  const i = report.rows.income;
  const type = periodicForm(input.fiscalQuarter);
  const annual = type === "10-K";
  const sections = annual
    ? [
        section(type, "Item-1", business(facts, i.report_period)),
        section(
          type,
          "Item-1.01",
          annualRiskFactors(facts.sector ?? "Industrials", input.tier, input.situations, input.rng.fork("risks")),
        ),
        section(type, "Item-7", annualMda(facts, report, input.rng.fork("mda"))),
        section(type, "Item-7.01", marketRisk(report.rows)),
        section(
          type,
          "Item-8",
          goingConcern(report.rows) +
            statementTables(report.rows, `${i.fiscal_period}, the fiscal year ended ${i.report_period}`),
        ),
      ]
    : [
        section(
          type,
          "Item-1",
          statementTables(report.rows, `${i.fiscal_period}, the quarter ended ${i.report_period}`),
        ),
        section(type, "Item-2", quarterlyMda(facts, report, input.rng.fork("mda"))),
        section(type, "Item-1.01", quarterlyRiskFactors(input.situations, input.rng.fork("risks"))),
      ];
  return record({
    facts,
    tier: input.tier,
    type,
    accession: release.accession_number,
    filingDate: release.filing_date,
    reportPeriod: release.report_period,
    title: `${facts.name} Form ${type} for ${i.fiscal_period}`,
    description: annual
      ? `Annual report for ${i.fiscal_period}, the fiscal year ended ${i.report_period}.`
      : `Quarterly report for ${i.fiscal_period}, the quarter ended ${i.report_period}.`,
    sections,
    sourceEventId: release.source_event_id,
    fiscalYear: input.fiscalYear,
    fiscalQuarter: input.fiscalQuarter,
  });
}

// --- 8-K ---

/**
 * What a deal pays per share of its target, as an 8-K states it: from the target's side the buyer is
 * named, from the buyer's it is "the Company".
 */
export function considerationText(terms: DealTerms, side: "target" | "buyer"): string {
  const cash = `$${terms.cash_per_share.toFixed(2)} in cash`;
  const shares = `${terms.exchange_ratio.toFixed(4)} shares of ${side === "buyer" ? "the Company's" : terms.acquirerName} common stock`;
  if (terms.consideration === "cash") return cash;
  return terms.consideration === "stock" ? shares : `${cash} and ${shares}`;
}

/** The consideration a closing paid, by its kind. */
const paidAs = (terms: DealTerms | undefined) =>
  !terms || terms.consideration === "cash"
    ? "the cash consideration"
    : terms.consideration === "stock"
      ? "the stock consideration"
      : "the cash and stock consideration";

/**
 * The text of an 8-K's item on an event other than an earnings release: the event's public facts,
 * nothing more (a deal inside the world: its terms, `terms`).
 */
function eventText(name: string, e: WorldEvent, terms?: DealTerms): string {
  const on = `On ${e.event_date}`;
  switch (e.event_type) {
    case "management_change": {
      const appointed = appointmentIn(e.public_summary);
      if (!appointed) throw new Error(`${e.event_id}: a management change that names no officer`);
      const { person, role } = appointed;
      return (
        `${on}, the board of directors of ${name} appointed ${person} as ${role}, effective immediately. ` +
        `${person} has no family relationship with any director or executive officer of the Company, and no ` +
        `transaction with the Company requires disclosure.`
      );
    }
    case "contract_win":
      return `${on}, the Company announced a material definitive agreement outside the ordinary course of its business: ${e.public_summary} Its financial terms were not disclosed.`;
    case "guidance_change":
      return `${on}, the Company updated its outlook: ${e.public_summary} This information is furnished and shall not be deemed filed under the Securities Exchange Act.`;
    case "lawsuit":
      return `${on}, the Company disclosed: ${e.public_summary} The Company believes the claims are without merit and intends to defend itself vigorously; it cannot yet estimate any possible loss.`;
    case "regulatory_action":
      return `${on}, the Company disclosed: ${e.public_summary} The Company is cooperating with the inquiry and cannot predict its outcome or timing.`;
    case "product_launch":
      return `${on}, the Company announced: ${e.public_summary}`;
    case "merger_agreement":
      return (
        `${on}, the Company entered into an Agreement and Plan of Merger: ${e.public_summary} Each share of the ` +
        `Company's common stock outstanding at the effective time will be converted into the right to receive ` +
        `${terms ? considerationText(terms, "target") : "the cash consideration"}, without interest. ` +
        `The merger is subject to the approval of the Company's stockholders, ` +
        `regulatory approvals and other customary closing conditions. The Board of Directors unanimously approved ` +
        `the agreement and recommends that stockholders vote in favor of it.`
      );
    case "merger_terminated":
      return `${on}, the Company and the other party terminated their Agreement and Plan of Merger: ${e.public_summary} The Company will continue to operate as an independent public company.`;
    case "merger_completed":
      return (
        `${on}, the Company completed the merger under its Agreement and Plan of Merger: ${e.public_summary} Each ` +
        `share of common stock outstanding was converted into the right to receive ${paidAs(terms)}. The ` +
        `Company notified its exchange that the shares will be withdrawn from listing and deregistered; it will no ` +
        `longer file periodic reports.`
      );
    case "acquisition_agreement":
      return (
        `${on}, the Company entered into an Agreement and Plan of Merger to acquire ${terms?.targetName ?? "another company"}: ` +
        `${e.public_summary} Each share of ${terms?.targetName ?? "its"} common stock outstanding at the effective time ` +
        `will be converted into the right to receive ${terms ? considerationText(terms, "buyer") : "the merger consideration"}. ` +
        `The merger is subject to the approval of ${terms?.targetName ?? "its"} stockholders, regulatory approvals and ` +
        `other customary closing conditions.`
      );
    case "acquisition_terminated":
      return `${on}, the Company and ${terms?.targetName ?? "the other party"} terminated their Agreement and Plan of Merger: ${e.public_summary}`;
    case "acquisition_completed":
      return (
        `${on}, the Company completed its acquisition of ${terms?.targetName ?? "another company"} under their Agreement ` +
        `and Plan of Merger: ${e.public_summary} Its holders received ${paidAs(terms)} for each of their shares; ` +
        `${terms?.targetName ?? "it"} is now a wholly owned subsidiary of the Company.`
      );
    case "bankruptcy_filing":
      return (
        `${on}, the Company and certain of its subsidiaries filed voluntary petitions for relief under Chapter 11 ` +
        `of the United States Bankruptcy Code: ${e.public_summary} The Company will continue to operate its ` +
        `business as a debtor in possession. Holders of its common stock may receive nothing for their shares in ` +
        `the reorganization.`
      );
    case "delisting":
      return `${on}, the Company was notified that its exchange suspended trading in its common stock and will file to delist it: ${e.public_summary} The Company does not intend to appeal.`;
    case "catalyst_impact":
      return `${on}: ${e.public_summary} The Company is assessing the effect of these developments on its business, liquidity and funding, and will update investors as required.`;
    default:
      throw new Error(`${e.event_id}: no 8-K text for a ${e.event_type} event`);
  }
}

/** The 8-K reporting a company event (an earnings release: Item 2.02, and the press release as Exhibit 99.1). */
export function currentReport(input: {
  facts: CompanyFacts;
  tier: SizeTier;
  event: WorldEvent;
  item: string;
  filingDate: string;
  accession: string;
  fiscalYear: number;
  fiscalQuarter: number;
  /** The earnings row an earnings release published. */
  release?: Earnings;
  /** A deal inside the world's terms, for its events. */
  terms?: DealTerms;
}): FilingRecord {
  const { facts, event, filingDate, release } = input;
  const sections = release
    ? [
        section(
          "8-K",
          "Item-2.02",
          `On ${filingDate}, ${facts.name} issued a press release announcing its results for ${release.fiscal_period}, ` +
            `the quarter ended ${release.report_period}. The press release is furnished as Exhibit ${EXHIBIT}.`,
        ),
        section(
          "8-K",
          "Item-9.01",
          `(d) Exhibits. Exhibit ${EXHIBIT}: press release of ${facts.name} dated ${filingDate}.\n\n${release.press_release}`,
        ),
      ]
    : [section("8-K", input.item, eventText(facts.name, event, input.terms))];
  return record({
    facts,
    tier: input.tier,
    type: "8-K",
    accession: input.accession,
    filingDate,
    reportPeriod: event.event_date,
    title: `${facts.name} Form 8-K: ${sections[0].item_name}`,
    description: `Current report dated ${event.event_date}: ${event.public_summary}`,
    sections,
    sourceEventId: event.event_id,
    fiscalYear: input.fiscalYear,
    fiscalQuarter: input.fiscalQuarter,
  });
}

/** The prospectus of a listing (Rule 424(b)(4)), filed on its first trading day: the offering's terms. */
export function prospectus(input: {
  facts: CompanyFacts;
  tier: SizeTier;
  event: WorldEvent;
  terms: OfferingTerms;
  underwriters: string[];
  registration: string;
  lockupDays: number;
  accession: string;
  fiscalYear: number;
  fiscalQuarter: number;
}): FilingRecord {
  const { facts, event, terms } = input;
  const date = event.event_date;
  const [lead, ...others] = input.underwriters;
  const sections = [
    section(
      "424B4",
      "Item-3",
      `${facts.name} is offering ${count(terms.shares)} shares of its common stock at ${perShare(terms.price)} per ` +
        `share, the initial public offering price. Before this offering there was no public market for the shares; ` +
        `they are approved for listing on ${facts.exchange || "the exchange"} under the symbol "${facts.ticker}" ` +
        `and begin trading on ${date}. Investing in the shares involves a high degree of risk: the price may ` +
        `fall below the offering price, and an active trading market may not develop or last.`,
    ),
    section(
      "424B4",
      "Item-4",
      `The Company receives net proceeds of ${dollars(terms.net)} from the offering, after the underwriting ` +
        `discount of ${percent(terms.discount)} of the gross proceeds of ${dollars(terms.gross)}. It intends to ` +
        `use them for working capital and other general corporate purposes, including possible acquisitions.`,
    ),
    section(
      "424B4",
      "Item-8",
      `${[lead, ...others].join(", ")} are the underwriters of the offering; ${lead} is the representative. The ` +
        `Company, its officers and directors have agreed not to sell or otherwise dispose of any shares for ` +
        `${input.lockupDays} days after the date of this prospectus without the representative's consent. The ` +
        `registration statement on Form S-1 (File No. ${input.registration}) was declared effective the day ` +
        `before the shares began trading.`,
    ),
  ];
  return record({
    facts,
    tier: input.tier,
    type: "424B4",
    accession: input.accession,
    filingDate: date,
    reportPeriod: date,
    title: `${facts.name} Prospectus (424B4): ${count(terms.shares)} shares of common stock`,
    description: `Prospectus dated ${date}: ${event.public_summary}`,
    sections,
    sourceEventId: event.event_id,
    fiscalYear: input.fiscalYear,
    fiscalQuarter: input.fiscalQuarter,
  });
}

/** Every number a prospectus may state: its terms, its lock-up, its registration statement's file number. */
export function prospectusNumbers(terms: OfferingTerms, lockupDays: number, registration: string): string[] {
  return [
    count(terms.shares),
    perShare(terms.price),
    dollars(terms.net),
    dollars(terms.gross),
    percent(terms.discount),
    String(lockupDays),
    ...numbersIn(`File No. ${registration}`),
  ];
}
