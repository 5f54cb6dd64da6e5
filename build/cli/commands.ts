// What each npm script's command line takes: its options (read by parseArgs, build/cli/command-line.ts),
// subcommands, environment and examples, from which its --help is written. Data only: each command
// line reads its own declaration here; test/tools/command-lines.test.ts runs every one with --help.
import { DEFAULT_RATE_LIMIT_PER_MINUTE } from "../../src/keys.ts";
import { defineCommand, type Options } from "./command-line.ts";

/** The variables the S3 store reads (build/store/object-store.ts, r2ConfigFromEnv). */
const R2_ENVIRONMENT = {
  R2_ACCOUNT_ID: "the Cloudflare account of the bucket (or CLOUDFLARE_ACCOUNT_ID, or R2_ENDPOINT)",
  R2_ACCESS_KEY_ID: "an R2 API token's key id, with Object Read & Write on the bucket",
  R2_SECRET_ACCESS_KEY: "that token's secret",
  R2_BUCKET: "the bucket (default: bucket_name in wrangler.toml)",
  R2_ENDPOINT: "the S3 endpoint, e.g. a jurisdiction's (default: the account's)",
};

/** The library's scenario sources, where a command reads them (--src). */
const SOURCES_OPTION = {
  type: "string",
  value: "DIR",
  description: "the scenario sources",
  defaultText: "scenarios-src/",
} as const;

/** Only the scenarios named (--name, repeatable). */
const NAMED_OPTION = {
  type: "string",
  value: "NAME",
  multiple: true,
  description: "only the scenario of this name",
} as const;

export const START = defineCommand({
  name: "npm start",
  summary:
    "Build the default subset of the scenario library into the bundles directory, then serve everything " +
    "built there on 127.0.0.1 through workerd, with a local API key (created once, kept in the state " +
    "directory's api-key). " +
    "Once serving, it builds the bulk exports those scenarios lack in the background, smallest first (the " +
    "largest takes minutes); until each is ready its export routes answer 503 with Retry-After. " +
    "Ctrl+C or SIGTERM stops it: the export build ends, requests in flight finish (for a few seconds at most), " +
    "then workerd is ended.",
  options: {
    bundles: {
      type: "string",
      value: "DIR",
      description: "the bundles directory to build into and serve",
      defaultText: "bundles/",
    },
    state: {
      type: "string",
      value: "DIR",
      description: "where the local API key and the runtime's state (keys, rate limits) are kept",
      defaultText: ".local/",
    },
    r2: {
      type: "string",
      value: "DIR",
      description: "serve, without building, the local R2 in DIR that `npm run publish:bundles -- --local DIR` fills",
    },
    exports: {
      type: "boolean",
      default: true,
      description: "build the bulk exports the default subset lacks, in the background once serving",
    },
  },
  allowNegative: true,
  environment: { PORT: "the port on 127.0.0.1 to serve on (default: 8787)" },
  examples: [
    "npm start",
    "PORT=8788 npm start -- --bundles /tmp/bundles --state /tmp/state",
    "npm start -- --r2 .local/r2",
    "npm start -- --no-exports",
  ],
});

export const BUILD = defineCommand({
  name: "npm run build:scenarios",
  summary:
    "Build scenarios into the bundles directory (build/pipeline/library.ts), several at once, skipping those already " +
    "built from the same source and generator, then the bulk exports of those without one (build/exports). " +
    "Without --all, the default subset; `npm run build:library` is the same with --all: every scenario of the " +
    "library. Fails when a scenario fails its validation, naming the checks.",
  options: {
    all: { type: "boolean", default: false, description: "every scenario of the library, not only the default subset" },
    name: NAMED_OPTION,
    force: {
      type: "boolean",
      default: false,
      description: "build again scenarios already built from the same source and generator",
    },
    prune: {
      type: "boolean",
      default: false,
      description: "delete the local versions that are not current: superseded ones, and those of names no source has",
    },
    out: { type: "string", value: "DIR", description: "the bundles directory to build into", defaultText: "bundles/" },
    src: SOURCES_OPTION,
    jobs: { type: "string", value: "N", description: "scenarios built at once", defaultText: "one per core" },
    exports: { type: "boolean", default: true, description: "build the bulk exports of the scenarios without one" },
  },
  allowNegative: true,
  examples: [
    "npm run build:scenarios",
    "npm run build:library -- --name gfc-2008 --name rate-shock-2022 --force",
    "npm run build:library -- --prune --jobs 2 --no-exports",
  ],
});

export const FIND_SEED = defineCommand({
  name: "npm run library:find-seed",
  summary:
    "The first seeds, from --from on, whose world holds the scenario's story and every other error check, built " +
    "in memory; a twin is tried with its twin, on the one seed they share. Prints each seed tried, its failed " +
    "checks, and stops at the first that holds; with --replicas K, once K seeds other than the scenario's own " +
    "and its replicas' hold, and with --write adds them to the scenario's replicas in its theme's file. With " +
    "--repair, checks the scenario's replicas and finds a new seed for each that fails (from one past the largest " +
    "replica seed), which --write puts in its place.",
  options: {
    name: { type: "string", value: "NAME", required: true, description: "the scenario" },
    from: { type: "string", value: "SEED", description: "the first seed tried", defaultText: "the scenario's own" },
    tries: { type: "string", value: "N", default: "10", description: "how many seeds to try at most" },
    replicas: {
      type: "string",
      value: "K",
      description: 'find K seeds for the scenario\'s replicas (docs/scenarios.md, "Replicas")',
    },
    repair: {
      type: "boolean",
      default: false,
      description: "check the scenario's replicas and find a new seed for each whose world fails",
    },
    write: {
      type: "boolean",
      default: false,
      description: "with --replicas or --repair: write the seeds found into the theme's file",
    },
    src: SOURCES_OPTION,
  },
  examples: [
    "npm run library:find-seed -- --name rate-shock-2022",
    "npm run library:find-seed -- --name gfc-2008 --from 100 --tries 20",
    "npm run library:find-seed -- --name calm-2017-quick --replicas 6 --from 1 --tries 30 --write",
    "npm run library:find-seed -- --name gold-peak-2011-quick --repair --write",
  ],
});

export const LIBRARY_CHECK = defineCommand({
  name: "npm run library:check",
  summary:
    "Every scenario of the library (replicas and twins included), or those named, generated in memory and put " +
    "through its validation's error checks, story checks included, as a build would, without writing a bundle. " +
    "Prints a line for each scenario as it finishes, the failed checks under one that fails, and a count; exits 1 " +
    "when one fails. After a new generator, `library:find-seed -- --repair` finds replicas that fail new seeds.",
  options: {
    name: NAMED_OPTION,
    jobs: { type: "string", value: "N", description: "scenarios checked at once", defaultText: "one per core" },
    src: SOURCES_OPTION,
  },
  examples: ["npm run library:check", "npm run library:check -- --name rate-shock-2022 --name gfc-long-cycle-quick"],
});

export const LIBRARY_CI = defineCommand({
  name: "npm run library:ci",
  summary:
    "The steps of .github/workflows/library.yml, which publishes the library from CI, runnable anywhere. The " +
    "bucket is R2 through its S3 API (the environment below), or a local R2 with --local DIR. A run that fails " +
    "or is stopped before `switch` lists nothing new: published ids keep their bytes.",
  subcommands: {
    plan: {
      args: "[--slices N]",
      description:
        "the scenarios the bucket lacks (no current version built from the same source and generator), dealt " +
        "into at most N slices of like cost: prints slices=<json> (a GitHub step output)",
    },
    build: {
      args: "--slice JSON --out DIR",
      description: "builds one slice and its exports; fails, naming the checks, if a scenario is unhealthy",
    },
    upload: {
      args: "--bundles DIR",
      description: "uploads a slice's objects (content-addressed: each under its id), not the catalog",
    },
    switch: {
      args: "--catalogs DIR",
      description:
        "lists every slice's scenarios (the catalog.mpk of each, under DIR) in the bucket's catalog, in one " +
        "write: run only when every slice has succeeded",
    },
  },
  options: {
    slices: { type: "string", value: "N", default: "8", description: "plan: the most slices" },
    slice: {
      type: "string",
      value: "JSON",
      description: 'build: the slice, as plan prints it: {"index":1,"names":[...]}',
    },
    out: { type: "string", value: "DIR", description: "build: where to build the slice" },
    bundles: { type: "string", value: "DIR", description: "upload: the slice's built bundles" },
    catalogs: { type: "string", value: "DIR", description: "switch: the directory holding every slice's catalog.mpk" },
    src: {
      type: "string",
      value: "DIR",
      description: "plan, build, switch: the scenario sources, with their retired.yaml",
      defaultText: "scenarios-src/",
    },
    local: {
      type: "string",
      value: "DIR",
      description: "plan, upload, switch: the local R2 in DIR, not the bucket",
    },
  },
  environment: R2_ENVIRONMENT,
  examples: [
    "npm run library:ci -- plan --local .local/r2",
    `npm run library:ci -- build --slice '{"index":1,"names":["rate-shock-2022"]}' --out .local/slices/1`,
    "npm run library:ci -- upload --bundles .local/slices/1 --local .local/r2",
    "npm run library:ci -- switch --catalogs .local/slices --local .local/r2",
  ],
});

export const KEYS = defineCommand({
  name: "npm run keys",
  summary:
    "Manage API keys. Keys live in the KEYS KV namespace only as SHA-256 hashes; the key itself is printed " +
    "once, on creation, and nowhere else. Without --local, wrangler manages the deployed namespace of " +
    "wrangler.toml; with --local, the keys of `npm start` (also while it runs).",
  subcommands: {
    create: {
      args: "--account ID [--limit N] [--label TEXT] [--scenario ID --horizon DATE]",
      description: "issue a key; with --scenario and --horizon, a clock key: that scenario only, up to DATE",
    },
    list: { description: "every key: its hash (prefix), account, limit, label, creation and clock" },
    revoke: { args: "--hash PREFIX | --key KEY", description: "delete a key" },
    advance: {
      args: "--hash PREFIX | --key KEY --to DATE",
      description:
        "move a clock key's horizon forward (never back); its answers follow within 30 s (the worker's key cache)",
    },
  },
  options: {
    account: { type: "string", value: "ID", description: "create: the account the key is issued to" },
    limit: {
      type: "string",
      value: "N",
      default: String(DEFAULT_RATE_LIMIT_PER_MINUTE),
      description: "create: its rate limit, requests per minute",
    },
    label: { type: "string", value: "TEXT", description: "create: a note kept with the key, shown by list" },
    scenario: {
      type: "string",
      value: "ID",
      description: "create: with --horizon, a clock key for this scenario only",
    },
    horizon: {
      type: "string",
      value: "DATE",
      description: "create: the clock key's horizon (YYYY-MM-DD): nothing after it is served",
    },
    hash: {
      type: "string",
      value: "PREFIX",
      description: "revoke, advance: the key, by a prefix of its hash as list prints it",
    },
    key: { type: "string", value: "KEY", description: "revoke, advance: the key itself" },
    to: {
      type: "string",
      value: "DATE",
      description: "advance: the clock's new horizon (YYYY-MM-DD), not before the old one",
    },
    local: {
      type: "boolean",
      default: false,
      description: "manage the keys of `npm start`, not the deployed namespace",
    },
    state: {
      type: "string",
      value: "DIR",
      description: "with --local: the state directory of an `npm start -- --state DIR`",
      defaultText: ".local/",
    },
  },
  examples: [
    "npm run keys -- create --account acme --limit 60",
    "npm run keys -- create --account eval-run-17 --scenario <id> --horizon 2008-06-30 --local",
    "npm run keys -- advance --key <key> --to 2008-07-01 --local",
    "npm run keys -- list --local",
    "npm run keys -- revoke --hash 3f2a9c01d4e7",
  ],
});

export const PUBLISH = defineCommand({
  name: "npm run publish:bundles",
  summary:
    "Publish the built bundles (build/store/publish.ts) to the deployment's R2 bucket through its S3 API (the " +
    "environment below), or to a local R2 with --local. Scenarios already there are skipped; the retired " +
    "scenarios leave the catalog. Ctrl+C stops it: nothing new is listed, and running again completes it.",
  options: {
    bundles: { type: "string", value: "DIR", description: "the bundles directory to publish", defaultText: "bundles/" },
    local: {
      type: "string",
      value: "DIR",
      description: "publish to the local R2 in DIR (what `npm start -- --r2 DIR` serves), not to the bucket",
    },
    // DEFAULT_CONCURRENCY of build/store/publish.ts (test/tools/command-lines.test.ts checks it), not imported
    // here: every command line reads this file before anything else, and --help loads no store.
    concurrency: { type: "string", value: "N", default: "16", description: "uploads at once" },
    retired: {
      type: "string",
      value: "FILE",
      description: "the retired scenarios' ids, which leave the catalog",
      defaultText: "scenarios-src/retired.yaml",
    },
  },
  environment: R2_ENVIRONMENT,
  examples: ["npm run publish:bundles", "npm run publish:bundles -- --local .local/r2 --concurrency 4"],
});

export const FINGERPRINT = defineCommand({
  name: "npm run fingerprint",
  summary:
    "What a bundles directory holds and what the worker serves from it, as hashes, so that a change meant to " +
    "alter neither (a refactor) can be checked byte for byte: every bundle object but the build stamps, and the " +
    "answers (status, type, ETag and body) to a fixed set of requests over every route, every scenario, a few " +
    "of its instruments and dates. Prints one hash of each part; two files of --out compare line by line (diff).",
  options: {
    bundles: {
      type: "string",
      value: "DIR",
      required: true,
      description: "the bundles directory, served through workerd",
    },
    out: { type: "string", value: "FILE", description: "write every object's and every answer's line to FILE" },
  },
  examples: ["npm run fingerprint -- --bundles bundles --out before.txt"],
});

export const REPORT = defineCommand({
  name: "npm run report",
  summary:
    "Print the validation reports of built scenarios: each check's observed value against its band, marked ok, " +
    "FAIL (an error) or warn.",
  positionals: {
    usage: "[name-or-id...]",
    description: "only these scenarios, by name or id (default: every scenario of the catalog)",
  },
  options: {
    out: { type: "string", value: "DIR", description: "the bundles directory to read", defaultText: "bundles/" },
  },
  examples: ["npm run report", "npm run report -- gfc-2008 rate-shock-2022", "npm run report -- --out /tmp/bundles"],
});

/** The options of the realism commands that measure scenarios over seeds (build/cli/seeded-run.ts). */
export const SEEDED_OPTIONS = {
  scenario: {
    type: "string",
    value: "NAME",
    multiple: true,
    description: "a scenario of the library",
    defaultText: "the default subset",
  },
  seeds: { type: "string", value: "N", default: "4", description: "each scenario's own seed and the next N-1" },
  out: { type: "string", value: "FILE", description: "also write the report to FILE" },
} as const satisfies Options;

/** How many relabelings a classifier test's null takes. */
const permutationsOption = (what: string) =>
  ({
    type: "string",
    value: "N",
    default: "20",
    description: `${what} behind each comparison's null p95 (fewer for a quick check)`,
  }) as const;

export const DISCRIMINATE = defineCommand({
  name: "npm run realism:discriminate",
  summary:
    "The classifier two-sample test of docs/realism-discriminator.md: generates each scenario's index fund (SPY) " +
    "and macro tape in memory, at each seed, and runs build/realism/discriminate.py against the S&P 500 and VIX " +
    "that the `arch` package ships, in a venv of its own (.local/realism-venv, made on first use). Prints the " +
    "Markdown report.",
  options: {
    ...SEEDED_OPTIONS,
    permutations: permutationsOption("block-shuffled labelings"),
  },
  examples: [
    "npm run realism:discriminate",
    "npm run realism:discriminate -- --scenario rate-shock-2022 --seeds 2 --out report.md",
    "npm run realism:discriminate -- --scenario rate-shock-2022 --seeds 2 --permutations 4",
  ],
});

export const TEXT_REALISM = defineCommand({
  name: "npm run realism:text",
  summary:
    "The news text against its bands and against real wire stories (docs/text-realism.md): generates each " +
    "scenario's world with its companies and news in memory, at each seed, and prints the text statistics of " +
    "the validation report (median words by format, distinct titles, 5-gram resemblance, type-token ratio) per " +
    "seed against their bands. Then a classifier two-sample test, build/realism/text_discriminate.py in a venv " +
    "of its own (.local/realism-venv, made on first use), of the wire and brief stories' surface against the " +
    "Reuters-21578 stories that Debian's r-cran-tm ships (fetched with apt-get download into " +
    ".local/realism-text on first use). Prints the Markdown report.",
  options: {
    ...SEEDED_OPTIONS,
    permutations: permutationsOption("shuffled labelings"),
  },
  examples: [
    "npm run realism:text -- --scenario megacap-tech-2023",
    "npm run realism:text -- --scenario crisis-cycle-2005 --seeds 2 --out text.md",
    "npm run realism:text -- --scenario megacap-tech-2023 --seeds 2 --permutations 4",
  ],
});

export const PANEL_REALISM = defineCommand({
  name: "npm run realism:panel",
  summary:
    "Single stocks and the cross-section against a real panel of stocks (docs/realism-panel.md): generates each " +
    "scenario's stocks (through the stocks family) and SPY in memory, at each seed, and runs " +
    "build/realism/panel_discriminate.py against skfolio's 20 S&P 500 stocks (build/realism/panels/skfolio-sp500) " +
    "over the scenario's dates, in a venv of its own (.local/realism-venv, made on first use). Prints per-stock " +
    "and cross-section statistics side by side, real against each seed, and the classifier two-sample tests of " +
    "single-stock and panel windows with their real-vs-real sanity rows, as a Markdown report. With fBasics' " +
    "DowJones30 (fetched for a scenario before 2001, or with --real-cross-check), the real panels are also " +
    "compared with each other.",
  options: {
    ...SEEDED_OPTIONS,
    scenario: { ...SEEDED_OPTIONS.scenario, default: ["crisis-cycle-2005"], defaultText: "crisis-cycle-2005" },
    permutations: permutationsOption("block-shuffled labelings"),
    "real-cross-check": {
      type: "boolean",
      default: false,
      description:
        "also compare the real panels with each other (skfolio's names against DowJones30's other names, " +
        "1991-2000), fetching DowJones30 as a scenario before 2001 does; such a scenario runs it anyway",
    },
  },
  examples: [
    "npm run realism:panel",
    "npm run realism:panel -- --scenario crisis-cycle-2005 --seeds 4 --out panel.md",
    "npm run realism:panel -- --scenario rate-shock-2022 --seeds 2 --permutations 4",
    "npm run realism:panel -- --real-cross-check --scenario rate-shock-2022 --seeds 1",
  ],
});

export const BANDS = defineCommand({
  name: "npm run realism:bands",
  summary:
    "Each scenario's validation report at each seed, built in memory and thrown away, as one Markdown table per " +
    "scenario: every statistical check, every story check, and any other check that failed at some seed, " +
    "observed per seed against its band. A band that holds at one seed may be luck; over four it is the generator.",
  options: SEEDED_OPTIONS,
  examples: [
    "npm run realism:bands",
    "npm run realism:bands -- --scenario gfc-2008 --scenario rate-shock-2022 --out bands.md",
  ],
});

export const DOCS_REFERENCE = defineCommand({
  name: "npm run docs:reference",
  summary:
    "Write docs/reference.md from the route declarations (build/docs/reference.ts), and the tool tables of " +
    "docs/mcp.md from the tool declarations (build/docs/mcp-table.ts). test/fast/reference.test.ts and " +
    "test/fast/mcp-doc.test.ts fail while a committed page differs from what this writes. It takes no arguments.",
  options: {},
  examples: ["npm run docs:reference"],
});

export const DOCS_LIBRARY = defineCommand({
  name: "npm run docs:library",
  summary:
    "Write docs/library.md from the library's sources (build/docs/library.ts). test/fast/library.test.ts fails while " +
    "the committed page differs from what this writes. It takes no arguments.",
  options: {},
  examples: ["npm run docs:library"],
});

export const BUILD_CLIENT = defineCommand({
  name: "npm run build:client",
  summary:
    "Write the TypeScript client's types (clients/typescript/src/schema.d.ts) from the route declarations " +
    "(build/clients/types.ts). It takes no arguments.",
  options: {},
  examples: ["npm run build:client"],
});

export const BENCH = defineCommand({
  name: "npm run bench",
  summary:
    "Build the scenario library plus two ten-year bench scenarios into a temporary directory, time the build, " +
    "then load the local serving path (the worker in workerd, through miniflare) with autocannon: each case " +
    "paired with a bare hello-world worker, the two alternating, over several rounds. Prints each case's " +
    "figures and the issues' targets; fails only when a case answers with wrong statuses.\n\n" +
    "It takes no arguments: the environment sets it.",
  options: {},
  environment: {
    BENCH_QUICK: "set to 1: 2 rounds of 1 s and smaller warm-ups (the quick defaults below)",
    BENCH_ONLY: "only these cases, by the ids the table shows, comma-separated: a,b,c+ (default: every case)",
    BENCH_ROUNDS: "rounds per case (default: 5; quick: 2)",
    BENCH_SECONDS: "seconds per case and round (default: 2; quick: 1)",
    BENCH_SLICES: "slices each pair is cut into, case and hello-world alternating (default: 4; quick: 2)",
    BENCH_CONNECTIONS: "connections at once (default: 16)",
    BENCH_WARMUP: "warm-up requests per case (default: 300; quick: 100)",
    BENCH_ETAGS: "distinct URLs for the 304 case (default: 3000; quick: 1500)",
    BENCH_BUNDLES: "a directory to build in and keep: unchanged scenarios are not built again next time",
    BENCH_JSON: "a file to write every run's raw figures to, as JSON",
    BENCH_STATE_DIR:
      "where the runtime keeps its Durable Objects and KV, as `npm start`'s state directory (default: a temp directory of miniflare's)",
  },
  examples: [
    "npm run bench",
    "BENCH_QUICK=1 BENCH_ONLY=a,b,c+ npm run bench",
    "BENCH_ROUNDS=7 BENCH_JSON=bench.json npm run bench",
  ],
});

export const EVALUATE = defineCommand({
  name: "npm run evaluate",
  summary:
    "Evaluate an agent (docs/evaluation.md): one run per chosen scenario, each driven by its own process of the " +
    "agent's command, started with the run's key, id and the service's address in its environment (SYNTH_KEY, " +
    "SYNTH_RUN_ID, SYNTH_BASE, SYNTH_SCENARIO) and ended when its wall time runs out. Writes a JSON result file " +
    "and a Markdown report: each score's mean over the scenarios with a 95% bootstrap interval, its excess over " +
    "the baselines, by theme, the masked twins' memorization gap, and the counterfactual twins' peeking check. " +
    "\n\nWithout --base-url it uses the service `npm start` serves on 127.0.0.1 (PORT, default 8787) if one " +
    "answers there, else serves the bundles directory itself for the evaluation; either way with the local key.",
  options: {
    agent: {
      type: "string",
      value: "COMMAND",
      required: true,
      description: "the agent's command line, run by the shell once per scenario",
    },
    label: {
      type: "string",
      value: "LABEL",
      description: "the agent's name on its runs and the leaderboard",
      defaultText: "the command's file name",
    },
    name: NAMED_OPTION,
    theme: { type: "string", value: "THEME", multiple: true, description: "only the scenarios of this theme" },
    split: {
      type: "string",
      value: "SPLIT",
      description: "only the scenarios of this split: train, validation, test or holdout",
    },
    replicas: {
      type: "boolean",
      default: true,
      description: "also the replicas of the chosen scenarios (the same story at other seeds)",
    },
    masked: {
      type: "boolean",
      default: false,
      description: "also each test-split scenario's masked twin, for the memorization gap",
    },
    parallel: { type: "string", value: "N", default: "2", description: "runs at once" },
    timeout: { type: "string", value: "SECONDS", default: "900", description: "the wall time of one agent process" },
    out: {
      type: "string",
      value: "DIR",
      description: "where the result file, the report and the agents' logs go",
      defaultText: "evaluations/<label>-<time>/",
    },
    "base-url": { type: "string", value: "URL", description: "the service to evaluate on (with --key)" },
    key: { type: "string", value: "KEY", description: "the account's API key there", defaultText: "the local key" },
    bundles: {
      type: "string",
      value: "DIR",
      description: "the bundles directory to serve when no service answers",
      defaultText: "bundles/",
    },
    state: { type: "string", value: "DIR", description: "the local key and state", defaultText: ".local/" },
  },
  allowNegative: true,
  environment: { PORT: "where to look for `npm start` (default 8787)" },
  examples: [
    'npm run evaluate -- --agent "node examples/agents/momentum.ts" --split test --masked',
    'npm run evaluate -- --agent "python my_agent.py" --label mine --theme gfc-2008 --parallel 2 --timeout 600',
    'npm run evaluate -- --agent "node examples/agents/buy-and-hold.ts" --name megacap-tech-2023 --base-url https://api.example.com --key $KEY',
  ],
});

/** Each command by the file an npm script runs. */
export const COMMANDS = {
  "build/cli/start.ts": START,
  "build/cli/build.ts": BUILD,
  "build/cli/find-seed.ts": FIND_SEED,
  "build/cli/library-check.ts": LIBRARY_CHECK,
  "build/cli/library-ci.ts": LIBRARY_CI,
  "build/cli/keys.ts": KEYS,
  "build/cli/publish.ts": PUBLISH,
  "build/cli/fingerprint.ts": FINGERPRINT,
  "build/cli/report.ts": REPORT,
  "build/cli/discriminate.ts": DISCRIMINATE,
  "build/cli/bands.ts": BANDS,
  "build/cli/text-realism.ts": TEXT_REALISM,
  "build/cli/panel-realism.ts": PANEL_REALISM,
  "build/cli/reference.ts": DOCS_REFERENCE,
  "build/cli/library-doc.ts": DOCS_LIBRARY,
  "build/cli/client-types.ts": BUILD_CLIENT,
  "build/cli/evaluate.ts": EVALUATE,
  "test/bench/run.ts": BENCH,
};
