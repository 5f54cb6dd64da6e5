// Every command line helps: each npm script that runs a file of the project answers `--help` with its
// options, subcommands, environment and examples (exit 0), and a command line it cannot read with one
// line naming the problem, then the same help, on stderr (exit 2, no stack trace). Each script's file
// runs under node directly, with the arguments its script adds, all of them at once.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import type { Command } from "../../build/cli/command-line.ts";
import { COMMANDS, PUBLISH } from "../../build/cli/commands.ts";
import { DEFAULT_CONCURRENCY } from "../../build/store/publish.ts";

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

function run(file: string, args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [file, ...args], { stdio: ["ignore", "pipe", "pipe"], timeout: 60_000 });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (text: string) => (stdout += text));
    child.stderr.setEncoding("utf8").on("data", (text: string) => (stderr += text));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

interface Script {
  /** As the user types it: "npm start", "npm run keys". */
  typed: string;
  file: string;
  /** The arguments the script adds (build:library's --all). */
  args: string[];
}

/** The npm scripts that run a file of the project under node. */
const scripts: Script[] = Object.entries(
  JSON.parse(readFileSync("package.json", "utf8")).scripts as Record<string, string>,
).flatMap(([name, line]) => {
  const match = /^(?:exec )?node (\S+\.ts)((?: --\S+)*)$/.exec(line);
  const typed = name === "start" ? "npm start" : `npm run ${name}`;
  return match ? [{ typed, file: match[1], args: match[2].split(" ").filter(Boolean) }] : [];
});
const commandOf = (file: string): Command => COMMANDS[file as keyof typeof COMMANDS];

/** Command lines with other problems than an unknown option: file, arguments, the problem's line. */
const problems: [string, string[], string][] = [
  ["build/cli/keys.ts", ["create", "--account"], "Option '--account <value>' argument missing"],
  ["build/cli/keys.ts", [], "Name a command: create, list, revoke, advance"],
  ["build/cli/library-ci.ts", ["deploy"], "Unknown command 'deploy'"],
  ["build/cli/library-ci.ts", ["plan", "extra"], "Unexpected argument 'extra'"],
  ["build/cli/publish.ts", ["extra"], "Unexpected argument 'extra'"],
  ["build/cli/find-seed.ts", ["--tries", "3"], "--name is required"],
  ["build/cli/fingerprint.ts", ["--out", "x.txt"], "--bundles is required"],
  ["build/cli/reference.ts", ["docs/reference.md"], "Unexpected argument 'docs/reference.md'"],
  ["build/cli/build.ts", ["--jobs"], "Option '--jobs <value>' argument missing"],
];

/** Every run, started together before the tests read them: by file and arguments. */
const runs = new Map<string, Promise<Run>>();
const runOf = (file: string, args: string[]) => runs.get(`${file} ${args.join(" ")}`)!;
beforeAll(() => {
  const all = [
    ...scripts.flatMap(({ file, args }) => [
      [file, [...args, "--help"]],
      [file, [...args, "--nope"]],
    ]),
    ...problems.map(([file, args]) => [file, args]),
    ["build/cli/report.ts", ["-h"]],
  ] as [string, string[]][];
  for (const [file, args] of all) runs.set(`${file} ${args.join(" ")}`, run(file, args));
});

describe("the npm scripts' command lines", () => {
  it("are each declared in build/cli/commands.ts", () => {
    expect(scripts.length).toBeGreaterThanOrEqual(15);
    expect(new Set(scripts.map((s) => s.file))).toEqual(new Set(Object.keys(COMMANDS)));
  });

  it("name in their examples and subcommands only the options they declare", () => {
    for (const command of Object.values(COMMANDS) as Command[]) {
      const subcommands = Object.values(command.subcommands ?? {}).map((s) => s.args ?? "");
      const named = [...command.examples, ...subcommands].flatMap((line) =>
        [...line.matchAll(/(?:^|\s|\[)--([a-z][\w-]*)/g)].map((m) => m[1]),
      );
      const declared = (name: string) =>
        name in command.options || (command.allowNegative && name.replace(/^no-/, "") in command.options);
      expect(
        named.filter((name) => !declared(name)),
        command.name,
      ).toEqual([]);
    }
  });

  it("say the defaults the code has", () => {
    expect(PUBLISH.options.concurrency.default).toBe(String(DEFAULT_CONCURRENCY));
  });

  it.each(scripts.map((s) => [s.typed, s] as const))(
    "%s -- --help: its options and examples, exit 0",
    async (typed, { file, args }) => {
      const command = commandOf(file);
      const help = await runOf(file, [...args, "--help"]);
      expect(help.stderr).toBe("");
      expect(help.status).toBe(0);
      expect(help.stdout.startsWith(`usage: ${command.name}`)).toBe(true);
      for (const option of Object.keys(command.options))
        expect(help.stdout).toMatch(new RegExp(`^  (-\\w, )?--(\\[no-\\])?${option} `, "m"));
      for (const subcommand of Object.keys(command.subcommands ?? {}))
        expect(help.stdout).toMatch(new RegExp(`^  ${subcommand}( |$)`, "m"));
      for (const variable of Object.keys(command.environment ?? {}))
        expect(help.stdout).toMatch(new RegExp(`^  ${variable} `, "m"));
      expect(help.stdout).toMatch(/^ {2}-h, --help /m);
      const examples = help.stdout.split("\nExamples:\n")[1]?.split("\n") ?? [];
      expect(examples.some((line) => line.includes(typed))).toBe(true);
    },
  );

  it.each(scripts.map((s) => [s.typed, s] as const))(
    "%s -- --nope: the problem and the help on stderr, exit 2",
    async (_, { file, args }) => {
      const help = await runOf(file, [...args, "--help"]);
      const unknown = await runOf(file, [...args, "--nope"]);
      expect(unknown.stdout).toBe("");
      expect(unknown.stderr).toBe(`Unknown option '--nope'\n\n${help.stdout}`);
      expect(unknown.status).toBe(2);
    },
  );

  it.each(problems)("%s %j: %s, then the help, exit 2", async (file, args, problem) => {
    const refused = await runOf(file, args);
    expect(refused.stderr.split("\n")[0]).toBe(problem);
    expect(refused.stderr).toContain(`\n\nusage: ${commandOf(file).name}`);
    expect(refused.stderr).not.toMatch(/^\s+at /m);
    expect(refused.status).toBe(2);
  });

  it("takes -h for --help", async () => {
    const help = await runOf("build/cli/report.ts", ["-h"]);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^usage: npm run report -- \[options\] \[name-or-id\.\.\.\]\n/);
  });
});
