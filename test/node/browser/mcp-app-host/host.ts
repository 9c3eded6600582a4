/**
 * A web MCP Apps host of our own, bundled for the test page: the official MCP client talks to the
 * Worker, the SDK's `AppBridge` over `PostMessageTransport` talks to the app, through a sandbox
 * proxy on another origin (what the spec asks of web hosts). Everything the app sends is recorded
 * on `window.host` for the test to read.
 */
import { AppBridge, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

type CallResult = Awaited<ReturnType<Client['callTool']>>;

const APPS_CAPABILITY = { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } };

export interface HostRecord {
  sizes: { width?: number; height?: number; at: number }[];
  links: string[];
  /** Each saved file: its name, type and size, and a PDF's page count. */
  downloads: { uri: string; mimeType?: string; bytes: number; pages?: number }[];
  painted: { at: number; data: unknown }[];
  toolCalls: string[];
  initializedAt?: number;
  deliveredAt?: number;
}

let client: Client | undefined;
let bridge: AppBridge | undefined;
let appHtml = '';
let resourceMeta: unknown;
const record: HostRecord = { sizes: [], links: [], downloads: [], painted: [], toolCalls: [] };

/** Connects the official client: on the 2026-07-28 protocol, or with `legacy` the 2025 handshake. */
async function connect(workerUrl: string, legacy = false): Promise<{ tools: unknown[] }> {
  client = new Client(
    { name: 'isomer-test-host', version: '1.0.0' },
    {
      capabilities: { extensions: APPS_CAPABILITY },
      versionNegotiation: { mode: legacy ? 'legacy' : { pin: '2026-07-28' } },
    },
  );
  await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', workerUrl)));
  const { tools } = await client.listTools();
  return { tools };
}

/** Reads the app the tool names, as a host does before it calls the tool. */
async function readApp(uri: string): Promise<{ mimeType?: string; bytes: number; meta: unknown }> {
  const { contents } = await client!.readResource({ uri });
  const content = contents[0] as { text?: string; mimeType?: string; _meta?: unknown };
  appHtml = content.text ?? '';
  resourceMeta = content._meta;
  return { mimeType: content.mimeType, bytes: appHtml.length, meta: resourceMeta };
}

/** Mounts the app: proxy frame on the sandbox origin, then the HTML once the proxy is ready. */
async function mount(sandboxUrl: string, theme: 'light' | 'dark', width: number): Promise<void> {
  record.sizes = [];
  record.painted = [];
  const old = document.getElementById('view');
  old?.remove();
  const frame = document.createElement('iframe');
  frame.id = 'view';
  frame.setAttribute('sandbox', 'allow-scripts allow-same-origin');
  frame.style.width = `${width}px`;
  frame.style.height = '100px';
  frame.style.border = '0';
  // The bridge listens before the proxy loads: the proxy says it is ready as soon as it runs.
  document.getElementById('frame-slot')!.append(frame);

  bridge = new AppBridge(
    client!,
    { name: 'isomer-test-host', version: '1.0.0' },
    { openLinks: {}, downloadFile: {}, serverTools: {}, serverResources: {}, logging: {} },
    {
      hostContext: {
        theme,
        displayMode: 'inline',
        availableDisplayModes: ['inline'],
        containerDimensions: { width, maxHeight: 4000 },
        platform: 'web',
        locale: 'en-GB',
      },
    },
  );
  bridge.addEventListener('sizechange', ({ width: w, height }) => {
    record.sizes.push({ width: w, height, at: performance.now() });
    if (height !== undefined) frame.style.height = `${height}px`;
  });
  bridge.addEventListener('loggingmessage', ({ data }) => {
    record.painted.push({ at: performance.now(), data });
  });
  bridge.onopenlink = async ({ url }) => {
    record.links.push(url);
    return {};
  };
  bridge.ondownloadfile = async ({ contents }) => {
    for (const item of contents) {
      if (item.type === 'resource' && 'blob' in item.resource) {
        const bytes = atob(item.resource.blob);
        record.downloads.push({
          uri: item.resource.uri,
          mimeType: item.resource.mimeType,
          bytes: bytes.length,
          // A page object of the PDF's page tree (`/Type /Pages` is the tree itself).
          ...(item.resource.mimeType === 'application/pdf'
            ? { pages: bytes.match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length ?? 0 }
            : {}),
        });
      }
    }
    return {};
  };
  const initialized = new Promise<void>((resolve) =>
    bridge!.addEventListener('initialized', () => {
      record.initializedAt = performance.now();
      resolve();
    }),
  );
  const ready = new Promise<void>((resolve) => bridge!.addEventListener('sandboxready', () => resolve()));
  await bridge.connect(new PostMessageTransport(frame.contentWindow!, frame.contentWindow!));
  frame.src = sandboxUrl;
  await ready;
  const csp = (resourceMeta as { ui?: { csp?: Record<string, string[]> } } | undefined)?.ui?.csp;
  await bridge.sendSandboxResourceReady({ html: appHtml, ...(csp ? { csp } : {}) });
  await initialized;
}

async function call(args: Record<string, unknown>): Promise<CallResult> {
  record.toolCalls.push(String(args.name ?? 'isomer_show'));
  return client!.callTool({ name: 'isomer_show', arguments: args });
}

/** `isomer_render` through the same client (what the bench times for a PNG). */
async function render(args: Record<string, unknown>): Promise<CallResult> {
  return client!.callTool({ name: 'isomer_render', arguments: args });
}

/** Tool input, then the result: what a host sends once the call returns. */
async function deliver(args: Record<string, unknown>, result: CallResult): Promise<number> {
  await bridge!.sendToolInput({ arguments: args });
  record.deliveredAt = performance.now();
  await bridge!.sendToolResult(result as never);
  return record.deliveredAt;
}

async function setTheme(theme: 'light' | 'dark'): Promise<void> {
  await bridge!.sendHostContextChange({ theme });
}

/** The text a browser would read from the HTML surface's section, for comparing with the frame. */
function surfaceText(html: string): string {
  const section = new DOMParser().parseFromString(html, 'text/html').querySelector('section.isomer');
  return (section?.textContent ?? '').replace(/\s+/g, ' ').trim();
}

const api = { connect, readApp, mount, call, render, deliver, setTheme, surfaceText, record };
(window as unknown as { host: typeof api }).host = api;
export type HostApi = typeof api;
