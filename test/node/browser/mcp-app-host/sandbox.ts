/**
 * The sandbox proxy of the test host (MCP Apps "Sandbox proxy"): served from another origin than
 * the host with the spec's restrictive default CSP as a header, it loads the app's HTML into an
 * inner `srcdoc` frame (which inherits that CSP) sandboxed to scripts alone, and relays every
 * message but its own `ui/notifications/sandbox-*` between the host and the app.
 */
const SANDBOX_PREFIX = 'ui/notifications/sandbox-';
const host = window.parent;
let inner: HTMLIFrameElement | undefined;

window.addEventListener('message', (event) => {
  const message = event.data as { method?: string; params?: { html?: string } } | null;
  if (event.source === host) {
    if (message?.method === `${SANDBOX_PREFIX}resource-ready`) {
      inner?.remove();
      inner = document.createElement('iframe');
      inner.name = 'view';
      inner.setAttribute('sandbox', 'allow-scripts');
      inner.style.cssText = 'border:0;width:100%;height:100%;display:block';
      inner.srcdoc = message.params?.html ?? '';
      document.body.append(inner);
      return;
    }
    if (typeof message?.method === 'string' && message.method.startsWith(SANDBOX_PREFIX)) return;
    inner?.contentWindow?.postMessage(message, '*');
  } else if (inner && event.source === inner.contentWindow) {
    host.postMessage(message, '*');
  }
});

host.postMessage({ jsonrpc: '2.0', method: `${SANDBOX_PREFIX}proxy-ready`, params: {} }, '*');
