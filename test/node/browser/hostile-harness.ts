/**
 * The pack conformance kit's Chromium part (Node): hostile text in every string field of every
 * primitive of a pack, on every surface (text, Markdown, HTML, Slack, and the snapshot when the pack
 * has a frame), checked where it would do harm. `describeHostilePayloads({ pack, preview })`
 * registers it for a pack; `describeHostileHarness()` shows the harness sees what it looks for.
 *
 * The HTML surface, and the Markdown as marked and markdown-it render it with raw HTML on, are
 * loaded as one document per primitive in the real Chromium, with hooks that record any script
 * that runs, and their DOM is walked for handlers,
 * script URLs and elements that embed or run things. The Slack message is walked for live mentions
 * and links the URL policy refuses; the snapshot markup (for the rasterizer) is read tag by tag.
 *
 * Placement: each example node (from the catalog) takes one payload per string leaf, shifted by one
 * payload per node (a Latin square), so every leaf meets every payload once. Fields the schema
 * refuses are put back and the now valid node goes through every surface; a node that had a field
 * refused is also drawn as placed, unvalidated, straight through the renderers, whose own escaping
 * and URL checks must hold too.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import MarkdownIt from 'markdown-it';
import { marked } from 'marked';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dispatcher } from '../../../src/core/runtime/dispatcher.ts';
import { serializeMarkdown } from '../../../src/core/markdown/serialize.ts';
import { sanitizeAssetUrl, sanitizeNavigationHref } from '../../../src/core/model/url.ts';
import { exampleNodes, type IsomerRuntime, type PrimitiveDefinition, type PrimitiveNode } from '../../../src/index.ts';
import { HOSTILE_PAYLOADS } from '../../support/hostile-payloads.ts';
import { kitRuntime, type PackKitSubject, previewOf } from '../../support/pack-kit/subject.ts';
import { launchChromium } from '../chromium.ts';

/** A pack's runtime, the dispatcher its unvalidated renders go through, and where an example sits in its frame. */
interface Drawing {
  runtime: IsomerRuntime;
  dispatcher: Dispatcher;
  preview(node: PrimitiveNode): Record<string, unknown>;
}

function drawingOf(subject: PackKitSubject): Drawing {
  const runtime = kitRuntime(subject);
  return {
    runtime,
    dispatcher: new Dispatcher(runtime.primitives, new Set()),
    preview: (node) => previewOf(subject, node),
  };
}

const collect = { onValidationError: 'collect' } as const;
const markdownIt = new MarkdownIt({ html: true, linkify: true });

// ---------------------------------------------------------------------------------------------
// Placing payloads

type Path = (string | number)[];
type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const pathText = (path: Path): string => path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${key}`)).join('');
/** A leaf's position with array indexes dropped: what "the same field" means across examples. */
const fieldOf = (path: Path): string => path.map((key) => (typeof key === 'number' ? '[]' : `.${key}`)).join('');

function getAt(node: unknown, path: Path): unknown {
  return path.reduce<unknown>((value, key) => (value as Record<string | number, unknown>)[key], node);
}

function setAt(node: unknown, path: Path, value: string): void {
  const parent = getAt(node, path.slice(0, -1)) as Record<string | number, unknown>;
  parent[path.at(-1)!] = value;
}

/**
 * The string leaves of a node, `type` aside, not descending into child nodes (each child primitive
 * is placed on its own). Embedded bodies are not children, so their fields count here too.
 */
function stringLeaves(definition: PrimitiveDefinition, node: PrimitiveNode): Path[] {
  const children = new Set<unknown>(definition.children(node).map((child) => child.node));
  const out: Path[] = [];
  const visit = (value: unknown, path: Path): void => {
    if (children.has(value)) return;
    if (typeof value === 'string') {
      if (path.at(-1) !== 'type') out.push(path);
    } else if (Array.isArray(value)) {
      value.forEach((item, i) => {
        visit(item, [...path, i]);
      });
    } else if (isRecord(value)) {
      for (const [key, item] of Object.entries(value)) visit(item, [...path, key]);
    }
  };
  visit(node, []);
  return out;
}

const fieldsOf = (definition: PrimitiveDefinition, node: PrimitiveNode): Set<string> =>
  new Set(stringLeaves(definition, node).map(fieldOf));

/**
 * Nodes that hold every field of the catalog's examples: the examples that bring a field the
 * earlier ones lack, each folded into an earlier one (its missing top-level fields added) when the
 * result is still valid, so fewer nodes carry the same fields.
 */
function coveringExamples({ runtime }: Drawing, definition: PrimitiveDefinition): PrimitiveNode[] {
  const seen = new Set<string>();
  const chosen: PrimitiveNode[] = [];
  for (const node of exampleNodes(definition) as PrimitiveNode[]) {
    const fields = [...fieldsOf(definition, node)].filter((field) => !seen.has(field));
    if (fields.length === 0) continue;
    for (const field of fields) seen.add(field);
    const folded = chosen.findIndex((earlier) => {
      const merged = { ...node, ...earlier } as PrimitiveNode;
      const mergedFields = fieldsOf(definition, merged);
      return (
        fields.every((field) => mergedFields.has(field)) && runtime.validate({ type: 'view', body: [merged] }).valid
      );
    });
    if (folded === -1) chosen.push(node);
    else chosen[folded] = { ...node, ...chosen[folded]! } as PrimitiveNode;
  }
  return chosen;
}

interface Placement {
  /** As placed: every leaf holds a payload. */
  raw: PrimitiveNode;
  /** The same node with the fields its schema refused put back, so it validates. */
  valid: PrimitiveNode;
  placed: number;
  refused: number;
}

/** True when a validation finding at `errorPath` (relative to the node) covers the leaf at `leaf`. */
const covers = (errorPath: string, leaf: string): boolean =>
  errorPath === '' || leaf === errorPath || leaf.startsWith(`${errorPath}.`) || leaf.startsWith(`${errorPath}[`);

function place(
  { runtime }: Drawing,
  definition: PrimitiveDefinition,
  example: PrimitiveNode,
  shift: number,
): Placement {
  const leaves = stringLeaves(definition, example);
  const raw = structuredClone(example);
  leaves.forEach((leaf, j) => {
    setAt(raw, leaf, HOSTILE_PAYLOADS[(shift + j) % HOSTILE_PAYLOADS.length]!);
  });
  const valid = structuredClone(raw);
  let refused = 0;
  for (let round = 0; round < 4; round++) {
    const result = runtime.validate({ type: 'view', body: [valid] });
    if (result.valid) return { raw, valid, placed: leaves.length, refused };
    const paths = result.errors.map((error) => error.path.replace(/^body\[0\]/, ''));
    for (const leaf of leaves) {
      if (!paths.some((path) => covers(path, pathText(leaf)))) continue;
      const original = getAt(example, leaf) as string;
      const now = getAt(valid, leaf);
      if (now !== original && now !== undefined) {
        // The finding names the field: put the example's value back.
        setAt(valid, leaf, original);
        refused++;
      } else if (now === original && typeof leaf.at(-1) === 'string') {
        // Refused as it was, so a rule across fields (`highlightPrefix` must start `command`):
        // leave the field out, which an optional one allows.
        delete (getAt(valid, leaf.slice(0, -1)) as Json)[leaf.at(-1) as string];
      }
    }
  }
  // Nothing else worked: the example as it is; every placement in it is drawn unvalidated only.
  return { raw, valid: structuredClone(example), placed: leaves.length, refused: leaves.length };
}

// ---------------------------------------------------------------------------------------------
// Rendering

interface Outputs {
  type: string;
  fields: number;
  placed: number;
  refused: number;
  /** HTML fragments for the browser: the HTML surface, and the Markdown through each reader. */
  pages: Record<PageKind, Set<string>>;
  css: string;
  /** What the snapshot surface hands the rasterizer (no browser reads it): checked as text. */
  snapshot: string[];
  slack: unknown[];
  /** Unvalidated renders a renderer refused by throwing (allowed: it drew nothing). */
  threw: number;
}

const PAGE_KINDS = ['html', 'marked', 'markdown-it'] as const;
type PageKind = (typeof PAGE_KINDS)[number];

const BATCH = 40;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function renderPrimitive(drawing: Drawing, definition: PrimitiveDefinition): Outputs {
  const { html, markdown, text, slack, snapshot } = drawing.runtime.surfaces;
  const { dispatcher } = drawing;
  const examples = coveringExamples(drawing, definition);
  const placements = examples.flatMap((example) =>
    HOSTILE_PAYLOADS.map((_, shift) => place(drawing, definition, example, shift)),
  );
  const pages = Object.fromEntries(PAGE_KINDS.map((kind) => [kind, new Set<string>()])) as Outputs['pages'];
  const addMarkdown = (source: string): void => {
    pages.marked.add(marked.parse(source, { async: false, gfm: true }));
    pages['markdown-it'].add(markdownIt.render(source));
  };
  const out: Outputs = {
    type: definition.type,
    fields: new Set(examples.flatMap((example) => stringLeaves(definition, example).map(fieldOf))).size,
    placed: placements.reduce((sum, p) => sum + p.placed, 0),
    refused: placements.reduce((sum, p) => sum + p.refused, 0),
    pages,
    css: '',
    snapshot: [],
    slack: [],
    threw: 0,
  };

  // Validated, through the surfaces.
  for (const batch of chunks(placements, BATCH)) {
    const composition = { type: 'view', title: definition.type, body: batch.map((p) => p.valid) };
    const drawn = html.render(composition, { ...collect, css: 'separate' });
    expect(drawn.validationErrors, definition.type).toEqual([]);
    out.css = drawn.css;
    pages.html.add(drawn.html);
    addMarkdown(markdown.render(composition, collect));
    // Plain text has no markup to inject into: drawing it without a throw is what is asked of it.
    text.render(composition, collect);
    out.slack.push(slack.render(composition, collect));
    // Without a frame there is no snapshot surface, and no image format to draw for.
    const shots = snapshot?.renderPages(
      batch.map((p) => drawing.preview(p.valid)),
      collect,
    );
    for (const page of shots?.pages ?? []) out.snapshot.push(page.html);
  }

  // Unvalidated, straight through the renderers.
  const react = dispatcher.createScope({ surface: 'react' });
  const shot = dispatcher.createScope({ surface: 'snapshot' });
  const md = dispatcher.createScope({ surface: 'markdown' });
  const plain = dispatcher.createScope({ surface: 'text' });
  const chat = dispatcher.createScope({ surface: 'slack' });
  for (const { raw, refused } of placements) {
    // With nothing refused, the validated render already drew exactly this node.
    if (refused === 0) continue;
    const attempt = (draw: () => void): void => {
      try {
        draw();
      } catch {
        out.threw++;
      }
    };
    attempt(() => pages.html.add(react.html(raw).value));
    if (snapshot) attempt(() => out.snapshot.push(shot.html(raw).value));
    attempt(() => addMarkdown(serializeMarkdown(md.markdown(raw))));
    attempt(() => plain.text(raw));
    attempt(() => out.slack.push({ text: '', blocks: chat.slack(raw) }));
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Snapshot

const SNAPSHOT_TAG = /<([a-zA-Z][\w:-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/g;
const SNAPSHOT_ATTRIBUTE = /\s+([^\s"'>/=]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s"'=<>`]+))?/g;

/**
 * Snapshot markup goes to the rasterizer, which runs no script, so it is read as text here, tag by
 * tag: model text in it is escaped, so any tag or attribute found is one the renderer wrote.
 */
function snapshotFindings(markup: string): string[] {
  const found: string[] = [];
  for (const [tag, name, attributes] of markup.matchAll(SNAPSHOT_TAG)) {
    if (/^(?:script|iframe|frame|object|embed|base|form|meta|link|foreignobject|animate|set)$/i.test(name!))
      found.push(`snapshot element: ${tag.slice(0, 160)}`);
    for (const [, attribute, quoted = ''] of attributes!.matchAll(SNAPSHOT_ATTRIBUTE)) {
      const value = quoted
        .replace(/^["']|["']$/g, '')
        .replace(/&#(\d+);?/g, (_, code: string) => String.fromCodePoint(Number(code)))
        .replace(/&#x([0-9a-f]+);?/gi, (_, code: string) => String.fromCodePoint(Number.parseInt(code, 16)))
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, '&')
        .replace(/[\u0000-\u0020]/g, '');
      if (/^on/i.test(attribute!)) found.push(`snapshot handler: ${tag.slice(0, 160)}`);
      const image = /^src$/i.test(attribute!) && /^(?:img|image)$/i.test(name!) && /^data:image\//i.test(value);
      if (
        /^(?:href|xlink:href|src|action|formaction)$/i.test(attribute!) &&
        /^(?:javascript|vbscript|data):|^[/\\]{2}/i.test(value) &&
        !image
      )
        found.push(`snapshot url: ${tag.slice(0, 160)}`);
      if (/^style$/i.test(attribute!) && /expression\s*\(|javascript:|@import/i.test(value))
        found.push(`snapshot style: ${tag.slice(0, 160)}`);
    }
  }
  return found;
}

// ---------------------------------------------------------------------------------------------
// Slack

/** Slack output that could ping someone or link where the policy would not: each as a readable line. */
function slackFindings(message: unknown): string[] {
  const found: string[] = [];
  const mrkdwn = (value: string): void => {
    for (const match of value.matchAll(/<([^<>]*)>/g)) {
      const inside = match[1]!;
      if (/^[!@#]/.test(inside)) {
        found.push(`live mention ${match[0]}`);
        continue;
      }
      const url = inside.split('|')[0]!.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>');
      if (sanitizeNavigationHref(url) === null) found.push(`refused link ${match[0]}`);
    }
  };
  const visit = (value: unknown, key = ''): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    if (!isRecord(value)) {
      if (typeof value === 'string' && (key === 'url' || key === 'image_url')) {
        const check = key === 'url' ? sanitizeNavigationHref : sanitizeAssetUrl;
        if (check(value) === null) found.push(`refused ${key} ${value}`);
      }
      return;
    }
    if (value.type === 'mrkdwn' && typeof value.text === 'string') mrkdwn(value.text);
    if (['user', 'channel', 'usergroup', 'broadcast'].includes(String(value.type)))
      found.push(`live mention element ${JSON.stringify(value)}`);
    for (const [childKey, child] of Object.entries(value)) visit(child, childKey);
  };
  const top = isRecord(message) ? message.text : undefined;
  if (typeof top === 'string') mrkdwn(top);
  visit(isRecord(message) ? message.blocks : undefined);
  return found;
}

// ---------------------------------------------------------------------------------------------
// The browser

interface Audit {
  /** Script that ran: hooked calls, CSP reports, dialogs, navigations away. */
  executions: string[];
  /** Markup that could run script or leave the page, as `<kind> <what>: <where>`. */
  findings: string[];
}

let origin = '';
let served = { path: '', body: '' };
let hits: string[] = [];

/**
 * One document per primitive: a harness-marked container per output kind, so every finding names
 * the surface it came from. Markup that escaped its container is reported as `outside`.
 */
function documentFor(sections: Partial<Record<PageKind, Iterable<string>>>, css: string): string {
  const style = css === '' ? '' : `<style data-harness>${css}</style>`;
  const body = Object.entries(sections)
    // Not displayed: layout of this much markup is most of a load, and every check reads the DOM.
    .map(([kind, fragments]) => `<div data-harness data-kind="${kind}" hidden>${[...fragments!].join('\n')}</div>`)
    .join('');
  return (
    `<!doctype html><html lang="en" data-harness><head data-harness><meta charset="utf-8" ` +
    `data-harness><title data-harness>hostile</title>${style}</head><body data-harness>${body}</body></html>`
  );
}

/** Runs in the page: elements and attributes, read back from the parsed DOM (selectors and XPath). */
function auditDom(): string[] {
  const DANGEROUS =
    'script,iframe,frame,frameset,object,embed,applet,base,form,meta,link,style,textarea,' +
    'xmp,noscript,plaintext,noembed,noframes,template,title,input,button,select,isindex,' +
    'portal,math,animate,set,animateMotion,animateTransform,foreignObject,handler,listener';
  // What the Markdown readers produce themselves; anything else in their output is raw HTML.
  const MARKDOWN =
    'p,h1,h2,h3,h4,h5,h6,ul,ol,li,blockquote,table,thead,tbody,tr,th,td,pre,code,em,strong,del,a,img,br,hr';
  const URL_ATTRIBUTES = [
    'href',
    'xlink:href',
    'src',
    'action',
    'formaction',
    'data',
    'poster',
    'background',
    'srcset',
    'srcdoc',
    'ping',
    'cite',
  ];
  const RUNS = new Set(['javascript', 'vbscript', 'livescript', 'file', 'blob', 'filesystem', 'view-source', 'data']);
  const STYLE_SCRIPT = /expression\s*\(|javascript:|vbscript:|behavior\s*:|-moz-binding|@import/i;
  const found: string[] = [];
  const short = (value: string): string => value.slice(0, 160);
  const kindOf = (element: Element): string =>
    element.closest('[data-harness][data-kind]')?.getAttribute('data-kind') ?? 'outside';
  const report = (element: Element, what: string, detail: string): void => {
    found.push(`${kindOf(element)} ${what}: ${short(detail)}`);
  };

  // Whatever is not inside a container: injected markup that closed one.
  for (const element of Array.from(
    document.querySelectorAll('head > :not([data-harness]), body > :not([data-harness])'),
  ))
    report(element, 'outside its container', element.outerHTML);
  for (const element of Array.from(document.querySelectorAll(DANGEROUS)))
    if (!element.hasAttribute('data-harness')) report(element, 'element', element.outerHTML);
  for (const container of Array.from(document.querySelectorAll('[data-kind="marked"], [data-kind="markdown-it"]')))
    for (const element of Array.from(container.querySelectorAll(`:not(${MARKDOWN})`)))
      report(element, 'raw HTML', element.outerHTML);
  // Attributes on every element, the document's own included: injected `<body>` tags add theirs.
  const all = document.getElementsByTagName('*');
  for (let i = 0; i < all.length; i++) {
    const element = all[i]!;
    for (const name of element.getAttributeNames()) {
      const lower = name.toLowerCase();
      const value = (): string => element.getAttribute(name) ?? '';
      const tag = element.localName;
      if (lower.startsWith('on')) report(element, 'handler', `<${tag} ${name}="${value()}">`);
      else if (lower === 'style' && STYLE_SCRIPT.test(value())) report(element, 'style', `<${tag} style="${value()}">`);
      else if (URL_ATTRIBUTES.includes(lower)) {
        const kind = kindOf(element);
        // What a URL parser reads: edge controls and spaces dropped, tabs and newlines dropped anywhere.
        const url = value()
          .replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '')
          .replace(/[\t\n\r]/g, '')
          .toLowerCase();
        const scheme = /^([a-z][a-z0-9+.-]*):/.exec(url)?.[1];
        const image = lower === 'src' && (tag === 'img' || tag === 'image') && url.startsWith('data:image/');
        // Off-origin without a scheme is refused in what the surfaces link, but a Markdown reader
        // autolinks `//host` written as text (markdown-it's linkify) as it does `https://host`.
        const offOrigin = /^[/\\]{2}|^\/\\/.test(url) && kind !== 'marked' && kind !== 'markdown-it';
        if (lower === 'srcdoc' || (scheme !== undefined && RUNS.has(scheme) && !image) || offOrigin)
          found.push(`${kind} url: ${short(`<${tag} ${name}="${value()}">`)}`);
      }
    }
  }
  for (const style of Array.from(document.querySelectorAll('style:not([data-harness])'))) {
    if (STYLE_SCRIPT.test(style.textContent ?? '')) report(style, 'style sheet', style.textContent ?? '');
  }
  return found;
}

let browser: Browser;
let page: Page;
let loads = 0;

async function load(sections: Partial<Record<PageKind, Iterable<string>>>, css = ''): Promise<Audit> {
  const path = `/${++loads}`;
  const url = `${origin}${path}`;
  served = { path, body: documentFor(sections, css) };
  hits = [];
  await page.goto(url, { waitUntil: 'load' });
  // Handlers on failed loads, toggles and focus fire just after load.
  await page.waitForTimeout(50);
  if (page.url() !== url) hits.push(`navigated to ${page.url()}`);
  const findings = await page.evaluate(auditDom);
  return { executions: hits, findings };
}

/** Records what script manages to run; the report-only CSP names any script at all, hooked or not. */
function hooks(): void {
  const hit = (kind: string, detail: unknown): void => {
    void (window as unknown as { __hostileHit(line: string): Promise<void> }).__hostileHit(`${kind} ${String(detail)}`);
  };
  for (const name of ['alert', 'confirm', 'prompt', 'print'] as const) {
    (window as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => hit(name, args.join(','));
  }
  console.log = (...args: unknown[]) => hit('console.log', args.join(','));
  document.addEventListener(
    'securitypolicyviolation',
    (event) => {
      // Loads the enforced policy blocks are expected; any script the report-only one sees is a hit.
      if (event.effectiveDirective.startsWith('script-src'))
        hit('csp', `${event.effectiveDirective} ${event.blockedURI} ${event.sample}`);
    },
    true,
  );
}

/**
 * Serves the document under test, and nothing else, from a loopback server: a route handler would
 * pass every byte through the DevTools protocol. The enforced policy blocks every load in the page
 * but lets script run, so the hooks see it; the report-only policy reports any script at all.
 */
function serve(request: IncomingMessage, response: ServerResponse): void {
  if (request.url !== served.path) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy':
      `default-src 'none'; style-src 'unsafe-inline'; ` + `script-src 'unsafe-inline' 'unsafe-eval'`,
    'content-security-policy-report-only': "script-src 'none'",
  });
  response.end(served.body);
}

let server: Server;

beforeAll(async () => {
  server = createServer(serve);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchChromium();
  const context = await browser.newContext();
  await context.exposeBinding('__hostileHit', (_, line: string) => {
    hits.push(line);
  });
  await context.addInitScript(hooks);
  page = await context.newPage();
  page.on('dialog', (dialog) => {
    hits.push(`dialog ${dialog.type()} ${dialog.message()}`);
    void dialog.dismiss();
  });
});

afterAll(async () => {
  await browser?.close();
  server?.close();
});

// ---------------------------------------------------------------------------------------------
// The suite

/** The harness's own checks: enough payloads, and it sees script and unsafe markup when they are there. */
export function describeHostileHarness(): void {
  describe('the hostile-payload harness', () => {
    it('has at least 200 distinct payloads', () => {
      expect(HOSTILE_PAYLOADS.length).toBeGreaterThanOrEqual(200);
      expect(new Set(HOSTILE_PAYLOADS).size).toBe(HOSTILE_PAYLOADS.length);
    });

    it('sees script run and unsafe markup when they are there', async () => {
      const audit = await load({
        html: [
          '<img src=x onerror=alert(1)>',
          '<svg onload=confirm(1)></svg>',
          '<script>console.log(1)</script>',
          '<a href=" java\tscript:alert(1)">x</a>',
          '<a href="//evil.example">x</a>',
          '<iframe></iframe>',
          '<p style="width:expression(alert(1))">x</p>',
        ],
        marked: ['<p>ok <b>raw</b></p></div><i>out</i>'],
      });
      const kinds = audit.executions.map((hit) => hit.split(' ')[0]);
      expect(new Set(kinds)).toEqual(new Set(['alert', 'confirm', 'console.log', 'csp']));
      expect(audit.findings.map((finding) => finding.split(':')[0]).sort()).toEqual([
        'html element',
        'html element',
        'html handler',
        'html handler',
        'html style',
        'html url',
        'html url',
        'marked raw HTML',
        'outside outside its container',
      ]);
      expect(
        snapshotFindings(
          '<div title="<img onerror=x>" style="color:red"><svg onload=x></svg><a href=" &#106;' +
            'avascript:x">a</a><script>x</script></div>',
        ),
      ).toEqual([
        'snapshot handler: <svg onload=x>',
        'snapshot url: <a href=" &#106;avascript:x">',
        'snapshot element: <script>',
      ]);
      expect(
        slackFindings({
          text: '<!channel>',
          blocks: [{ type: 'section', text: { type: 'mrkdwn', text: '<javascript:alert(1)|x> <@U1>' } }],
        }),
      ).toEqual(['live mention <!channel>', 'refused link <javascript:alert(1)|x>', 'live mention <@U1>']);
    });

    it('finds nothing in a clean document', async () => {
      expect(await load({ html: ['<p>plain <a href="https://example.com/">link</a></p>'] }, 'p{color:red}')).toEqual({
        executions: [],
        findings: [],
      });
    });
  });
}

/**
 * Registers the suite for a pack: one Chromium document per primitive, every payload in every
 * string field of the examples that cover its fields.
 */
export function describeHostilePayloads(subject: PackKitSubject): void {
  const drawing = drawingOf(subject);
  const figures = {
    documents: 0,
    fields: 0,
    placed: 0,
    refused: 0,
    threw: 0,
    megabytes: 0,
    slack: 0,
    snapshot: 0,
    renderMs: 0,
    browserMs: 0,
  };
  const counts = { executions: 0, findings: {} as Record<string, number> };

  describe(`pack "${subject.pack.id}": hostile payloads in every string field of every primitive`, () => {
    it.each(drawing.runtime.primitives.map((definition) => [definition.type, definition] as const))(
      '%s: nothing runs, links or pings on any surface',
      { timeout: 120_000 },
      async (_, definition) => {
        let started = performance.now();
        const outputs = renderPrimitive(drawing, definition);
        figures.renderMs += performance.now() - started;
        figures.documents++;
        figures.fields += outputs.fields;
        figures.placed += outputs.placed;
        figures.refused += outputs.refused;
        figures.threw += outputs.threw;
        for (const fragments of Object.values(outputs.pages))
          for (const fragment of fragments) figures.megabytes += fragment.length / 1e6;
        started = performance.now();
        const audit = await load(outputs.pages, outputs.css);
        figures.browserMs += performance.now() - started;
        counts.executions += audit.executions.length;
        for (const finding of audit.findings) {
          const what = finding.split(':')[0]!;
          counts.findings[what] = (counts.findings[what] ?? 0) + 1;
        }
        const slackProblems = [...new Set(outputs.slack.flatMap(slackFindings))];
        figures.slack += slackProblems.length;
        const snapshotProblems = [...new Set(outputs.snapshot.flatMap(snapshotFindings))];
        figures.snapshot += snapshotProblems.length;
        expect(audit, definition.type).toEqual({ executions: [], findings: [] });
        expect(snapshotProblems, `${definition.type} on snapshot`).toEqual([]);
        expect(slackProblems, `${definition.type} on slack`).toEqual([]);
      },
    );

    afterAll(() => {
      const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
      console.log(
        [
          `hostile payloads (${subject.pack.id}): ${HOSTILE_PAYLOADS.length} payloads in ${figures.fields} ` +
            `fields of ${figures.documents} primitives: ${figures.placed} placements`,
          `  refused by validation (drawn unvalidated only): ${figures.refused}; ` +
            `unvalidated renders a renderer refused by throwing: ${figures.threw}`,
          `  ${figures.megabytes.toFixed(1)} MB of HTML loaded in Chromium, ${figures.documents} documents`,
          `  script executions: ${counts.executions}; unsafe markup: ${JSON.stringify(counts.findings)}`,
          `  Slack problems: ${figures.slack}; snapshot problems: ${figures.snapshot}`,
          `  rendering ${seconds(figures.renderMs)}, browser ${seconds(figures.browserMs)}`,
        ].join('\n'),
      );
    });
  });
}
