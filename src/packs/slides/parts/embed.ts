/**
 * What the render primitives (slideRender, slideAnnotatedRender, slideRenderGrid) share: the
 * embedded body (its schema, its picture and source views) and the fields and views of one render.
 */
import * as z from 'zod';
import type { PrimitiveNode } from '../../../core/model/composition.ts';
import { isRecord } from '../../../core/model/is-record.ts';
import { md, type MarkdownBlockChild } from '../../../core/markdown/builder.ts';
import { serializeMarkdown } from '../../../core/markdown/serialize.ts';
import { html, raw, type Markup } from '../../../core/model/markup.ts';
import type { RenderScope } from '../../../core/model/primitive.ts';
import type { SlackBlock } from '../../../core/chat-hosts/slack/blocks.ts';
import { escapeMrkdwn, mrkdwnBold, mrkdwnCode } from '../../../core/chat-hosts/slack/mrkdwn.ts';
import { lineText } from '../fields.ts';
import { color, font, PREFIX } from '../style.ts';
import { advance, frame, glyphs, radius, stroke, type } from '../theme.ts';
import { keepSpaces } from './mono.ts';
import { charLoad } from './type-scale.ts';

// ---------------------------------------------------------------------------------------------
// The embedded body

export const RENDER_SURFACES = ['react', 'html', 'snapshot', 'markdown', 'text', 'slack'] as const;
export type RenderSurface = (typeof RENDER_SURFACES)[number];

/** How every surface names a render's surface. */
export const SURFACE_LABEL: Record<RenderSurface, string> = {
  react: 'React',
  html: 'HTML',
  snapshot: 'Snapshot',
  markdown: 'Markdown',
  text: 'Text',
  slack: 'Slack',
};

/** The surfaces that draw a picture of the slide; the others produce text shown in a mono panel. */
export const isPicture = (surface: RenderSurface): boolean =>
  surface === 'react' || surface === 'html' || surface === 'snapshot';

export const surfaceField = () =>
  z
    .enum(RENDER_SURFACES)
    .describe(
      'The surface whose output is shown: react, html or snapshot draw the slide scaled ' +
        'down; markdown, text or slack show that surface’s output in a mono panel.',
    );

const RENDER_TYPES: readonly string[] = ['slideRender', 'slideAnnotatedRender', 'slideRenderGrid'];
const FRAME_TYPE = 'slideFrame';

export const LONE_FRAME_MESSAGE =
  `must be the embedded body’s only node: embed a whole ` +
  `slide as one ${FRAME_TYPE}, or list its nodes without a frame`;
export const NESTED_RENDER_MESSAGE = `must not be another render: an embedded body never holds ${RENDER_TYPES.join(', ')}`;
const EMBEDDED_BODY_RULE =
  `Either one ${FRAME_TYPE} (a whole slide) or one or more other nodes; never another render ` +
  `(${RENDER_TYPES.join(', ')}) at any depth. Its nodes keep their own ids and never build.`;

/** Every render node inside the body, at any depth, as paths relative to the body, in order. */
function nestedRenders(nodes: readonly unknown[]): (string | number)[][] {
  const found: (string | number)[][] = [];
  const visit = (value: unknown, path: (string | number)[]): void => {
    if (Array.isArray(value)) {
      for (const [i, item] of value.entries()) visit(item, [...path, i]);
      return;
    }
    if (!isRecord(value)) return;
    // The first render on a branch is enough: the rule is already broken there.
    if (typeof value.type === 'string' && RENDER_TYPES.includes(value.type)) {
      found.push(path);
      return;
    }
    for (const [key, child] of Object.entries(value))
      if (typeof child === 'object' && child !== null) visit(child, [...path, key]);
  };
  // Recursion is bounded: the input budget has already capped the depth of anything parsed.
  for (const [i, node] of nodes.entries()) visit(node, [i]);
  return found;
}

/**
 * An embedded body: the slide a render draws. It is not a walked child of the render (its ids are
 * its own), so the rules that keep it drawable are checked here.
 */
export const embeddedBody = (bodyNode: z.ZodType<PrimitiveNode>, description: string) =>
  z
    .array(bodyNode)
    .min(1)
    .superRefine((nodes, ctx) => {
      if (nodes.length > 1) {
        nodes.forEach((node, i) => {
          if (node.type === FRAME_TYPE) ctx.addIssue({ code: 'custom', path: [i], message: LONE_FRAME_MESSAGE });
        });
      }
      for (const path of nestedRenders(nodes)) ctx.addIssue({ code: 'custom', path, message: NESTED_RENDER_MESSAGE });
    })
    .describe(`${description} ${EMBEDDED_BODY_RULE}`);

// ---------------------------------------------------------------------------------------------
// Drawing it

/** A 16:9 box an embedded body is drawn into, and the mono type its source panel uses. */
export interface EmbedBox {
  width: number;
  /** Mono type size of the source panel (never under 24 px). */
  font: number;
}

const SOURCE = { padX: 20, padY: 16, line: 1.3 } as const;
/** The slide fills the box inside its border, so the scale and height come from the inner width. */
const innerWidth = (box: EmbedBox): number => box.width - 2 * stroke.panel;
const scaleOf = (box: EmbedBox): number => Number((innerWidth(box) / frame.width).toFixed(6));
/** The box's outer height: a 16:9 inside, plus the border. */
export const embedHeight = (box: EmbedBox): number =>
  Math.round((innerWidth(box) * frame.height) / frame.width) + 2 * stroke.panel;

/** One rule set per box size: the box, the scale of the slide drawn in it, the panel's type. */
export function embedCss(boxes: readonly EmbedBox[]): string {
  const shared = [
    `.${PREFIX}-embed{position:relative;overflow:hidden;border:${stroke.panel}px solid ${color('border')};` +
      `border-radius:${radius.panel}px;background:${color('bgPage')}}`,
    `.${PREFIX}-embed-canvas{position:absolute;left:0;top:0;` +
      `width:${frame.width}px;height:${frame.height}px;transform-origin:0 0}`,
    `.${PREFIX}-embed-source{display:flex;flex-direction:column;padding:${SOURCE.padY}px ${SOURCE.padX}px;` +
      `background:${color('codeFill')};color:${color('text')};${font('mono', 'mono')}}`,
    `.${PREFIX}-embed-row{white-space:pre;overflow:hidden;flex:0 0 auto}`,
    `.${PREFIX}-embed-placeholder{display:flex;flex-direction:column;align-items:center;` +
      `justify-content:center;gap:16px;background-color:${color('bgMuted')};` +
      `background-image:repeating-linear-gradient(135deg,${color('placeholderStripe')} ` +
      `0px,${color('placeholderStripe')} 18px,${color('bgMuted')} 18px,${color('bgMuted')} 36px)}`,
    `.${PREFIX}-embed-slug{display:flex;${font('chrome', 'mono')};background:${color('bgSurface')};` +
      `border:${stroke.chip}px solid ${color('border')};border-radius:${radius.chip}px;padding:8px 16px}`,
    `.${PREFIX}-embed-pending{${font('label')};color:${color('textSubtle')}}`,
  ];
  const sized = boxes.map((box) => {
    const rowHeight = Math.round(box.font * SOURCE.line);
    const cls = `.${PREFIX}-embed-${box.width}`;
    return (
      `${cls}{width:${box.width}px;height:${embedHeight(box)}px;flex:0 0 auto}` +
      `${cls} .${PREFIX}-embed-canvas{transform:scale(${scaleOf(box)})}` +
      `${cls} .${PREFIX}-embed-row{font-size:${box.font}px;line-height:${rowHeight}px;height:${rowHeight}px}`
    );
  });
  return [...shared, ...sized].join('');
}

/** The source panel's grid: columns and rows its mono type holds. */
function sourceGrid(box: EmbedBox): { cols: number; rows: number } {
  const inner = box.width - 2 * SOURCE.padX - 2 * stroke.panel;
  const rowHeight = Math.round(box.font * SOURCE.line);
  return {
    cols: Math.floor(inner / (advance.mono * box.font)),
    rows: Math.floor((embedHeight(box) - 2 * SOURCE.padY - 2 * stroke.panel) / rowHeight),
  };
}

/** Breaks one line into rows of at most `cols` columns, at spaces where it can. */
function wrapColumns(line: string, cols: number): string[] {
  if (charLoad(line) <= cols) return [line];
  const rows: string[] = [];
  let row = '';
  let load = 0;
  let lastSpace = -1;
  for (const char of line) {
    const width = charLoad(char);
    if (load + width > cols) {
      const cut = lastSpace > 0 ? lastSpace : row.length;
      rows.push(row.slice(0, cut));
      row = row.slice(cut).replace(/^ /, '');
      load = charLoad(row);
      lastSpace = -1;
    }
    row += char;
    load += width;
    if (char === ' ') lastSpace = row.length;
  }
  if (row !== '') rows.push(row);
  return rows;
}

/** The rows a source panel shows: wrapped to its columns, cut to its rows with an ellipsis row. */
export function sourceRows(text: string, box: EmbedBox): string[] {
  const { cols, rows } = sourceGrid(box);
  const all = text.split('\n').flatMap((line) => wrapColumns(line, cols));
  return all.length <= rows ? all : [...all.slice(0, rows - 1), glyphs.ellipsis];
}

/** An embedded body as one slide: a lone frame as it is, loose nodes inside a plain frame. */
function asSlide(body: readonly PrimitiveNode[]): PrimitiveNode {
  const only = body[0];
  return body.length === 1 && only?.type === FRAME_TYPE ? only : { type: FRAME_TYPE, logo: false, body: [...body] };
}

/** Node anchors are for the host slide's layout check; the embedded slide is a picture, not nodes. */
function withoutAnchors(markup: Markup): Markup {
  return raw(markup.value.replace(/ data-isomer-node="[^"]*"/g, ''));
}

/** What a source surface prints for the body, and the Markdown fence language that suits it. */
export function sourceOutput(
  body: readonly PrimitiveNode[],
  surface: RenderSurface,
  scope: RenderScope,
): { text: string; language: string } {
  if (surface === 'markdown')
    return { text: serializeMarkdown(md.content(body.map((node) => scope.markdown(node)))), language: 'markdown' };
  if (surface === 'slack')
    return {
      text: JSON.stringify(
        body.flatMap((node) => scope.slack(node)),
        null,
        2,
      ),
      language: 'json',
    };
  return {
    text: body
      .map((node) => scope.text(node))
      .filter(Boolean)
      .join('\n\n'),
    language: 'text',
  };
}

/** The body drawn into a box: a scaled-down slide, or that surface's output in a mono panel. */
export function embedHtml(
  body: readonly PrimitiveNode[],
  surface: RenderSurface,
  scope: RenderScope,
  box: EmbedBox,
): Markup {
  if (isPicture(surface)) {
    return html`<div class="${PREFIX}-embed ${PREFIX}-embed-${box.width}"><div class="${PREFIX}-embed-canvas">${withoutAnchors(scope.html(asSlide(body)))}</div></div>`;
  }
  const rows = sourceRows(sourceOutput(body, surface, scope).text, box);
  // A surface's output is source text, read left to right like code on any slide.
  return html`<div class="${PREFIX}-embed ${PREFIX}-embed-${box.width} ${PREFIX}-embed-source" dir="ltr">${rows.map((row) => html`<div class="${PREFIX}-embed-row">${keepSpaces(row) || '\u00A0'}</div>`)}</div>`;
}

export const PENDING = 'Not resolved yet';

/** A striped stand-in for a slide the host has not resolved yet, naming the reference. */
export function placeholderHtml(slug: string | undefined, box: EmbedBox): Markup {
  return html`<div class="${PREFIX}-embed ${PREFIX}-embed-${box.width} ${PREFIX}-embed-placeholder">${slug ? html`<span class="${PREFIX}-embed-slug">${slug}</span>` : ''}<span class="${PREFIX}-embed-pending">${PENDING}</span></div>`;
}

// The body on the non-visual surfaces: pictures become the surface's own rendering of the slide,
// source surfaces their output as preformatted text.

export function embedText(body: readonly PrimitiveNode[], surface: RenderSurface, scope: RenderScope): string {
  return isPicture(surface)
    ? body
        .map((node) => scope.text(node))
        .filter(Boolean)
        .join('\n\n')
    : sourceOutput(body, surface, scope).text;
}

export function embedMarkdown(body: readonly PrimitiveNode[], surface: RenderSurface, scope: RenderScope) {
  if (!isPicture(surface)) {
    const output = sourceOutput(body, surface, scope);
    return md.codeBlock(output.text, output.language);
  }
  return md.blockquote(body.map((node) => scope.markdown(node)));
}

export function embedSlack(body: readonly PrimitiveNode[], surface: RenderSurface, scope: RenderScope): SlackBlock[] {
  if (isPicture(surface)) return body.flatMap((node) => scope.slack(node));
  const { text } = sourceOutput(body, surface, scope);
  return text.trim() === ''
    ? []
    : [{ type: 'rich_text', elements: [{ type: 'rich_text_preformatted', elements: [{ type: 'text', text }] }] }];
}

/** Indents every line, so a render's content reads as nested in plain text. */
export function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => (line === '' ? '' : `  ${line}`))
    .join('\n');
}

// ---------------------------------------------------------------------------------------------
// One render: its fields and what each surface draws

/** The render's box: half the slide's size, so the embedded slide is drawn at scale 0.5. */
export const RENDER_BOX: EmbedBox = { width: 960, font: type.mono.size };

export const SLIDE_OR_BODY_MESSAGE = 'is required unless `slide` names a slide for the host to resolve';

/** The fields of a render, shared with slideAnnotatedRender's `render`. */
export const renderShape = (bodyNode: z.ZodType<PrimitiveNode>) => ({
  type: z.literal('slideRender'),
  slide: lineText(
    'Another slide of the deck, by the host’s reference (its slug). Drawn as a ' +
      'striped placeholder until the host resolves it. Give `slide`, `body`, or both.',
  ).optional(),
  body: embeddedBody(bodyNode, 'The slide to draw, embedded. Required unless `slide` is given.').optional(),
  surface: surfaceField(),
  caption: lineText('What the render shows, in a few words.').optional(),
});

export interface RenderNode {
  slide?: string | undefined;
  body?: PrimitiveNode[] | undefined;
  surface: RenderSurface;
  caption?: string | undefined;
}

/** At least one of `slide` and `body`. */
export function renderRule(node: RenderNode, ctx: z.RefinementCtx): void {
  if (node.slide === undefined && node.body === undefined)
    ctx.addIssue({ code: 'custom', path: ['body'], message: SLIDE_OR_BODY_MESSAGE });
}

/** `Snapshot render`: what the caption line opens with on every surface. */
export const renderTitle = (surface: RenderSurface): string => `${SURFACE_LABEL[surface]} render`;

/** The body drawn into a box, or the striped placeholder naming the slide still to resolve. */
export function renderStage(node: RenderNode, scope: RenderScope, box: EmbedBox): Markup {
  return node.body ? embedHtml(node.body, node.surface, scope, box) : placeholderHtml(node.slide, box);
}

export function renderText(node: RenderNode, scope: RenderScope): string {
  const head = [renderTitle(node.surface), node.slide, node.caption].filter(Boolean).join(` ${glyphs.separator} `);
  return [head, indent(node.body ? embedText(node.body, node.surface, scope) : PENDING)].filter(Boolean).join('\n');
}

export function renderMarkdown(node: RenderNode, scope: RenderScope): MarkdownBlockChild[] {
  const sep = ` ${glyphs.separator} `;
  return [
    md.paragraph(
      md.strong(renderTitle(node.surface)),
      node.slide && [sep, md.code(node.slide)],
      node.caption && [sep, md.emphasis(node.caption)],
    ),
    node.body ? embedMarkdown(node.body, node.surface, scope) : md.paragraph(md.emphasis(PENDING)),
  ];
}

const context = (text: string): SlackBlock => ({ type: 'context', elements: [{ type: 'mrkdwn', text }] });

export function renderSlack(node: RenderNode, scope: RenderScope): SlackBlock[] {
  const head = [
    mrkdwnBold(renderTitle(node.surface)),
    node.slide ? mrkdwnCode(node.slide) : '',
    node.caption ? escapeMrkdwn(node.caption) : '',
  ]
    .filter(Boolean)
    .join(` ${glyphs.separator} `);
  return [
    context(head),
    ...(node.body ? embedSlack(node.body, node.surface, scope) : [context(escapeMrkdwn(PENDING))]),
  ];
}
