// Companies that join a world, through the doors (docs/listings.md): before its first trading day no
// route shows the company (it is answered as a ticker the scenario does not hold), from it on it is
// listed with its prospectus, its history as a private company's statements, and bars from that day;
// an evaluation run may buy it only once it trades.
import { beforeAll, describe, expect, it } from "vitest";
import { body, CRISIS, get, json, post } from "../e2e/client.ts";
import { KEYS } from "../e2e/keys.ts";

type Json = Record<string, any>;

/** A company of the crisis cycle that lists inside its window (after 2006: room for a run before it), and the day before. */
let entrant: { ticker: string; first: string; before: string };

beforeAll(async () => {
  const companies = (await body(`/companies?scenario_id=${CRISIS}&limit=500`)).companies as Json[];
  const joining = companies.filter((c) => c.listing_date > "2006-01-01" && c.listing_date < "2010-01-01");
  expect(joining.length).toBeGreaterThan(0);
  const c = joining.sort((a, b) => (a.listing_date < b.listing_date ? -1 : 1))[0];
  // The trading day before: the macro tape's last day before it.
  const start = `${Number(c.listing_date.slice(0, 4)) - 1}${c.listing_date.slice(4)}`;
  const tape = (await body(`/macro?scenario_id=${CRISIS}&start_date=${start}&end_date=${c.listing_date}&limit=5000`))
    .macro_data as Json[];
  const before = tape
    .map((d) => (d.time as string).slice(0, 10))
    .filter((d) => d < c.listing_date)
    .sort()
    .at(-1)!;
  entrant = { ticker: c.ticker, first: c.listing_date, before };
});

const q = (asOf: string) => `scenario_id=${CRISIS}&ticker=${entrant.ticker}&as_of=${asOf}`;

describe("a company before its first trading day", () => {
  it("is in no list and answers as a ticker the scenario does not hold, through the API and the financialdatasets door", async () => {
    const listed = async (asOf: string) =>
      (await body(`/companies?scenario_id=${CRISIS}&as_of=${asOf}&limit=500`)).companies.map((c: Json) => c.ticker);
    expect(await listed(entrant.before)).not.toContain(entrant.ticker);
    expect(await listed(entrant.first)).toContain(entrant.ticker);
    for (const path of [
      `/company/facts?${q(entrant.before)}`,
      `/prices?${q(entrant.before)}&start_date=2005-01-01&end_date=${entrant.before}`,
      `/financials/income-statements?${q(entrant.before)}&period=annual`,
      `/filings?${q(entrant.before)}`,
      `/news?${q(entrant.before)}`,
      `/fd/${CRISIS}/company/facts/?ticker=${entrant.ticker}&as_of=${entrant.before}`,
    ]) {
      const res = await get(path);
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
      expect((await json(res)).detail).toMatch(/not found/);
    }
    // Its prospectus's accession number names its CIK: before its first day it reads as any other CIK's.
    const prospectus = (await body(`/filings?${q(entrant.first)}&filing_type=424B4`)).filings[0];
    const items = async (asOf: string) =>
      (await body(`/filings/items?scenario_id=${CRISIS}&accession_number=${prospectus.accession_number}&as_of=${asOf}`))
        .filing_items;
    expect(await items(entrant.before)).toEqual([]);
    expect((await items(entrant.first)).length).toBe(3);
    const snapshot = async (asOf: string) =>
      (await body(`/prices/snapshot/market?scenario_id=${CRISIS}&as_of=${asOf}`)).snapshots.map((s: Json) => s.ticker);
    expect(await snapshot(entrant.before)).not.toContain(entrant.ticker);
    expect(await snapshot(entrant.first)).toContain(entrant.ticker);
  });
});

describe("a company on its first trading day, at a time of day", () => {
  it("is listed from the open: before it no route knows it, after it the session's bars show as they trade", async () => {
    const facts = (asOf: string) => get(`/company/facts?${q(asOf)}`);
    const listed = async (asOf: string) =>
      (await body(`/companies?scenario_id=${CRISIS}&as_of=${asOf}&limit=500`)).companies.map((c: Json) => c.ticker);
    const minutes = (asOf: string) =>
      get(`/prices?${q(asOf)}&start_date=${entrant.first}&end_date=${entrant.first}&interval=minute`);
    expect((await facts(`${entrant.first}T09:00`)).status).toBe(404);
    expect(await listed(`${entrant.first}T09:00`)).not.toContain(entrant.ticker);
    expect((await minutes(`${entrant.first}T09:00`)).status).toBe(404);
    expect((await facts(`${entrant.first}T10:00`)).status).toBe(200);
    expect(await listed(`${entrant.first}T10:00`)).toContain(entrant.ticker);
    expect((await json(await minutes(`${entrant.first}T10:00`))).prices).toHaveLength(30);
    // Its first daily bar is whole at the close.
    expect((await body(`/prices?${q(`${entrant.first}T10:00`)}`)).prices).toEqual([]);
  });
});

describe("a company from its first trading day", () => {
  it("is listed with its listing date, bars from that day, and a prospectus filed on it", async () => {
    const facts = (await body(`/company/facts?${q(entrant.first)}`)).company_facts;
    expect(facts).toMatchObject({ ticker: entrant.ticker, listing_date: entrant.first, is_active: true });
    const bars = (await body(`/prices?${q("2019-12-31")}&start_date=2005-01-01&end_date=2019-12-31&limit=5000`)).prices;
    expect(bars[0].time.slice(0, 10)).toBe(entrant.first);
    const filings = (await body(`/filings?${q(entrant.first)}&filing_type=424B4`)).filings;
    expect(filings).toHaveLength(1);
    expect(filings[0]).toMatchObject({ filing_type: "424B4", filing_date: entrant.first, is_xbrl: false });
    expect((await body(`/filings/types?scenario_id=${CRISIS}`)).filing_types).toContain("424B4");
    const timeline = (await body(`/events/timeline?${q(entrant.first)}&limit=50`)).events;
    expect(timeline.map((e: Json) => e.event_type)).toEqual(["initial_public_offering"]);
  });

  it("has its years as a private company's statements, filed on its first day", async () => {
    const annual = (await body(`/financials/income-statements?${q(entrant.first)}&period=annual&limit=20`))
      .income_statements;
    expect(annual.length).toBeGreaterThan(1);
    for (const s of annual) {
      expect(s.report_period < entrant.first).toBe(true);
      expect(s.filing_date).toBe(entrant.first);
    }
  });
});

describe("an evaluation run", () => {
  const key = KEYS.runs.key;

  it("may not buy a company before its first trading day, and may on it", async () => {
    const opened = await json(
      await post("/runs", { scenario_id: CRISIS, agent: "listings", start_date: entrant.before }, { key }),
    );
    const id = opened.run.run_id;
    const early = await post(`/runs/${id}/orders`, { ticker: entrant.ticker, side: "buy", shares: 10 }, { key });
    expect(early.status).toBe(422);
    expect((await json(early)).detail).toMatch(/does not list/);
    expect((await post(`/runs/${id}/advance`, { to: entrant.first }, { key })).status).toBe(200);
    const bought = await post(`/runs/${id}/orders`, { ticker: entrant.ticker, side: "buy", shares: 10 }, { key });
    expect(bought.status).toBe(200);
  });
});
