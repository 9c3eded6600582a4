/**
 * slideList: up to six rows of a short mono term and a line about it, ruled like a spec sheet, or
 * without terms a compact stack of lines; rows may name an owner and a due date, drawn at the
 * row's end. For named items with one line each (features by area, services and what they own, a
 * changelog) and action items with owners.
 */
import * as z from 'zod';
import { definePrimitive } from '../../../core/model/primitive.ts';
import { html } from '../../../core/model/markup.ts';
import { md } from '../../../core/markdown/builder.ts';
import { lineText, wrappedText } from '../fields.ts';
import { charLoad } from '../parts/type-scale.ts';
import { marksHtml, marksMarkdown, marksText } from '../marks.ts';
import { color, font, PREFIX } from '../style.ts';
import { advance, glyphs, space, stroke, type } from '../theme.ts';

/**
 * The term column is as wide as the longest term in mono type, within bounds: never so narrow that
 * a short term looks lost, never more than about a third of the content width.
 */
const TERM_COLUMN = { min: 200, max: 560, pad: space.px16 } as const;
/** Terms are set a step above the mono role so they hold their own beside body-size text. */
const TERM_SIZE = type.body.size;
const termWidth = (longest: number) =>
  Math.round(
    Math.min(TERM_COLUMN.max, Math.max(TERM_COLUMN.min, longest * advance.mono * TERM_SIZE + TERM_COLUMN.pad)),
  );
/** Widths are snapped to a few steps so the stylesheet holds fixed classes, not per-node styles. */
const TERM_STEPS = [TERM_COLUMN.min, 280, 360, 440, TERM_COLUMN.max] as const;
const termStep = (longest: number) => TERM_STEPS.find((step) => step >= termWidth(longest)) ?? TERM_COLUMN.max;

const item = z
  .strictObject({
    term: lineText(
      'A short name in the left column, in mono type. Give every item a ' +
        'term, or none: with no terms the list is a compact stack without rules.',
    ).optional(),
    body: wrappedText('What the term means or does, one line or two; for an action item, the action.'),
    owner: lineText(
      'Who does it: a person or team, drawn as a chip at the row’s end. Only when the user named one.',
    ).optional(),
    due: lineText('When it is due, as the user wrote it (e.g. "Friday", "12 May"); drawn after the owner.').optional(),
  })
  .describe('One row.');

type Item = z.output<typeof item>;

/** `Dana · Friday`: who and when, as the text surfaces print them after the row. */
const whoAndWhen = (i: Item): string[] => [i.owner, i.due].filter((part): part is string => Boolean(part));

export const slideList = definePrimitive({
  type: 'slideList',
  schema: z.object({
    type: z.literal('slideList'),
    label: lineText('A caption above the list, drawn in capitals.').optional(),
    items: z
      .array(item)
      .min(1)
      .max(6)
      .describe('One to six rows. Rows with terms are ruled; a list with no terms at all draws as a compact stack.'),
    footnote: wrappedText('One line under the list.').optional(),
  }),
  catalog: {
    name: 'List',
    group: 'Text',
    purpose:
      'Up to six rows of a short mono term and a line about it, ruled ' +
      'like a spec sheet; without terms, a compact stack of lines.',
    useWhen: [
      'Named items each with one line: features by area, services and what they own, flags and what they switch.',
      'A changelog or a “what shipped” list.',
      'Action items with owners (and due dates): put the person in owner and the date in due, never in the body.',
    ],
    avoidWhen: [
      'Plain points with no names: use slideBulletList.',
      'Terms that need a sentence or two of definition: use slideDefinitions.',
      'Values compared across several attributes: use slideTable.',
    ],
    example: {
      type: 'slideList',
      label: 'Shipped in 4.2',
      items: [
        { term: 'search', body: 'Tolerates typos, even in brand names' },
        { term: 'cart', body: 'Survives a lost connection and syncs later' },
        { term: 'checkout', body: 'Saves a card with one tap' },
      ],
    },
  },
  examples: [
    {
      type: 'slideList',
      label: 'Who owns what',
      items: [
        { term: 'checkout-api', body: 'Takes the order and reserves stock' },
        { term: 'ledger', body: 'Writes every money movement **once**' },
        { term: 'fraud-scorer', body: 'Scores the order before capture' },
        { term: 'notifier', body: 'Emails the receipt and refund updates' },
      ],
      footnote: 'Each service has one on-call rota and one dashboard.',
    },
    {
      name: 'no terms: a compact stack',
      node: {
        type: 'slideList',
        items: [
          { body: 'Refunds wait for the nightly batch.' },
          { body: 'The fraud check runs after the ledger write.' },
          { body: 'Customers see the money five days later.' },
        ],
      },
    },
    {
      name: 'action items with owners',
      node: {
        type: 'slideList',
        label: 'Actions from the review',
        items: [
          { body: 'Add a retry to the scanner upload', owner: 'Priya', due: 'Friday' },
          { body: 'Page the carrier when a depot goes quiet', owner: 'Ops team', due: '2 June' },
          { body: 'Write the postmortem', owner: 'Tomás' },
        ],
      },
    },
    {
      name: 'six rows',
      node: {
        type: 'slideList',
        label: 'Flags in this release',
        items: [
          { term: 'new-search', body: 'Typo-tolerant search for everyone' },
          { term: 'offline-cart', body: 'Cart changes queue while offline' },
          { term: 'one-tap-pay', body: 'Saved cards skip the form' },
          { term: 'split-ship', body: 'One order, several stores' },
          { term: 'eco-slots', body: 'Greener delivery windows first' },
          { term: 'receipts-v2', body: 'Itemized receipts in the app' },
        ],
      },
    },
  ],
  renderers: {
    html: (node) => {
      const terms = node.items.some((i) => i.term !== undefined);
      // Owners and dates make ruled rows too, with a column at the end for them.
      const owned = node.items.some((i) => whoAndWhen(i).length > 0);
      const longest = Math.max(0, ...node.items.map((i) => (i.term ? charLoad(i.term) : 0)));
      const who = (i: Item) =>
        html`<div class="${PREFIX}-list-who">${i.owner ? html`<span class="${PREFIX}-list-owner">${i.owner}</span>` : ''}${
          i.due ? html`<span class="${PREFIX}-list-due">${i.due}</span>` : ''
        }</div>`;
      const rows = node.items.map((i) =>
        terms || owned
          ? html`<div class="${PREFIX}-list-row">${terms ? html`<div class="${PREFIX}-list-term">${i.term ?? ''}</div>` : ''}<div class="${PREFIX}-list-body">${marksHtml(i.body)}</div>${owned ? who(i) : ''}</div>`
          : html`<div class="${PREFIX}-list-line">${marksHtml(i.body)}</div>`,
      );
      const columns = terms ? `${PREFIX}-list-term-${termStep(longest)}` : `${PREFIX}-list-untermed`;
      return html`<div class="${PREFIX}-list">${node.label ? html`<div class="${PREFIX}-label">${node.label}</div>` : ''}${
        terms || owned
          ? html`<div class="${PREFIX}-list-rows ${columns}${owned ? ` ${PREFIX}-list-owned` : ''}">${rows}</div>`
          : html`<div class="${PREFIX}-list-stack">${rows}</div>`
      }${node.footnote ? html`<p class="${PREFIX}-list-footnote">${marksHtml(node.footnote)}</p>` : ''}</div>`;
    },
    text: (node) =>
      [
        node.label?.toUpperCase(),
        node.items
          .map((i) =>
            [
              i.term ? `${i.term} ${glyphs.separator} ${marksText(i.body)}` : `${glyphs.dot} ${marksText(i.body)}`,
              ...whoAndWhen(i),
            ].join(` ${glyphs.separator} `),
          )
          .join('\n'),
        node.footnote ? marksText(node.footnote) : '',
      ]
        .filter(Boolean)
        .join('\n\n'),
    markdown: (node) =>
      md.content(
        node.label && md.paragraph(md.strong(node.label)),
        md.list(
          node.items.map((i) =>
            md.paragraph(
              i.term ? [md.strong(i.term), ` ${glyphs.separator} `] : [],
              marksMarkdown(i.body),
              i.owner ? [` ${glyphs.separator} `, md.strong(i.owner)] : [],
              i.due ? [` ${glyphs.separator} `, i.due] : [],
            ),
          ),
        ),
        node.footnote && md.paragraph(marksMarkdown(node.footnote)),
      ),
  },
  css: [
    `.${PREFIX}-list{display:flex;flex-direction:column;min-width:0}`,
    `.${PREFIX}-list-rows{display:flex;flex-direction:column;` +
      `border-bottom:${stroke.hairline}px solid ${color('border')}}`,
    `.${PREFIX}-list-row{display:grid;column-gap:${space.px32}px;align-items:baseline;` +
      `padding:${space.px16}px 0;border-top:${stroke.hairline}px solid ${color('border')}}`,
    ...TERM_STEPS.map(
      (step) =>
        `.${PREFIX}-list-term-${step} .${PREFIX}-list-row{grid-template-columns:${step}px minmax(0,1fr)}` +
        `.${PREFIX}-list-term-${step}.${PREFIX}-list-owned .${PREFIX}-list-row{grid-template-columns:${step}px minmax(0,1fr) auto}`,
    ),
    `.${PREFIX}-list-untermed .${PREFIX}-list-row{grid-template-columns:minmax(0,1fr) auto}`,
    // Who and when at the row's end, the owner as a chip; never wider than a third of the row.
    `.${PREFIX}-list-who{display:flex;align-items:baseline;justify-content:flex-end;gap:${space.px16}px;` +
      `max-width:${TERM_COLUMN.max}px}`,
    `.${PREFIX}-list-owner{padding:${space.px4}px ${space.px16}px;border-radius:${space.px8}px;` +
      `background:${color('primaryBg')};${font('body')};font-weight:600;color:${color('primary')}}`,
    `.${PREFIX}-list-due{${font('body')};color:${color('textSoft')};white-space:nowrap}`,
    `.${PREFIX}-list-term{${font('mono', 'mono')};font-size:${TERM_SIZE}px;font-weight:500;color:${color('primary')}}`,
    `.${PREFIX}-list-body{${font('bodyL')}}`,
    `.${PREFIX}-list-stack{display:flex;flex-direction:column;gap:${space.px16}px}`,
    `.${PREFIX}-list-line{${font('bodyL')}}`,
    `.${PREFIX}-list-footnote{margin:${space.px24}px 0 0;${font('body')};color:${color('textSoft')}}`,
  ].join(''),
});
