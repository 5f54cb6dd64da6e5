// The resource families in causal order: each generates from the parts of those before it. Adding a
// family is one module in this directory and one line here (docs/adding-a-family.md).
import { company } from "./company/family.ts";
import { crypto } from "./crypto/family.ts";
import { earnings } from "./earnings/family.ts";
import { events } from "./events/family.ts";
import { exits } from "./exits/family.ts";
import { registry, type CompanyOf, type WorldOf } from "../ground/family.ts";
import { filings } from "./filings/family.ts";
import { funds } from "./funds/family.ts";
import { insiders } from "./insiders/family.ts";
import { holdings } from "./holdings/family.ts";
import { kpis } from "./kpis/family.ts";
import { listings } from "./listings/family.ts";
import { macro } from "./macro/family.ts";
import { market } from "./market/family.ts";
import { news } from "./news/family.ts";
import { notes } from "./notes/family.ts";
import { prices } from "./prices/family.ts";
import { rates } from "./rates/family.ts";
import { regimes } from "./regimes/family.ts";
import { segments } from "./segments/family.ts";
import { statements } from "./statements/family.ts";
import { stocks } from "./stocks/family.ts";
import { story } from "./story/family.ts";
import { transcripts } from "./transcripts/family.ts";
import { universe } from "./universe/family.ts";
import { warrants } from "./warrants/family.ts";

export const FAMILIES = registry()
  .add(regimes)
  .add(universe)
  .add(rates)
  .add(listings)
  .add(exits)
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
  .add(crypto)
  .add(insiders)
  .add(holdings)
  .add(filings)
  .add(transcripts)
  .add(news)
  .add(notes)
  .add(story);

/** The market-wide world: every family's part but the companies' own. */
export type World = WorldOf<typeof FAMILIES>;
/** One company: its facts and every family's part of it. */
export type Company = CompanyOf<typeof FAMILIES>;
