// How numbers are written in generated text (press releases, news, filings, notes): one formatter
// per kind of figure, so that every text writes a record's number the same way and the checks can
// read the numbers back out of a text (numbersIn) and compare them with the records' own, formatted
// alike.

const sign = (x: number) => (x < 0 ? "-" : "");

/** Whole dollars with thousands separators: "-$1,234,000". */
export const dollars = (x: number) => `${sign(x)}$${Math.abs(Math.round(x)).toLocaleString("en-US")}`;

/** A per-share figure to the cent: "$1.23", "-$0.05". */
export const perShare = (x: number) => `${sign(x)}$${Math.abs(x).toFixed(2)}`;

/** Billions to two decimals, as the earnings summaries write them: "$2.35bn". */
export const billions = (x: number) => `${sign(x)}$${(Math.abs(x) / 1e9).toFixed(2)}bn`;

/** An amount in words, billions to two decimals or millions to one: "$2.35 billion", "$412.6 million". */
export const amount = (x: number) =>
  Math.abs(x) >= 1e9
    ? `${sign(x)}$${(Math.abs(x) / 1e9).toFixed(2)} billion`
    : `${sign(x)}$${(Math.abs(x) / 1e6).toFixed(1)} million`;

/** A fraction as a percentage: 0.0512 -> "5.1%" (absolute value: texts say "rose" or "fell"). */
export const percent = (fraction: number, digits = 1) => `${(Math.abs(fraction) * 100).toFixed(digits)}%`;

/** Whole numbers with separators: "1,234,567" (a negative zero, an outflow of nothing, is "0"). */
export const count = (x: number) => (Math.round(x) || 0).toLocaleString("en-US");

/**
 * The numbers of a text as written, with their unit: "$2.35 billion", "-$0.05", "5.1%", "2023",
 * "1,234". A number glued to letters (Q3, 10-K, 8-K) is a label, not a figure, and is skipped, and
 * so are the `names` given (a company's).
 */
export function numbersIn(text: string, names: readonly string[] = []): string[] {
  // A name is not a figure: "Phillips 66" states no 66.
  const bare = names
    .reduce((t, name) => (name ? t.replaceAll(name, " ") : t), text)
    // A range of rates ("4.25-4.50%") is two figures; a date's hyphens are left alone.
    .replace(RATE_RANGE, "$1 to ");
  return [...bare.matchAll(NUMBER)].map((m) => m[1]);
}

const RATE_RANGE = /(\d)-(?=\d+(?:\.\d+)?%)/g;
const NUMBER = /(?<![\w.$,-])(-?\$?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?: billion| million|bn|%)?)(?![\w-]|[.,]\d)/g;
