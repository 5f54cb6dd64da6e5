// Every resource family's routes; a new family adds its module here (see docs/adding-a-family.md).
import type { ApiApp } from "../http/route.ts";
import * as actions from "./actions.ts";
import * as beneficial from "./beneficial.ts";
import * as company from "./company.ts";
import * as earnings from "./earnings.ts";
import * as events from "./events.ts";
import * as exports from "./exports.ts";
import * as filings from "./filings.ts";
import * as financials from "./financials.ts";
import * as funds from "./funds.ts";
import * as insiders from "./insiders.ts";
import * as holdings from "./holdings.ts";
import * as kpis from "./kpis.ts";
import * as macro from "./macro.ts";
import * as metrics from "./metrics.ts";
import * as news from "./news.ts";
import * as notes from "./notes.ts";
import * as prices from "./prices.ts";
import * as scenarios from "./scenarios.ts";
import * as search from "./search.ts";

export const FAMILY_ROUTES: { register(app: ApiApp): void }[] = [
  scenarios,
  exports,
  company,
  prices,
  macro,
  events,
  financials,
  metrics,
  earnings,
  kpis,
  filings,
  search,
  actions,
  funds,
  holdings,
  beneficial,
  news,
  notes,
  insiders,
];
