// The prices of a deal with a buyer inside the world (families/exits/acquirers.ts): a target paid in
// the buyer's shares trades at the offer's value, which moves with the buyer's price, less the
// spread; its terms (the cash and the exchange ratio) are struck from the two closes before the
// announcement, and its holders receive them, restated for the splits since, at the close.
import type { HeldSpan, StockPath } from "../../models/prices.ts";
import { round2, round4 } from "../../models/rounding.ts";
import type { DealSpan } from "../exits/family.ts";
import type { Consideration, Takeover } from "../exits/takeovers.ts";

/** What a deal inside the world pays per share of the target, as its agreement states it. */
export interface DealTerms {
  /** The announcement's date: the terms are public from it. */
  announced: string;
  target: string;
  acquirer: string;
  targetName: string;
  acquirerName: string;
  consideration: Consideration;
  /** Cash per target share, in the target's shares of the day before the announcement. */
  cash_per_share: number;
  /** Buyer shares per target share, in both companies' shares of that day; 0 for cash. */
  exchange_ratio: number;
  /** Hidden: the buyer's close the day before the announcement, and on the deal's last day (null: it had none in the world). */
  buyerBefore: number;
  buyerAtEnd: number | null;
}

/** A price on day `t` in the shares of the world's first day, so that splits leave it unbroken. */
const valueOn = (stock: StockPath, t: number) => stock.bars[t].close * stock.splitMultiple[t];

/**
 * A span that follows its buyer: each day's level adds the log of the offer's value over its value
 * at the announcement (the cash part fixed, the share part moving with the buyer's price).
 */
export function followBuyer(span: DealSpan, buyer: StockPath): HeldSpan {
  if (!span.follows) return span;
  const { cashShare } = span.follows;
  const base = valueOn(buyer, span.from - 1);
  const levels = span.levels.map((level, k) => {
    const t = Math.min(span.from + k, buyer.bars.length - 1);
    return level + Math.log(cashShare + (1 - cashShare) * (valueOn(buyer, t) / base));
  });
  return { from: span.from, levels, release: span.release };
}

/** The terms of a deal inside the world, struck from the target's and the buyer's closes before it. */
export function dealTermsOf(
  deal: Takeover,
  days: string[],
  target: { name: string; stock: StockPath },
  buyer: StockPath,
): DealTerms {
  const before = deal.announced - 1;
  const offer = target.stock.bars[before].close * (1 + deal.premium);
  const end = deal.ends;
  return {
    announced: days[deal.announced],
    target: deal.target,
    acquirer: deal.buyer.ticker!,
    targetName: target.name,
    acquirerName: deal.buyer.name,
    consideration: deal.consideration,
    cash_per_share: round2(offer * deal.cashShare),
    exchange_ratio: round4((offer * (1 - deal.cashShare)) / buyer.bars[before].close),
    buyerBefore: buyer.bars[before].close,
    buyerAtEnd: end === null ? null : buyer.bars[end].close,
  };
}

/**
 * What the target's holders receive at the close, in the shares of its last day: the cash, and the
 * exchange ratio, restated for the splits of both companies since the announcement (a split declared
 * before it may go ex while the deal is pending).
 */
export function closingTerms(
  terms: DealTerms,
  deal: Takeover,
  lastDay: number,
  stocks: { target: StockPath; buyer: StockPath },
): { cash_per_share: number; exchange_ratio: number } {
  const before = deal.announced - 1;
  const targetSplit = stocks.target.splitMultiple[lastDay] / stocks.target.splitMultiple[before];
  const buyerSplit = stocks.buyer.splitMultiple[lastDay] / stocks.buyer.splitMultiple[before];
  return {
    cash_per_share: round2(terms.cash_per_share / targetSplit),
    exchange_ratio: round4((terms.exchange_ratio * buyerSplit) / targetSplit),
  };
}

/** Shares a buyer issued to pay for a target: non-cash, the statements book them as part of the price. */
export interface SharesIssued {
  target: string;
  /** The first day they trade: the day after the target's last. */
  day: number;
  /** In the buyer's shares of that day. */
  shares: number;
}

/**
 * What a closed deal's holders receive per share of the target's last day, as its acquisition action
 * (`closingTerms`, the row /corporate-actions serves) states it.
 */
export function paidPerShare(target: StockPath): { cash_per_share: number; exchange_ratio: number } {
  const { details } = target.actions.find((a) => a.action_type === "acquisition")!;
  return {
    cash_per_share: details.cash_per_share as number,
    exchange_ratio: (details.exchange_ratio as number | undefined) ?? 0,
  };
}

/** The buyer's shares a closed deal issued: the exchange ratio its action states times the target's shares then. */
export function issuedFor(deal: Takeover, target: StockPath, buyer: StockPath): SharesIssued {
  const last = deal.ends!;
  const { exchange_ratio } = paidPerShare(target);
  const day = last + 1;
  const shares = exchange_ratio * target.shares[last] * (buyer.splitMultiple[day] / buyer.splitMultiple[last]);
  return { target: deal.target, day, shares: Math.round(shares) };
}

/** The buyer's shares outstanding with those it issued, from the day they trade (split with it since). */
export function withIssued(stock: StockPath, issued: SharesIssued[]): number[] {
  if (issued.length === 0) return stock.shares;
  return stock.shares.map((n, t) =>
    issued.reduce(
      (sum, i) =>
        t >= i.day ? sum + Math.round(i.shares * (stock.splitMultiple[t] / stock.splitMultiple[i.day])) : sum,
      n,
    ),
  );
}
