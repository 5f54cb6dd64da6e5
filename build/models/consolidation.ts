// A buyer's business with the companies it bought (families/exits/acquirers.ts): from the day after
// a target's last trading day, each of the buyer's quarters adds the target's income and planned
// debt for the days of the quarter that fall after it. Fiscal calendars differ, so the target's
// quarters are taken by the share of their days inside the buyer's. The value the market puts on the
// buyer (`ownGrowth`, `earningsPower`) stays its own: an acquisition at a fair price changes its
// size, not its value per share (its shares grow by what it issued, families/stocks/deals.ts).
import { incomeLines, type BusinessPlan, type IncomeLines, type OperatingQuarter } from "./fundamentals.ts";
import { thousands } from "./rounding.ts";

/** A company the business took in: its own business, and the first day it belongs to the buyer. */
export interface Acquired {
  plan: BusinessPlan;
  from: string;
}

const DAY = 86_400_000;
/** A quarter's first day where it has no quarter before it. */
const QUARTER_DAYS = 91;

/** The lines a target adds; the rest of the income statement follows from them (incomeLines). */
const ADDED_LINES = [
  "revenue",
  "cost_of_revenue",
  "selling_general_and_administrative_expenses",
  "research_and_development",
  "interest_expense",
  "income_tax_expense",
  "depreciation_and_amortization",
] as const satisfies readonly (keyof IncomeLines)[];

/** What a target adds to one of the buyer's quarters: its lines, its charges inside SG&A, and its planned debt. */
type Added = Record<(typeof ADDED_LINES)[number] | "restructuring" | "crisisCharges" | "plannedDebt", number>;

/** The time its quarter `k` began (the end of the one before; a quarter's length back for the first). */
const quarterStart = (quarters: OperatingQuarter[], k: number) =>
  k > 0 ? Date.parse(quarters[k - 1].quarter.end) : Date.parse(quarters[k].quarter.end) - QUARTER_DAYS * DAY;

/** The buyer's plan with its acquisitions (the plan itself where it made none). */
export function consolidated(own: BusinessPlan, acquired: Acquired[]): BusinessPlan {
  if (acquired.length === 0) return own;
  const quarters = own.quarters.map((q, k) => {
    const added = acquired.map((a) => addedIn(a, quarterStart(own.quarters, k), Date.parse(q.quarter.end)));
    return added.reduce(withAdded, q);
  });
  return { ...own, quarters };
}

/** What a target adds to the buyer's quarter of days (from, to]: the shares of its quarters' days inside it after `from`. */
function addedIn({ plan, from: first }: Acquired, from: number, to: number): Added | null {
  const start = Math.max(from, Date.parse(first) - DAY);
  if (start >= to) return null;
  const out = {
    ...Object.fromEntries(ADDED_LINES.map((l) => [l, 0])),
    restructuring: 0,
    crisisCharges: 0,
    plannedDebt: 0,
  } as Added;
  plan.quarters.forEach((q, k) => {
    const end = Date.parse(q.quarter.end);
    const begin = quarterStart(plan.quarters, k);
    const share = Math.max(0, Math.min(to, end) - Math.max(start, begin)) / (end - begin);
    if (share === 0) return;
    for (const line of ADDED_LINES) out[line] += q.income[line] * share;
    out.restructuring += q.restructuring * share;
    out.crisisCharges += q.crisisCharges * share;
  });
  // The debt it carries at the buyer's quarter end: its plan's for the quarter that holds the day.
  const holding = plan.quarters.find((q) => Date.parse(q.quarter.end) >= to) ?? plan.quarters.at(-1)!;
  out.plannedDebt = holding.plannedDebt;
  return out;
}

/** A quarter with a target's lines added, rounded as the plan's are, and the lines that follow from them. */
function withAdded(q: OperatingQuarter, added: Added | null): OperatingQuarter {
  if (!added) return q;
  const line = (name: (typeof ADDED_LINES)[number]) => q.income[name] + thousands(added[name]);
  return {
    ...q,
    plannedDebt: q.plannedDebt + added.plannedDebt,
    restructuring: q.restructuring + thousands(added.restructuring),
    crisisCharges: q.crisisCharges + thousands(added.crisisCharges),
    income: incomeLines({
      revenue: line("revenue"),
      cost: line("cost_of_revenue"),
      sga: line("selling_general_and_administrative_expenses"),
      researchAndDevelopment: line("research_and_development"),
      interest: line("interest_expense"),
      tax: line("income_tax_expense"),
      depreciation: line("depreciation_and_amortization"),
    }),
  };
}
