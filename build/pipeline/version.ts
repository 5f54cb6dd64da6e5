/** Identifies how scenarios are generated; bump on any change to generated output. */
export const GENERATOR_VERSION = "0.78.0";
