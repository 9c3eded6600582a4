import * as z from 'zod';
import type { PrimitiveNode } from '../../../sdk/composition.ts';
import { definePrimitive, type RenderScope } from '../../../sdk/primitive.ts';
import { html, type Markup } from '../../../sdk/markup.ts';
import { md, type MarkdownBlockChild } from '../../../sdk/markdown/content.ts';
import type { SlackBlock } from '../../../sdk/slack/blocks.ts';
import { escapeMrkdwn, mrkdwnBold, mrkdwnCode } from '../../../sdk/slack/mrkdwn.ts';
import { lineText } from '../fields.ts';
import { color, font, PREFIX } from '../style.ts';
import { glyphs, radius, space, type } from '../theme.ts';
import {
  embedCss,
  embeddedBody,
  embedHtml,
  embedMarkdown,
  embedSlack,
  embedText,
  indent,
  PENDING,
  placeholderHtml,
  surfaceField,
  SURFACE_LABEL,
  type EmbedBox,
  type RenderSurface,
} from './embedded-body.ts';

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

export const slideRender = definePrimitive({
  type: 'slideRender',
  schema: (bodyNode) => z.object(renderShape(bodyNode)).superRefine((node, ctx) => renderRule(node, ctx)),
  catalog: {
    name: 'Render',
    purpose:
      'Another slide drawn inside this one, as one surface shows it: ' +
      'scaled down as a picture, or as Markdown, text or Slack output.',
    useWhen: [
      'Showing what a slide or message looks like on one surface.',
      'Referring back to an earlier slide of the deck by its slug.',
    ],
    avoidWhen: [
      'The same slide on several surfaces at once: use slideRenderGrid.',
      'Pointing at parts of the rendered slide: use slideAnnotatedRender.',
      'A screenshot of a product that is not a slide: describe it with slideWindow.',
    ],
    example: {
      type: 'slideRender',
      surface: 'snapshot',
      caption: 'The refund slide as a PNG',
      body: [
        {
          type: 'slideHeading',
          title: 'Refunds settle in two days, not five',
          lede: 'The ledger is written before the fraud check.',
        },
      ],
    },
  },
  examples: [
    {
      type: 'slideRender',
      slide: 'refund-speed',
      surface: 'snapshot',
      caption: 'The refund slide, as the board pack shows it',
      body: [
        {
          type: 'slideFrame',
          brand: 'Ledger',
          section: 'Settlement',
          sectionNumber: '02',
          body: [
            {
              type: 'slideHeading',
              title: 'Refunds settle in **two days**, not five',
              lede: 'Writing the ledger before the fraud check removed three batch windows.',
            },
            {
              type: 'slideBulletList',
              marker: 'check',
              items: [
                'Ledger first, fraud check after.',
                'No nightly batch.',
                'Customers see the refund the same day.',
              ],
            },
          ],
        },
      ],
    },
    {
      name: 'markdown output',
      node: {
        type: 'slideRender',
        surface: 'markdown',
        caption: 'The same slide, posted to the wiki',
        body: [
          {
            type: 'slideHeading',
            title: 'Refunds settle in two days, not five',
            lede: 'Writing the ledger before the fraud check removed three batch windows.',
          },
          { type: 'slideBulletList', items: ['Ledger first, fraud check after.', 'No nightly batch.'] },
        ],
      },
    },
    {
      name: 'unresolved reference',
      node: {
        type: 'slideRender',
        slide: 'checkout-results',
        surface: 'html',
        caption: 'Filled in by the host from the deck',
      },
    },
  ],
  renderers: {
    html: (node, { scope }) =>
      html`<div class="${PREFIX}-render">${renderStage(node, scope, RENDER_BOX)}<div class="${PREFIX}-render-meta"><div class="${PREFIX}-label">${renderTitle(node.surface)}</div>${
        node.slide ? html`<div class="${PREFIX}-render-slug">${node.slide}</div>` : ''
      }${node.caption ? html`<div class="${PREFIX}-render-caption">${node.caption}</div>` : ''}</div></div>`,
    text: (node, { scope }) => renderText(node, scope),
    markdown: (node, { scope }) => md.content(renderMarkdown(node, scope)),
    slack: (node, { scope }) => renderSlack(node, scope),
  },
  css: [
    embedCss([RENDER_BOX]),
    `.${PREFIX}-render{display:flex;align-items:flex-start;gap:${space.px64}px}`,
    `.${PREFIX}-render-meta{display:flex;flex-direction:column;` +
      `gap:${space.px12}px;flex:1 1 auto;min-width:0;padding-top:${space.px8}px}`,
    `.${PREFIX}-render-meta .${PREFIX}-label{margin:0}`,
    `.${PREFIX}-render-slug{display:flex;align-self:flex-start;${font('chrome', 'mono')};` +
      `color:${color('textSoft')};background:${color('codeFill')};` +
      `border-radius:${radius.chipSmall}px;padding:${space.px4}px ${space.px12}px}`,
    `.${PREFIX}-render-caption{${font('bodyL')};color:${color('textSoft')}}`,
  ].join(''),
});
