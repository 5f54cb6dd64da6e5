// Static files the worker serves at /docs/{asset}: the reference page's script and stylesheet
// (Swagger UI), and the dashboard's script, stylesheet and chart library (lightweight-charts). The
// build copies them into the bundles (`assets/<name>`, see build/pipeline/library.ts) and the worker
// serves them from its store, so /docs and the dashboard work with no internet and no CDN, and the
// worker's own code stays small.
const JS = "text/javascript; charset=utf-8";
const CSS = "text/css; charset=utf-8";

export interface Asset {
  type: string;
  /** Where the build takes it from: a package's file, or (starting `./`) a file of this project. */
  from: string;
}

export const ASSETS: Record<string, Asset> = {
  "swagger-ui-bundle.js": { type: JS, from: "swagger-ui-dist/swagger-ui-bundle.js" },
  "swagger-ui.css": { type: CSS, from: "swagger-ui-dist/swagger-ui.css" },
  "lightweight-charts.js": { type: JS, from: "lightweight-charts/dist/lightweight-charts.standalone.production.js" },
  "dashboard.js": { type: JS, from: "./src/dashboard/dashboard.js" },
  "dashboard-runs.js": { type: JS, from: "./src/dashboard/runs.js" },
  "dashboard-crypto.js": { type: JS, from: "./src/dashboard/crypto.js" },
  "dashboard.css": { type: CSS, from: "./src/dashboard/dashboard.css" },
};
