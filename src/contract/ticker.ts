// docs/contract.md, "Ticker normalization", shared by the worker (query parameters) and the build
// (reference data, scenario sources).

/** Case-insensitive, and a dot in a symbol becomes a hyphen (`brk.b` -> `BRK-B`). */
export function normalizeTicker(raw: string): string {
  return raw.trim().toUpperCase().replaceAll(".", "-");
}
