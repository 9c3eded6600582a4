/**
 * The MCP Apps page at `ui://isomer/show`: draws an `isomer_show` result in the host's frame with
 * the official `App` class. The slide is the Worker's HTML surface (one renderer), scaled to the
 * frame's width; an invalid composition shows its errors with their paths; links open through the
 * host; PNG and PDF downloads go through the host when it can call tools and save files. A deck
 * (`compositions`) shows one slide at a time, paged by buttons and keys, with a counter; its PDF is
 * the whole deck, its PNG the slide in view.
 */
import {
  App,
  applyDocumentTheme,
  applyHostStyleVariables,
  type McpUiHostContext,
} from '@modelcontextprotocol/ext-apps';
import { counterText, type DeckSlide, deckSlides, fileName, pagedTo } from './deck.ts';
import { clickedLink, drawSlide, fitSlide, setSlideTheme, type DrawnSlide } from './slide.ts';

interface ShowResult {
  valid: boolean;
  title: string;
  theme: 'auto' | 'light' | 'dark';
  html?: string;
  /** A deck's slides, in order (`html` is then the first's, for apps that draw one). */
  slides?: DeckSlide[];
  errors: { path: string; message: string }[];
}

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const slideHost = byId<HTMLDivElement>('slide');
const problems = byId<HTMLElement>('problems');
const errorList = byId<HTMLUListElement>('errors');
const status = byId<HTMLParagraphElement>('status');
const actions = byId<HTMLDivElement>('actions');
const pager = byId<HTMLElement>('pager');
const counter = byId<HTMLElement>('counter');
const previous = byId<HTMLButtonElement>('slide-previous');
const next = byId<HTMLButtonElement>('slide-next');
const root = document.documentElement;

const app = new App({ name: 'isomer-show', version: '1.0.0' }, {}, { autoResize: true });

let shown: ShowResult | undefined;
let drawn: DrawnSlide | undefined;
let input: { composition?: unknown; compositions?: unknown; theme?: unknown } = {};
/** The slide in view, in a deck (0 otherwise). */
let current = 0;
let hostTheme: 'light' | 'dark' = matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';

/** A result's `structuredContent`, when it has the shape `isomer_show` gives it. */
function showResult(value: unknown): ShowResult | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Partial<ShowResult>;
  if (typeof v.valid !== 'boolean' || !Array.isArray(v.errors)) return undefined;
  const slides = deckSlides(v.slides);
  return {
    valid: v.valid,
    title: typeof v.title === 'string' ? v.title : 'Slide',
    theme: v.theme === 'light' || v.theme === 'dark' ? v.theme : 'auto',
    ...(typeof v.html === 'string' ? { html: v.html } : {}),
    ...(slides ? { slides } : {}),
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

/** The compositions the call was given, when it was a deck as long as the result's. */
function deckInput(): unknown[] | undefined {
  const given = input.compositions;
  return Array.isArray(given) && given.length === shown?.slides?.length ? given : undefined;
}

/** Draws slide `index` of the deck (or the one slide) and brings the counter and buttons along. */
function drawCurrent(result: ShowResult, index: number): void {
  const slides = result.slides;
  current = slides ? Math.min(Math.max(0, index), slides.length - 1) : 0;
  const slide = slides?.[current];
  slideHost.setAttribute(
    'aria-label',
    slide ? `${slide.title} (${counterText(current, slides!.length)})` : result.title,
  );
  drawn = drawSlide(slideHost, slide?.html ?? result.html ?? '', slideTheme(result));
  fitSlide(slideHost, drawn);
  const paged = slides !== undefined && slides.length > 1;
  pager.hidden = !paged;
  if (paged) {
    counter.textContent = counterText(current, slides.length);
    previous.disabled = current === 0;
    next.disabled = current === slides.length - 1;
    root.dataset.slide = String(current + 1);
  } else delete root.dataset.slide;
}

function show(result: ShowResult): void {
  shown = result;
  drawn = undefined;
  problems.hidden = true;
  if (!result.valid || (result.html === undefined && result.slides === undefined)) {
    slideHost.hidden = true;
    actions.hidden = true;
    pager.hidden = true;
    status.textContent = '';
    showErrors(result.errors.length > 0 ? result.errors : [{ path: '', message: 'The composition is not valid.' }]);
    markShown('invalid');
    return;
  }
  slideHost.hidden = false;
  drawCurrent(result, 0);
  status.textContent = '';
  const caps = app.getHostCapabilities();
  const given = result.slides ? deckInput() !== undefined : input.composition !== undefined;
  actions.hidden = !(caps?.serverTools && caps.downloadFile && given);
  markShown('shown');
}

/** Moves to slide `index` of the deck in view; nothing without a deck or at the same slide. */
function page(index: number): void {
  if (!shown?.valid || !shown.slides || index === current) return;
  drawCurrent(shown, index);
}

function failed(message: string): void {
  slideHost.hidden = true;
  actions.hidden = true;
  pager.hidden = true;
  status.textContent = '';
  showErrors([{ path: '', message }]);
  markShown('failed');
}

app.addEventListener('toolinput', (params) => {
  input = {
    composition: params.arguments?.composition,
    compositions: params.arguments?.compositions,
    theme: params.arguments?.theme,
  };
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

previous.addEventListener('click', () => page(current - 1));
next.addEventListener('click', () => page(current + 1));
// Keys page the deck wherever focus is in the frame, except with a modifier (the host's shortcuts).
document.addEventListener('keydown', (event) => {
  const count = shown?.valid ? (shown.slides?.length ?? 0) : 0;
  if (count < 2 || event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
  const to = pagedTo(event.key, current, count);
  if (to === undefined) return;
  event.preventDefault();
  page(to);
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
    // A deck's PDF is the whole deck; its PNG the slide in view.
    const deck = shown?.slides ? deckInput() : undefined;
    const target =
      deck === undefined
        ? { composition: input.composition }
        : format === 'pdf'
          ? { compositions: deck }
          : { composition: deck[current] };
    const result = await app.callServerTool({
      name: 'isomer_render',
      arguments: { ...target, format, ...(theme ? { theme } : {}) },
    });
    const block = result.content?.[0];
    const blob =
      block?.type === 'image'
        ? block.data
        : block?.type === 'resource' && 'blob' in block.resource
          ? block.resource.blob
          : undefined;
    if (result.isError || blob === undefined) throw new Error(`The Worker drew no ${format.toUpperCase()}.`);
    const slides = deck ? shown?.slides : undefined;
    const name = fileName(
      (format === 'pdf' ? slides?.[0] : slides?.[current])?.title ?? shown?.title ?? 'slide',
      format,
    );
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
