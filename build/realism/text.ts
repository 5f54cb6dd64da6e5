// Surface statistics of generated text (docs/realism.md, "Text"): what the validation report checks
// for news and what `npm run realism:text` compares with real financial text. Tokens are words as
// a reader counts them: runs of letters, digits and the marks inside them (apostrophes, decimal points).

/** A text's word tokens, lower-cased. */
export function tokens(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}$%]+(?:['’.,-][\p{L}\p{N}%]+)*/gu) ?? [];
}

/** Tokens of the type-token ratio's fixed length: a ratio over more tokens is lower, so texts compare at one length. */
export const TTR_TOKENS = 100;

/** Distinct tokens among the first TTR_TOKENS, as a share; null for a shorter text. */
export function typeTokenRatio(text: string): number | null {
  // The first TTR_TOKENS tokens lie in the text's start: tokenize a prefix, and the whole only when it is short of them.
  const head = tokens(text.slice(0, 20 * TTR_TOKENS));
  const t = head.length > TTR_TOKENS ? head : tokens(text);
  if (t.length < TTR_TOKENS) return null;
  return new Set(t.slice(0, TTR_TOKENS)).size / TTR_TOKENS;
}

/** A text's word 5-grams (shingles), as strings. */
export function fiveGrams(text: string): Set<string> {
  const t = tokens(text);
  const out = new Set<string>();
  for (let i = 0; i + 5 <= t.length; i++) out.add(`${t[i]} ${t[i + 1]} ${t[i + 2]} ${t[i + 3]} ${t[i + 4]}`);
  return out;
}

/** The share of 5-grams two texts share (Jaccard of their shingle sets; Broder's resemblance). */
export function resemblance(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  const [small, large] = a.size < b.size ? [a, b] : [b, a];
  let both = 0;
  for (const g of small) if (large.has(g)) both++;
  return both / (a.size + b.size - both);
}

/** The largest resemblance of any pair among `texts`, and the pair. */
export function largestResemblance(texts: string[]): { value: number; pair: [number, number] | null } {
  const grams = texts.map(fiveGrams);
  let value = 0;
  let pair: [number, number] | null = null;
  for (let i = 0; i < grams.length; i++)
    for (let j = i + 1; j < grams.length; j++) {
      const r = resemblance(grams[i], grams[j]);
      if (r > value) [value, pair] = [r, [i, j]];
    }
  return { value, pair };
}

/** Sentences of a text: split after a final mark followed by space and a capital or a quote. */
export function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?][”"]?)\s+(?=[A-Z“"])/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The surface of a text that a classifier two-sample test compares (docs/realism.md, "Text"). */
export interface TextSurface {
  words: number;
  sentence_words: number;
  numbers_per_100_words: number;
  quote_share: number;
  type_token_ratio: number | null;
}

/** Words of a text inside quotation marks, as a share of its words. */
function quoteShare(text: string, words: number): number {
  const quoted = [...text.matchAll(/[“"]([^”"]+)[”"]/g)].reduce((n, m) => n + tokens(m[1]).length, 0);
  return words ? quoted / words : 0;
}

export function textSurface(text: string): TextSurface {
  const t = tokens(text);
  const s = sentences(text);
  const numbers = t.filter((w) => /\d/.test(w)).length;
  return {
    words: t.length,
    sentence_words: s.length ? t.length / s.length : 0,
    numbers_per_100_words: t.length ? (100 * numbers) / t.length : 0,
    quote_share: quoteShare(text, t.length),
    type_token_ratio: typeTokenRatio(text),
  };
}

/**
 * A sentence's skeleton: its words with every figure as `#` and every capitalized word after the first
 * as `X` (names of companies, people and outlets), so sentences of one template share one skeleton.
 */
export function skeleton(sentence: string): string {
  const words = sentence.split(/\s+/).filter(Boolean);
  return words.map((w, i) => (/\d/.test(w) ? "#" : i > 0 && /^[“"(]?[A-Z]/.test(w) ? "X" : w.toLowerCase())).join(" ");
}

/** A bag of skeletons: how often each occurs in a group of texts. */
export function skeletonBag(texts: string[]): Map<string, number> {
  const bag = new Map<string, number>();
  for (const t of texts) for (const s of sentences(t)) bag.set(skeleton(s), (bag.get(skeleton(s)) ?? 0) + 1);
  return bag;
}

function cosine(a: Map<string, number>, b: Map<string, number>): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (const [k, v] of a) {
    na += v * v;
    dot += v * (b.get(k) ?? 0);
  }
  for (const v of b.values()) nb += v * v;
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}

/**
 * How well bags of skeletons tell two labels apart (an outlet's weeks from another's): leave-one-out
 * nearest-centroid accuracy by cosine, 0.5 being chance for balanced labels.
 */
export function nearestCentroidAccuracy(bags: Map<string, number>[], labels: boolean[]): number {
  const sums = [new Map<string, number>(), new Map<string, number>()];
  bags.forEach((bag, i) => {
    const sum = sums[Number(labels[i])];
    for (const [k, v] of bag) sum.set(k, (sum.get(k) ?? 0) + v);
  });
  let right = 0;
  bags.forEach((bag, i) => {
    // The held-out bag leaves its own centroid.
    const own = new Map(sums[Number(labels[i])]);
    for (const [k, v] of bag) own.set(k, own.get(k)! - v);
    const other = sums[1 - Number(labels[i])];
    if (cosine(bag, own) > cosine(bag, other)) right++;
  });
  return bags.length ? right / bags.length : 0;
}
