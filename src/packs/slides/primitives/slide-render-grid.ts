/**
 * slideRenderGrid: one embedded slide drawn on two to six surfaces side by side, each tile
 * captioned. For showing that one composition renders everywhere, or how a few surfaces present the
 * same slide.
 */
import * as z from 'zod';
import { definePrimitive } from '../../../core/model/primitive.ts';
import { html } from '../../../core/model/markup.ts';
import { md } from '../../../core/markdown/builder.ts';
import { escapeMrkdwn, mrkdwnBold } from '../../../core/chat-hosts/slack/mrkdwn.ts';
import { lineText } from '../fields.ts';
import {
  type EmbedBox,
  embedCss,
  embeddedBody,
  embedHtml,
  embedMarkdown,
  embedSlack,
  embedText,
  indent,
  SURFACE_LABEL,
  surfaceField,
} from '../parts/embed.ts';
import { color, font, PREFIX } from '../style.ts';
import { glyphs, MIN_FONT_SIZE, space, type } from '../theme.ts';

/**
 * Columns and tile box per tile count: one row for two or three, two rows (2×2, 3×2) past that.
 * Two rows of 16:9 tiles with their captions must fit under a heading, which sets the width.
 */
const LAYOUT: Record<number, { cols: number; box: EmbedBox }> = {
  2: { cols: 2, box: { width: 800, font: type.mono.size } },
  3: { cols: 3, box: { width: 528, font: MIN_FONT_SIZE } },
  4: { cols: 2, box: { width: 416, font: MIN_FONT_SIZE } },
  5: { cols: 3, box: { width: 416, font: MIN_FONT_SIZE } },
  6: { cols: 3, box: { width: 416, font: MIN_FONT_SIZE } },
};
const BOXES = [...new Map(Object.values(LAYOUT).map((layout) => [layout.box.width, layout.box])).values()];
const gap = { col: space.px32, row: space.px24 } as const;

const tileSchema = z.strictObject({
  surface: surfaceField(),
  caption: lineText(
    'Where this surface shows the slide, in a few words (“The weekly email”): one ' +
      'line under a tile, so keep it under about 30 characters with five or six tiles.',
  ),
});

/** The body on the non-visual surfaces: drawn once, as the surface itself shows a slide. */
const NATIVE = 'snapshot';

const tileLine = (tile: { surface: keyof typeof SURFACE_LABEL; caption: string }): string =>
  `${SURFACE_LABEL[tile.surface]} ${glyphs.separator} ${tile.caption}`;

export const slideRenderGrid = definePrimitive({
  type: 'slideRenderGrid',
  schema: (bodyNode) =>
    z.object({
      type: z.literal('slideRenderGrid'),
      body: embeddedBody(bodyNode, 'The one slide every tile draws, embedded.'),
      tiles: z
        .array(tileSchema)
        .min(2)
        .max(6)
        .superRefine((tiles, ctx) => {
          const first = new Map<string, number>();
          tiles.forEach((tile, i) => {
            const seen = first.get(tile.surface);
            if (seen === undefined) first.set(tile.surface, i);
            else
              ctx.addIssue({
                code: 'custom',
                path: [i, 'surface'],
                message: `must not repeat a surface: ${tile.surface} is already tile ${seen + 1}`,
              });
          });
        })
        .describe('Two to six tiles, each surface at most once. Four tiles lay out 2×2, five or six 3×2.'),
    }),
  catalog: {
    name: 'Render grid',
    group: 'Renders',
    purpose:
      'One slide drawn on several surfaces side by side (React, ' +
      'HTML, snapshot, Markdown, text, Slack), each tile captioned.',
    useWhen: [
      'Showing that one composition renders everywhere.',
      'Comparing how two or three surfaces present the same slide.',
    ],
    avoidWhen: [
      'One surface only: use slideRender.',
      'Calling out parts of one render: use slideAnnotatedRender.',
      'Different slides side by side: use slideSplit with a slideRender in each pane.',
    ],
    example: {
      type: 'slideRenderGrid',
      body: [{ type: 'slideHeading', title: 'Refunds settle in two days, not five' }],
      tiles: [
        { surface: 'snapshot', caption: 'The board pack' },
        { surface: 'slack', caption: 'The finance channel' },
      ],
    },
  },
  examples: [
    {
      type: 'slideRenderGrid',
      body: [
        {
          type: 'slideFrame',
          brand: 'Ledger',
          section: 'Settlement',
          sectionNumber: '02',
          body: [
            {
              type: 'slideHeading',
              title: 'Refunds settle in two days, not five',
              lede: 'Writing the ledger first removed three batch windows.',
            },
            { type: 'slideBulletList', marker: 'check', items: ['Ledger first.', 'No nightly batch.'] },
          ],
        },
      ],
      tiles: [
        { surface: 'react', caption: 'The finance dashboard' },
        { surface: 'snapshot', caption: 'A PNG for the board pack' },
        { surface: 'markdown', caption: 'The settlement runbook' },
        { surface: 'slack', caption: 'The finance channel' },
      ],
    },
    {
      name: 'two surfaces',
      node: {
        type: 'slideRenderGrid',
        body: [{ type: 'slideStatement', text: 'Every refund settles in two days.' }],
        tiles: [
          { surface: 'html', caption: 'The weekly email' },
          { surface: 'text', caption: 'The support macro' },
        ],
      },
    },
    {
      name: 'three in a row',
      node: {
        type: 'slideRenderGrid',
        body: [
          {
            type: 'slideHeading',
            title: 'Search now forgives typos',
            lede: 'Two letters off still finds the product.',
          },
        ],
        tiles: [
          { surface: 'snapshot', caption: 'The release notes image' },
          { surface: 'markdown', caption: 'The changelog' },
          { surface: 'text', caption: 'The SMS to store managers' },
        ],
      },
    },
  ],
  renderers: {
    html: (node, { scope }) => {
      const layout = LAYOUT[node.tiles.length] ?? LAYOUT[6]!;
      return html`<div class="${PREFIX}-rgrid ${PREFIX}-rgrid-c${layout.cols}-${layout.box.width}">${node.tiles.map(
        (tile) =>
          html`<div class="${PREFIX}-rgrid-tile">${embedHtml(node.body, tile.surface, scope, layout.box)}<div class="${PREFIX}-rgrid-caption"><span class="${PREFIX}-rgrid-surface">${SURFACE_LABEL[tile.surface]}</span><span>${tile.caption}</span></div></div>`,
      )}</div>`;
    },
    text: (node, { scope }) =>
      [node.tiles.map(tileLine).join('\n'), indent(embedText(node.body, NATIVE, scope))].join('\n'),
    markdown: (node, { scope }) =>
      md.content(
        md.list(
          node.tiles.map((tile) =>
            md.paragraph(md.strong(SURFACE_LABEL[tile.surface]), ` ${glyphs.separator} `, tile.caption),
          ),
        ),
        embedMarkdown(node.body, NATIVE, scope),
      ),
    slack: (node, { scope }) => [
      {
        type: 'context',
        elements: [
          {
            type: 'mrkdwn',
            text: node.tiles
              .map(
                (tile) =>
                  `${mrkdwnBold(SURFACE_LABEL[tile.surface])} ${glyphs.separator} ${escapeMrkdwn(tile.caption)}`,
              )
              .join('\n'),
          },
        ],
      },
      ...embedSlack(node.body, NATIVE, scope),
    ],
  },
  css: [
    embedCss(BOXES),
    `.${PREFIX}-rgrid{display:grid;column-gap:${gap.col}px;row-gap:${gap.row}px;justify-content:center}`,
    ...[...new Set(Object.values(LAYOUT).map((l) => `${l.cols}-${l.box.width}`))].map((key) => {
      const [cols, width] = key.split('-');
      return (
        `.${PREFIX}-rgrid-c${key}{` +
        `grid-template-columns:${Array.from({ length: Number(cols) }, () => `${width}px`).join(' ')}}`
      );
    }),
    `.${PREFIX}-rgrid-tile{display:flex;flex-direction:column;gap:${space.px8}px;min-width:0}`,
    `.${PREFIX}-rgrid-caption{display:flex;flex-direction:column;${font('chrome')};color:${color('textSoft')}}`,
    `.${PREFIX}-rgrid-surface{${font('label')};color:${color('textSubtle')}}`,
  ].join(''),
});
