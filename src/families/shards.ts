// Every family's shard kinds in one list (src/families/<name>/shards.ts), under the names the build
// writes and the routes read: SHARDS.prices, SHARDS.news... The reference shards every bundle holds
// are src/bundle/reference-shards.ts.
import { REFERENCE_SHARDS } from "../bundle/reference-shards.ts";
import { ACTIONS_SHARDS } from "./actions/shards.ts";
import { CRYPTO_SHARDS } from "./crypto/shards.ts";
import { EARNINGS_SHARDS } from "./earnings/shards.ts";
import { EVENTS_SHARDS } from "./events/shards.ts";
import { FILINGS_SHARDS } from "./filings/shards.ts";
import { FUNDS_SHARDS } from "./funds/shards.ts";
import { HOLDINGS_SHARDS } from "./holdings/shards.ts";
import { INSIDERS_SHARDS } from "./insiders/shards.ts";
import { KPIS_SHARDS } from "./kpis/shards.ts";
import { MACRO_SHARDS } from "./macro/shards.ts";
import { METRICS_SHARDS } from "./metrics/shards.ts";
import { NEWS_SHARDS } from "./news/shards.ts";
import { NOTES_SHARDS } from "./notes/shards.ts";
import { PRICES_SHARDS } from "./prices/shards.ts";
import { SEARCH_SHARDS } from "./search/shards.ts";
import { SEGMENTS_SHARDS } from "./segments/shards.ts";
import { STATEMENTS_SHARDS } from "./statements/shards.ts";
import { TRANSCRIPTS_SHARDS } from "./transcripts/shards.ts";

export const SHARDS = {
  ...PRICES_SHARDS,
  ...MACRO_SHARDS,
  ...CRYPTO_SHARDS,
  ...EVENTS_SHARDS,
  ...ACTIONS_SHARDS,
  ...STATEMENTS_SHARDS,
  ...SEGMENTS_SHARDS,
  ...KPIS_SHARDS,
  ...METRICS_SHARDS,
  ...EARNINGS_SHARDS,
  ...SEARCH_SHARDS,
  ...FILINGS_SHARDS,
  ...FUNDS_SHARDS,
  ...NEWS_SHARDS,
  ...NOTES_SHARDS,
  ...TRANSCRIPTS_SHARDS,
  ...INSIDERS_SHARDS,
  ...HOLDINGS_SHARDS,
  ...REFERENCE_SHARDS,
} as const;
