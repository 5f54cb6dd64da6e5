// What every generated text artifact (articles, notes, filings' prose) shares: its tone, the order of
// its shards, the short name a company goes by in it, and the slug of a URL.

export type Sentiment = "positive" | "negative" | "neutral";

/** Artifacts (articles, notes) by date, ties by id: the order of their shards. */
export const byDateThenArtifactId = (
  a: { date: string; artifact_id: string },
  b: { date: string; artifact_id: string },
) => (a.date === b.date ? (a.artifact_id < b.artifact_id ? -1 : 1) : a.date < b.date ? -1 : 1);

/** The company's name without its legal suffix ("Apple Inc." -> "Apple"). */
export function shortName(name: string): string {
  return (
    name
      .replace(
        /,?\s+(Inc\.?|Corp\.?|Corporation|Company|Co\.|Ltd\.?|plc|PLC|Holdings|Group|N\.V\.|S\.A\.|L\.P\.)$/u,
        "",
      )
      .replace(/(,|\s+&|\s+and)$/, "")
      .replace(/^The /, "")
      .trim() || name
  );
}

/** A title as a URL path segment (a masked twin writes its articles' URLs again with it). */
export const slugify = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 80);

/** Words of a text: runs of non-space characters (lengths of articles, calls and filings). */
export function wordCount(text: string): number {
  let n = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const space = text.charCodeAt(i) <= 32;
    if (!space && !inWord) n++;
    inWord = !space;
  }
  return n;
}

/** The same quarter's earnings release a year before `row`'s, when released by `date`. */
export function yearAgoRelease<R extends { report_period: string; filing_date: string }>(
  rows: readonly R[],
  row: R,
  date: string,
): R | undefined {
  const period = `${Number(row.report_period.slice(0, 4)) - 1}${row.report_period.slice(4, 7)}`;
  return rows.find((r) => r.report_period.startsWith(period) && r.filing_date <= date);
}
