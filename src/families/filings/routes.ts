// Filings (docs/filings.md): 10-K, 10-Q and 8-K documents and their item sections, newest first,
// each public from its filing date. One company's are read from its shard; several, or every
// company's, through the yearly index of filings (key and ticker), each row then read from its
// company's shard. A section is stored once, as the JSON of its /filings/items row: items are sliced
// from it, and a filing's `sections` and `text` are assembled from it here.
import {
  FILINGS_SHARDS,
  filingItemsPart,
  filingItemWindow,
  filingKey,
  filingOfSectionKey,
  sectionOfKey,
  type SectionTag,
} from "./shards.ts";
import { REFERENCE_SHARDS } from "../../bundle/reference-shards.ts";
import { z } from "zod";
import { allOf } from "../../bundle/shards.ts";
import {
  FILING_ITEMS,
  FILING_TYPES,
  Filing,
  FilingItem,
  filingText,
  ITEM_CODES,
  ItemType,
  sectionsNamed,
  type FilingSection,
} from "./rows.ts";
import { jsonArray } from "../../http/json.ts";
import { through, type DatedRows } from "../../bundle/as-of.ts";
import { asOf, endDate, int, many, oneOf, page, scenarioId, startDate, str, tickers } from "../../contract/params.ts";
import { dataRoute, serve, type ApiApp } from "../../http/route.ts";
import { requireOrderedWindow, type IndexedRow, type Scenario } from "../../http/scenario.ts";

const TAG = "Filings";

const filingQuery = {
  scenario_id: scenarioId(),
  ticker: tickers("Only these companies' filings", "AAPL"),
  filing_type: many(oneOf(FILING_TYPES, { description: "A form.", example: "10-Q" }), {
    description: "Only these forms (repeat for any of).",
    example: "10-Q",
  }),
  start_date: startDate().optional(),
  end_date: endDate().optional(),
  as_of: asOf("filings").optional(),
};

const filings = dataRoute({
  path: "/filings",
  tag: TAG,
  summary: "10-K, 10-Q and 8-K filings",
  description:
    "Newest first (filing date, then accession number). A filing is public from its `filing_date`; " +
    "`start_date` and `end_date` bound the filing date. A 10-Q or 10-K is filed with each earnings release " +
    "(the accession number its statements and /earnings row name), an 8-K within four business days of each " +
    "event a company reports (the earnings release's the same day, with the press release as Exhibit 99.1). " +
    "Every number in a section is a value of the company's served records, per-share figures as filed. Funds " +
    "and warrants file nothing (an empty list).",
  request: { query: z.object({ ...filingQuery, ...page(10, 500) }) },
  response: z.object({ filings: z.array(Filing) }),
});

const items = dataRoute({
  path: "/filings/items",
  tag: TAG,
  summary: "Item sections of filings",
  description:
    "One row per item section, filings newest first and each filing's sections in its form's order. `item` " +
    "takes the codes of /filings/items/types (in every form that has the code) and financialdatasets' names of " +
    "one form's item: `Item-1A` and `Item-7A` (10-K), `Part-1,Item-1`, `Part-1,Item-2` and `Part-2,Item-1A` (10-Q).",
  request: {
    query: z.object({
      ...filingQuery,
      item: many(oneOf(ITEM_CODES, { description: "An item code or alias.", example: "Item-7" }), {
        description: "Only these items (repeat for any of).",
        example: "Item-7",
      }),
      year: int({ description: "Only filings of this fiscal year.", example: "2023" }, 1900, 2100).optional(),
      quarter: int(
        { description: "Only filings of this fiscal quarter (a 10-K, a fiscal year, has none).", example: "3" },
        1,
        4,
      ).optional(),
      accession_number: str(
        { description: "Only this filing's sections.", example: "0000320193-23-000003" },
        32,
      ).optional(),
      ...page(20, 100),
    }),
  },
  response: z.object({ filing_items: z.array(FilingItem) }),
});

const scenarioOnly = { query: z.object({ scenario_id: scenarioId() }) };

const filingTickers = dataRoute({
  path: "/filings/tickers",
  tag: TAG,
  summary: "Tickers with filings",
  description: "The companies with at least one filing by the scenario's current_date.",
  request: scenarioOnly,
  response: z.object({ tickers: z.array(z.string()) }),
});

const filingCiks = dataRoute({
  path: "/filings/ciks",
  tag: TAG,
  summary: "CIKs with filings",
  description:
    "Zero-padded CIKs of the companies with at least one filing by the scenario's current_date; every " +
    "company's before any has filed.",
  request: scenarioOnly,
  response: z.object({ ciks: z.array(z.string()) }),
});

const filingTypes = dataRoute({
  path: "/filings/types",
  tag: TAG,
  summary: "Forms filed",
  request: scenarioOnly,
  response: z.object({ filing_types: z.array(z.enum(FILING_TYPES)) }),
});

const itemTypes = dataRoute({
  path: "/filings/items/types",
  tag: TAG,
  summary: "Items of each form",
  description: "The item codes each form's filings may hold, with their names (docs/filings.md: `1A` is `1.01`).",
  request: scenarioOnly,
  response: z.object({ item_types: z.array(ItemType) }),
});

/** A filing as stored (FILINGS_SHARDS.filings): no sections (they are in FILINGS_SHARDS.filingItems). */
type Stored = Omit<Filing, "text" | "sections"> & { fiscal_year: number; fiscal_quarter: number | null };

/** The stored filing at a place of the newest-first walk. */
const stored = ({ shard, index }: IndexedRow) => shard.objects(index, index + 1)[0] as Stored;

/** The filings of `tickers` (every company's when undefined) filed in the window, newest first. */
const newestFirst = (scenario: Scenario, tickers: string[] | undefined, first?: string, last?: string) =>
  scenario.newestFirstIndexed(FILINGS_SHARDS.filings, FILINGS_SHARDS.filingsIndex, tickers, first, last);

/** The section shards of the filings a request reads (a company's fiscal year each), read once per request. */
function sectionShards(scenario: Scenario): (row: Stored) => Promise<DatedRows> {
  const read = new Map<string, Promise<DatedRows | null>>();
  return async (row) => {
    const part = filingItemsPart(row.ticker, row.fiscal_year);
    if (!read.has(part)) read.set(part, scenario.dated(FILINGS_SHARDS.filingItems, part));
    const shard = await read.get(part);
    // A company's filings and sections are written together: a missing shard is a broken bundle.
    if (!shard) throw new Error(`${FILINGS_SHARDS.filingItems.name(part)}: missing beside its filings`);
    return shard;
  };
}

/** The place of a filing's sections in its section shard. */
const sectionsOf = (shard: DatedRows, row: Stored) =>
  shard.window(...filingItemWindow(filingKey(row.filing_date, row.accession_number)));

/** A stored filing as served: its fields in the Filing's order, sections and `text` from its section rows. */
const FILING_FIELDS = Object.keys(Filing.shape) as (keyof Filing)[];
function served(row: Stored, shard: DatedRows): Filing {
  const sections = (shard.objects(...sectionsOf(shard, row)) as FilingSection[]).map(({ item, item_name, text }) => ({
    item,
    item_name,
    text,
  }));
  const whole: Omit<Filing, "text"> = { ...row, sections };
  const text = filingText(row.title, sections);
  return Object.fromEntries(FILING_FIELDS.map((f) => [f, f === "text" ? text : whole[f]])) as Filing;
}

/**
 * The filing dates a fiscal year's filings fall in, so a request for one year decodes only its
 * filings: a fiscal year (named by its end) starts in the year before (in February at the earliest),
 * its 8-Ks are filed within it, and its 10-K within 90 days of its end.
 */
const yearFiled = (year: number): [string, string] => [`${year - 1}-01-01`, `${year + 1}-06-30`];

/** A window narrowed to the request's own dates. */
const within = ([first, last]: [string, string], q: { start_date?: string; end_date?: string }) =>
  [
    q.start_date && q.start_date > first ? q.start_date : first,
    q.end_date && q.end_date < last ? q.end_date : last,
  ] as const;

/**
 * The companies whose CIK an accession number starts with, among `tickers` when given: none still to
 * list by the horizon (its CIK is answered as one the scenario does not hold).
 */
async function filersOf(scenario: Scenario, accession: string, tickers: string[] | undefined): Promise<string[]> {
  const [ciks, unlisted] = await Promise.all([
    scenario.reference(REFERENCE_SHARDS.ciks, "Scenario has no companies"),
    scenario.unlisted(),
  ]);
  const cik = accession.slice(0, 10);
  const [from, to] = ciks.window(cik, cik);
  return (ciks.rows(from, to) as [string, string][])
    .map(([, ticker]) => ticker)
    .filter((t) => !unlisted.has(t) && (!tickers || tickers.includes(t)));
}

/** The companies with a filing by the horizon, from the yearly index (oldest first: most file in the first year). */
async function filers(scenario: Scenario): Promise<string[]> {
  const companies = (await scenario.companies()).length;
  const seen = new Set<string>();
  for (const year of scenario.yearsUpToHorizon(FILINGS_SHARDS.filingsIndex.name("all")).reverse()) {
    const index = await scenario.dated(FILINGS_SHARDS.filingsIndex, allOf(year));
    if (index) for (const [, ticker] of index.rows(0, index.length) as [string, string][]) seen.add(ticker);
    if (seen.size === companies) break;
  }
  return [...seen].sort();
}

/** An items answer being filled: sections past the request's offset, up to its limit. */
class SectionPage {
  readonly out: Uint8Array[] = [];
  private readonly limit: number;
  private skip: number;
  constructor(limit: number, offset: number) {
    this.limit = limit;
    this.skip = offset;
  }
  get full(): boolean {
    return this.out.length >= this.limit;
  }
  /** Adds the sections [from, to) of one filing that `keep` keeps, in the form's order, as far as the page goes. */
  addFiling(shard: DatedRows, from: number, to: number, keep: (tag: SectionTag) => boolean): void {
    for (let i = from; i < to && !this.full; i++) {
      if (!keep(sectionOfKey(shard.key(i)))) continue;
      if (this.skip > 0) this.skip--;
      else this.out.push(shard.json(i, i + 1));
    }
  }
}

/**
 * One company's sections of a fiscal year, filings newest first, read from that year's section shard
 * alone: its keys carry the filings' order and what the filters ask (SectionTag).
 */
async function companyYear(
  scenario: Scenario,
  ticker: string,
  year: number,
  q: { start_date?: string; end_date?: string },
  keep: (tag: SectionTag) => boolean,
  page: SectionPage,
): Promise<void> {
  if ((await scenario.unlisted()).has(ticker)) return;
  const shard = await scenario.dated(FILINGS_SHARDS.filingItems, filingItemsPart(ticker, year));
  if (!shard) return;
  const [from, to] = shard.window(q.start_date, q.end_date === undefined ? undefined : through(q.end_date));
  const filingOf = (i: number) => filingOfSectionKey(shard.key(i));
  for (let end = to; end > from && !page.full;) {
    let start = end - 1;
    while (start > from && filingOf(start - 1) === filingOf(end - 1)) start--;
    page.addFiling(shard, start, end, keep);
    end = start;
  }
}

export function register(app: ApiApp): void {
  serve(
    app,
    filings,
    async (q, scenario) => {
      const types = q.filing_type && new Set<string>(q.filing_type);
      const sectionShard = sectionShards(scenario);
      const out: Filing[] = [];
      let skip = q.offset;
      for await (const at of newestFirst(scenario, q.ticker, q.start_date, q.end_date)) {
        if (out.length >= q.limit) break;
        // Without a form filter, the filings skipped are never read.
        const row = types && stored(at);
        if (row && !types.has(row.filing_type)) continue;
        if (skip > 0) skip--;
        else {
          const filing = row || stored(at);
          out.push(served(filing, await sectionShard(filing)));
        }
      }
      return { filings: out };
    },
    (q) => requireOrderedWindow(q.start_date, q.end_date),
  );

  serve(
    app,
    items,
    async (q, scenario) => {
      let tickers = await scenario.requireTickers(q.ticker);
      if (q.accession_number) tickers = await filersOf(scenario, q.accession_number, tickers);
      if (tickers?.length === 0) return { filing_items: [] };
      const types = q.filing_type && new Set<string>(q.filing_type);
      const selected = q.item?.flatMap(sectionsNamed);
      const wanted = (filingType: string, code: string) =>
        !selected ||
        selected.some((x) => x.item === code && (x.filing_type === undefined || x.filing_type === filingType));
      const keep = (tag: SectionTag) =>
        (!types || types.has(tag.filingType)) &&
        (q.quarter === undefined || tag.quarter === q.quarter) &&
        wanted(tag.filingType, tag.item);
      const page = new SectionPage(q.limit, q.offset);
      if (tickers?.length === 1 && q.year !== undefined && !q.accession_number) {
        await companyYear(scenario, tickers[0], q.year, q, keep, page);
        return { filing_items: jsonArray<FilingItem>(page.out) };
      }
      const sectionShard = sectionShards(scenario);
      const [first, last] = q.year === undefined ? [q.start_date, q.end_date] : within(yearFiled(q.year), q);
      if (first && last && first > last) return { filing_items: [] };
      for await (const at of newestFirst(scenario, tickers, first, last)) {
        if (page.full) break;
        const row = stored(at);
        if (
          (types && !types.has(row.filing_type)) ||
          (q.accession_number && row.accession_number !== q.accession_number) ||
          (q.year !== undefined && row.fiscal_year !== q.year) ||
          (q.quarter !== undefined && row.fiscal_quarter !== q.quarter)
        )
          continue;
        const shard = await sectionShard(row);
        page.addFiling(shard, ...sectionsOf(shard, row), keep);
      }
      return { filing_items: jsonArray<FilingItem>(page.out) };
    },
    (q) => requireOrderedWindow(q.start_date, q.end_date),
  );

  serve(app, filingTickers, async (_, scenario) => ({ tickers: await filers(scenario) }));

  serve(app, filingCiks, async (_, scenario) => {
    const [rows, filed] = await Promise.all([scenario.listedCiks(), filers(scenario).then((t) => new Set(t))]);
    const ofFilers = rows.filter(([, ticker]) => filed.has(ticker));
    return { ciks: [...new Set((ofFilers.length ? ofFilers : rows).map(([cik]) => cik))] };
  });

  serve(app, filingTypes, async () => ({ filing_types: [...FILING_TYPES] }));

  serve(app, itemTypes, async () => ({
    item_types: FILING_ITEMS.map(({ filing_type, item, item_name }) => ({ filing_type, item, item_name })),
  }));
}
