// Insiders (docs/realism.md, "Insiders"; Lakonishok & Lee 2001; Jeng, Metrick & Zeckhauser 2003):
// sales outnumber purchases, trading clusters in the weeks after earnings releases, and purchases
// follow falls. Over every company's Form 4s; open-market trades only.
import type { ValidationCheck } from "../../../src/bundle/types.ts";
import type { Checker } from "../../ground/family.ts";
import { dayIndexOf } from "../../models/events.ts";
import { FALL, FALL_WINDOW, insiderCalendar, isOpenMarket } from "./model.ts";
import type { Company, World } from "../registry.ts";
import { bandCheck, skipped, type Band } from "../../realism/bands.ts";

const FAMILY = "insiders";
const SELLS_TO_BUYS: Band = { min: 3, max: 10 };
/** Discretionary trades in the weeks after a release, over the share of days those weeks are. */
const AFTER_EARNINGS: Band = { min: 1.5, max: null };
/** The buy rate in the weeks after a fall over the base rate. */
const BUYS_AFTER_FALLS: Band = { min: 2, max: null };
/** "The weeks after": trading days after a release. */
const WEEKS_AFTER = 20;
const MIN_TRADES = 30;
const MIN_BUYS = 10;
/** Company-days after a fall: fewer say little about a rate. */
const MIN_FALL_DAYS = 250;

export function insiderBehaviour(days: string[]): Checker<World, Company> {
  const dayIndex = dayIndexOf(days);
  let sells = 0;
  let buys = 0;
  let discretionary = 0;
  let discretionaryAfter = 0;
  let companyDays = 0;
  let daysAfter = 0;
  let fallDays = 0;
  let buysAfterFalls = 0;
  return {
    company: ({ insiderTrades, quarters, stock }) => {
      const after = new Array<boolean>(days.length).fill(false);
      for (const q of quarters) {
        const r = dayIndex.get(q.release);
        if (r !== undefined) for (let i = r + 1; i <= Math.min(days.length - 1, r + WEEKS_AFTER); i++) after[i] = true;
      }
      const { afterFall } = insiderCalendar(days, quarters, stock);
      companyDays += days.length;
      daysAfter += after.filter(Boolean).length;
      fallDays += afterFall.filter(Boolean).length;
      for (const t of insiderTrades) {
        if (!isOpenMarket(t.transaction_type)) continue;
        const i = dayIndex.get(t.transaction_date)!;
        if (t.transaction_type === "sell") sells++;
        else {
          buys++;
          if (afterFall[i]) buysAfterFalls++;
        }
        if (t.details.plan === null) {
          discretionary++;
          if (after[i]) discretionaryAfter++;
        }
      }
    },
    finish: (): ValidationCheck[] => [
      buys > 0 && sells + buys >= MIN_TRADES
        ? bandCheck(
            FAMILY,
            "insider_sells_to_buys",
            SELLS_TO_BUYS,
            sells / buys,
            `open-market sells per buy (${sells} : ${buys})`,
          )
        : skipped(
            FAMILY,
            "insider_sells_to_buys",
            SELLS_TO_BUYS,
            "open-market sells per buy",
            `${sells} sells, ${buys} buys`,
          ),
      discretionary >= MIN_TRADES && daysAfter > 0
        ? bandCheck(
            FAMILY,
            "insider_trades_after_earnings",
            AFTER_EARNINGS,
            discretionaryAfter / discretionary / (daysAfter / companyDays),
            `share of discretionary open-market trades in the ${WEEKS_AFTER} trading days after a release over the share of days those are`,
          )
        : skipped(
            FAMILY,
            "insider_trades_after_earnings",
            AFTER_EARNINGS,
            "trades after releases",
            `${discretionary} trades`,
          ),
      buys >= MIN_BUYS && fallDays >= MIN_FALL_DAYS
        ? bandCheck(
            FAMILY,
            "insider_buys_after_falls",
            BUYS_AFTER_FALLS,
            buysAfterFalls / fallDays / (buys / companyDays),
            `buys per day in the ${FALL_WINDOW} trading days after a ${FALL * 100}% fall over buys per day (${buysAfterFalls} of ${buys} buys, ${fallDays} of ${companyDays} company-days)`,
          )
        : skipped(
            FAMILY,
            "insider_buys_after_falls",
            BUYS_AFTER_FALLS,
            "buys after falls",
            `${buys} buys, ${fallDays} company-days after a fall`,
          ),
    ],
  };
}
