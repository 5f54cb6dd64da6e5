// Institutional holdings (docs/contract.md, "Institutional holding"): the lines of invented
// managers' 13F-HR filings, the contract's fields plus the information-table names
// financialdatasets.ai uses (`name_of_issuer`, `value_usd`, `filer_cik`, `filer_name`, `put_call`,
// `reported_price`).
import { z } from "zod";
import { day, field } from "../../contract/fields.ts";

const cik = (description: string) => field(z.string().regex(/^\d{10}$/), description, "0009104377");
const MANAGER_TYPES = ["index", "active", "hedge_fund"] as const;

export const InstitutionalHolding = z
  .object({
    id: field(
      z.string(),
      "Identifier (`ih_<filer cik>_<yyyymmdd report period>_<ticker>`).",
      "ih_0009104377_20230331_AAPL",
    ),
    manager_name: field(z.string(), "The investment manager that filed (invented).", "Galloquin Index Advisors"),
    report_period: day("The calendar quarter's last day the holding is reported at.", "2023-03-31"),
    ticker: field(z.string(), "The company held.", "AAPL"),
    shares: field(
      z.int(),
      "Shares held at the quarter's end, as reported (not restated for later splits).",
      1337000000,
    ),
    market_value: field(
      z.number(),
      "Shares times reported_price, the close of the quarter's last trading day (USD, two decimals).",
      2.2e11,
    ),
    portfolio_weight: field(
      z.number(),
      "market_value over the manager's total value that quarter: a manager-quarter's weights sum to 1.",
      0.071,
    ),
    change_shares: field(
      z.int().nullable(),
      "Shares less the quarter before's, those restated for the splits gone ex in between; a new position's is its shares; null in the manager's first quarter in the scenario.",
      -2500000,
    ),
    form_type: field(z.literal("13F-HR"), "Always `13F-HR`.", "13F-HR"),
    filing_date: day(
      "When the 13F-HR was filed (a trading day within 45 days of the quarter's end): the line is visible from then.",
      "2023-05-12",
    ),
    filing_text: field(
      z.string(),
      "The filing as it concerns this line: the 13F-HR's cover and the information-table line.",
    ),
    details: field(
      z.object({
        manager_type: field(z.enum(MANAGER_TYPES), "Index manager, active manager or hedge fund.", "index"),
        position_status: field(
          z.enum(["new", "increased", "decreased", "unchanged"]).nullable(),
          "Against the quarter before (split-adjusted); null in the manager's first quarter in the scenario.",
          "increased",
        ),
        percent_of_shares_outstanding: field(
          z.number(),
          "Shares over the company's shares outstanding that day.",
          0.085,
        ),
        valuation_date: day("The quarter's last trading day, whose close values the line.", "2023-03-31"),
        investment_discretion: field(z.literal("SOLE"), "As the information table reports it.", "SOLE"),
      }),
      "About the position.",
    ),
    name_of_issuer: field(
      z.string(),
      "The company's name as 13F information tables print it (upper case).",
      "APPLE INC.",
    ),
    value_usd: field(z.number(), "The information table's value: market_value.", 2.2e11),
    filer_cik: cik("The manager's CIK (synthetic: no real filer has it)."),
    filer_name: field(z.string(), "The manager's name: manager_name.", "Galloquin Index Advisors"),
    put_call: field(z.enum(["PUT", "CALL"]).nullable(), "Options are not reported: always null.", null),
    reported_price: field(z.number(), "The close the line is valued at.", 164.9),
  })
  .meta({ id: "InstitutionalHolding", description: "One line of an investment manager's quarterly 13F-HR." });

export type InstitutionalHolding = z.infer<typeof InstitutionalHolding>;

/** A line's id: its manager, report period and company. */
export const holdingId = (cik: string, reportPeriod: string, ticker: string) =>
  `ih_${cik}_${reportPeriod.replaceAll("-", "")}_${ticker}`;

export const Investor = z
  .object({
    cik: cik("The manager's CIK."),
    name: field(z.string(), "The manager's name (invented).", "Galloquin Index Advisors"),
    type: field(z.enum(MANAGER_TYPES), "Index manager, active manager or hedge fund.", "index"),
  })
  .meta({ id: "Investor", description: "An investment manager that files 13F-HRs in the scenario." });

export type Investor = z.infer<typeof Investor>;

/** Digits grouped by thousands (by hand: the runtime's locale data is not relied on). */
function count(x: number): string {
  const digits = String(x);
  const sign = digits[0] === "-" ? "-" : "";
  const body = sign ? digits.slice(1) : digits;
  let out = body.slice(0, body.length % 3 || 3);
  for (let i = out.length; i < body.length; i += 3) out += `,${body.slice(i, i + 3)}`;
  return sign + out;
}

/** A 13F-HR's cover: who files, for which quarter, when. */
export interface FilingCover {
  manager_name: string;
  filer_cik: string;
  report_period: string;
  filing_date: string;
}

/** One line of its information table. */
export interface TableLine {
  name_of_issuer: string;
  market_value: number;
  reported_price: number;
  shares: number;
}

/** The cover's text, lines joined by `nl`. */
const coverText = (c: FilingCover, nl: string) =>
  `FORM 13F-HR${nl}Quarterly report filed by institutional managers${nl}${nl}` +
  `Name of reporting manager: ${c.manager_name}${nl}CIK: ${c.filer_cik}${nl}` +
  `Report for the calendar quarter ended: ${c.report_period}${nl}Filed: ${c.filing_date}${nl}${nl}`;

/** The information-table line's text, lines joined by `nl`. */
function tableLineText(l: TableLine, nl: string): string {
  const [whole, cents] = l.market_value.toFixed(2).split(".");
  const shares = count(l.shares);
  return (
    `INFORMATION TABLE (this line)${nl}Name of issuer: ${l.name_of_issuer}${nl}Title of class: COM${nl}` +
    `Value: $${count(Number(whole))}.${cents} (at $${l.reported_price.toFixed(2)} a share)${nl}` +
    `Shares or principal amount: ${shares} SH${nl}Put/Call: none${nl}Investment discretion: SOLE${nl}` +
    `Voting authority (sole): ${shares}`
  );
}

/**
 * A line's filing text, composed from the line itself (nothing is stored twice): the 13F-HR's
 * cover (manager, CIK, report period, filing date) and its information-table line.
 */
export const filingText = (h: FilingCover & TableLine): string => coverText(h, "\n") + tableLineText(h, "\n");

/**
 * The same text's two parts as written inside a JSON string, from names already so written
 * (`jsonInner`): the route writes fifty lines an answer, with a cover for each manager-quarter, and
 * escaping each whole text again was a third of a line's work.
 */
export const filingCoverInJson = (c: FilingCover): string => coverText(c, "\\n");
export const tableLineInJson = (l: TableLine): string => tableLineText(l, "\\n");

/** A string as written inside a JSON string: its JSON text without the quotes. */
export const jsonInner = (s: string): string => JSON.stringify(s).slice(1, -1);

export const BENEFICIAL_TYPES = ["activist", "passive"] as const;
export const SCHEDULE_FORMS = ["SC 13G", "SC 13G/A", "SC 13D", "SC 13D/A"] as const;

export const BeneficialOwner = z
  .object({
    id: field(
      z.string(),
      "Identifier (`bo_<filer cik>_<ticker>_<yyyymmdd filing date>`).",
      "bo_0009104377_AAPL_20230512",
    ),
    ticker: field(z.string(), "The subject company.", "AAPL"),
    issuer: field(z.string(), "The subject company's name.", "Apple Inc."),
    filer_cik: cik("The filer's CIK: the manager's, as its 13F lines give it."),
    reporting_person_name: field(z.string(), "The filer (an invented 13F manager).", "Galloquin Index Advisors"),
    type_of_reporting_person: field(z.enum(["IA"]), "`IA`: an investment adviser.", "IA"),
    type: field(
      z.enum(BENEFICIAL_TYPES),
      "`passive` (Schedule 13G) or `activist` (13D): every filer of the scenario is passive.",
      "passive",
    ),
    form_type: field(
      z.enum(SCHEDULE_FORMS),
      "`SC 13G` when a stake reaches 5% of the shares at a quarter's end; `SC 13G/A` when it has moved a point " +
        "or more since the last filing, or fallen below 5% (the last of its chain).",
      "SC 13G",
    ),
    is_amendment: field(z.boolean(), "An `/A` form.", false),
    title_of_class: field(z.string(), "The class owned.", "Common Stock"),
    event_date: day("The quarter's end the stake is reported at.", "2023-03-31"),
    filing_date: day(
      "Filed with the manager's 13F of the quarter (a trading day within 45 days of its end): the row is visible from it.",
      "2023-05-12",
    ),
    percent_of_class: field(
      z.number(),
      "Percent (not a fraction) of the shares outstanding on the quarter's last trading day, two decimals.",
      8.5,
    ),
    aggregate_amount_beneficially_owned: field(z.int(), "Shares owned, as the 13F line reports them.", 1337000000),
    sole_voting_power: field(z.int(), "Shares voted alone: all of them (13F discretion SOLE).", 1337000000),
    shared_voting_power: field(z.int(), "Shares voted with others: none.", 0),
    sole_dispositive_power: field(z.int(), "Shares disposed of alone: all of them.", 1337000000),
    shared_dispositive_power: field(z.int(), "Shares disposed of with others: none.", 0),
    purpose_of_transaction: field(z.string().nullable(), "Schedule 13D's Item 4: null on a 13G.", null),
  })
  .meta({ id: "BeneficialOwner", description: "A Schedule 13G or 13D filing of a 5%+ owner of a company." });

export type BeneficialOwner = z.infer<typeof BeneficialOwner>;

/** A filing's id: its filer, subject company and filing date. */
export const beneficialId = (cik: string, ticker: string, filingDate: string) =>
  `bo_${cik}_${ticker}_${filingDate.replaceAll("-", "")}`;

export const BeneficialFiler = z
  .object({
    filer_cik: cik("The filer's CIK."),
    name: field(z.string(), "The filer's name (invented).", "Galloquin Index Advisors"),
  })
  .meta({ id: "BeneficialFiler", description: "A filer of Schedules 13G/13D in the scenario." });

export type BeneficialFiler = z.infer<typeof BeneficialFiler>;
