/**
 * slideFrame: the 16:9 slide itself, holding the slide's content in its body, with a footer (brand,
 * section, URL, the Isomer mark). Every composition of the slides pack is exactly one slideFrame;
 * tone `inverse` is for title, section and closing slides.
 */
import * as z from 'zod';
import { definePrimitive } from '../../../core/model/primitive.ts';
import { html } from '../../../core/model/markup.ts';
import { linkTarget } from '../../../core/chat-hosts/link-target.ts';
import { md } from '../../../core/markdown/builder.ts';
import { escapeMrkdwn, mrkdwnLink } from '../../../core/chat-hosts/slack/mrkdwn.ts';
import { lineText } from '../fields.ts';
import { color, font, PREFIX } from '../style.ts';
import { frame, glyphs, inversePalette, palette } from '../theme.ts';
import { schemeOf } from '../frame-theme.ts';

const ABSOLUTE_HTTP = /^https?:\/\/[^\s/\\]+/i;

/** The Isomer mark: three offset squares, drawn with literal fills (CSS does not reach inside SVG). */
function logo(fill: string) {
  const s = frame.logo;
  return html`<svg xmlns="http://www.w3.org/2000/svg" class="${PREFIX}-logo" width="${s}" height="${s}" viewBox="0 0 28 28" aria-hidden="true"><rect x="2" y="2" width="14" height="14" rx="3" fill="${fill}"/><rect x="12" y="12" width="14" height="14" rx="3" fill="${fill}" opacity="0.55"/></svg>`;
}

/** `Isomer · 01 Primitives` — what the footer says on its left, on every surface. */
function footerLeft(node: { brand?: string; section?: string; sectionNumber?: string }): string {
  const section = [node.sectionNumber, node.section].filter(Boolean).join(' ');
  return [node.brand, section].filter(Boolean).join(` ${glyphs.separator} `);
}

/** The footer's address: the checked URL (its host in ASCII, as it is linked) without its scheme. */
function urlLabel(url: string): string {
  const shown = linkTarget(url)?.href ?? url;
  return shown.replace(/^https?:\/\//i, '').replace(/\/$/, '');
}

const TONES = ['page', 'inverse'] as const;

/** Embedded render bodies are slides of their own, so a frame drawn inside one is not nesting. */
const RENDER_TYPES: ReadonlySet<string> = new Set(['slideRender', 'slideRenderGrid', 'slideAnnotatedRender']);
const NESTED_MESSAGE =
  'must not be inside another slideFrame: a slideFrame is the whole slide, so put its nodes here ' +
  'directly, or show that slide with slideRender';

/** Paths (relative to the body) of frames inside it at any depth, outside embedded render bodies. */
function nestedFrames(value: unknown, path: (string | number)[], out: (string | number)[][]): void {
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) nestedFrames(item, [...path, i], out);
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  const record = value as Record<string, unknown>;
  if (record.type === 'slideFrame') {
    out.push(path);
    return;
  }
  if (typeof record.type === 'string' && RENDER_TYPES.has(record.type)) return;
  for (const [key, child] of Object.entries(record))
    if (typeof child === 'object') nestedFrames(child, [...path, key], out);
}

export const slideFrame = definePrimitive({
  type: 'slideFrame',
  schema: (bodyNode) =>
    z.object({
      type: z.literal('slideFrame'),
      body: z
        .array(bodyNode)
        .min(1)
        .superRefine((nodes, ctx) => {
          const found: (string | number)[][] = [];
          nestedFrames(nodes, [], found);
          for (const path of found) ctx.addIssue({ code: 'custom', path, message: NESTED_MESSAGE });
        })
        .describe(
          'The slide’s content, top to bottom. Content slides open with a slideHeading. Never another ' +
            'slideFrame (a slideRender’s embedded slide excepted).',
        ),
      brand: lineText('Footer left: the deck’s name. Keep it the same on every slide.').optional(),
      section: lineText(
        'Footer: the section this slide belongs to; only in a deck with sections, or one the user names.',
      ).optional(),
      sectionNumber: lineText('Footer: the section number, e.g. "01".').optional(),
      logo: z
        .boolean()
        .optional()
        .describe('Draw the Isomer mark in the footer (default true). Set false unless the deck is about Isomer.'),
      tone: z
        .enum(TONES)
        .optional()
        .describe('page (default) for content; inverse for title, section and closing slides.'),
      url: lineText('Footer right: an absolute http(s) URL, printed without its scheme.')
        .refine((value) => ABSOLUTE_HTTP.test(value), { error: 'must be an absolute https or http URL' })
        .optional(),
    }),
  children: ['body'],
  hasOwnContent: (node) => Boolean(node.brand || node.section || node.url),
  sanitize: (node) => (node.url !== undefined && !ABSOLUTE_HTTP.test(node.url) ? { ...node, url: undefined } : node),
  catalog: {
    name: 'Slide frame',
    group: 'Slide structure',
    purpose: 'The 16:9 slide itself: every composition is exactly one slideFrame holding the slide’s content.',
    useWhen: [
      'Always: wrap each slide’s content in one slideFrame.',
      'Use tone "inverse" for the title, section divider and closing slides.',
    ],
    avoidWhen: ['Never nest frames; lay content out with slideSplit or slideStack inside one frame.'],
    example: {
      type: 'slideFrame',
      brand: 'Ledger',
      section: 'Settlement',
      sectionNumber: '02',
      url: 'https://example.com/ledger',
      body: [{ type: 'slideHeading', title: 'Refunds settle in two days, not five' }],
    },
  },
  examples: [
    {
      type: 'slideFrame',
      brand: 'Ledger',
      section: 'Settlement',
      sectionNumber: '02',
      url: 'https://example.com/ledger',
      body: [
        {
          type: 'slideHeading',
          title: 'Refunds settle in two days, not five',
          lede: 'Moving the ledger write ahead of the fraud check removed three batch windows.',
        },
      ],
    },
    {
      name: 'inverse',
      node: {
        type: 'slideFrame',
        tone: 'inverse',
        brand: 'Ledger',
        logo: false,
        body: [{ type: 'slideStatement', text: 'Every refund is a promise we keep in two days.' }],
      },
    },
  ],
  renderers: {
    html: (node, { scope, surface, theme, dir }) => {
      const left = footerLeft(node);
      // Images cannot resolve CSS inside SVG: the mark gets a literal colour there.
      const pair = (node.tone === 'inverse' ? inversePalette : palette).primary;
      const fill = surface === 'snapshot' ? pair[schemeOf(theme) === 'dark' ? 1 : 0] : 'currentColor';
      const url = node.url && ABSOLUTE_HTTP.test(node.url) ? node.url : undefined;
      const showLogo = node.logo ?? true;
      // The slide's direction, which everything inside lays out from (and the pack's mirrored rules key on).
      return html`<div class="${PREFIX}-frame ${PREFIX}-${node.tone ?? 'page'}"${dir ? html` dir="${dir}"` : ''}><div class="${PREFIX}-frame-body">${node.body.map((child) => scope.html(child))}</div>${
        left || url || showLogo
          ? html`<div class="${PREFIX}-footer"><div class="${PREFIX}-footer-left">${showLogo ? logo(fill) : ''}${left ? html`<span>${left}</span>` : ''}</div>${
              url
                ? surface === 'react'
                  ? html`<a class="${PREFIX}-footer-url" href="${url}">${urlLabel(url)}</a>`
                  : html`<span class="${PREFIX}-footer-url">${urlLabel(url)}</span>`
                : ''
            }</div>`
          : ''
      }</div>`;
    },
    text: (node, { scope }) => {
      const footer = [footerLeft(node), node.url ? urlLabel(node.url) : '']
        .filter(Boolean)
        .join(` ${glyphs.separator} `);
      return [...node.body.map((child) => scope.text(child)), footer].filter(Boolean).join('\n\n');
    },
    markdown: (node, { scope }) => {
      const left = footerLeft(node);
      const footer = [left, node.url ? md.link(node.url, urlLabel(node.url)) : undefined]
        .filter(Boolean)
        .flatMap((part, i) => (i === 0 ? [part] : [` ${glyphs.separator} `, part]));
      return md.content(
        node.body.map((child) => scope.markdown(child).blocks),
        footer.length > 0 && md.paragraph(md.emphasis(...(footer as string[]))),
      );
    },
    slack: (node, { scope }) => {
      const left = footerLeft(node);
      const parts = [left ? escapeMrkdwn(left) : '', node.url ? mrkdwnLink(node.url, urlLabel(node.url)) : ''].filter(
        Boolean,
      );
      const footer =
        parts.length > 0
          ? [{ type: 'context', elements: [{ type: 'mrkdwn', text: parts.join(` ${glyphs.separator} `) }] }]
          : [];
      return [...node.body.flatMap((child) => scope.slack(child)), ...footer];
    },
  },
  css: [
    `.${PREFIX}-frame{position:relative;box-sizing:border-box;width:${frame.width}px;height:${frame.height}px;` +
      `overflow:hidden;display:flex;flex-direction:column;` +
      `padding:${frame.padTop}px ${frame.padSide}px ${frame.padBottom}px;` +
      `background:${color('bgPage')};color:${color('text')};${font('body')};overflow-wrap:anywhere}`,
    `.${PREFIX}-frame-body{display:flex;flex-direction:column;gap:${frame.bodyGap}px;flex:1 1 auto;min-height:0}`,
    `.${PREFIX}-footer{position:absolute;left:${frame.padSide}px;right:${frame.padSide}px;` +
      `bottom:${frame.footerBottom}px;display:flex;justify-content:space-between;` +
      `align-items:center;${font('chrome')};color:${color('textSubtle')}}`,
    `.${PREFIX}-footer-left{display:flex;align-items:center;gap:${frame.footerGap}px}`,
    `.${PREFIX}-footer-url{color:${color('textSubtle')};text-decoration:none}`,
    `.${PREFIX}-logo{display:block;color:${color('primary')}}`,
  ].join(''),
});
