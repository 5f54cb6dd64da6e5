// `npm run docs:reference`: writes docs/reference.md from the route declarations (build/docs/reference.ts).
// test/reference.test.ts fails while the committed page differs from what this writes.
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { REFERENCE_FILE, renderReference } from "../docs/reference.ts";

writeFileSync(REFERENCE_FILE, await renderReference());
console.log(`Wrote ${fileURLToPath(REFERENCE_FILE)}`);
