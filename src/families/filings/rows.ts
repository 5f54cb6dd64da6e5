// Filings (docs/contract.md, "Filing" and "Filing item"; docs/api-choices.md, "Response keys the
// contract leaves open"): 10-K, 10-Q and 8-K documents and a new listing's prospectus (424B4), each
// a list of item sections. The forms' items in one catalog (docs/filings.md): their codes in the
// contract's shape, their names, and the financialdatasets aliases a request may use for them.
import { z } from "zod";
import { day, field } from "../../contract/fields.ts";

export const FILING_TYPES = ["10-K", "10-Q", "8-K", "424B4"] as const;
export type FilingType = (typeof FILING_TYPES)[number];

/** An item of a form: its code (`Item-<n>`, `Item-<n>.<nn>`; a lettered item `1A` is `1.01`), its name and aliases. */
export interface ItemOfForm {
  filing_type: FilingType;
  item: string;
  item_name: string;
  /** Other codes a request may name it by (financialdatasets'), this form's section only. */
  aliases: readonly string[];
}

const MDA = "Management's Discussion and Analysis of Financial Condition and Results of Operations";

export const FILING_ITEMS: readonly ItemOfForm[] = [
  { filing_type: "10-K", item: "Item-1", item_name: "Business", aliases: [] },
  { filing_type: "10-K", item: "Item-1.01", item_name: "Risk Factors", aliases: ["Item-1A"] },
  { filing_type: "10-K", item: "Item-7", item_name: MDA, aliases: [] },
  {
    filing_type: "10-K",
    item: "Item-7.01",
    item_name: "Quantitative and Qualitative Disclosures About Market Risk",
    aliases: ["Item-7A"],
  },
  { filing_type: "10-K", item: "Item-8", item_name: "Financial Statements and Supplementary Data", aliases: [] },
  { filing_type: "10-Q", item: "Item-1", item_name: "Financial Statements", aliases: ["Part-1,Item-1"] },
  // A prospectus is Part I of its registration statement (Form S-1): its sections under the form's items.
  {
    filing_type: "424B4",
    item: "Item-3",
    item_name: "Summary Information, Risk Factors and Ratio of Earnings to Fixed Charges",
    aliases: [],
  },
  { filing_type: "424B4", item: "Item-4", item_name: "Use of Proceeds", aliases: [] },
  { filing_type: "424B4", item: "Item-8", item_name: "Plan of Distribution", aliases: [] },
  { filing_type: "10-Q", item: "Item-2", item_name: MDA, aliases: ["Part-1,Item-2"] },
  { filing_type: "10-Q", item: "Item-1.01", item_name: "Risk Factors", aliases: ["Part-2,Item-1A"] },
  { filing_type: "8-K", item: "Item-1.01", item_name: "Entry into a Material Definitive Agreement", aliases: [] },
  {
    filing_type: "8-K",
    item: "Item-1.02",
    item_name: "Termination of a Material Definitive Agreement",
    aliases: [],
  },
  { filing_type: "8-K", item: "Item-1.03", item_name: "Bankruptcy or Receivership", aliases: [] },
  {
    filing_type: "8-K",
    item: "Item-2.01",
    item_name: "Completion of Acquisition or Disposition of Assets",
    aliases: [],
  },
  { filing_type: "8-K", item: "Item-2.02", item_name: "Results of Operations and Financial Condition", aliases: [] },
  {
    filing_type: "8-K",
    item: "Item-5.02",
    item_name:
      "Departure of Directors or Certain Officers; Election of Directors; Appointment of Certain Officers; " +
      "Compensatory Arrangements of Certain Officers",
    aliases: [],
  },
  {
    filing_type: "8-K",
    item: "Item-3.01",
    item_name: "Notice of Delisting or Failure to Satisfy a Continued Listing Rule or Standard; Transfer of Listing",
    aliases: [],
  },
  { filing_type: "8-K", item: "Item-7.01", item_name: "Regulation FD Disclosure", aliases: [] },
  { filing_type: "8-K", item: "Item-8.01", item_name: "Other Events", aliases: [] },
  { filing_type: "8-K", item: "Item-9.01", item_name: "Financial Statements and Exhibits", aliases: [] },
];

/** The item of a form, by its code. */
export function itemOf(filingType: FilingType, item: string): ItemOfForm {
  const found = FILING_ITEMS.find((i) => i.filing_type === filingType && i.item === item);
  if (!found) throw new Error(`no ${item} in form ${filingType}`);
  return found;
}

/** Every code a request may name: the contract's codes, then the aliases. */
export const ITEM_CODES = [
  ...new Set([...FILING_ITEMS.map((i) => i.item), ...FILING_ITEMS.flatMap((i) => i.aliases)]),
] as [string, ...string[]];

/**
 * What a requested code selects: a contract code the sections of that code in every form (8-K Item-1.01
 * and a 10-K's Item-1.01 alike), an alias only the one form's section it names.
 */
export function sectionsNamed(code: string): { filing_type?: FilingType; item: string }[] {
  const aliased = FILING_ITEMS.filter((i) => i.aliases.includes(code));
  if (aliased.length) return aliased.map((i) => ({ filing_type: i.filing_type, item: i.item }));
  return [{ item: code }];
}

export const FilingSection = z
  .object({
    item: field(z.string(), "Item code (`Item-<n>` or `Item-<n>.<nn>`; see /filings/items/types).", "Item-2.02"),
    item_name: field(z.string(), "The item's name in the form.", "Results of Operations and Financial Condition"),
    text: field(z.string(), "The section's text. Every number in it is a value of the company's served records."),
  })
  .meta({ id: "FilingSection", description: "One item section of a filing." });
export type FilingSection = z.infer<typeof FilingSection>;

export const Filing = z
  .object({
    filing_id: field(z.string(), "Identifier.", "fil_5b0d7f3e9a21c684"),
    ticker: field(z.string(), "The filer.", "AAPL"),
    cik: field(z.string().nullable(), "The filer's SEC CIK, zero-padded to 10 digits.", "0000320193"),
    filing_type: field(z.enum(FILING_TYPES), "The form.", "10-Q"),
    accession_number: field(
      z.string(),
      "Accession number: CIK, filing year, sequence. A 10-Q or 10-K is the one its statements and /earnings row " +
        "name (sequence 1-4, the fiscal quarter); a company's 8-Ks of a year count from 101.",
      "0000320193-23-000003",
    ),
    filing_date: day("Filed on this date (public from then).", "2023-08-03"),
    report_period: day(
      "A 10-Q or 10-K: the last day of its quarter or fiscal year. An 8-K: the date of report (its event's date).",
      "2023-07-01",
    ),
    url: field(z.string(), "Where the document is published (a reserved domain: no real document).").meta({
      format: "uri",
    }),
    title: field(z.string(), "Title.", "Apple Inc. Form 10-Q for fiscal Q3 2023"),
    description: field(
      z.string(),
      "What it reports.",
      "Quarterly report for fiscal Q3 2023, the quarter ended 2023-07-01.",
    ),
    items: field(z.array(z.string()), "Item codes of its sections, in order.", ["Item-1", "Item-2", "Item-1.01"]),
    item_count: field(z.int(), "Number of items.", 3),
    sections: field(z.array(FilingSection), "The item sections, in the form's order."),
    source_event_ids: field(
      z.array(z.string()),
      "The events it reports (/events/timeline): a 10-Q or 10-K its quarter's earnings release, an 8-K its event.",
      ["evt_89bce83a69bffb07fd0d"],
    ),
    text: field(z.string(), "The assembled body: the title, then each section under its item heading (filingText)."),
    document_count: field(z.int(), "Documents in the submission: the form, and an 8-K's Exhibit 99.1.", 1),
    is_xbrl: field(
      z.boolean(),
      "Whether the submission carries XBRL: 10-Qs and 10-Ks from the SEC's phase-in by filer size (2009-2011), " +
        "8-Ks (cover page) from 2019-2021.",
      true,
    ),
  })
  .meta({ id: "Filing", description: "A 10-K, 10-Q or 8-K filing of one company." });
export type Filing = z.infer<typeof Filing>;

export const FilingItem = z
  .object({
    artifact_id: field(z.string(), "Identifier: the accession number and the item.", "0000320193-23-000003:Item-2"),
    ticker: field(z.string(), "The filer.", "AAPL"),
    cik: field(z.string().nullable(), "The filer's SEC CIK, zero-padded to 10 digits.", "0000320193"),
    filing_type: field(z.enum(FILING_TYPES), "The form.", "10-Q"),
    item: field(z.string(), "Item code.", "Item-2"),
    item_name: field(z.string(), "The item's name in the form.", MDA),
    filing_date: day("Filed on this date (public from then).", "2023-08-03"),
    report_period: day("The filing's report period.", "2023-07-01"),
    text: field(z.string(), "The section's text."),
    accession_number: field(z.string(), "The filing's accession number.", "0000320193-23-000003"),
    source_event_id: field(z.string().nullable(), "The event the filing reports.", "evt_89bce83a69bffb07fd0d"),
    validation: field(
      z.object({
        numbers_checked: field(
          z.int(),
          "Numbers the text states, each checked by the build to be a value of the served records " +
            "(validation check filings_numbers_match_records).",
          4,
        ),
        lineage: field(
          z.boolean(),
          "The source event is the company's and was public on or before the filing date (check filings_lineage).",
          true,
        ),
      }),
      "What the build checked of this section.",
    ),
  })
  .meta({ id: "FilingItem", description: "One item section of a filing, with the filing's identity." });
export type FilingItem = z.infer<typeof FilingItem>;

export const ItemType = z
  .object({
    filing_type: field(z.enum(FILING_TYPES), "The form.", "8-K"),
    item: field(z.string(), "Item code.", "Item-2.02"),
    item_name: field(z.string(), "The item's name.", "Results of Operations and Financial Condition"),
  })
  .meta({ id: "ItemType", description: "An item a form's filings may hold." });

/** The heading of a section in the assembled text: `Item 2.02. Results of Operations and Financial Condition`. */
const heading = (s: FilingSection) => `${s.item.replace("-", " ")}. ${s.item_name}`;

/** A filing's assembled body (`text`): its title, then each section under its heading, blank lines between. */
export const filingText = (title: string, sections: readonly FilingSection[]) =>
  [title, ...sections.map((s) => `${heading(s)}\n\n${s.text}`)].join("\n\n");
