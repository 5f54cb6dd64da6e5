// The reference page's script and stylesheet (Swagger UI). The build copies them into the bundles
// (`assets/<name>`, see build/pipeline/library.ts) and the worker serves them from its store, so
// /docs works with no internet and no CDN, and the worker's own code stays small.
export const DOCS_ASSETS: Record<string, string> = {
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
  "swagger-ui.css": "text/css; charset=utf-8",
};
