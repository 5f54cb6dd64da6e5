// Only the declared methods read data: GET (and HEAD, answered as GET without a body), POST where a
// route declares one. Any other method on a declared path (GET too, on a path that takes only POST)
// is 405 with `Allow`, before the key is checked and before any cache could answer it. Unknown paths fall through (401, or 404 with a key).
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env.ts";
import { ApiError } from "./errors.ts";
import type { ApiApp } from "./route.ts";

interface DeclaredPath {
  pattern: RegExp;
  methods: string[];
}

function declaredPaths(app: ApiApp): DeclaredPath[] {
  const byPath = new Map<string, Set<string>>();
  for (const d of app.openAPIRegistry.definitions) {
    if (d.type !== "route") continue;
    const methods = byPath.get(d.route.path) ?? new Set<string>();
    methods.add(d.route.method.toUpperCase());
    if (d.route.method === "get") methods.add("HEAD");
    byPath.set(d.route.path, methods);
  }
  return [...byPath].map(([path, methods]) => ({
    pattern: new RegExp(`^${path.replace(/\{[^}]+\}/g, "[^/]+")}/?$`),
    methods: ["GET", "HEAD", "POST"].filter((m) => methods.has(m)),
  }));
}

export function onlyDeclaredMethods(app: ApiApp): MiddlewareHandler<AppEnv> {
  let paths: DeclaredPath[] | undefined;
  let postOnly: DeclaredPath[] = [];
  return async (c, next) => {
    const method = c.req.method;
    if (!paths) {
      paths = declaredPaths(app);
      postOnly = paths.filter((p) => !p.methods.includes("GET"));
    }
    // A read is checked against the few paths that take only POST, so that reads stay cheap.
    const read = method === "GET" || method === "HEAD";
    const path = c.req.path;
    const declared = (read ? postOnly : paths).find((p) => p.pattern.test(path));
    if (!declared || declared.methods.includes(method)) return next();
    c.header("Allow", declared.methods.join(", "));
    const alternatives = declared.methods.join(" or ").replace(" or ", declared.methods.length > 2 ? ", " : " or ");
    throw new ApiError(405, `Method ${method} not allowed on ${path.replace(/\/+$/, "") || "/"}; use ${alternatives}`);
  };
}
