// The insider family's shards: Form 4 trades, Forms 3 and 5 holdings, and the insiders' names.
import { filedColumns, identity, kind, only, perPart } from "../../bundle/shards.ts";
import { InsiderOwnership, InsiderTrade } from "./rows.ts";

export const INSIDER_COLUMNS = filedColumns<InsiderTrade>(InsiderTrade.shape);
export const INSIDER_OWNERSHIP_COLUMNS = filedColumns<InsiderOwnership>(InsiderOwnership.shape);

export const INSIDERS_SHARDS = {
  /** Per ticker: its insiders' Form 4 transactions keyed `<filing_date> <id>`, each row's JSON the served trade. */
  insiders: kind(perPart("insider-trades"), INSIDER_COLUMNS, {
    visible: "key",
    key: (row) => `${row[0]} ${row[1]}`,
    served: identity,
  }),
  /** Per month of filing (`all/2023-06`): every company's trades as [key, ticker], to page them market-wide. */
  insidersIndex: kind(perPart("insider-trades"), ["key", "ticker"], { visible: "key", period: "month" }),
  /** Each insider once, keyed `<first filing date> <ticker> <name>`: the names public by a date. */
  insiderNames: kind(only("insider-names"), ["key", "name", "ticker"], { visible: "key" }),
  /** Per ticker: its insiders' Form 3 and Form 5 holdings keyed `<filing_date> <id>`, each row's JSON the served statement. */
  insiderOwnership: kind(perPart("insider-ownership"), INSIDER_OWNERSHIP_COLUMNS, {
    visible: "key",
    key: (row) => `${row[0]} ${row[1]}`,
    served: identity,
  }),
} as const;
