// Start Swagger UI on /docs from a file, not an inline script (the Content-Security-Policy
// allows no inline script). Swagger UI 5 (vendored, served from /docs-assets) reads the
// OpenAPI 3.1 document FastAPI serves. The base layout, without the standalone top bar (its
// preset is not in the bundle, and its URL box would invite loading documents from elsewhere);
// nothing is fetched from elsewhere (no online validator).
window.ui = SwaggerUIBundle({
  url: "/openapi.json",
  dom_id: "#swagger-ui",
  layout: "BaseLayout",
  deepLinking: true,
  showExtensions: true,
  showCommonExtensions: true,
  validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis],
});
