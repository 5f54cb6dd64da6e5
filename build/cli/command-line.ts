// The command lines of the npm scripts. Each command declares its options once (build/cli/commands.ts):
// parseArgs reads them and the help is written from them. `--help` (or `-h`) prints the help and exits 0;
// a command line that cannot be read gets one line naming the problem, then the same help, on stderr,
// and exit 2 (never a stack trace).
import { parseArgs, type ParseArgsOptionDescriptor } from "node:util";

/** One option: what parseArgs reads, and what the help says of it. */
export interface Option extends ParseArgsOptionDescriptor {
  /** What it does, in one line. */
  description: string;
  /** The name of its value in the help: DIR, N, FILE (string options). */
  value?: string;
  /** The default where the code, not parseArgs' `default`, gives it: "bundles/", "one per core". */
  defaultText?: string;
  /** The command line is refused without it. */
  required?: boolean;
}

export type Options = Record<string, Option>;

/** A subcommand (or a step), named by the first positional argument. */
export interface Subcommand {
  /** Its arguments, as typed after its name: "--account ID [--limit N]". */
  args?: string;
  description: string;
}

export interface Command<O extends Options = Options, S extends string = string> {
  /** As typed, up to its arguments: "npm run keys", "npm start". */
  name: string;
  /** What it does, in a paragraph or two (separated by a blank line). */
  summary: string;
  options: O;
  /** --no-NAME sets a boolean option to false (parseArgs' allowNegative). */
  allowNegative?: boolean;
  /** Its subcommands by name: the command line names one, first. */
  subcommands?: Record<S, Subcommand>;
  /** The positional arguments it takes (after the subcommand, if any); without it, none. */
  positionals?: { usage: string; description: string };
  /** The environment variables it reads, by name, each with what it does and its default. */
  environment?: Record<string, string>;
  /** Whole command lines, as typed. */
  examples: string[];
}

/** The values parseArgs gives for these options, typed by their declarations. */
export type Values<O extends Options> = ReturnType<typeof parseArgs<{ options: O; strict: true }>>["values"];

export interface CommandLine<O extends Options, S extends string> {
  values: Values<O>;
  /** The positional arguments after the subcommand. */
  positionals: string[];
  /** The subcommand named (a command without subcommands: ""). */
  subcommand: S;
}

/** Declares a command, keeping the types of its options and the names of its subcommands. */
export function defineCommand<const O extends Options, const S extends string = never>(
  command: Command<O, S>,
): Command<O, S> {
  return command;
}

/** This process's command line read by `command`; on --help, or on one it cannot read, the process ends here. */
export function commandLine<O extends Options, S extends string>(
  command: Command<O, S>,
  args: string[] = process.argv.slice(2),
): CommandLine<O, S> {
  if (asksForHelp(args)) {
    process.stdout.write(helpText(command));
    process.exit(0);
  }
  const read = readArgs(command, args);
  if (typeof read === "string") refuse(command, read);
  return read;
}

/** The problem in one line, then the help, on stderr; exit 2. */
function refuse(command: Command, problem: string): never {
  process.stderr.write(`${problem}\n\n${helpText(command)}`);
  process.exit(2);
}

/** --help or -h before any `--` (after which arguments are positional). */
function asksForHelp(args: string[]): boolean {
  const end = args.indexOf("--");
  return (end < 0 ? args : args.slice(0, end)).some((a) => a === "--help" || a === "-h");
}

/** The command line, or the problem with it. */
function readArgs<O extends Options, S extends string>(
  command: Command<O, S>,
  args: string[],
): CommandLine<O, S> | string {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      options: command.options,
      strict: true,
      allowPositionals: Boolean(command.subcommands || command.positionals),
      allowNegative: command.allowNegative ?? false,
    });
  } catch (error) {
    if (!String((error as { code?: unknown }).code).startsWith("ERR_PARSE_ARGS_")) throw error;
    return firstSentence((error as Error).message);
  }
  const [subcommand = "", ...positionals] = command.subcommands ? parsed.positionals : ["", ...parsed.positionals];
  const values = parsed.values as Values<O>;
  return problemWith(command, values, subcommand, positionals) ?? { values, positionals, subcommand: subcommand as S };
}

/** What parseArgs leaves unchecked: the subcommand, positionals where none are taken, required options. */
function problemWith(command: Command, values: Values<Options>, subcommand: string, positionals: string[]) {
  const names = Object.keys(command.subcommands ?? {});
  if (command.subcommands && !subcommand) return `Name a command: ${names.join(", ")}`;
  if (command.subcommands && !names.includes(subcommand)) return `Unknown command '${subcommand}'`;
  if (!command.positionals && positionals.length) return `Unexpected argument '${positionals[0]}'`;
  const missing = Object.keys(command.options).find((name) => command.options[name].required && !(name in values));
  return missing && `--${missing} is required`;
}

/** parseArgs' messages go on with advice on `--`; the first sentence names the problem. */
const firstSentence = (message: string) => message.split(/\.(?:\s|$)/)[0];

/** Where the help's paragraphs wrap. */
const WIDTH = 100;

/** The help: usage, summary, subcommands, arguments, options, environment, examples. */
function helpText(command: Command): string {
  const positionals = command.positionals ? [[command.positionals.usage, command.positionals.description]] : [];
  const options = Object.entries(command.options).map(([name, option]) => [flag(name, option), about(option)]);
  return [
    usage(command),
    "",
    wrap(command.summary, ""),
    ...section("Commands", subcommandLines(command)),
    ...section("Arguments", table(positionals)),
    ...section("Options", table([...options, ["-h, --help", "print this help"]])),
    ...section("Environment", table(Object.entries(command.environment ?? {}))),
    ...section("Examples", table(command.examples.map((line) => [line]))),
    "",
  ].join("\n");
}

/** `usage: npm run keys -- <create|list|...> [options]`, with the options it requires. */
function usage(command: Command): string {
  const required = Object.entries(command.options).filter(([, option]) => option.required);
  const words = [
    command.subcommands ? `<${Object.keys(command.subcommands).join("|")}>` : "",
    ...required.map(([name, option]) => flag(name, option)),
    required.length < Object.keys(command.options).length ? "[options]" : "",
    command.positionals?.usage ?? "",
  ].filter(Boolean);
  return `usage: ${command.name}${words.length ? ` -- ${words.join(" ")}` : ""}`;
}

function subcommandLines(command: Command): string[] {
  return Object.entries<Subcommand>(command.subcommands ?? {}).flatMap(([name, sub]) => [
    `  ${name}${sub.args ? ` ${sub.args}` : ""}`,
    wrap(sub.description, "      "),
  ]);
}

/** `--name VALUE`, `-n, --name`, or `--[no-]name` for a boolean on by default. */
function flag(name: string, option: Option): string {
  const short = option.short ? `-${option.short}, ` : "";
  const negatable = option.type === "boolean" && option.default === true ? "[no-]" : "";
  const value = option.type === "string" ? ` ${option.value ?? "VALUE"}` : "";
  return `${short}--${negatable}${name}${value}`;
}

/** What an option does, and whether it repeats, is required, or has a default. */
function about(option: Option): string {
  const notes = [
    option.multiple ? "repeatable" : "",
    option.required ? "required" : "",
    option.defaultText !== undefined ? `default: ${option.defaultText}` : "",
    typeof option.default === "string" ? `default: ${option.default}` : "",
    option.default === true ? "on by default" : "",
  ].filter(Boolean);
  return notes.length ? `${option.description} (${notes.join("; ")})` : option.description;
}

/** Rows of one or two columns, indented, the second aligned. */
function table(rows: string[][]): string[] {
  const width = Math.max(0, ...rows.map(([left]) => left.length)) + 2;
  return rows.map(([left, right]) => (right === undefined ? `  ${left}` : `  ${left.padEnd(width)}${right}`));
}

const section = (title: string, lines: string[]) => (lines.length ? ["", `${title}:`, ...lines] : []);

/** Paragraphs (separated by a blank line) wrapped at WIDTH, each line indented. */
function wrap(text: string, indent: string): string {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => {
      const lines: string[] = [];
      let line = "";
      for (const word of paragraph.split(/\s+/).filter(Boolean)) {
        if (!line) line = word;
        else if (indent.length + line.length + 1 + word.length <= WIDTH) line = `${line} ${word}`;
        else {
          lines.push(line);
          line = word;
        }
      }
      return [...lines, line].map((l) => indent + l).join("\n");
    })
    .join("\n\n");
}
