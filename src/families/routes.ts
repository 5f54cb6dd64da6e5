// Every resource family's routes; a new family adds its module here (see docs/adding-a-family.md).
import type { ApiApp } from "../http/route.ts";
import * as actions from "./actions/routes.ts";
import * as beneficial from "./holdings/beneficial-routes.ts";
import * as company from "./company/routes.ts";
import * as crypto from "./crypto/routes.ts";
import * as earnings from "./earnings/routes.ts";
import * as events from "./events/routes.ts";
import * as exports from "../routes/exports.ts";
import * as filings from "./filings/routes.ts";
import * as financials from "./statements/routes.ts";
import * as funds from "./funds/routes.ts";
import * as insiders from "./insiders/routes.ts";
import * as holdings from "./holdings/routes.ts";
import * as kpis from "./kpis/routes.ts";
import * as macro from "./macro/routes.ts";
import * as metrics from "./metrics/routes.ts";
import * as news from "./news/routes.ts";
import * as notes from "./notes/routes.ts";
import * as prices from "./prices/routes.ts";
import * as scenarios from "../routes/scenarios.ts";
import * as search from "./search/routes.ts";
import * as transcripts from "./transcripts/routes.ts";

export const FAMILY_ROUTES: { register(app: ApiApp): void }[] = [
  scenarios,
  exports,
  company,
  prices,
  macro,
  crypto,
  events,
  financials,
  metrics,
  earnings,
  transcripts,
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
