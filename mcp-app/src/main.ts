/**
 * The MCP Apps page at `ui://isomer/show`: draws an `isomer_show` result in the host's frame with
 * the official `App` class. The slide is the Worker's HTML surface (one renderer), scaled to the
 * frame's width; an invalid composition shows its errors with their paths; links open through the
 * host; PNG and PDF downloads go through the host when it can call tools and save files.
 */
import {
  App,
  applyDocumentTheme,
  applyHostStyleVariables,
  type McpUiHostContext,
} from '@modelcontextprotocol/ext-apps';
import { clickedLink, drawSlide, fitSlide, setSlideTheme, type DrawnSlide } from './slide.ts';

interface ShowResult {
  valid: boolean;
  title: string;
  theme: 'auto' | 'light' | 'dark';
  html?: string;
  errors: { path: string; message: string }[];
}

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const slideHost = byId<HTMLDivElement>('slide');
const problems = byId<HTMLElement>('problems');
const errorList = byId<HTMLUListElement>('errors');
const status = byId<HTMLParagraphElement>('status');
const actions = byId<HTMLDivElement>('actions');
const root = document.documentElement;

const app = new App({ name: 'isomer-show', version: '1.0.0' }, {}, { autoResize: true });

let shown: ShowResult | undefined;
let drawn: DrawnSlide | undefined;
let input: { composition?: unknown; theme?: unknown } = {};
let hostTheme: 'light' | 'dark' = matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';

/** A result's `structuredContent`, when it has the shape `isomer_show` gives it. */
function showResult(value: unknown): ShowResult | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Partial<ShowResult>;
  if (typeof v.valid !== 'boolean' || !Array.isArray(v.errors)) return undefined;
  return {
    valid: v.valid,
    title: typeof v.title === 'string' ? v.title : 'Slide',
    theme: v.theme === 'light' || v.theme === 'dark' ? v.theme : 'auto',
    ...(typeof v.html === 'string' ? { html: v.html } : {}),
    errors: v.errors
      .filter(
        (e): e is { path: string; message: string } => typeof e?.path === 'string' && typeof e?.message === 'string',
      )
      .map(({ path, message }) => ({ path, message })),
  };
}

const slideTheme = (result: ShowResult): 'light' | 'dark' => (result.theme === 'auto' ? hostTheme : result.theme);

function applyHost(context: McpUiHostContext): void {
  if (context.theme === 'light' || context.theme === 'dark') {
    hostTheme = context.theme;
    applyDocumentTheme(context.theme);
  }
  if (context.styles?.variables) applyHostStyleVariables(context.styles.variables);
  if (shown?.valid && drawn) setSlideTheme(slideHost, slideTheme(shown));
}

function showErrors(errors: readonly { path: string; message: string }[]): void {
  errorList.replaceChildren(
    ...errors.map(({ path, message }) => {
      const item = document.createElement('li');
      if (path !== '') {
        const code = document.createElement('code');
        code.textContent = path;
        item.append(code, ' ');
      }
      item.append(message);
      return item;
    }),
  );
  problems.hidden = false;
}

let renders = 0;
function markShown(state: 'shown' | 'invalid' | 'failed'): void {
  root.dataset.state = state;
  root.dataset.renders = String(++renders);
  // Painted once two frames have passed; a host that takes logs hears it (what the bench times).
  requestAnimationFrame(() =>
    requestAnimationFrame(() => {
      if (app.getHostCapabilities()?.logging)
        void app.sendLog({ level: 'debug', logger: 'isomer-show', data: { painted: state, renders } });
    }),
  );
}

function show(result: ShowResult): void {
  shown = result;
  drawn = undefined;
  problems.hidden = true;
  if (!result.valid || result.html === undefined) {
    slideHost.hidden = true;
    actions.hidden = true;
    status.textContent = '';
    showErrors(result.errors.length > 0 ? result.errors : [{ path: '', message: 'The composition is not valid.' }]);
    markShown('invalid');
    return;
  }
  slideHost.hidden = false;
  slideHost.setAttribute('aria-label', result.title);
  drawn = drawSlide(slideHost, result.html, slideTheme(result));
  fitSlide(slideHost, drawn);
  status.textContent = '';
  const caps = app.getHostCapabilities();
  actions.hidden = !(caps?.serverTools && caps.downloadFile && input.composition !== undefined);
  markShown('shown');
}

function failed(message: string): void {
  slideHost.hidden = true;
  actions.hidden = true;
  status.textContent = '';
  showErrors([{ path: '', message }]);
  markShown('failed');
}

app.addEventListener('toolinput', (params) => {
  input = { composition: params.arguments?.composition, theme: params.arguments?.theme };
});

app.addEventListener('toolresult', (params) => {
  const result = showResult(params.structuredContent);
  if (result) show(result);
  else {
    const text = params.content?.find((block) => block.type === 'text');
    failed(text && 'text' in text ? text.text.slice(0, 2000) : 'The tool returned no slide.');
  }
});

app.addEventListener('toolcancelled', () => {
  status.textContent = 'The call was cancelled.';
});

app.addEventListener('hostcontextchanged', (context) => applyHost(context));

// The slide's links: never followed in the frame; absolute web and mail links go to the host.
slideHost.addEventListener('click', (event) => {
  const link = clickedLink(event);
  if (!link) return;
  event.preventDefault();
  const href = link.getAttribute('href') ?? '';
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return;
  }
  if (!['https:', 'http:', 'mailto:'].includes(url.protocol)) return;
  if (app.getHostCapabilities()?.openLinks) void app.openLink({ url: url.href });
});

new ResizeObserver(() => {
  if (drawn) fitSlide(slideHost, drawn);
}).observe(slideHost);

const FORMATS = { png: 'image/png', pdf: 'application/pdf' } as const;

/** Asks the Worker for the picture (`isomer_render`, through the host) and hands it to the host to save. */
async function download(format: keyof typeof FORMATS, button: HTMLButtonElement): Promise<void> {
  button.disabled = true;
  status.textContent = `Drawing the ${format.toUpperCase()}…`;
  try {
    const pinned = typeof input.theme === 'string' && input.theme !== 'auto' ? input.theme : undefined;
    const theme = pinned ?? (shown?.theme === 'auto' ? hostTheme : shown?.theme);
    const result = await app.callServerTool({
      name: 'isomer_render',
      arguments: { composition: input.composition, format, ...(theme ? { theme } : {}) },
    });
    const block = result.content?.[0];
    const blob =
      block?.type === 'image'
        ? block.data
        : block?.type === 'resource' && 'blob' in block.resource
          ? block.resource.blob
          : undefined;
    if (result.isError || blob === undefined) throw new Error(`The Worker drew no ${format.toUpperCase()}.`);
    const name = `${
      (shown?.title ?? 'slide')
        .replace(/[^\p{L}\p{N}]+/gu, '-')
        .replace(/^-|-$/g, '')
        .slice(0, 60) || 'slide'
    }.${format}`;
    const saved = await app.downloadFile({
      contents: [
        { type: 'resource', resource: { uri: `file:///${encodeURIComponent(name)}`, mimeType: FORMATS[format], blob } },
      ],
    });
    status.textContent = saved.isError ? 'The host did not save the file.' : '';
  } catch (error) {
    status.textContent = error instanceof Error ? error.message : String(error);
  } finally {
    button.disabled = false;
  }
}

for (const format of ['png', 'pdf'] as const) {
  const button = byId<HTMLButtonElement>(`download-${format}`);
  button.addEventListener('click', () => void download(format, button));
}

try {
  await app.connect();
  const context = app.getHostContext();
  if (context) applyHost(context);
} catch (error) {
  failed(`Could not reach the host: ${error instanceof Error ? error.message : String(error)}`);
}
