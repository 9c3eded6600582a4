export default {
  fetch(request: Request): Response {
    const url = new URL(request.url);
    if (url.pathname === '/healthz') return Response.json({ ok: true });
    return Response.json({ error: { code: 'NOT_FOUND', message: 'no such route' } }, { status: 404 });
  },
} satisfies ExportedHandler;
