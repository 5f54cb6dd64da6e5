// The API reference page: Swagger UI over /openapi.json, its script and stylesheet served by the
// worker (src/docs/assets.ts); the validator badge, which would call out to swagger.io, is off.
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
