// `npm run docs:reference`: writes docs/reference.md from the route declarations (build/docs/reference.ts).
// test/fast/reference.test.ts fails while the committed page differs from what this writes.
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { commandLine } from "./command-line.ts";
import { DOCS_REFERENCE } from "./commands.ts";

commandLine(DOCS_REFERENCE);
// The project's modules load once the command line is read, so that --help answers at once.
const { REFERENCE_FILE, renderReference } = await import("../docs/reference.ts");

writeFileSync(REFERENCE_FILE, await renderReference());
console.log(`Wrote ${fileURLToPath(REFERENCE_FILE)}`);
