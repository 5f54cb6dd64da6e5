// `npm run docs:library`: writes docs/library.md from the library's sources (build/docs/library.ts).
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { LIBRARY_FILE, renderLibrary } from "../docs/library.ts";

writeFileSync(LIBRARY_FILE, renderLibrary());
console.log(`Wrote ${fileURLToPath(LIBRARY_FILE)}`);
