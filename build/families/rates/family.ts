// Central banks: each bank's policy decisions, driven by the hidden regime and inflation. Served as
// one shard per bank; a decision is public once announced.
import { SHARDS } from "../../../src/families/shards.ts";
import type { ValidationCheck } from "../../../src/bundle/types.ts";
import {
  BANK_CODES,
  banks,
  meetingWeekdays,
  policyDecisions,
  rateFloor,
  type Bank,
  type PolicyWindow,
  type RateDecision,
} from "../../models/rates.ts";
import type { Calendar, Family } from "../../ground/family.ts";
import type { HiddenMacro } from "../regimes/family.ts";
import { byFirstColumn, toRows } from "../../ground/rows.ts";
import { ruleCheck } from "../../ground/rules.ts";

export interface CentralBanks {
  banks: Bank[];
  /** Bank code -> its decisions, the first row being the rate in force at the start. */
  decisions: Map<string, RateDecision[]>;
  /** The source's stated policy windows (`story.policy`), which the decisions must obey. */
  policyWindows: PolicyWindow[];
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

const EXAMPLES = 5;
const WEEKDAY = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/** An exact rule over decisions (no `rows` in `observed`: those are the Tier 0 row counts). */
function decisionRule(
  name: string,
  violations: string[],
  checked: Record<string, number>,
  text: string,
): ValidationCheck {
  return {
    name,
    family: "rates",
    passed: violations.length === 0,
    severity: "error",
    observed: { violations: violations.length, ...checked },
    expected: { violations: 0 },
    detail: violations.length
      ? `${text}: violated ${violations.length} times, e.g. ${violations.slice(0, EXAMPLES).join(", ")}`
      : `${text}: holds`,
  };
}

/** Every scheduled decision on its bank's announcement weekday. */
function meetingWeekdayCheck(world: CentralBanks): ValidationCheck {
  const violations: string[] = [];
  let decisions = 0;
  for (const [bank, ds] of world.decisions) {
    const allowed = meetingWeekdays(bank);
    for (const d of ds.slice(1).filter((d) => d.scheduled)) {
      decisions++;
      const weekday = new Date(`${d.announced}T00:00:00Z`).getUTCDay();
      if (!allowed.has(weekday)) violations.push(`${bank} ${d.announced} (${WEEKDAY[weekday]})`);
    }
  }
  return decisionRule(
    "meeting_weekdays",
    violations,
    { decisions },
    "scheduled decisions on the bank's weekday (FED Wed, ECB Thu, BOE Thu, BOJ Tue/Wed/Fri)",
  );
}

/**
 * Direction reversals (a hike after a cut or the reverse) per bank per 10 years. Reference data
 * (build/refdata, estimates filling the ECB and BOJ gaps), 1997/1999-2025: FED 2.7, ECB 3.0,
 * BOE 3.9, BOJ 1.5 per decade; any 10-year window holds 0-7 (FED 1-4); the FED had 3 in
 * 2005-2019. Band: at most 5 per bank per decade (1 is always allowed in a short world) and, over
 * 10 years or more, at least 0.5 per decade across FED, ECB and BOE together (a bank alone may go a
 * decade without turning, as the ECB did in 2012-2021).
 */
export const REVERSALS_PER_DECADE = { min: 0.5, max: 5 };

export function reversals(decisions: RateDecision[]): number {
  let last = 0;
  let count = 0;
  for (const d of decisions) {
    const dir = Math.sign(d.move);
    if (!dir) continue;
    if (last && dir !== last) count++;
    last = dir;
  }
  return count;
}

function reversalCheck(world: Calendar & CentralBanks): ValidationCheck {
  const years = (Date.parse(world.days[world.days.length - 1]) - Date.parse(world.days[0])) / (365.25 * 86400000);
  const perDecade = (n: number) => (years > 0 ? Math.round((n / years) * 1000) / 100 : 0);
  const perBank: Record<string, number> = {};
  const outside: string[] = [];
  let pooled = 0;
  let pooledBanks = 0;
  for (const [bank, ds] of world.decisions) {
    const n = reversals(ds);
    perBank[bank] = perDecade(n);
    if (bank !== "BOJ") {
      pooled += n;
      pooledBanks++;
    }
    if (n > Math.max(1, (REVERSALS_PER_DECADE.max * years) / 10))
      outside.push(`${bank} ${n} in ${years.toFixed(1)} years`);
  }
  if (years >= 10 && pooledBanks && pooled / pooledBanks < (REVERSALS_PER_DECADE.min * years) / 10)
    outside.push(`FED, ECB and BOE ${pooled} together in ${years.toFixed(1)} years`);
  return {
    name: "policy_rate_reversals",
    family: "rates",
    passed: outside.length === 0,
    severity: "warning",
    observed: { per_decade: perBank, years: Math.round(years * 10) / 10 },
    expected: { per_decade: REVERSALS_PER_DECADE },
    detail: outside.length
      ? `direction reversals outside ${REVERSALS_PER_DECADE.min}-${REVERSALS_PER_DECADE.max} per decade: ${outside.join(", ")}`
      : `direction reversals per bank within ${REVERSALS_PER_DECADE.min}-${REVERSALS_PER_DECADE.max} per decade (reference 1.5-3.9)`,
  };
}

/**
 * Stated story windows obeyed: in a hike window no cut and at least one hike (a window of two or
 * more meetings that ends inside the world); a cut window the mirror (unless the bank starts it at
 * its floor); in a hold window no move but a cut on a crisis day.
 */
function storyCheck(world: Reads & CentralBanks): ValidationCheck {
  const dayIndex = new Map(world.days.map((d, i) => [d, i]));
  const last = world.days[world.days.length - 1];
  const violations: string[] = [];
  let windows = 0;
  for (const w of world.policyWindows) {
    const ds = world.decisions.get(w.bank);
    if (!ds || w.from > last) continue;
    windows++;
    const inside = ds.slice(1).filter((d) => w.from <= d.announced && d.announced <= w.to);
    const before = ds.filter((d) => d.announced < w.from).at(-1) ?? ds[0];
    for (const d of inside) {
      const crisis = world.regimes[dayIndex.get(d.announced)!] === "crisis";
      const wrong =
        w.direction === "hike"
          ? d.move < 0
          : w.direction === "cut"
            ? d.move > 0
            : d.move > 0 || (d.move < 0 && !crisis);
      if (wrong) violations.push(`${w.bank} ${d.announced} ${d.decision} in a ${w.direction} window`);
    }
    const meetings = inside.filter((d) => d.scheduled).length;
    const wanted = w.direction === "hike" ? 1 : w.direction === "cut" ? -1 : 0;
    const atFloor = wanted < 0 && before.target_high <= rateFloor(w.bank) + 1e-9;
    if (wanted && w.to <= last && meetings >= 2 && !atFloor && !inside.some((d) => Math.sign(d.move) === wanted))
      violations.push(`${w.bank} no ${w.direction} in a ${w.direction} window of ${meetings} meetings`);
  }
  return decisionRule("policy_story", violations, { windows }, "decisions follow the stated policy windows");
}

export const rates: Family<Reads, CentralBanks> = {
  name: "rates",
  generate: ({ days, regimes, inflation }, { source, rng }) => {
    const story = source.story?.policy ?? [];
    return {
      banks: banks(),
      decisions: new Map(
        BANK_CODES.map((b) => [
          b,
          policyDecisions(b, { days, regimes, inflation, story, rng: rng.fork(`rates/${b}`) }),
        ]),
      ),
      policyWindows: story,
    };
  },
  context: (world, cut) => ({
    banks: world.banks,
    decisions: new Map([...world.decisions].map(([b, ds]) => [b, ds.filter((d) => d.announced <= cut.date)])),
    // Windows stated for later than the cut are not yet part of what can be checked.
    policyWindows: world.policyWindows.filter((w) => w.from <= cut.date),
  }),
  shards: (world, emit) => {
    for (const [bank, decisions] of world.decisions) {
      const rows = decisions.map((d) => ({ ...d, announcement_date: d.announced }));
      emit.write(SHARDS.rates, bank, byFirstColumn(toRows(SHARDS.rates.columns, rows)));
    }
  },
  checks: (world) => [...policyRateChecks(world), meetingWeekdayCheck(world), reversalCheck(world), storyCheck(world)],
};
