/**
 * Every surface of one valid composition, each through `POST /render/{format}`, drawn into its tab
 * panel. Model text lands as text everywhere; the HTML surface alone is shown as markup, inside a
 * sandboxed frame that runs no script.
 */
import { render } from './api.ts';
import { byId, el, formatBytes, formatCount, utf8Bytes } from './dom.ts';
import { discordPreview } from './discord.ts';
import { googleChatPreview } from './googlechat.ts';
import { renderMarkdown } from './markdown.ts';
import { blockKitBuilderUrl, slackPreview } from './slack.ts';
import { telegramPreview } from './telegram.ts';

/** The surfaces the page shows, in tab order; image formats only when the Worker offers them. */
export const SURFACES = [
  'png',
  'svg',
  'html',
  'markdown',
  'text',
  'slack',
  'teams',
  'discord',
  'googlechat',
  'telegram',
  'pdf',
] as const;
export type Surface = (typeof SURFACES)[number];
const REQUEST_ORDER: readonly Surface[] = [
  'png',
  'html',
  'markdown',
  'text',
  'slack',
  'teams',
  'discord',
  'googlechat',
  'telegram',
  'svg',
  'pdf',
];

type ChatSurface = 'teams' | 'discord' | 'googlechat' | 'telegram';
type Payload = Record<string, unknown>;

/**
 * Each chat host's preview: draws the payload into the element and answers a failure, if any.
 * The Teams renderer (the `adaptivecards` SDK, most of its weight) is its own chunk, fetched the
 * first time a card is drawn.
 */
const CHAT_PREVIEWS: Record<ChatSurface, (root: HTMLElement, payload: Payload) => Promise<string | undefined>> = {
  teams: async (root, payload) => {
    const { teamsPreview } = await import('./teams.ts');
    return teamsPreview(root, payload, document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light');
  },
  discord: async (root, payload) => {
    discordPreview(root, payload);
    return undefined;
  },
  googlechat: async (root, payload) => {
    googleChatPreview(root, payload);
    return undefined;
  },
  telegram: async (root, payload) => {
    telegramPreview(root, payload);
    return undefined;
  },
};

/** The query options each format's route reads (`GET /formats`); any other is refused there. */
let formatOptions = new Map<string, readonly string[]>();

export function setFormatOptions(formats: readonly { name: string; options: readonly string[] }[]): void {
  formatOptions = new Map(formats.map((format) => [format.name, format.options]));
}

/** Whether a format's route reads a query option (every option until the list has loaded). */
export const formatReads = (surface: string, option: string): boolean =>
  formatOptions.size === 0 || (formatOptions.get(surface)?.includes(option) ?? false);

/** Pictures are drawn at half the 1920×1080 canvas: enough for a preview, and quicker. */
const PREVIEW_SCALE = '0.5';

const objectUrls = new Map<Surface, string>();

function setObjectUrl(surface: Surface, blob: Blob): string {
  const previous = objectUrls.get(surface);
  if (previous) URL.revokeObjectURL(previous);
  const url = URL.createObjectURL(blob);
  objectUrls.set(surface, url);
  return url;
}

/** What each surface measured, for the sizes table: characters (text formats) and bytes. */
export type Sizes = Partial<Record<Surface, { characters?: number; bytes: number }>>;

function setSize(surface: Surface, sizes: Sizes, text: string | undefined, bytes: number): void {
  sizes[surface] = text === undefined ? { bytes } : { characters: [...text].length, bytes };
  const cell = document.getElementById(`size-${surface}`);
  if (cell)
    cell.textContent =
      text === undefined
        ? formatBytes(bytes)
        : `${formatCount([...text].length, 'characters')} · ${formatBytes(bytes)}`;
}

/** Resolves once the frame holds `/preview`, the empty page served under its own policy. */
function previewReady(frame: HTMLIFrameElement): Promise<Document> {
  return new Promise((resolve, reject) => {
    const ready = () => {
      const target = frame.contentDocument;
      if (target?.readyState === 'complete' && target.location.pathname === '/preview') {
        resolve(target);
        return true;
      }
      return false;
    };
    if (ready()) return;
    const onLoad = () => {
      if (!ready()) reject(new Error('the HTML preview frame did not load'));
    };
    frame.addEventListener('load', onLoad, { once: true });
  });
}

/**
 * The HTML page into the sandboxed frame. The frame holds `/preview`, served under the Worker's
 * policy for rendered HTML (inline style allowed, no script), so the markup is parsed there, by
 * the frame's own document, never by this page's (whose policy allows no inline style). The
 * frame's sandbox has no `allow-scripts`: nothing in it runs, whatever the markup holds.
 */
export async function showHtml(frame: HTMLIFrameElement, html: string): Promise<void> {
  const target = await previewReady(frame);
  target.documentElement.innerHTML = html
    .replace(/^\s*<!doctype[^>]*>\s*<html[^>]*>/i, '')
    .replace(/<\/html>\s*$/i, '');
}

function clear(element: HTMLElement): void {
  element.replaceChildren();
}

async function one(
  surface: Surface,
  body: string,
  theme: string,
  signal: AbortSignal,
  sizes: Sizes,
): Promise<string | undefined> {
  const query: Record<string, string> = {};
  if (theme !== 'auto' && formatReads(surface, 'theme')) query.theme = theme;
  if ((surface === 'png' || surface === 'svg') && formatReads(surface, 'scale')) query.scale = PREVIEW_SCALE;
  const result = await render(surface, body, query, signal);
  if (!result.ok) return `${surface}: ${result.message}`;
  const { blob } = result;
  if (signal.aborted) return undefined;
  switch (surface) {
    case 'png':
    case 'svg': {
      // SVG as an <img> from a blob URL: drawn as a picture, never as part of this page's DOM.
      const image = byId<HTMLImageElement>(`out-${surface}`);
      image.src = setObjectUrl(surface, blob.type ? blob : new Blob([blob], { type: `image/${surface}` }));
      if (surface === 'png' && performance.getEntriesByName('playground-first-picture').length === 0)
        performance.mark('playground-first-picture');
      setSize(surface, sizes, surface === 'svg' ? await blob.text() : undefined, blob.size);
      break;
    }
    case 'pdf': {
      const link = el('a', { id: 'out-pdf', download: 'composition.pdf' }, 'Download the PDF');
      link.href = setObjectUrl(surface, blob);
      byId('pdf-line').replaceChildren(link);
      setSize(surface, sizes, undefined, blob.size);
      break;
    }
    case 'html': {
      const text = await blob.text();
      await showHtml(byId<HTMLIFrameElement>('out-html'), text);
      byId('out-html-source').textContent = text;
      setSize(surface, sizes, text, utf8Bytes(text));
      break;
    }
    case 'markdown': {
      const text = await blob.text();
      const rendered = byId('out-markdown');
      clear(rendered);
      renderMarkdown(rendered, text);
      byId('out-markdown-source').textContent = text;
      setSize(surface, sizes, text, utf8Bytes(text));
      break;
    }
    case 'text': {
      const text = await blob.text();
      byId('out-text').textContent = text;
      setSize(surface, sizes, text, utf8Bytes(text));
      break;
    }
    case 'slack': {
      const text = await blob.text();
      const message = JSON.parse(text) as { text?: unknown; blocks?: unknown[] };
      const preview = byId('out-slack');
      clear(preview);
      slackPreview(preview, message);
      byId('out-slack-json').textContent = JSON.stringify(message, null, 2);
      const builder = byId<HTMLAnchorElement>('slack-builder');
      builder.href = blockKitBuilderUrl(Array.isArray(message.blocks) ? message.blocks : []);
      setSize(surface, sizes, text, utf8Bytes(text));
      break;
    }
    case 'teams':
    case 'discord':
    case 'googlechat':
    case 'telegram': {
      const text = await blob.text();
      const payload = JSON.parse(text) as Payload;
      const preview = byId(`out-${surface}`);
      clear(preview);
      const failure = await CHAT_PREVIEWS[surface](preview, payload);
      byId(`out-${surface}-json`).textContent = JSON.stringify(payload, null, 2);
      setSize(surface, sizes, text, utf8Bytes(text));
      if (failure) return `${surface}: ${failure}`;
      break;
    }
  }
  return undefined;
}

/** Renders every offered surface; resolves with the failures (empty when all drew). */
export async function renderSurfaces(
  body: string,
  surfaces: readonly Surface[],
  theme: string,
  signal: AbortSignal,
): Promise<{ failures: string[]; sizes: Sizes }> {
  const sizes: Sizes = {};
  // Sizes of the last composition must not stand in for surfaces that fail to draw this one.
  for (const surface of surfaces) {
    const cell = document.getElementById(`size-${surface}`);
    if (cell) cell.textContent = '…';
  }
  // Requested in this order: the picture first, the slower SVG and PDF last.
  const order = [...surfaces].sort((a, b) => REQUEST_ORDER.indexOf(a) - REQUEST_ORDER.indexOf(b));
  const results = await Promise.allSettled(order.map((surface) => one(surface, body, theme, signal, sizes)));
  const failures: string[] = [];
  for (const result of results) {
    if (result.status === 'fulfilled' && result.value !== undefined) failures.push(result.value);
    if (result.status === 'rejected' && !signal.aborted) failures.push(String(result.reason));
  }
  return { failures, sizes };
}

/** The sizes table's rows, one per offered surface (filled in as each surface draws). */
export function sizeRows(table: HTMLTableSectionElement, surfaces: readonly Surface[]): void {
  table.replaceChildren(
    ...surfaces.map((surface) =>
      el('tr', {}, el('th', { scope: 'row' }, surface), el('td', { id: `size-${surface}` }, '—')),
    ),
  );
}
