// Rules over several query parameters together, which no one parameter's schema can say: exactly one
// of them, at most one, or at least one. One implementation, so one status and one wording for every
// route (docs/api-choices.md, "One of several parameters"): several given is a combination that cannot
// be served (400, as the contract has it for /index-funds), none given a required parameter missing (422).
import { ApiError, badRequest } from "./errors.ts";

export type OneOfRule = "exactly" | "at-most" | "at-least";

/** `'a' or 'b'`, `'a', 'b' or 'c'`. */
const listed = (names: readonly string[], join: string, quote = "'") =>
  names
    .map((n) => `${quote}${n}${quote}`)
    .join(", ")
    .replace(/, ([^,]*)$/, ` ${join} $1`);

/** 400 when the query gives several of `names` and the rule allows one; 422, naming them all, when it gives none and the rule asks for one. */
export function requireOneOf(query: object, names: readonly string[], rule: OneOfRule = "exactly"): void {
  const given = names.filter((n) => (query as Record<string, unknown>)[n] !== undefined);
  if (given.length > 1 && rule !== "at-least")
    throw badRequest(`Query parameters ${listed(given, "and")} cannot be combined`);
  if (given.length === 0 && rule !== "at-most") {
    const msg = `${listed(names, "or", "")} is required`;
    throw new ApiError(
      422,
      `Query parameter ${listed(names, "or")} is required`,
      names.map((name) => ({ loc: ["query", name], msg, type: "missing" })),
    );
  }
}
