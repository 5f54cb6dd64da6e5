// Central banks: each bank's policy decisions, driven by the hidden regime and inflation. Served as
// one shard per bank; a decision is public once announced.
import { SHARDS } from "../../src/bundle/shards.ts";
import { BANK_CODES, banks, policyDecisions, type Bank, type RateDecision } from "../generate/rates.ts";
import type { Calendar, Family } from "./family.ts";
import type { HiddenMacro } from "./regimes.ts";
import { byFirstColumn, toRows } from "./rows.ts";
import { ruleCheck } from "./tier0.ts";

export interface CentralBanks {
  banks: Bank[];
  /** Bank code -> its decisions, the first row being the rate in force at the start. */
  decisions: Map<string, RateDecision[]>;
}

type Reads = Calendar & HiddenMacro;

/** FED range 25bp wide; moves in 25bp multiples; 8 scheduled meetings per full year; unscheduled moves only in a crisis. */
function policyRateChecks(world: Reads & CentralBanks) {
  const dayIndex = new Map(world.days.map((d, i) => [d, i]));
  const stepViolations: string[] = [];
  const calendarViolations: string[] = [];
  let rows = 0;
  for (const [bank, decisions] of world.decisions) {
    const perYear = new Map<string, number>();
    for (const d of decisions.slice(1)) {
      rows++;
      if (bank === "FED" && Math.abs(d.target_high - d.target_low - 0.25) > 1e-9)
        stepViolations.push(`${bank} ${d.effective_date} range`);
      const quarters = Math.abs(d.move) / 0.25;
      const atFloor = d.decision === "cut" && Math.abs(quarters - Math.round(quarters)) > 1e-9 && d.target_high <= 0.25;
      if (Math.abs(quarters - Math.round(quarters)) > 1e-9 && !atFloor)
        stepViolations.push(`${bank} ${d.effective_date} move ${d.move}`);
      if (d.scheduled) perYear.set(d.announced.slice(0, 4), (perYear.get(d.announced.slice(0, 4)) ?? 0) + 1);
      else if (world.regimes[dayIndex.get(d.announced)!] !== "crisis")
        calendarViolations.push(`${bank} ${d.announced} unscheduled outside a crisis`);
    }
    const firstYear = world.days[0].slice(0, 4);
    const lastYear = world.days[world.days.length - 1].slice(0, 4);
    for (const [year, count] of perYear) {
      const full =
        (year !== firstYear && year !== lastYear) ||
        (world.days[0] <= `${year}-01-05` && world.days[world.days.length - 1] >= `${year}-12-20`);
      if (full && count !== 8) calendarViolations.push(`${bank} ${year}: ${count} meetings`);
    }
  }
  return [
    ruleCheck("policy_rate_steps", "rates", stepViolations, rows, "FED range 25bp wide; moves in multiples of 25bp"),
    ruleCheck(
      "policy_rate_calendar",
      "rates",
      calendarViolations,
      rows,
      "8 scheduled decisions a year; intermeeting moves only in a crisis",
    ),
  ];
}

export const rates: Family<Reads, CentralBanks> = {
  name: "rates",
  generate: ({ days, regimes, inflation }, { rng }) => ({
    banks: banks(),
    decisions: new Map(
      BANK_CODES.map((b) => [b, policyDecisions(b, { days, regimes, inflation, rng: rng.fork(`rates/${b}`) })]),
    ),
  }),
  context: (world, cut) => ({
    banks: world.banks,
    decisions: new Map([...world.decisions].map(([b, ds]) => [b, ds.filter((d) => d.announced <= cut.date)])),
  }),
  shards: (world, emit) => {
    for (const [bank, decisions] of world.decisions) {
      const rows = decisions.map((d) => ({ ...d, announcement_date: d.announced }));
      emit.write(SHARDS.rates, bank, byFirstColumn(toRows(SHARDS.rates.columns, rows)));
    }
  },
  checks: policyRateChecks,
};
