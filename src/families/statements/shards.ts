// The statements family's shards: each company's income statements, balance sheets and cash-flow statements.
import { kind, perPart } from "../../bundle/shards.ts";
import { BALANCE_LINES, CASH_FLOW_LINES, INCOME_LINES, PERIOD_FIELDS } from "./rows.ts";

/**
 * Per ticker, one statement's rows keyed `<period> <report_period>` (`quarterly 2023-06-30`), so a
 * period's rows are contiguous and in report order; the key is not served.
 */
const statement = (name: string, lines: object) =>
  kind(perPart(`statements/${name}`), ["key", ...Object.keys(PERIOD_FIELDS), ...Object.keys(lines)], {
    visible: { column: "filing_date" },
    served: { hidden: ["key"] },
  });

export const STATEMENTS_SHARDS = {
  /** Per ticker: income statements, balance sheets and cash-flow statements (periodKey). */
  income: statement("income", INCOME_LINES),
  balance: statement("balance", BALANCE_LINES),
  cashFlow: statement("cash-flow", CASH_FLOW_LINES),
} as const;
