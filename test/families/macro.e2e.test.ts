// The macro tape and central banks.
import { describe, expect, it } from "vitest";
import { body, MEGACAP } from "../e2e/client.ts";

describe("macro tape and central banks", () => {
  const M = `/macro?scenario_id=${MEGACAP}`;

  it("serves the macro tape ascending, windowed and paged", async () => {
    const { macro_data } = await body(`${M}&start_date=2023-03-01&end_date=2023-03-31`);
    expect(macro_data.length).toBe(23);
    expect(macro_data[0].time).toBe("2023-03-01");
    const page = (await body(`${M}&start_date=2023-03-01&end_date=2023-03-31&offset=20&limit=5`)).macro_data;
    expect(page).toEqual(macro_data.slice(20));
  });

  it("serves stair-stepped policy decisions with 25bp FED ranges, and the rate in force as of a date", async () => {
    const { interest_rates } = await body(`/macro/interest-rates?scenario_id=${MEGACAP}&bank=fed`);
    expect(interest_rates.length).toBeGreaterThanOrEqual(9); // the starting rate and 8 meetings
    for (const r of interest_rates) {
      expect(r.bank).toBe("FED");
      expect(r.target_high - r.target_low).toBeCloseTo(0.25, 9);
      expect(r.announcement_date <= r.effective_date).toBe(true);
    }
    const mid = interest_rates[4];
    const snap = await body(
      `/macro/interest-rates/snapshot?scenario_id=${MEGACAP}&bank=FED&as_of=${mid.effective_date}`,
    );
    expect(snap.interest_rate).toEqual(mid);
    const { banks } = await body("/macro/interest-rates/banks");
    expect(banks.map((b: { bank: string }) => b.bank)).toEqual(["FED", "ECB", "BOE", "BOJ"]);
  });

  it("shows only decisions announced by as_of", async () => {
    const all = (await body(`/macro/interest-rates?scenario_id=${MEGACAP}&bank=FED`)).interest_rates;
    const asOf = all[3].announcement_date;
    const early = (await body(`/macro/interest-rates?scenario_id=${MEGACAP}&bank=FED&as_of=${asOf}`)).interest_rates;
    expect(early).toEqual(all.filter((r: { announcement_date: string }) => r.announcement_date <= asOf));
  });
});
