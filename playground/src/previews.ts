/**
 * How a format is shown in its tab, chosen from its media type: a picture, a document to download,
 * the HTML page in a sandboxed frame, Markdown rendered and as source, or text (JSON
 * pretty-printed). Model text lands as text everywhere; the HTML surface alone is shown as markup,
 * inside a frame that runs no script.
 */
import { el } from './dom.ts';
import { renderMarkdown } from './markdown.ts';
import { essence, isBinary, isJson, isPicture } from './media.ts';

import type { ServedFormat } from './format-tabs.ts';

export type { ServedFormat } from './format-tabs.ts';

/** One render of a format: its bytes, and its text when the media type is text. */
export interface Rendered {
  readonly blob: Blob;
  readonly text?: string;
}

/** A format's tab panel: its content, built once, and how each render is drawn into it. */
export interface Preview {
  readonly nodes: readonly Node[];
  /** Draws a render; answers a failure to report, if any. */
  draw(rendered: Rendered): Promise<string | undefined>;
}

/** Element ids are the format's name with a prefix, so a shared link and the tests can name them. */
export const outId = (format: ServedFormat, suffix = ''): string => `out-${format.name}${suffix}`;

/** One blob URL at a time per preview: the last render's is revoked when the next is shown. */
function blobUrls(): (blob: Blob) => string {
  let current: string | undefined;
  return (blob) => {
    if (current) URL.revokeObjectURL(current);
    current = URL.createObjectURL(blob);
    return current;
  };
}

/** A picture as an <img> from a blob URL (SVG too): drawn as a picture, never as part of this page's DOM. */
function picturePreview(format: ServedFormat): Preview {
  const image = el('img', { id: outId(format), class: 'picture', alt: `The composition as ${format.title}` });
  const url = blobUrls();
  return {
    nodes: [image],
    async draw({ blob }) {
      image.src = url(blob.type ? blob : new Blob([blob], { type: format.mimeType }));
      if (performance.getEntriesByName('playground-first-picture').length === 0)
        performance.mark('playground-first-picture');
      return undefined;
    },
  };
}

/** A document the browser cannot draw inline here (a PDF, any other binary type): a download. */
function downloadPreview(format: ServedFormat): Preview {
  const line = el('p', {}, `The ${format.title} is offered here once the composition renders.`);
  const url = blobUrls();
  return {
    nodes: [line],
    async draw({ blob }) {
      const link = el(
        'a',
        { id: outId(format), download: `composition.${format.name}` },
        `Download the ${format.title}`,
      );
      link.href = url(blob);
      line.replaceChildren(link);
      return undefined;
    },
  };
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
async function showHtml(frame: HTMLIFrameElement, html: string): Promise<void> {
  const target = await previewReady(frame);
  target.documentElement.innerHTML = html
    .replace(/^\s*<!doctype[^>]*>\s*<html[^>]*>/i, '')
    .replace(/<\/html>\s*$/i, '');
}

/** Source text folded under a summary (HTML source, a chat payload's JSON). */
export function sourceDetails(summary: string, id: string): { details: HTMLElement; source: HTMLElement } {
  const source = el('pre', { id, class: 'source' });
  return { details: el('details', {}, el('summary', {}, summary), source), source };
}

function htmlPreview(format: ServedFormat): Preview {
  const frame = el('iframe', {
    id: outId(format),
    class: 'html-frame',
    src: '/preview',
    sandbox: 'allow-same-origin',
    title: `The ${format.title} surface`,
    referrerpolicy: 'no-referrer',
  });
  const { details, source } = sourceDetails(`${format.title} source`, outId(format, '-source'));
  return {
    nodes: [frame, details],
    async draw({ text = '' }) {
      await showHtml(frame, text);
      source.textContent = text;
      return undefined;
    },
  };
}

function markdownPreview(format: ServedFormat): Preview {
  const rendered = el('div', { id: outId(format), class: 'markdown' });
  const source = el('pre', { id: outId(format, '-source'), class: 'source' });
  return {
    nodes: [
      el('h3', { class: 'panel-heading' }, 'Rendered'),
      rendered,
      el('h3', { class: 'panel-heading' }, 'Source'),
      source,
    ],
    async draw({ text = '' }) {
      rendered.replaceChildren();
      renderMarkdown(rendered, text);
      source.textContent = text;
      return undefined;
    },
  };
}

/** JSON as people read it, two-space indented; text that does not parse stays as it came. */
export function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/**
 * Plain text, and every format the page has no other preview for (an added host, a format given
 * in code): its text in a <pre>, JSON pretty-printed, set as text so model text stays text.
 */
function textPreview(format: ServedFormat): Preview {
  const out = el('pre', { id: outId(format), class: 'source' });
  return {
    nodes: [out],
    async draw({ text = '' }) {
      out.textContent = isJson(format.mimeType) ? prettyJson(text) : text;
      return undefined;
    },
  };
}

/** The preview a media type calls for, when no host preview is given for the format. */
export function mediaPreview(format: ServedFormat): Preview {
  const type = essence(format.mimeType);
  if (isPicture(type)) return picturePreview(format);
  if (type === 'text/html') return htmlPreview(format);
  if (type === 'text/markdown') return markdownPreview(format);
  if (isBinary(type)) return downloadPreview(format);
  return textPreview(format);
}
