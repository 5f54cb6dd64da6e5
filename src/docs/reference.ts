// The API reference page: Swagger UI over /openapi.json. Its script and stylesheet are served by the
// worker (no CDN), so the page works offline; the validator badge, which would call out to
// swagger.io, is off.
import swaggerCss from "swagger-ui-dist/swagger-ui.css" with { type: "text" };
import swaggerJs from "swagger-ui-dist/swagger-ui-bundle.js" with { type: "text" };

export const DOCS_ASSETS: Record<string, { body: string; type: string }> = {
  "swagger-ui-bundle.js": { body: swaggerJs, type: "text/javascript; charset=utf-8" },
  "swagger-ui.css": { body: swaggerCss, type: "text/css; charset=utf-8" },
};

export const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Synthetic market data API reference</title>
<link rel="stylesheet" href="/docs/swagger-ui.css">
<style>body { margin: 0; } .swagger-ui .topbar { display: none; }</style>
</head>
<body>
<div id="reference"></div>
<script src="/docs/swagger-ui-bundle.js"></script>
<script>
  window.ui = SwaggerUIBundle({
    url: "/openapi.json",
    dom_id: "#reference",
    deepLinking: true,
    persistAuthorization: true,
    validatorUrl: null,
    defaultModelsExpandDepth: 0,
    tryItOutEnabled: false,
  });
</script>
</body>
</html>
`;
