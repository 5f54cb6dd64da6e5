// Global setup of the projects that read the default library (vitest.config.ts): the cached build
// (fixtures.ts), built first if this change of the generator has none yet.
import type { TestProject } from "vitest/node";
import { fixtureLibrary } from "./libraries.ts";
import { DEFAULT_LIBRARY } from "./fixtures.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The default library, built once per change of its inputs: read it, never write to it. */
    libraryDir: string;
  }
}

export default async function setup(project: TestProject) {
  project.provide("libraryDir", await fixtureLibrary(DEFAULT_LIBRARY));
}
