// Swagger UI's browser bundle and stylesheet, imported as text (`with { type: "text" }`) and served
// by the worker itself, so /docs works with no internet and no third-party CDN.
declare module "swagger-ui-dist/swagger-ui-bundle.js" {
  const text: string;
  export default text;
}
declare module "swagger-ui-dist/swagger-ui.css" {
  const text: string;
  export default text;
}
