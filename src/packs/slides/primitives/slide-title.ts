/**
 * slideTitle: the deck's opening slide, alone in an inverse slideFrame: its name drawn huge, with
 * an optional eyebrow, tagline, date and place, definition, and an aside beside it (short text
 * blocks, or a fanout drawn upright). For naming a product or project and saying in one line what
 * it promises.
 */
import * as z from 'zod';
import { definePrimitive } from '../../../core/model/primitive.ts';
import { html } from '../../../core/model/markup.ts';
import { md } from '../../../core/markdown/builder.ts';
import { escapeMrkdwn, mrkdwnItalic, mrkdwnSection, plainText } from '../../../core/chat-hosts/slack/mrkdwn.ts';
import type { SlackBlock } from '../../../core/chat-hosts/slack/blocks.ts';
import { lineText, wrappedText } from '../fields.ts';
import { NARROW_SLOT, NARROW_WIDTH } from '../parts/slots.ts';
import { largestStep, sizeField, textFits } from '../parts/type-scale.ts';
import { marksHtml, marksMarkdown, marksMrkdwn, marksText } from '../marks.ts';
import { color, font, PREFIX } from '../style.ts';
import { CONTENT_WIDTH, glyphs, space, stroke, type } from '../theme.ts';

const ASIDE_GAP = space.px96;
/** The aside column: well under half the content width, wide enough for a short bullet list. */
const ASIDE_WIDTH = NARROW_WIDTH;

/**
 * What the aside column (640 px, marked `NARROW_SLOT`) draws well: short text blocks, alone or
 * stacked, and a fanout, which turns upright there (the reference's own `crate` deck puts one
 * beside its title). Anything laid out across the slide (a flow diagram, a table, code, a chart)
 * collapses to a few letters a line there, so validation refuses it.
 */
const ASIDE_TYPES: readonly string[] = [
  'slideBulletList',
  'slideBars',
  'slideDefinitions',
  'slideDelta',
  'slideFanout',
  'slideQuote',
  'slideSource',
  'slideStack',
];

/** Nodes in the aside (through stacks) that the column cannot draw, with their paths under `aside`. */
function unfitAside(node: unknown, path: (string | number)[], out: { path: (string | number)[]; type: string }[]) {
  if (typeof node !== 'object' || node === null) return;
  const { type, items } = node as { type?: unknown; items?: unknown };
  if (typeof type !== 'string') return;
  if (!ASIDE_TYPES.includes(type)) {
    out.push({ path, type });
    return;
  }
  if (type === 'slideStack' && Array.isArray(items))
    for (const [i, item] of items.entries()) unfitAside(item, [...path, 'items', i], out);
}

/** `12 March 2025 · Berlin`: the date and place as every text surface prints them. */
function when(node: { date?: string | undefined; place?: string | undefined }): string | undefined {
  const parts = [node.date, node.place].filter((part): part is string => Boolean(part));
  return parts.length > 0 ? parts.join(` ${glyphs.separator} `) : undefined;
}

const tokens = {
  title: { l: type.display.size, m: 176, s: 128 },
  tagline: { l: 48, m: 40, s: 36 },
  definition: { l: type.bodyL.size, s: type.body.size },
  eyebrow: type.bodyL.size,
} as const;

export const slideTitle = definePrimitive({
  type: 'slideTitle',
  schema: (bodyNode) =>
    z
      .object({
        type: z.literal('slideTitle'),
        eyebrow: lineText('A short line above the title (what the deck is about), drawn in capitals.').optional(),
        title: wrappedText('The deck’s name: one or two words, drawn huge.'),
        tagline: wrappedText('One line under the title: the deck’s promise.').optional(),
        date: lineText(
          'When the deck is given, as the user wrote it (e.g. "12 March 2025"); drawn under the tagline.',
        ).optional(),
        place: lineText(
          'Where it is given: a city, venue or event (e.g. "Berlin" or "KubeCon EU"); drawn beside the date.',
        ).optional(),
        definition: z
          .strictObject({
            term: lineText('The headword as a dictionary would print it, e.g. "crate n."; drawn in italics.'),
            text: wrappedText('What the word means here, in one sentence.'),
          })
          .optional()
          .describe('A dictionary-style definition of the title word.'),
        aside: bodyNode
          .optional()
          .describe(
            'One node drawn beside the title in a column 640 px wide: a short slideBulletList, slideBars, ' +
              'slideDefinitions, slideDelta, slideQuote or slideSource (or a slideStack of them), or a ' +
              'slideFanout, drawn top to bottom there.',
          ),
        size: sizeField(),
      })
      .superRefine((node, ctx) => {
        const found: { path: (string | number)[]; type: string }[] = [];
        unfitAside(node.aside, ['aside'], found);
        for (const { path, type } of found)
          ctx.addIssue({
            code: 'custom',
            path,
            message:
              `${type} does not fit the aside, a column 640 px wide beside the title: the aside holds a ` +
              `${ASIDE_TYPES.filter((entry) => entry !== 'slideStack').join(', ')} or a slideStack of them; put the ${type} on a slide of its own under a slideHeading`,
          });
      }),
  children: ['aside'],
  // The title always draws, with or without an aside.
  hasOwnContent: () => true,
  catalog: {
    name: 'Title slide',
    group: 'Slide structure',
    purpose:
      'Opens a deck: its name drawn huge, with an optional eyebrow, tagline, date and place, definition and a short aside beside it.',
    useWhen: [
      'The first slide of a deck, alone in an inverse slideFrame.',
      'Naming a product or project and saying in one line what it promises.',
      'The user gives when and where the talk is: put them in date and place, never in the tagline.',
      'One event reaching several systems is the product’s story: a slideFanout as the aside, drawn top to bottom.',
    ],
    avoidWhen: [
      'Opening a new part of the deck: use slideSection.',
      'A content slide’s claim: use slideHeading.',
      'A one-sentence message with no deck name: use slideStatement.',
    ],
    example: {
      type: 'slideTitle',
      eyebrow: 'Payments platform review',
      title: 'Ledger',
      tagline: 'Every refund, **settled in two days**.',
      aside: {
        type: 'slideBulletList',
        marker: 'check',
        items: ['Writes before the fraud check', 'One settlement report a day', 'Disputes tracked to the cent'],
      },
    },
  },
  examples: [
    {
      type: 'slideTitle',
      eyebrow: 'Warehouse robotics, year one',
      title: 'Picker',
      tagline: 'Shelves that come to the people.',
      definition: {
        term: 'picker n.',
        text: 'A robot that lifts a shelf and carries it to whoever is packing the order.',
      },
      aside: {
        type: 'slideBulletList',
        marker: 'check',
        items: [
          'Moves a full shelf in one trip.',
          'Charges itself between orders.',
          'Stops when a person steps close.',
        ],
      },
    },
    {
      name: 'date, place and a fanout aside',
      node: {
        type: 'slideTitle',
        eyebrow: 'Partner briefing',
        title: 'Relay',
        tagline: 'One scan, every system told.',
        date: '14 May 2025',
        place: 'Rotterdam',
        aside: {
          type: 'slideFanout',
          source: 'parcel.scanned',
          targets: [
            { name: 'tracking', body: 'Moves the dot on the map', tone: 'primary' },
            { name: 'billing', body: 'Charges the sender' },
            { name: 'email', body: 'Tells the recipient' },
          ],
        },
      },
    },
    {
      name: 'title and tagline only',
      node: { type: 'slideTitle', title: 'Northwind', tagline: 'Our **2025** plan for the field teams.' },
    },
    {
      name: 'two words, small step',
      node: { type: 'slideTitle', eyebrow: 'Quarterly review', title: 'Search Relevance', size: 's' },
    },
  ],
  renderers: {
    html: (node, { scope }) => {
      const column = node.aside ? CONTENT_WIDTH - ASIDE_GAP - ASIDE_WIDTH : CONTENT_WIDTH;
      const size = node.size ?? largestStep(textFits(marksText(node.title), tokens.title, column));
      return html`<div class="${PREFIX}-title ${PREFIX}-title-${size}${node.aside ? ` ${PREFIX}-title-split` : ''}"><div class="${PREFIX}-title-main">${
        node.eyebrow ? html`<div class="${PREFIX}-title-eyebrow">${node.eyebrow}</div>` : ''
      }<h1 class="${PREFIX}-title-name ${PREFIX}-display">${marksHtml(node.title)}</h1>${node.tagline ? html`<p class="${PREFIX}-title-tagline">${marksHtml(node.tagline)}</p>` : ''}${
        node.date || node.place
          ? html`<div class="${PREFIX}-title-when">${[node.date, node.place].filter(Boolean).map((part, i) => html`${i > 0 ? html`<span class="${PREFIX}-title-dot">${glyphs.separator}</span>` : ''}<span>${part}</span>`)}</div>`
          : ''
      }${
        node.definition
          ? html`<div class="${PREFIX}-title-definition"><span class="${PREFIX}-title-term">${node.definition.term}</span><span>${marksHtml(node.definition.text)}</span></div>`
          : ''
      }</div>${node.aside ? html`<div class="${PREFIX}-title-aside ${NARROW_SLOT}">${scope.html(node.aside)}</div>` : ''}</div>`;
    },
    text: (node, { scope }) =>
      [
        [
          node.eyebrow?.toUpperCase(),
          marksText(node.title),
          node.tagline ? marksText(node.tagline) : undefined,
          when(node),
        ]
          .filter(Boolean)
          .join('\n'),
        node.definition ? `${node.definition.term} ${glyphs.separator} ${marksText(node.definition.text)}` : '',
        node.aside ? scope.text(node.aside) : '',
      ]
        .filter(Boolean)
        .join('\n\n'),
    markdown: (node, { scope }) =>
      md.content(
        node.eyebrow && md.paragraph(md.strong(node.eyebrow)),
        md.heading(1, marksMarkdown(node.title)),
        node.tagline && md.paragraph(marksMarkdown(node.tagline)),
        when(node) && md.paragraph(md.emphasis(when(node)!)),
        node.definition &&
          md.paragraph(md.emphasis(node.definition.term), ` ${glyphs.separator} `, marksMarkdown(node.definition.text)),
        node.aside && scope.markdown(node.aside),
      ),
    slack: (node, { scope }) => {
      const blocks: SlackBlock[] = [];
      if (node.eyebrow)
        blocks.push({ type: 'context', elements: [{ type: 'mrkdwn', text: escapeMrkdwn(node.eyebrow) }] });
      blocks.push({ type: 'header', text: plainText(marksText(node.title)) });
      if (node.tagline) blocks.push(mrkdwnSection(marksMrkdwn(node.tagline)));
      const said = when(node);
      if (said) blocks.push({ type: 'context', elements: [{ type: 'mrkdwn', text: escapeMrkdwn(said) }] });
      if (node.definition)
        blocks.push(
          mrkdwnSection(
            `${mrkdwnItalic(node.definition.term)} ${glyphs.separator} ${marksMrkdwn(node.definition.text)}`,
          ),
        );
      if (node.aside) blocks.push(...scope.slack(node.aside));
      return blocks;
    },
  },
  css: [
    // Centred in the body: a title slide has nothing else on it.
    `.${PREFIX}-title{display:grid;grid-template-columns:minmax(0,1fr);` +
      `column-gap:${ASIDE_GAP}px;align-items:center;margin-top:auto;margin-bottom:auto}`,
    `.${PREFIX}-title-split{grid-template-columns:minmax(0,1fr) ${ASIDE_WIDTH}px}`,
    `.${PREFIX}-title-main{display:flex;flex-direction:column;gap:${space.px24}px;min-width:0}`,
    `.${PREFIX}-title-eyebrow{${font('label')};font-size:${tokens.eyebrow}px;color:${color('primary')}}`,
    `.${PREFIX}-title-name{margin:0;${font('display')};text-wrap:balance}`,
    `.${PREFIX}-title-m .${PREFIX}-title-name{font-size:${tokens.title.m}px}`,
    `.${PREFIX}-title-s .${PREFIX}-title-name{font-size:${tokens.title.s}px}`,
    `.${PREFIX}-title-tagline{margin:0;${font('lede')};font-size:${tokens.tagline.l}px;` +
      `font-weight:500;line-height:1.2;color:${color('text')}}`,
    `.${PREFIX}-title-m .${PREFIX}-title-tagline{font-size:${tokens.tagline.m}px}`,
    `.${PREFIX}-title-s .${PREFIX}-title-tagline{font-size:${tokens.tagline.s}px}`,
    `.${PREFIX}-title-when{display:flex;flex-wrap:wrap;column-gap:${space.px16}px;${font('lede')};` +
      `font-weight:600;color:${color('textSoft')}}`,
    `.${PREFIX}-title-dot{color:${color('primary')}}`,
    `.${PREFIX}-title-definition{display:flex;flex-direction:column;gap:${space.px8}px;` +
      `margin-top:${space.px16}px;padding-left:${space.px24}px;` +
      `border-left:${stroke.rail}px solid ${color('primary')};${font('bodyL')};` +
      `font-size:${tokens.definition.l}px;color:${color('textSoft')};max-width:1100px}`,
    `.${PREFIX}-title-s .${PREFIX}-title-definition{font-size:${tokens.definition.s}px}`,
    `.${PREFIX}-title-term{font-style:italic;color:${color('text')}}`,
    `.${PREFIX}-title-aside{min-width:0;padding-left:${space.px48}px;` +
      `border-left:${stroke.hairline}px solid ${color('border')}}`,
  ].join(''),
});
