// The resource families in causal order: each generates from the parts of those before it. Adding a
// family is one module in this directory and one line here (docs/adding-a-family.md).
import { company } from "./company.ts";
import { earnings } from "./earnings.ts";
import { events } from "./events.ts";
import { registry, type CompanyOf, type WorldOf } from "./family.ts";
import { filings } from "./filings.ts";
import { funds } from "./funds.ts";
import { insiders } from "./insiders.ts";
import { holdings } from "./holdings.ts";
import { kpis } from "./kpis.ts";
import { macro } from "./macro.ts";
import { market } from "./market.ts";
import { news } from "./news.ts";
import { notes } from "./notes.ts";
import { prices } from "./prices.ts";
import { rates } from "./rates.ts";
import { regimes } from "./regimes.ts";
import { segments } from "./segments.ts";
import { statements } from "./statements.ts";
import { stocks } from "./stocks.ts";
import { story } from "./story.ts";
import { universe } from "./universe.ts";
import { warrants } from "./warrants.ts";

export const FAMILIES = registry()
  .add(universe)
  .add(regimes)
  .add(rates)
  .add(company)
  .add(events)
  .add(market)
  .add(stocks)
  .add(statements)
  .add(segments)
  .add(kpis)
  .add(earnings)
  .add(funds)
  .add(warrants)
  .add(prices)
  .add(macro)
  .add(insiders)
  .add(holdings)
  .add(filings)
  .add(news)
  .add(notes)
  .add(story);

/** The market-wide world: every family's part but the companies' own. */
export type World = WorldOf<typeof FAMILIES>;
/** One company: its facts and every family's part of it. */
export type Company = CompanyOf<typeof FAMILIES>;
