// Start Swagger UI on /docs from a file, not an inline script (the Content-Security-Policy
// allows no inline script). The same settings as FastAPI's default docs page; nothing is
// fetched from elsewhere (no online validator).
window.ui = SwaggerUIBundle({
  url: "/openapi.json",
  dom_id: "#swagger-ui",
  layout: "BaseLayout",
  deepLinking: true,
  showExtensions: true,
  showCommonExtensions: true,
  validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIBundle.SwaggerUIStandalonePreset],
});
