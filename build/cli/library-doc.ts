// `npm run docs:library`: writes docs/library.md from the library's sources (build/docs/library.ts).
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { commandLine } from "./command-line.ts";
import { DOCS_LIBRARY } from "./commands.ts";

commandLine(DOCS_LIBRARY);
// The project's modules load once the command line is read, so that --help answers at once.
const { LIBRARY_FILE, renderLibrary } = await import("../docs/library.ts");

writeFileSync(LIBRARY_FILE, renderLibrary());
console.log(`Wrote ${fileURLToPath(LIBRARY_FILE)}`);
