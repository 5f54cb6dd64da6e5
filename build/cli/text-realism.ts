// `npm run realism:text` (its options: `npm run realism:text -- --help`): the news text against its
// bands and against real wire stories (docs/text-realism.md). Generates each scenario's world with its
// companies and news in memory, at its own seed and N-1 more; prints the text statistics of
// build/families/news/realism.ts per seed against their bands; then describes each wire and brief
// story by its textSurface (build/realism/text.ts), as it does the Reuters-21578 stories that Debian's
// r-cran-tm ships (fetched into .local/realism-text on first use), and runs
// build/realism/text_discriminate.py on both in the realism venv (build/cli/realism-venv.ts).
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ScenarioSource } from "../ground/scenario-source.ts";
import { TEXT_REALISM } from "./commands.ts";
import { unpackedPackage } from "./debian-package.ts";
import { ensureVenv, scriptReport } from "./realism-venv.ts";
import { seededRun } from "./seeded-run.ts";

const { sources, seeds, out, values } = await seededRun(TEXT_REALISM);
const permutations = Number(values.permutations);
if (!Number.isInteger(permutations) || permutations < 1)
  throw new Error(`--permutations: a positive integer, not ${values.permutations}`);
// The project's modules load once the command line is read, so that --help answers at once.
const { memoryScratch } = await import("../ground/scratch.ts");
const { gather, generateCompanies, generateMarket } = await import("../pipeline/world.ts");
const { DISTINCT_TITLES, FIVE_GRAM_RESEMBLANCE, TTR_100, WORDS_BY_FORMAT } =
  await import("../families/news/realism.ts");
const { largestResemblance, nearestCentroidAccuracy, skeletonBag, textSurface, typeTokenRatio } =
  await import("../realism/text.ts");
const { Rng } = await import("../ground/rng.ts");
const { wordCount } = await import("../models/artifacts.ts");
const { median } = await import("../models/statistics.ts");
const { ROOT } = await import("../serve/worker-bundle.ts");

type Article = import("../families/news/model.ts").ArticleDetail;
type Band = { min: number | null; max: number | null };

/** Types with fewer articles have no distinct-title share (realism.ts, TITLED_TYPE). */
const TITLED_TYPE = 20;
/** Articles per type whose 5-gram resemblance is measured (realism.ts, Variety's SAMPLE). */
const SAMPLE = 100;
/** Wire and brief stories per seed that the classifier sees. */
const OURS_PER_SEED = 500;
const FORMATS = Object.keys(WORDS_BY_FORMAT) as Article["article_format"][];

const REAL_DIR = join(ROOT, ".local", "realism-text");
const PYTHON_DEPS = ["scikit-learn", "numpy"];

/** Every article of a world: its companies' news and the market news (the world up to end_date). */
function articles(source: ScenarioSource): Article[] {
  const { world, scenario } = generateMarket(source, memoryScratch());
  const all: Article[] = [];
  const gathering = gather(world, scenario);
  for (const company of generateCompanies(world, scenario)) {
    all.push(...company.news);
    gathering.add(company);
  }
  gathering.finish();
  all.push(...world.marketNews);
  return all;
}

/** The last 12 hex of an id: the order realism.ts samples in (a spread over companies and dates). */
const hashOf = (a: Article) => a.artifact_id.slice(-12);
const byHash = (a: Article, b: Article) => (hashOf(a) < hashOf(b) ? -1 : hashOf(a) > hashOf(b) ? 1 : 0);
/** Market-move articles are a type of their own, as in realism.ts. */
const typeOf = (a: Article) => (a.article_format === "market_move" ? "market_move" : a.event_lineage.event_type);

interface Value {
  value: number | null;
  /** The event type behind the value, or the count it is over. */
  note?: string;
}

/** The statistics of one seed, by the row names of the table. */
function statistics(all: Article[]): Map<string, Value> {
  const out = new Map<string, Value>();
  for (const format of FORMATS) {
    const words = all.filter((a) => a.article_format === format).map((a) => wordCount(a.title) + wordCount(a.text));
    out.set(`median words, ${format}`, { value: words.length ? median(words) : null, note: `n=${words.length}` });
  }
  const byType = new Map<string, Article[]>();
  for (const a of all) {
    const list = byType.get(typeOf(a)) ?? [];
    list.push(a);
    byType.set(typeOf(a), list);
  }
  const types = [...byType].sort(([a], [b]) => (a < b ? -1 : 1));
  let titles: Value = { value: null };
  for (const [type, list] of types) {
    if (list.length < TITLED_TYPE) continue;
    const share = new Set(list.map((a) => a.title)).size / list.length;
    if (titles.value === null || share < titles.value) titles = { value: share, note: type };
  }
  out.set("least share of distinct titles in a type", titles);
  let resemblance: Value = { value: null };
  for (const [type, list] of types) {
    if (list.length < SAMPLE) continue;
    const r = largestResemblance(
      [...list]
        .sort(byHash)
        .slice(0, SAMPLE)
        .map((a) => a.text),
    ).value;
    if (resemblance.value === null || r > resemblance.value) resemblance = { value: r, note: type };
  }
  out.set(`largest 5-gram resemblance, ${SAMPLE} per type`, resemblance);
  const ttr = all.map((a) => typeTokenRatio(a.text)).filter((r): r is number => r !== null);
  out.set("median type-token ratio, first 100 tokens", {
    value: ttr.length ? median(ttr) : null,
    note: `n=${ttr.length}`,
  });
  out.set(OUTLETS_ROW, outletWeeks(all));
  return out;
}

/** Articles an outlet's week needs to be a bag of its own. */
const WEEK_ARTICLES = 3;
const OUTLETS_ROW = "outlet weeks told apart by skeleton bags (accuracy)";
/** The week of a date, as a count of weeks since 1970 (Thursday-based, like ISO weeks). */
const weekOf = (date: string) => Math.floor(Date.parse(date) / (7 * 86_400_000));

/**
 * Whether the bags of sentence skeletons of one outlet's weeks can be told from another's: the two
 * outlets with the most weeks of WEEK_ARTICLES articles or more, as many weeks of each, leave-one-out
 * nearest-centroid accuracy, beside the 95th percentile of its value over shuffled labels.
 */
function outletWeeks(all: Article[]): Value {
  const weeks = new Map<string, Article[]>();
  for (const a of all) {
    const key = `${a.source}|${weekOf(a.date)}`;
    weeks.set(key, [...(weeks.get(key) ?? []), a]);
  }
  const byOutlet = new Map<string, Article[][]>();
  for (const [key, list] of weeks) {
    if (list.length < WEEK_ARTICLES) continue;
    const outlet = key.split("|")[0];
    byOutlet.set(outlet, [...(byOutlet.get(outlet) ?? []), list]);
  }
  const [first, second] = [...byOutlet].sort((a, b) => b[1].length - a[1].length || (a[0] < b[0] ? -1 : 1));
  if (!second) return { value: null };
  const n = Math.min(first[1].length, second[1].length);
  const groups = [...first[1].slice(0, n), ...second[1].slice(0, n)];
  const bags = groups.map((g) => skeletonBag(g.map((a) => a.text)));
  const labels = groups.map((_, i) => i < n);
  const accuracy = nearestCentroidAccuracy(bags, labels);
  const rng = new Rng(1, "outlet-weeks");
  const nulls = Array.from({ length: permutations }, () => nearestCentroidAccuracy(bags, rng.shuffle(labels))).sort(
    (a, b) => a - b,
  );
  const p95 = nulls[Math.min(nulls.length - 1, Math.floor(0.95 * nulls.length))];
  return { value: accuracy, note: `${first[0]} vs ${second[0]}, ${n} weeks each, shuffled p95 ${fmt(p95)}` };
}

const BANDS: Record<string, Band> = {
  ...Object.fromEntries(FORMATS.map((f) => [`median words, ${f}`, WORDS_BY_FORMAT[f]])),
  "least share of distinct titles in a type": DISTINCT_TITLES,
  [`largest 5-gram resemblance, ${SAMPLE} per type`]: FIVE_GRAM_RESEMBLANCE,
  "median type-token ratio, first 100 tokens": TTR_100,
  // Chance is 0.5: a judgment of how far above it a bag may tell outlets apart.
  [OUTLETS_ROW]: { min: null, max: 0.6 },
};

const inBand = (v: number, b: Band) => (b.min === null || v >= b.min) && (b.max === null || v <= b.max);
const fmt = (v: number | null) =>
  v === null ? "n/a" : Number.isInteger(v) ? String(v) : Math.abs(v) >= 10 ? v.toFixed(1) : v.toFixed(3);

/** One scenario's Markdown table: each statistic at each seed, the median over seeds, and whether it is in band. */
function table(name: string, seedsRun: number[], perSeed: Map<string, Value>[]): string[] {
  const lines = [
    `## ${name}: text statistics by seed`,
    "",
    `Seeds ${seedsRun.join(", ")}. Beside a value: the event type behind it (market_move articles are a type of their own), ` +
      `or n, the articles it is over. In band: the median over seeds, and how many seeds are in band.`,
    "",
    `| statistic | band | ${seedsRun.map((s) => `seed ${s}`).join(" | ")} | median | in band |`,
    `|---|---|${seedsRun.map(() => "---|").join("")}---|---|`,
  ];
  for (const [stat, band] of Object.entries(BANDS)) {
    const values = perSeed.map((m) => m.get(stat) ?? { value: null });
    const cells = values.map((v) => (v.note ? `${fmt(v.value)} (${v.note})` : fmt(v.value)));
    const known = values.map((v) => v.value).filter((v): v is number => v !== null);
    const mid = known.length ? median(known) : null;
    const verdict =
      mid === null
        ? "n/a"
        : `${inBand(mid, band) ? "yes" : "no"} (${known.filter((v) => inBand(v, band)).length}/${known.length})`;
    const bandText = `${band.min ?? "−∞"} .. ${band.max ?? "∞"}`;
    lines.push(`| ${stat} | ${bandText} | ${cells.join(" | ")} | ${fmt(mid)} | ${verdict} |`);
  }
  return lines;
}

/** The real stories: Reuters-21578 bodies from Debian's r-cran-tm, fetched and unpacked on first use. */
function reutersStories() {
  const { root, version } = unpackedPackage("r-cran-tm", REAL_DIR);
  const texts = join(root, "usr/lib/R/site-library/tm/texts");
  const files = [
    ...["acq", "crude"].flatMap((d) =>
      readdirSync(join(texts, d))
        .sort()
        .map((f) => join(texts, d, f)),
    ),
    join(texts, "reuters-21578.xml"),
  ];
  const stories = new Map<string, { topic: string; title: string; body: string }>();
  for (const file of files) {
    for (const [doc] of readFileSync(file, "latin1").matchAll(/<REUTERS[\s\S]*?<\/REUTERS>/g)) {
      const id = /NEWID="(\d+)"/.exec(doc)?.[1];
      const body = /<BODY>([\s\S]*?)<\/BODY>/.exec(doc)?.[1];
      if (!id || !body || stories.has(id)) continue; // a story in two files counts once; a title-only one not at all
      const topic = /<TOPICS>\s*<D>([^<]*)<\/D>/.exec(doc)?.[1] ?? "none";
      const title = decode(/<TITLE>([\s\S]*?)<\/TITLE>/.exec(doc)?.[1] ?? "");
      stories.set(id, { topic, title, body: clean(body) });
    }
  }
  return { version, stories: [...stories].map(([id, s]) => ({ id, ...s })) };
}

function decode(text: string): string {
  return text
    .replace(/&#(\d+);/g, (_, n) => (Number(n) < 32 ? " " : String.fromCharCode(Number(n))))
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");
}

/**
 * A body as prose: the wire's line breaks joined, its paragraphs (indented lines) kept, the " Reuter"
 * trailer cut, and the angle brackets Reuters puts around an unlisted company's name dropped.
 */
function clean(body: string): string {
  return decode(body)
    .replace(/\s*\bReuter\s*$/i, "")
    .replace(/<([^<>]*)>/g, "$1")
    .split(/\n(?=\s{2,})/)
    .map((p) => p.replace(/\s+/g, " ").trim())
    .filter(Boolean)
    .join("\n\n");
}

const dir = mkdtempSync(join(tmpdir(), "text-realism-"));
try {
  const report: string[] = ["# News text realism", ""];
  const files: string[] = [];
  for (const source of sources) {
    const seedsRun: number[] = [];
    const perSeed: Map<string, Value>[] = [];
    for (let k = 0; k < seeds; k++) {
      const seed = source.seed + k;
      const t0 = performance.now();
      const all = articles({ ...source, seed });
      process.stderr.write(
        `${source.name} seed ${seed}: ${all.length} articles in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`,
      );
      seedsRun.push(seed);
      perSeed.push(statistics(all));
      // The classifier's side: the wire and brief stories, the OURS_PER_SEED whose ids hash lowest.
      const stories = all
        .filter((a) => a.article_format === "wire" || a.article_format === "brief")
        .sort(byHash)
        .slice(0, OURS_PER_SEED);
      const file = join(dir, `${source.name}-${seed}.json`);
      writeFileSync(
        file,
        JSON.stringify({
          scenario: source.name,
          seed,
          rows: stories.map((a) => ({ kind: a.article_format, ...textSurface(a.text) })),
        }),
      );
      files.push(file);
    }
    report.push(...table(source.name, seedsRun, perSeed), "");
  }
  const { version, stories } = reutersStories();
  const real = join(dir, "real.json");
  writeFileSync(
    real,
    JSON.stringify({
      source: `Reuters-21578 stories of Debian's r-cran-tm ${version} (tm/texts: acq, crude, reuters-21578.xml)`,
      rows: stories.map((s) => ({ kind: s.topic, ...textSurface(s.body) })),
    }),
  );
  const python = ensureVenv(PYTHON_DEPS, ["sklearn", "numpy"]);
  const script = join(ROOT, "build/realism/text_discriminate.py");
  const classifier = scriptReport(python, [script, "--real", real, "--permutations", String(permutations), ...files]);
  const text = `${report.join("\n")}\n${classifier}`;
  if (out) writeFileSync(out, text);
  process.stdout.write(text);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
