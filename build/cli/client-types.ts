// Writes the TypeScript client's types from the route declarations (build/clients/types.ts).
import { writeFileSync } from "node:fs";
import { createApp } from "../../src/app.ts";
import { openApiDocument } from "../../src/routes/meta.ts";
import { CLIENT_TYPES, clientTypes } from "../clients/types.ts";

writeFileSync(CLIENT_TYPES, await clientTypes(openApiDocument(createApp())));
console.log(`Wrote ${CLIENT_TYPES}`);
