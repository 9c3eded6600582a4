/**
 * slideRender: another slide drawn inside this one as one surface shows it (scaled down as a
 * picture, or as Markdown, text or Slack output), or a placeholder for a slide the host resolves by
 * slug. For showing what a slide looks like on one surface, or referring back to an earlier slide.
 */
import * as z from 'zod';
import { md } from '../../../core/markdown/builder.ts';
import { html } from '../../../core/model/markup.ts';
import { definePrimitive } from '../../../core/model/primitive.ts';
import {
  embedCss,
  RENDER_BOX,
  renderMarkdown,
  renderRule,
  renderShape,
  renderSlack,
  renderStage,
  renderText,
  renderTitle,
} from '../parts/embed.ts';
import { color, font, PREFIX } from '../style.ts';
import { radius, space } from '../theme.ts';

export const slideRender = definePrimitive({
  type: 'slideRender',
  schema: (bodyNode) => z.object(renderShape(bodyNode)).superRefine((node, ctx) => renderRule(node, ctx)),
  catalog: {
    name: 'Render',
    group: 'Renders',
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
