/**
 * The API reference at `/api.html`: Swagger UI (from `swagger-ui-dist`, served from this Worker's
 * assets) over the Worker's own `/openapi.json`. No validator badge (it would call another
 * origin); "Try it out" sends the playground's token, when one is kept for this tab.
 */

interface SwaggerRequest {
  headers: Record<string, string>;
}

declare const SwaggerUIBundle: (options: Record<string, unknown>) => unknown;

const TOKEN_KEY = 'isomer-playground-token';

SwaggerUIBundle({
  url: '/openapi.json',
  dom_id: '#swagger',
  deepLinking: true,
  validatorUrl: null,
  tryItOutEnabled: false,
  requestInterceptor: (request: SwaggerRequest) => {
    const token = sessionStorage.getItem(TOKEN_KEY);
    if (token !== null && request.headers.authorization === undefined)
      request.headers.authorization = `Bearer ${token}`;
    return request;
  },
});
