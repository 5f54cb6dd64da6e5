// Filings served by the worker: filters and paging, nothing filed after the horizon, a 10-K's
// statements equal to /financials, the earnings 8-K's exhibit equal to /earnings' press release, and
// each filing's text assembled from its sections.
import { describe, expect, it } from "vitest";
import { numbersIn } from "../../build/models/amounts.ts";
import { filingText } from "../../src/families/filings/rows.ts";
import { body, CRISIS, get, json, MEGACAP } from "../e2e/client.ts";

type Row = Record<string, any>;
const s = `scenario_id=${MEGACAP}`;
const F = `/filings?${s}`;
const I = `/filings/items?${s}`;
const filings = async (q: string): Promise<Row[]> => (await body(`${F}${q}`)).filings;
const items = async (q: string): Promise<Row[]> => (await body(`${I}${q}`)).filing_items;
const newestFirst = (rows: Row[]) =>
  rows.every(
    (r, k) =>
      k === 0 ||
      `${rows[k - 1].filing_date} ${rows[k - 1].accession_number}` >= `${r.filing_date} ${r.accession_number}`,
  );

describe("filings", () => {
  it("list every company's filings newest first, each filter narrowing them", async () => {
    const all = await filings("&limit=500");
    expect(all.length).toBeGreaterThan(100);
    expect(newestFirst(all)).toBe(true);
    expect(new Set(all.map((f) => f.filing_type))).toEqual(new Set(["10-K", "10-Q", "8-K"]));
    const aapl = await filings("&ticker=aapl&limit=500");
    expect(aapl).toEqual(all.filter((f) => f.ticker === "AAPL"));
    const two = await filings("&ticker=AAPL&ticker=MSFT&limit=500");
    expect(two).toEqual(all.filter((f) => f.ticker === "AAPL" || f.ticker === "MSFT"));
    const periodic = await filings("&filing_type=10-K&filing_type=10-Q&limit=500");
    expect(periodic).toEqual(all.filter((f) => f.filing_type !== "8-K"));
    const window = await filings("&start_date=2023-04-01&end_date=2023-06-30&limit=500");
    expect(window).toEqual(all.filter((f) => f.filing_date >= "2023-04-01" && f.filing_date <= "2023-06-30"));
    expect(await filings("&ticker=SPY")).toEqual([]);
  });

  it("finds every filing of a fiscal year: each section of a company's fifteen years is in exactly one year's answer", async () => {
    // A year's request reads only the filing dates its filings can fall in: this fails if that window drops one.
    const walk = async (q: string) => {
      const out: Row[] = [];
      for (let offset = 0; ; offset += 100) {
        const page = (await body(`/filings/items?scenario_id=${CRISIS}&ticker=PAYX${q}&limit=100&offset=${offset}`))
          .filing_items as Row[];
        out.push(...page);
        if (page.length < 100) return out;
      }
    };
    const all = await walk("");
    expect(all.length).toBeGreaterThan(200);
    const byYear: Row[] = [];
    for (let year = 2004; year <= 2021; year++) byYear.push(...(await walk(`&year=${year}`)));
    const ids = (rows: Row[]) => rows.map((r) => r.artifact_id).sort();
    expect(ids(byYear)).toEqual(ids(all));
  });

  it("pages across companies and years as one list", async () => {
    const all = await filings("&filing_type=8-K&limit=500");
    const walked: Row[] = [];
    for (let offset = 0; ; offset += 7) {
      const page = await filings(`&filing_type=8-K&limit=7&offset=${offset}`);
      walked.push(...page);
      if (page.length < 7) break;
    }
    expect(walked).toEqual(all);
    expect((await filings("&limit=3&offset=5")).map((f) => f.filing_id)).toEqual(
      (await filings("&limit=8")).slice(5).map((f) => f.filing_id),
    );
  });

  it("shows nothing filed after the horizon", async () => {
    const asOf = "2023-06-30";
    const all = await filings("&limit=500");
    const then = await filings(`&limit=500&as_of=${asOf}`);
    expect(then.length).toBeGreaterThan(10);
    expect(then).toEqual(all.filter((f) => f.filing_date <= asOf));
    const sections = await items(`&as_of=${asOf}&limit=100&offset=0`);
    expect(sections.every((i) => i.filing_date <= asOf)).toBe(true);
    expect((await body(`/events/timeline?${s}&as_of=${asOf}&limit=500`)).events.map((e: Row) => e.event_id)).toEqual(
      expect.arrayContaining(then.flatMap((f) => f.source_event_ids)),
    );
  });

  it("assemble each filing's text from its sections", async () => {
    for (const f of await filings("&ticker=NVDA&limit=500")) {
      expect(f.text).toBe(filingText(f.title, f.sections));
      expect(f.items).toEqual(f.sections.map((x: Row) => x.item));
      expect(f.item_count).toBe(f.sections.length);
      for (const x of f.sections) expect(f.text).toContain(x.text);
    }
  });

  it("file the 10-K's statements as /financials serves them on its filing date", async () => {
    const [tenK] = await filings("&ticker=MSFT&filing_type=10-K");
    const statement = async (path: string, key: string) =>
      (
        await body(
          `/financials/${path}?${s}&ticker=MSFT&period=annual&report_period=${tenK.report_period}&as_of=${tenK.filing_date}`,
        )
      )[key][0];
    const income = await statement("income-statements", "income_statements");
    const balance = await statement("balance-sheets", "balance_sheets");
    const cashFlow = await statement("cash-flow-statements", "cash_flow_statements");
    expect(income.accession_number).toBe(tenK.accession_number);
    const table = tenK.sections.find((x: Row) => x.item === "Item-8").text as string;
    const line = (label: string) => table.match(new RegExp(`^${label} {2,}(\\S+)$`, "m"))![1];
    const plain = (x: number) => x.toLocaleString("en-US");
    expect(line("Revenue")).toBe(plain(income.revenue));
    expect(line("Operating income")).toBe(plain(income.operating_income));
    expect(line("Net income")).toBe(plain(income.net_income));
    expect(line("Earnings per share, diluted")).toBe(`$${income.earnings_per_share_diluted.toFixed(2)}`);
    expect(line("Total assets")).toBe(plain(balance.total_assets));
    expect(line("Total shareholders' equity")).toBe(plain(balance.shareholders_equity));
    expect(line("Net cash from operating activities")).toBe(plain(cashFlow.net_cash_flow_from_operations));
    const mda = tenK.sections.find((x: Row) => x.item === "Item-7").text as string;
    expect(mda).toContain(`$${plain(income.revenue)}`);
    expect(mda).toContain(`$${plain(income.net_income)}`);
  });

  it("file a 10-Q or 10-K and an 8-K with each earnings release, the 8-K's exhibit its press release", async () => {
    const releases = (await body(`/earnings?${s}&ticker=AAPL&limit=8`)).earnings as Row[];
    const aapl = await filings("&ticker=AAPL&limit=500");
    expect(releases.length).toBeGreaterThanOrEqual(4);
    for (const e of releases) {
      const periodic = aapl.find((f) => f.accession_number === e.accession_number)!;
      expect(periodic).toMatchObject({
        filing_date: e.filing_date,
        report_period: e.report_period,
        source_event_ids: [e.source_event_id],
      });
      expect(["10-Q", "10-K"]).toContain(periodic.filing_type);
      const eightK = aapl.find((f) => f.filing_type === "8-K" && f.source_event_ids[0] === e.source_event_id)!;
      expect(eightK.filing_date).toBe(e.filing_date);
      expect(eightK.items).toEqual(["Item-2.02", "Item-9.01"]);
      const exhibit = eightK.sections[1].text as string;
      expect(exhibit.slice(exhibit.indexOf("\n\n") + 2)).toBe(e.press_release);
    }
  });
});

describe("filing items", () => {
  it("serve each section with its filing's identity and what the build checked", async () => {
    const [tenQ] = await filings("&ticker=AMZN&filing_type=10-Q");
    const rows = await items(`&accession_number=${tenQ.accession_number}`);
    expect(rows.map((r) => r.item)).toEqual(tenQ.items);
    rows.forEach((r, k) => {
      expect(r).toEqual({
        artifact_id: `${tenQ.accession_number}:${r.item}`,
        ticker: "AMZN",
        cik: tenQ.cik,
        filing_type: "10-Q",
        item: tenQ.sections[k].item,
        item_name: tenQ.sections[k].item_name,
        filing_date: tenQ.filing_date,
        report_period: tenQ.report_period,
        text: tenQ.sections[k].text,
        accession_number: tenQ.accession_number,
        source_event_id: tenQ.source_event_ids[0],
        validation: { numbers_checked: numbersIn(tenQ.sections[k].text).length, lineage: true },
      });
    });
    expect(rows[0].validation.numbers_checked).toBeGreaterThan(40);
  });

  it("filter by item code or alias, form, fiscal year and quarter", async () => {
    const risk = await items("&item=Item-1A&limit=100");
    expect(risk.length).toBeGreaterThan(5);
    expect(risk.every((r) => r.filing_type === "10-K" && r.item === "Item-1.01")).toBe(true);
    const quarterly = await items("&item=Part-2,Item-1A&limit=100");
    expect(quarterly.every((r) => r.filing_type === "10-Q" && r.item === "Item-1.01")).toBe(true);
    // A code names that item in every form: the 10-K's and the 10-Q's risk factors, an 8-K's agreements.
    const code = await items("&item=Item-1.01&limit=100");
    expect(code.every((r) => r.item === "Item-1.01")).toBe(true);
    const ids = (rows: Row[]) => rows.map((r) => r.artifact_id).sort();
    expect(ids(code.filter((r) => r.filing_type !== "8-K"))).toEqual(ids([...risk, ...quarterly]));
    const mda = await items("&item=Item-7&item=Part-1,Item-2&ticker=JPM&limit=100");
    expect(new Set(mda.map((r) => `${r.filing_type} ${r.item}`))).toEqual(new Set(["10-K Item-7", "10-Q Item-2"]));
    const q2 = await items("&ticker=JPM&year=2023&quarter=2&limit=100");
    const q2Filings = (await filings("&ticker=JPM&limit=500")).filter((f) =>
      q2.some((r) => r.accession_number === f.accession_number),
    );
    expect(q2Filings.map((f) => f.filing_type)).toContain("10-Q");
    expect(q2Filings.every((f) => f.filing_type !== "10-K")).toBe(true);
    const walked: Row[] = [];
    for (let offset = 0; ; offset += 6) {
      const page = await items(`&ticker=JPM&limit=6&offset=${offset}`);
      walked.push(...page);
      if (page.length < 6) break;
    }
    expect(walked.map((r) => r.artifact_id)).toEqual(
      (await filings("&ticker=JPM&limit=500")).flatMap((f) => f.items.map((i: string) => `${f.accession_number}:${i}`)),
    );
  });

  it("answer one company's fiscal year from its sections' keys as the same year asked of several companies", async () => {
    // One company and a year is read from that year's section shard alone; several companies walk
    // every filing's row. Both must give the same sections in the same order, whatever the filters.
    const ids = (rows: Row[]) => rows.map((r) => r.artifact_id);
    for (const q of [
      "&year=2023",
      "&year=2023&filing_type=10-Q",
      "&year=2023&quarter=2",
      "&year=2023&item=Item-1A&item=Part-1,Item-2",
      "&year=2023&item=Item-2.02",
      "&year=2023&start_date=2023-04-01&end_date=2023-08-31",
      "&year=2022",
    ]) {
      const one = await items(`&ticker=JPM${q}&limit=100`);
      const several = await items(`&ticker=JPM&ticker=AAPL${q}&limit=100`);
      expect(one.length, q).toBeGreaterThan(0);
      expect(ids(one), q).toEqual(ids(several.filter((r) => r.ticker === "JPM")));
    }
    const year = await items("&ticker=JPM&year=2023&limit=100");
    expect(ids(await items("&ticker=JPM&year=2023&offset=3&limit=7"))).toEqual(ids(year.slice(3, 10)));
    expect(ids(await items("&ticker=JPM&year=2023"))).toEqual(ids(year.slice(0, 20)));
    // As of the day before a filing, its sections are not there yet.
    const filed = year[0].filing_date as string;
    const dayBefore = new Date(Date.parse(`${filed}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    expect(ids(await items(`&ticker=JPM&year=2023&as_of=${dayBefore}&limit=100`))).toEqual(
      ids(year.filter((r) => r.filing_date < filed)),
    );
  });

  it("refuse an item no form has", async () => {
    const res = await get(`${I}&item=Item-99`);
    expect(res.status).toBe(422);
    expect((await json(res)).detail).toMatch(/^Query parameter 'item/);
  });
});

describe("filing lists", () => {
  it("name the filers, their CIKs, the forms and each form's items", async () => {
    const { tickers } = await body(`/filings/tickers?${s}`);
    const all = await filings("&limit=500");
    expect(tickers).toEqual([...new Set(all.map((f) => f.ticker))].sort());
    const { ciks } = await body(`/filings/ciks?${s}`);
    expect(ciks.length).toBe(new Set(all.map((f) => f.cik)).size);
    expect(ciks.every((c: string) => /^\d{10}$/.test(c))).toBe(true);
    expect((await body(`/filings/types?${s}`)).filing_types).toEqual(["10-K", "10-Q", "8-K", "424B4"]);
    const { item_types } = await body(`/filings/items/types?${s}`);
    expect(item_types).toContainEqual({
      filing_type: "8-K",
      item: "Item-2.02",
      item_name: "Results of Operations and Financial Condition",
    });
    expect(item_types).toContainEqual({ filing_type: "10-K", item: "Item-1.01", item_name: "Risk Factors" });
  });
});
