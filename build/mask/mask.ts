// A masked twin's pseudonyms (docs/masked-twins.md): the same world under other names and other
// years, so a model cannot answer from what it remembers of the real companies or the real years.
// Every string of the twin goes through `text` (one pass of one expression, so nothing replaced is
// replaced again); cells whose column says what they hold (a ticker, a fiscal year) through `cell`.
import { createHash } from "node:crypto";
import type { FundInfo } from "../../src/bundle/types.ts";
import { COINED_WORDS } from "../families/coined-words.ts";
import { shortName } from "../models/artifacts.ts";
import { Rng } from "../ground/rng.ts";
import { allFundTickers } from "../models/fund-universe.ts";
import { refCompanies } from "../models/refdata.ts";

/** A 28-year shift keeps every date on its weekday and every leap day on a leap year (before 2100). */
const CYCLE = 28;
/** Masked years start at or after this one: later than any year a model has read about. */
const FIRST_MASKED_YEAR = 2040;

/** Years to add to a scenario starting in `startYear`: the least multiple of 28 reaching FIRST_MASKED_YEAR. */
export function yearShift(startYear: number, endYear: number): number {
  const shift = CYCLE * Math.max(1, Math.ceil((FIRST_MASKED_YEAR - startYear) / CYCLE));
  if (endYear + shift >= 2100) throw new Error(`a masked twin of years ${startYear}-${endYear} would reach 2100`);
  return shift;
}

/** A company of the original as the mask reads it (a row of the `companies` shard). */
export interface CompanyIdentity {
  ticker: string;
  name: string;
  cik: string;
  location: string | null;
  website_url: string | null;
}

/** What a scenario names that its masked twin renames. */
export interface Identity {
  companies: CompanyIdentity[];
  funds: FundInfo[];
  /** Every instrument's ticker (companies, funds, warrants). */
  tickers: string[];
  /** Every other CIK it names (13F managers and other filers). */
  ciks: string[];
  startYear: number;
  endYear: number;
}

/** Columns whose strings are tickers (a one-letter ticker is a ticker there, a code elsewhere). */
const TICKER_COLUMNS = new Set(["ticker", "holding_ticker", "fund_ticker", "mentioned_tickers", "holdings"]);
/** Numeric columns that hold a year. */
const YEAR_COLUMNS = new Set(["fiscal_year"]);
/** Labels dated by a year (`cal-2026.11`): the year moves with the world's, so no label keeps an original year. */
const DATED_LABELS = new Set(["calibration_version"]);
/**
 * What stands before or after a one-letter ticker in the generated prose (`A results: ...`, `A updates its
 * forecast`) and ids (`bo_<cik>_A_<date>`), where the same letter as a word is the article (`A regulatory
 * filing showed`).
 */
const BEFORE_TICKER = /(?:prices |symbol |ticker |\(|_)$/;
const AFTER_TICKER =
  /^(?:[):,.']|\s(?:results|updates|target|stood|secures|ran|position|insider|in|hit|had|follows|finished|faces|bets|appoints|is|climbs|slides|gains|drops|rises|falls|slips|up|down|shares|stock)\b)/;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const byLength = (a: string, b: string) => b.length - a.length || (a < b ? -1 : 1);

/** Coined words: syllables no stem of the generator's names is made of. */
const HEADS = ["Bel", "Cor", "Dra", "Fen", "Gal", "Hol", "Kir", "Lom", "Mar", "Nor", "Pel", "Rav", "Sel", "Tor", "Val", "Wyn", "Zel", "Ast", "Bry", "Cal"];
const MIDDLES = ["a", "e", "i", "o", "u", "ar", "en", "is", "or", "um"];
const TAILS = ["brook", "mere", "wick", "dane", "ton", "ford", "more", "vane", "holt", "croft", "ley", "stead", "gard", "wyn", "moss"];
const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

export class Mask {
  readonly shift: number;
  private readonly tickers = new Map<string, string>();
  private readonly ciks = new Map<string, string>();
  /** Unpadded CIKs, as EDGAR paths write them. */
  private readonly plainCiks = new Map<string, string>();
  private readonly phrases = new Map<string, string>();
  private readonly pattern: RegExp;

  /** `label` seeds the pseudonyms: the same original and label, the same twin. */
  constructor(identity: Identity, label: string) {
    this.shift = yearShift(identity.startYear, identity.endYear);
    const rng = new Rng(Number.parseInt(createHash("sha256").update(label).digest("hex").slice(0, 8), 16), "mask");
    // The generator's coined names (build/families/coined-words.ts): replaced too.
    const generatorWords = [...new Set(COINED_WORDS.flatMap((c) => c.words))];
    const domainWords = COINED_WORDS.filter((c) => c.domains).flatMap((c) => c.words);
    const taken = new Set<string>(generatorWords);
    const coin = (stream: Rng) => {
      for (;;) {
        const word = `${stream.pick(HEADS)}${stream.pick(MIDDLES)}${stream.pick(TAILS)}`;
        if (!taken.has(word)) return taken.add(word), word;
      }
    };

    // Real tickers and CIKs stay out of the pseudonyms, so a pseudonym never names a real company.
    const realTickers = new Set([...refCompanies().map((c) => c.facts.ticker), ...allFundTickers()]);
    const tickerStream = rng.fork("tickers");
    for (const t of [...identity.tickers].sort()) {
      let pseudonym: string;
      do pseudonym = Array.from({ length: Math.max(3, Math.min(5, t.length)) }, () => tickerStream.pick([...LETTERS])).join("");
      while (realTickers.has(pseudonym) || taken.has(pseudonym));
      taken.add(pseudonym);
      this.tickers.set(t, pseudonym);
    }

    // Companies get CIKs from 8,000,000, other filers from 7,000,000: real ones are below 2,200,000,
    // the generator's own managers from 9,100,000.
    const cikStream = rng.fork("ciks");
    const usedCiks = new Set<number>();
    const newCik = (base: number) => {
      let n: number;
      do n = base + cikStream.int(0, 999_999);
      while (usedCiks.has(n));
      usedCiks.add(n);
      return n;
    };
    const addCik = (cik: string, base: number) => {
      if (this.ciks.has(cik)) return;
      const n = newCik(base);
      this.ciks.set(cik, String(n).padStart(10, "0"));
      this.plainCiks.set(String(Number(cik)), String(n));
    };

    const names = rng.fork("names");
    for (const c of [...identity.companies].sort((a, b) => (a.ticker < b.ticker ? -1 : 1))) {
      addCik(c.cik, 8_000_000);
      const short = shortName(c.name);
      const coined = coin(names);
      this.phrases.set(c.name, short === c.name ? coined : c.name.replace(short, coined));
      if (short !== c.name) this.phrases.set(short, coined);
      // The city names a company as well as its name does: the twin keeps the state or country.
      if (c.location?.includes(", ")) this.phrases.set(c.location, c.location.slice(c.location.lastIndexOf(", ") + 2));
      if (c.website_url) this.phrases.set(c.website_url, `https://www.${coined.toLowerCase()}.example`);
    }
    for (const cik of [...identity.ciks].sort()) addCik(cik, 7_000_000);

    for (const f of identity.funds) {
      const coined = coin(names);
      const benchmark = f.benchmark.replace(/\s*\(.*\)$/, "");
      this.phrases.set(f.name, `${coined} ${benchmark} ETF`);
      this.phrases.set(f.issuer, `${coined} Fund Advisors`);
    }

    const coinedWords = rng.fork("coined");
    for (const word of generatorWords) {
      const coined = coin(coinedWords);
      this.phrases.set(word, coined);
      // An outlet's domain is its coined word in lower case (`corvane-wire.example`).
      if (domainWords.includes(word)) this.phrases.set(word.toLowerCase(), coined.toLowerCase());
    }

    const tickers = [...this.tickers.keys()].sort(byLength).map(escape).join("|");
    const phrases = [...this.phrases.keys()].sort(byLength).map(escape).join("|");
    this.pattern = new RegExp(
      [
        // An accession number: its filer's CIK and the year.
        String.raw`(?<!\d)(?<accession>\d{10})-(?<yy>\d{2})-(?<seq>\d{6})(?!\d)`,
        String.raw`(?<=edgar/data/)(?<plain>\d{1,10})(?=/)`,
        ...(phrases ? [String.raw`(?<![A-Za-z0-9])(?<phrase>${phrases})(?![A-Za-z0-9])`] : []),
        String.raw`(?<!\d)(?<cik>\d{10})(?!\d)`,
        ...(tickers ? [String.raw`(?<![A-Za-z0-9&/^'.-])(?<!Class )(?<ticker>${tickers})(?![A-Za-z0-9&^]|[-/.][A-Za-z0-9])`] : []),
        // A year: in a date, a period label, a path or prose; not inside a number, an amount, a
        // hex id or a count (`holds on all 2009 rows`, `1999 of 2008 companies`).
        String.raw`(?<![0-9A-Za-z.,$])(?<year>(?:19|20)\d\d)(?![0-9A-Za-z]|[.,]\d| (?:rows|compan|of \d))`,
        // An id's compact date (`nws_20230130_...`).
        String.raw`(?<=_)(?<compact>(?:19|20)\d\d)(?=\d{4}(?:_|$))`,
      ].join("|"),
      "g",
    );
  }

  /** A ticker's pseudonym (itself if the scenario has no such instrument). */
  ticker(t: string): string {
    return this.tickers.get(t) ?? t;
  }

  year(y: number): number {
    return y + this.shift;
  }

  /** A string with every name, ticker, CIK and year of the original replaced. */
  text(s: string): string {
    return s.replace(this.pattern, (match, ...args) => {
      const g = args[args.length - 1] as Record<string, string | undefined>;
      const at = args[args.length - 3] as number;
      const whole = args[args.length - 2] as string;
      if (g.accession)
        return `${this.ciks.get(g.accession) ?? g.accession}-${String((Number(g.yy) + this.shift) % 100).padStart(2, "0")}-${g.seq}`;
      if (g.plain) return this.plainCiks.get(g.plain) ?? match;
      if (g.phrase) return this.phrases.get(g.phrase)!;
      if (g.cik) return this.ciks.get(g.cik) ?? match;
      if (g.ticker) {
        // A one-letter ticker in prose only where the prose writes a ticker, and never a string that is only the letter (a code).
        if (g.ticker.length === 1) {
          const written = BEFORE_TICKER.test(whole.slice(0, at)) || AFTER_TICKER.test(whole.slice(at + 1));
          if (whole.length === 1 || !written) return match;
        }
        // A short ticker before a capitalized word is part of a name (`IT Services`).
        if (g.ticker.length === 2 && /^ [A-Z]/.test(whole.slice(at + 2))) return match;
        return this.tickers.get(g.ticker)!;
      }
      return String(Number(g.year ?? g.compact) + this.shift);
    });
  }

  /** A cell of the twin, by its column (or key, inside an object): strings rewritten, years moved, tickers renamed. */
  cell(column: string | undefined, value: unknown): unknown {
    if (typeof value === "string") {
      if (column !== undefined && TICKER_COLUMNS.has(column) && this.tickers.has(value)) return this.tickers.get(value)!;
      if (column === "key") return this.key(value);
      if (column !== undefined && DATED_LABELS.has(column)) return value.replace(/(19|20)\d\d/, (y) => String(this.year(Number(y))));
      return this.text(value);
    }
    if (typeof value === "number") return column !== undefined && YEAR_COLUMNS.has(column) ? this.year(value) : value;
    if (Array.isArray(value)) return value.map((v) => this.cell(column, v));
    if (value instanceof Uint8Array || value === null || typeof value !== "object") return value;
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.cell(k, v)]));
  }

  /** A path segment of a shard name, or a word of a key: a ticker, a CIK, a date, a name. */
  segment(s: string): string {
    return this.tickers.get(s) ?? this.ciks.get(s) ?? this.text(s);
  }

  /** A shard key: words separated by spaces (`2023-02-10 FE Blake Wynuvane`). */
  key(k: string): string {
    return k
      .split(" ")
      .map((word) => this.segment(word))
      .join(" ");
  }
}
