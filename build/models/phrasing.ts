// The phrase files' machinery (news/phrases.yaml, notes/phrases.yaml): the template syntax their
// phrasings are written in, the one formatter that fills a template with a text's words, and the
// schemas that check a phrase file's templates when it loads (build/ground/data-file.ts reads it).
//
// A template is text with slots in braces; a slot names a word (`fig.eps`: a word's field):
//   {word}               the word, as a template literal writes it
//   {word?A}  {word?A|B} A when the word is truthy, else B (nothing without B)
//   {word=k1:A|k2:B|C}   A when the word is `k1`, B when it is `k2`, else C (the last branch, no key)
// A, B and C are templates themselves. A branch that is just `~` means the phrasing does not fit
// (the formatter returns undefined, and the picker tries another).
import { z } from "zod";

/** A branch's template, or "unused" for `~`. */
type Branch = Part[] | "unused";
type Part =
  | string
  | { word: string }
  | { word: string; then: Branch; otherwise: Branch }
  | { word: string; cases: [string, Branch][]; otherwise: Branch };

/** A template's parts; throws on a malformed one, naming where. */
function parseTemplate(template: string): Part[] {
  let i = 0;
  const fail = (what: string): never => {
    throw new Error(`${what} at character ${i} of ${JSON.stringify(template)}`);
  };
  const parts = (inBranch: boolean): Part[] => {
    const out: Part[] = [];
    // Text runs are slices of the template: a string built a character at a time would be a deep
    // rope, and every text filled from it would pay to flatten it again.
    let from = i;
    while (i < template.length) {
      const c = template[i];
      if (c === "}" || (inBranch && c === "|")) break;
      if (c !== "{") {
        i++;
        continue;
      }
      if (i > from) out.push(template.slice(from, i));
      out.push(slot());
      from = i;
    }
    if (i > from) out.push(template.slice(from, i));
    return out;
  };
  const branches = (): Branch[] => {
    const out: Branch[] = [];
    for (;;) {
      const start = i;
      const branch = parts(true);
      out.push(template.slice(start, i) === "~" ? "unused" : branch);
      if (template[i] === "}") break;
      if (template[i] !== "|") fail("unclosed slot");
      i++;
    }
    i++;
    return out;
  };
  const slot = (): Part => {
    const m = /^\{([A-Za-z_]\w*(?:\.\w+)*)([}?=])/.exec(template.slice(i)) ?? fail("bad slot");
    i += m[0].length;
    const word = m[1];
    if (m[2] === "}") return { word };
    const found = branches();
    if (m[2] === "?") {
      if (found.length > 2) fail(`{${word}?...} with more than two branches`);
      return { word, then: found[0], otherwise: found[1] ?? [] };
    }
    if (found.length < 2) fail(`{${word}=...} without a last branch`);
    // Every branch but the last starts with its key: `k1:A`.
    const cases = found.slice(0, -1).map((b): [string, Branch] => {
      const [head, ...tail] = b === "unused" ? [] : b;
      const key = typeof head === "string" ? /^([^:\s]+):(.*)$/s.exec(head) : null;
      if (!key) return fail(`{${word}=...} with a branch without its key`);
      const [, k, rest] = key;
      if (rest === "~" && tail.length === 0) return [k, "unused"];
      return [k, rest ? [rest, ...tail] : tail];
    });
    return { word, cases, otherwise: found[found.length - 1] };
  };
  const out = parts(false);
  if (i < template.length) fail("unopened }");
  return out;
}

/** The words a template's slots name (`fig` for `fig.eps`). */
function wordsOf(parts: Branch): string[] {
  if (parts === "unused") return [];
  return parts.flatMap((p) => {
    if (typeof p === "string") return [];
    const own = p.word.split(".")[0];
    if ("cases" in p) return [own, ...p.cases.flatMap(([, b]) => wordsOf(b)), ...wordsOf(p.otherwise)];
    if ("then" in p) return [own, ...wordsOf(p.then), ...wordsOf(p.otherwise)];
    return [own];
  });
}

const parsed = new Map<string, Part[]>();

/** A template filled with `words`, or undefined when a `~` branch says the phrasing does not fit them. */
export function fill(template: string, words: object): string | undefined {
  let parts = parsed.get(template);
  if (!parts) parsed.set(template, (parts = parseTemplate(template)));
  const value = (word: string) =>
    word.includes(".")
      ? (word.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], words) as unknown)
      : (words as Record<string, unknown>)[word];
  const write = (branch: Branch): string | undefined => {
    if (branch === "unused") return undefined;
    let out = "";
    for (const p of branch) {
      let s: string | undefined;
      if (typeof p === "string") s = p;
      else if ("cases" in p) {
        const v = String(value(p.word));
        s = write(p.cases.find(([k]) => k === v)?.[1] ?? p.otherwise);
      } else if ("then" in p) s = write(value(p.word) ? p.then : p.otherwise);
      else s = `${value(p.word)}`;
      if (s === undefined) return undefined;
      out += s;
    }
    return out;
  };
  return write(parts);
}

/** One phrasing of a part of a text: undefined when it does not fit its words. */
export type Phrase<W> = (words: W) => string | undefined;

/** A phrase file's templates as phrasings. */
export const phrasings = <W extends object>(templates: readonly string[]): Phrase<W>[] =>
  templates.map((t) => (words: W) => fill(t, words));

/** A template in a phrase file: well formed, naming only `words`. */
export const Template = (words: readonly string[]) =>
  z.string().superRefine((template, ctx) => {
    try {
      const unknown = wordsOf(parseTemplate(template)).filter((w) => !words.includes(w));
      if (unknown.length)
        ctx.addIssue({ code: "custom", message: `unknown word ${unknown[0]} (known: ${words.join(", ")})` });
    } catch (e) {
      ctx.addIssue({ code: "custom", message: (e as Error).message });
    }
  });

/** Several phrasings of one part of a text, naming only `words`, in the order the picker shuffles. */
export const Phrasings = (words: readonly string[]) => z.array(Template(words)).min(1);
