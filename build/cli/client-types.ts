// Writes the TypeScript client's types from the route declarations (build/clients/types.ts).
import { writeFileSync } from "node:fs";
import { commandLine } from "./command-line.ts";
import { BUILD_CLIENT } from "./commands.ts";

commandLine(BUILD_CLIENT);
// The project's modules load once the command line is read, so that --help answers at once.
const { createApp } = await import("../../src/app.ts");
const { openApiDocument } = await import("../../src/routes/meta.ts");
const { CLIENT_TYPES, clientTypes } = await import("../clients/types.ts");

writeFileSync(CLIENT_TYPES, await clientTypes(openApiDocument(createApp())));
console.log(`Wrote ${CLIENT_TYPES}`);
