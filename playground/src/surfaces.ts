/**
 * Every format the Worker serves (`GET /formats`, in its order) as a tab, a panel and a row of the
 * sizes table, and every surface of one valid composition, each through `POST /render/{format}`,
 * drawn into its panel. Which formats exist, what each is called and what its route reads all come
 * from the Worker; the page knows formats only by media type (and its chat hosts' previews). A deck
 * is one request per format too, but for the pictures: each is one slide (`?slide=N`), paged in
 * its panel, and paging asks for the pictures alone again.
 */
import { render } from './api.ts';
import { keptSlide, slideCounter } from './deck.ts';
import { formatTabs } from './format-tabs.ts';
import { el, formatBytes, formatCount } from './dom.ts';
import { hostPreview } from './host-previews.ts';
import { essence, isPicture, isTextual, requestRank } from './media.ts';
import { mediaPreview, type Preview, type ServedFormat } from './previews.ts';

export type { ServedFormat } from './previews.ts';
export { readFormats } from './format-tabs.ts';

interface Surface {
  readonly format: ServedFormat;
  readonly preview: Preview;
  /** A picture's slide pager, shown for a deck of more than one slide. */
  readonly pager?: Pager;
}

interface Pager {
  readonly root: HTMLElement;
  readonly counter: HTMLElement;
  readonly previous: HTMLButtonElement;
  readonly next: HTMLButtonElement;
}

/** The deck last drawn, when the composition is a deck: what paging asks for again. */
let deck: { body: string; theme: string; count: number; slide: number; paging?: AbortController } | undefined;

/** The served formats, in the Worker's order, each with its preview. */
let surfaces: readonly Surface[] = [];
let loaded = false;

/**
 * Builds a tab, a panel and a size row for each served format; answers the tab to open on (the
 * first PNG, else the first format).
 */
export function showFormats(
  formats: readonly ServedFormat[],
  tabList: HTMLElement,
  panels: HTMLElement,
  sizes: HTMLTableSectionElement,
): string | undefined {
  loaded = true;
  surfaces = formats.map((format) => ({
    format,
    preview: hostPreview(format) ?? mediaPreview(format),
    ...(isPicture(format.mimeType) ? { pager: pagerFor(format) } : {}),
  }));
  const tabs = formatTabs(formats);
  tabList.replaceChildren(
    ...tabs.map((tab) =>
      el(
        'button',
        { type: 'button', role: 'tab', id: tab.id, 'data-tab': tab.name, 'aria-controls': tab.panel },
        tab.title,
      ),
    ),
  );
  panels.replaceChildren(
    ...surfaces.map(({ preview, pager }, index) => {
      const tab = tabs[index]!;
      const panel = el(
        'div',
        { role: 'tabpanel', id: tab.panel, 'aria-labelledby': tab.id, class: 'panel' },
        ...(pager ? [pager.root] : []),
        ...preview.nodes,
      );
      panel.hidden = true;
      return panel;
    }),
  );
  sizes.replaceChildren(
    ...formats.map((format) =>
      el('tr', {}, el('th', { scope: 'row' }, format.title), el('td', { id: `size-${format.name}` }, '—')),
    ),
  );
  return (formats.find((format) => essence(format.mimeType) === 'image/png') ?? formats[0])?.name;
}

/** A served format by name. */
export const servedFormat = (name: string): ServedFormat | undefined =>
  surfaces.find((surface) => surface.format.name === name)?.format;

/** Whether a format's route reads a query option (every option until the list has loaded). */
export const formatReads = (name: string, option: string): boolean =>
  !loaded || (servedFormat(name)?.options.includes(option) ?? false);

/** Pictures are drawn at half the 1920×1080 canvas: enough for a preview, and quicker. */
const PREVIEW_SCALE = '0.5';

/** What each surface measured, for the sizes table: characters (text formats) and bytes. */
export type Sizes = Record<string, { characters?: number; bytes: number }>;

function setSize(name: string, sizes: Sizes, text: string | undefined, bytes: number): void {
  const characters = text === undefined ? undefined : [...text].length;
  sizes[name] = characters === undefined ? { bytes } : { characters, bytes };
  const cell = document.getElementById(`size-${name}`);
  if (cell)
    cell.textContent =
      characters === undefined
        ? formatBytes(bytes)
        : `${formatCount(characters, 'characters')} · ${formatBytes(bytes)}`;
}

/** Previous and next buttons round a counter; ids carry the format's name (`deck-png-next`). */
function pagerFor(format: ServedFormat): Pager {
  const id = (part: string) => `deck-${format.name}-${part}`;
  const previous = el('button', { type: 'button', id: id('previous'), 'aria-label': 'Previous slide' }, '‹');
  const next = el('button', { type: 'button', id: id('next'), 'aria-label': 'Next slide' }, '›');
  const counter = el('span', { id: id('counter'), class: 'deck-counter', 'aria-live': 'polite' });
  const root = el('div', { class: 'deck-pager', role: 'group', 'aria-label': 'Slides' }, previous, counter, next);
  root.hidden = true;
  previous.addEventListener('click', () => void pageTo((deck?.slide ?? 1) - 1));
  next.addEventListener('click', () => void pageTo((deck?.slide ?? 1) + 1));
  return { root, counter, previous, next };
}

/** Every picture's pager shows the deck's slide, or hides when there is no deck of two or more. */
function showPagers(): void {
  for (const { pager } of surfaces) {
    if (!pager) continue;
    pager.root.hidden = deck === undefined || deck.count < 2;
    if (!deck) continue;
    pager.counter.textContent = slideCounter(deck.slide, deck.count);
    pager.previous.disabled = deck.slide <= 1;
    pager.next.disabled = deck.slide >= deck.count;
  }
  if (deck) document.documentElement.dataset.slide = String(deck.slide);
  else delete document.documentElement.dataset.slide;
}

/** The deck's slide in the pictures (1-based), or undefined when the composition is not a deck. */
export const deckSlide = (): number | undefined => deck?.slide;

/** Shows slide `slide` of the deck in every picture: the pictures alone are asked for again. */
export async function pageTo(slide: number): Promise<void> {
  if (!deck) return;
  const to = keptSlide(slide, deck.count);
  if (to === deck.slide) return;
  deck.slide = to;
  deck.paging?.abort();
  const controller = new AbortController();
  deck.paging = controller;
  showPagers();
  const { body, theme } = deck;
  const sizes: Sizes = {};
  await Promise.allSettled(
    surfaces.filter(({ pager }) => pager).map((surface) => one(surface, body, theme, controller.signal, sizes, to)),
  );
  if (!controller.signal.aborted) document.documentElement.dataset.paged = String(to);
}

async function one(
  { format, preview }: Surface,
  body: string,
  theme: string,
  signal: AbortSignal,
  sizes: Sizes,
  slide?: number,
): Promise<string | undefined> {
  const query: Record<string, string> = {};
  if (theme !== 'auto' && formatReads(format.name, 'theme')) query.theme = theme;
  if (isPicture(format.mimeType) && formatReads(format.name, 'scale')) query.scale = PREVIEW_SCALE;
  // A deck's picture is one slide; every other format answers the whole deck.
  if (slide !== undefined && isPicture(format.mimeType)) query.slide = String(slide);
  const result = await render(format.name, body, query, signal);
  if (!result.ok) return `${format.name}: ${result.message}`;
  const { blob } = result;
  if (signal.aborted) return undefined;
  const text = isTextual(format.mimeType) ? await blob.text() : undefined;
  const failure = await preview.draw(text === undefined ? { blob } : { blob, text });
  setSize(format.name, sizes, text, blob.size);
  return failure;
}

/**
 * Renders every served surface; resolves with the failures (empty when all drew). `slides` is the
 * deck's length when `body` is a deck: the pictures then show the slide in view (kept in the deck).
 */
export async function renderSurfaces(
  body: string,
  theme: string,
  signal: AbortSignal,
  slides?: number,
): Promise<{ failures: string[]; sizes: Sizes }> {
  const sizes: Sizes = {};
  deck?.paging?.abort();
  deck = slides === undefined ? undefined : { body, theme, count: slides, slide: keptSlide(deck?.slide ?? 1, slides) };
  showPagers();
  const slide = deck?.slide;
  // Sizes of the last composition must not stand in for surfaces that fail to draw this one.
  for (const { format } of surfaces) {
    const cell = document.getElementById(`size-${format.name}`);
    if (cell) cell.textContent = '…';
  }
  // Requested in this order (the Worker's within a rank): pictures first, the slower SVG and PDF last.
  const order = [...surfaces].sort((a, b) => requestRank(a.format.mimeType) - requestRank(b.format.mimeType));
  const results = await Promise.allSettled(order.map((surface) => one(surface, body, theme, signal, sizes, slide)));
  const failures: string[] = [];
  for (const result of results) {
    if (result.status === 'fulfilled' && result.value !== undefined) failures.push(result.value);
    if (result.status === 'rejected' && !signal.aborted) failures.push(String(result.reason));
  }
  return { failures, sizes };
}
