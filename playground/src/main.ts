/**
 * The playground at `/`: write a composition, check it live with the Worker's own validation, see
 * every surface, share the state as a link. Everything it shows comes from the Worker's routes. A
 * JSON array is a deck, a composition per slide: checked, drawn and shared as one.
 */
import { callTool } from './api.ts';
import { copyText, curlCommand, mcpConfig } from './copy.ts';
import { type Catalog, type CatalogEntry, sampleInput } from './catalog.ts';
import { validateInput, written } from './deck.ts';
import { catalogLoading, formatsLoading, frameLoading } from './early.ts';
import { byId, el } from './dom.ts';
import { createLazyEditor } from './lazy-editor.ts';
import { lineColumn } from './json-path.ts';
import { renderMarkdown } from './markdown.ts';
import { decodeState, encodeState } from './share.ts';
import { readFormats, renderSurfaces, type ServedFormat, showFormats } from './surfaces.ts';
import { setupTabs } from './tabs.ts';
import { setupTokenDialog } from './token-dialog.ts';

/** Typing pauses this long before the composition is checked. */
const CHECK_DELAY_MS = 250;
const THEME_KEY = 'isomer-playground-theme';

const root = document.documentElement;
const status = byId('status');
const errorList = byId<HTMLUListElement>('errors');
const warningList = byId<HTMLUListElement>('warnings');
const examples = byId<HTMLSelectElement>('examples');
const renderTheme = byId<HTMLSelectElement>('render-theme');
const viewInput = byId('view-input');
const viewInputText = byId<HTMLTextAreaElement>('view-input-text');

let catalog: Catalog | undefined;
let timer: ReturnType<typeof setTimeout> | undefined;
let inflight: AbortController | undefined;
let checks = 0;
let firstRender = true;
/** The text last written to the fragment, so our own update is not read back as a new link. */
let sharedText: string | undefined;

function say(message: string): void {
  status.textContent = message;
}

const editor = createLazyEditor(byId('editor'), 'Composition JSON', () => schedule());

const surfaceTabs = setupTabs(byId('surface-tabs'), () => void share());
setupTabs(byId('learn-tabs'));

// Page theme: the person's choice, else the system's; the render theme follows it unless changed.
function setPageTheme(theme: 'light' | 'dark', persist: boolean): void {
  root.dataset.theme = theme;
  const toggle = byId('theme-toggle');
  toggle.setAttribute('aria-pressed', String(theme === 'dark'));
  if (persist) localStorage.setItem(THEME_KEY, theme);
}
const savedTheme = localStorage.getItem(THEME_KEY);
setPageTheme(
  savedTheme === 'dark' || savedTheme === 'light'
    ? savedTheme
    : matchMedia('(prefers-color-scheme: dark)').matches
      ? 'dark'
      : 'light',
  false,
);
renderTheme.value = root.dataset.theme!;
byId('theme-toggle').addEventListener('click', () => {
  const next = root.dataset.theme === 'dark' ? 'light' : 'dark';
  setPageTheme(next, true);
  renderTheme.value = next;
  schedule(0, true);
});
renderTheme.addEventListener('change', () => schedule(0, true));

/** `eager`: ask for the surfaces alongside the validation (for text expected valid, such as an example). */
function schedule(delay = CHECK_DELAY_MS, eager = false): void {
  clearTimeout(timer);
  // The editor starts once a check has settled: the first example's requests go first.
  timer = setTimeout(() => void check(eager).finally(() => void editor.load()), delay);
}

function listFindings(list: HTMLUListElement, lines: string[], severity: 'error' | 'warning'): void {
  list.replaceChildren(
    ...lines.map((line) => {
      const button = el('button', { type: 'button', class: 'finding' }, line);
      button.addEventListener('click', () => jumpTo(line));
      return el('li', { class: severity }, button);
    }),
  );
}

/** Where each finding of the last check was marked. */
let lastMarks: { message: string; from: number; to: number }[] = [];

/** Moves the cursor to where a finding's path is in the text. */
function jumpTo(line: string): void {
  const mark = lastMarks.find((entry) => entry.message === line);
  if (mark) editor.reveal(mark.from, mark.to);
}

function showFindings(errors: string[], warnings: string[], syntaxAt?: number): void {
  lastMarks = editor.mark([
    ...errors.map((line) => ({
      line,
      severity: 'error' as const,
      ...(syntaxAt !== undefined ? { at: syntaxAt } : {}),
    })),
    ...warnings.map((line) => ({ line, severity: 'warning' as const })),
  ]);
  listFindings(errorList, errors, 'error');
  listFindings(warningList, warnings, 'warning');
  root.dataset.errors = String(errors.length);
}

async function share(): Promise<void> {
  const text = editor.text();
  const hash = await encodeState({ text, theme: renderTheme.value, tab: surfaceTabs.selected() });
  sharedText = text;
  if (location.hash !== hash) history.replaceState(null, '', hash);
}

/** Validates through `isomer_validate`, then draws every surface of a valid composition. */
async function check(eager: boolean): Promise<void> {
  const id = ++checks;
  inflight?.abort();
  const controller = new AbortController();
  inflight = controller;
  const text = editor.text();
  root.dataset.state = 'checking';
  void share();
  let composition: unknown;
  try {
    composition = JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const position = /position (\d+)/.exec(message);
    const at = position ? Number(position[1]) : text.length;
    const { line, column } = lineColumn(text, at);
    showFindings([`JSON syntax (line ${line}, column ${column}): ${message}`], [], at);
    say('The composition is not JSON.');
    root.dataset.state = 'invalid';
    return;
  }
  // An example's surfaces are asked for alongside its validation, saving a round trip (an invalid
  // one's renders answer 422 and are dropped). While typing, validation goes first, alone, so the
  // errors come back as fast as the Worker can answer.
  const started = performance.now();
  const what = written(composition);
  const slides = what.kind === 'deck' ? what.compositions.length : undefined;
  const draw = () => renderSurfaces(text, renderTheme.value, controller.signal, slides);
  const rendering = eager ? draw() : undefined;
  let result: { valid: boolean; errors: string[]; warnings: string[] };
  try {
    const answer = await callTool('isomer_validate', validateInput(what), controller.signal);
    if (answer.isError) throw new Error(answer.text);
    result = JSON.parse(answer.text) as typeof result;
  } catch (error) {
    if (controller.signal.aborted) return;
    controller.abort();
    showFindings([error instanceof Error ? error.message : String(error)], []);
    say('The Worker could not check the composition.');
    root.dataset.state = 'invalid';
    return;
  }
  if (id !== checks) return;
  showFindings(result.errors, result.warnings);
  if (!result.valid) {
    controller.abort();
    say(`${result.errors.length} ${result.errors.length === 1 ? 'error' : 'errors'} to repair.`);
    root.dataset.state = 'invalid';
    return;
  }
  say('Valid. Rendering…');
  const { failures } = await (rendering ?? draw());
  if (id !== checks) return;
  if (failures.length > 0) {
    showFindings(failures, result.warnings);
    say('Some surfaces failed to render.');
    root.dataset.state = 'invalid';
    return;
  }
  const valid = slides === undefined ? 'Valid' : `Valid deck of ${slides} ${slides === 1 ? 'slide' : 'slides'}`;
  say(
    `${valid}${result.warnings.length ? ` with ${result.warnings.length} warnings` : ''}; every surface rendered in ${Math.round(performance.now() - started)} ms.`,
  );
  root.dataset.state = 'rendered';
  root.dataset.renders = String(Number(root.dataset.renders ?? '0') + 1);
  if (firstRender) {
    firstRender = false;
    performance.mark('playground-first-render');
  }
}

// ——— Examples and views ———

/** A node example as a composition: inside the frame when there is one, else alone. */
async function exampleComposition(entry: CatalogEntry): Promise<unknown> {
  const title = `${entry.type} example`;
  const frame = await frameLoading;
  if (!frame || frame === entry) return { type: 'view', title, body: [entry.example] };
  return { type: 'view', title, body: [{ ...(frame.example as object), body: [entry.example] }] };
}

function loadText(text: string): void {
  editor.setText(text);
  schedule(0, true);
}

async function chooseExample(value: string): Promise<void> {
  if (!catalog) return;
  viewInput.hidden = true;
  if (value.startsWith('p:')) {
    const entry = catalog.entries.find((candidate) => candidate.type === value.slice(2));
    if (!entry || entry.example === undefined) return;
    loadText(JSON.stringify(await exampleComposition(entry), null, 2));
    showEntry(entry);
  } else if (value.startsWith('v:')) {
    const view = catalog.views.find((candidate) => candidate.id === value.slice(2));
    if (!view) return;
    viewInput.hidden = false;
    byId('view-input-label').textContent = `Input for ${view.id} (JSON)`;
    viewInputText.value = JSON.stringify(sampleInput(view.inputSchema), null, 2);
    await buildView();
  }
}

async function buildView(): Promise<void> {
  const id = examples.value.slice(2);
  let input: unknown;
  try {
    input = JSON.parse(viewInputText.value);
  } catch (error) {
    say(`The view input is not JSON: ${error instanceof Error ? error.message : String(error)}`);
    return;
  }
  try {
    const answer = await callTool('isomer_request_view', { id, input });
    if (answer.isError) {
      showFindings([answer.text], []);
      say('The view could not be built from that input.');
      return;
    }
    const built = JSON.parse(answer.text) as { composition?: unknown; errors: string[] };
    if (built.composition !== undefined) loadText(JSON.stringify(built.composition, null, 2));
    else showFindings(built.errors, []);
  } catch (error) {
    say(error instanceof Error ? error.message : String(error));
  }
}

function fillExamples(current: Catalog): void {
  const groups = new Map<string, HTMLOptGroupElement>();
  const options: HTMLElement[] = [el('option', { value: '' }, 'Choose an example…')];
  for (const entry of current.entries) {
    if (entry.example === undefined) continue;
    let group = groups.get(entry.group);
    if (!group) {
      group = el('optgroup', { label: entry.group || 'Primitives' });
      groups.set(entry.group, group);
      options.push(group);
    }
    group.append(el('option', { value: `p:${entry.type}` }, entry.type));
  }
  if (current.views.length > 0) {
    const views = el('optgroup', { label: 'Views' });
    for (const view of current.views)
      views.append(el('option', { value: `v:${view.id}` }, `${view.title} (${view.id})`));
    options.push(views);
  }
  examples.replaceChildren(...options);
}

// ——— Learn ———

function showEntry(entry: CatalogEntry): void {
  const article = byId('primitive-entry');
  const parts: HTMLElement[] = [el('h3', {}, entry.type), el('p', {}, entry.purpose)];
  if (entry.useWhen) parts.push(el('h4', {}, 'Use when'), el('p', {}, entry.useWhen));
  if (entry.avoidWhen) parts.push(el('h4', {}, 'Avoid when'), el('p', {}, entry.avoidWhen));
  if (entry.example !== undefined) {
    const tryIt = el('button', { type: 'button' }, 'Open this example');
    tryIt.addEventListener('click', () => {
      examples.value = `p:${entry.type}`;
      void chooseExample(examples.value);
    });
    parts.push(el('h4', {}, 'Example'), el('pre', {}, JSON.stringify(entry.example, null, 2)), tryIt);
  }
  article.replaceChildren(...parts);
}

function fillLearn(current: Catalog): void {
  const list = byId<HTMLUListElement>('primitive-list');
  list.replaceChildren(
    ...current.entries.map((entry) => {
      const button = el('button', { type: 'button', class: 'primitive', 'data-type': entry.type }, entry.type);
      button.title = entry.purpose;
      button.addEventListener('click', () => showEntry(entry));
      return el('li', {}, button);
    }),
  );
  const filter = byId<HTMLInputElement>('primitive-filter');
  filter.addEventListener('input', () => {
    const query = filter.value.trim().toLowerCase();
    for (const item of list.children) {
      const entry = current.entries.find((candidate) => candidate.type === item.textContent);
      (item as HTMLElement).hidden = query !== '' && !`${entry?.type} ${entry?.purpose}`.toLowerCase().includes(query);
    }
  });
  const guide = byId('guide');
  guide.replaceChildren();
  renderMarkdown(guide, current.guide);
}

const copy = (label: string, text: string): Promise<void> => copyText(label, text, say);

byId('copy-composition').addEventListener('click', () => void copy('composition', editor.text()));
byId('copy-curl').addEventListener('click', () => {
  const format = surfaceTabs.selected();
  if (format === '') say('The Worker listed no format to render.');
  else void copy('curl command', curlCommand(format, editor.text(), renderTheme.value));
});
byId('copy-mcp').addEventListener('click', () => void copy('MCP client configuration', mcpConfig()));
byId('copy-link').addEventListener('click', () => {
  void share().then(() => copy('link', location.href));
});
byId('format').addEventListener('click', () => {
  try {
    editor.setText(JSON.stringify(JSON.parse(editor.text()), null, 2));
  } catch {
    say('Only JSON can be formatted; repair the syntax error first.');
  }
});
examples.addEventListener('change', () => void chooseExample(examples.value));
byId('view-build').addEventListener('click', () => void buildView());

setupTokenDialog(say);

// ——— Start ———

async function restore(): Promise<boolean> {
  const state = await decodeState(location.hash);
  if (!state) return false;
  if (state.text === editor.text() && state.text === sharedText) return true;
  sharedText = state.text;
  if (state.theme && [...renderTheme.options].some((option) => option.value === state.theme))
    renderTheme.value = state.theme;
  if (state.tab) surfaceTabs.select(state.tab);
  loadText(state.text);
  return true;
}

window.addEventListener('hashchange', () => void restore());

/** A tab, a panel and a size row for each format the Worker serves, in its order. */
async function offeredSurfaces(): Promise<void> {
  let formats: ServedFormat[] = [];
  try {
    formats = readFormats(JSON.parse(await formatsLoading));
  } catch (error) {
    say(`Could not load the formats: ${error instanceof Error ? error.message : String(error)}`);
  }
  const opening = showFormats(
    formats,
    byId('surface-tabs'),
    byId('surface-panels'),
    byId<HTMLTableSectionElement>('sizes-body'),
  );
  surfaceTabs.reset(opening);
}

async function start(): Promise<void> {
  say('Loading the catalog…');
  const surfaces = offeredSurfaces();
  const loading = catalogLoading;
  await surfaces;
  const restored = await restore();
  try {
    catalog = await loading;
  } catch (error) {
    say(`Could not load the catalog: ${error instanceof Error ? error.message : String(error)}`);
    void editor.load();
    return;
  }
  fillExamples(catalog);
  fillLearn(catalog);
  const first = catalog.entries.find((entry) => entry.example !== undefined);
  if (!restored && first) {
    examples.value = `p:${first.type}`;
    await chooseExample(examples.value);
  } else if (first) showEntry(first);
  else void editor.load();
}

void start();
