/**
 * slideColumns: two to four parallel options side by side, each with a title, optional mono chips
 * and an optional short body, one optionally in focus. For comparing approaches of the same kind, or
 * recommending one among a few.
 */
import * as z from 'zod';
import { definePrimitive } from '../../../core/model/primitive.ts';
import { html } from '../../../core/model/markup.ts';
import { md } from '../../../core/markdown/builder.ts';
import { lineText, wrappedText } from '../fields.ts';
import { PANE_SLOT } from '../parts/slots.ts';
import { charLoad, largestStep, loadFits, sizeField, SIZES } from '../parts/type-scale.ts';
import { marksHtml, marksMarkdown, marksText } from '../marks.ts';
import { color, font, PREFIX } from '../style.ts';
import { MIN_FONT_SIZE, radius, space, stroke, type } from '../theme.ts';

/**
 * Type per step, and the load each holds: the fullest column's characters times the number of
 * columns (more columns, narrower ones, sooner wraps).
 */
const tokens = {
  title: { l: type.itemTitle.size, m: type.nodeTitle.size, s: 32 },
  body: { l: type.bodyL.size, m: type.body.size, s: type.bodyS.size },
  tag: { l: type.mono.size, m: MIN_FONT_SIZE, s: MIN_FONT_SIZE },
  fits: { l: 700, m: 1100 },
} as const;

const HIGHLIGHT_MESSAGE = (count: number) => `must be less than the number of items (${count})`;

const column = z
  .strictObject({
    title: lineText('The option’s name, a word or two.'),
    tags: z
      .array(lineText('A short mono chip: a value, a flag, a region.'))
      .min(1)
      .max(6)
      .optional()
      .describe('One to six mono chips under the title.'),
    body: wrappedText('What sets this option apart, a sentence or two; omit if the user gave none.').optional(),
  })
  .describe('One column.');

const footnote = z
  .strictObject({
    code: lineText('A name in mono type that opens the line (a flag, a command, a service).'),
    text: wrappedText('The rest of the sentence after the code.'),
  })
  .describe('One line under all columns, opening with a mono name.');

/** The highlighted column must exist. */
function checkHighlight(
  node: { items: readonly unknown[]; highlight?: number | undefined },
  ctx: z.RefinementCtx,
): void {
  if (node.highlight !== undefined && node.highlight >= node.items.length)
    ctx.addIssue({ code: 'custom', path: ['highlight'], message: HIGHLIGHT_MESSAGE(node.items.length) });
}

export const slideColumns = definePrimitive({
  type: 'slideColumns',
  schema: z
    .object({
      type: z.literal('slideColumns'),
      items: z.array(column).min(2).max(4).describe('Two to four parallel columns, left to right.'),
      highlight: z
        .number()
        .int()
        .min(0)
        .optional()
        .describe(
          'Index of the column in focus (0 = first); must be less than ' +
            'the number of items. It gets a bar on top and a primary title.',
        ),
      footnote: footnote.optional(),
      size: sizeField(),
    })
    .superRefine((node, ctx) => checkHighlight(node as { items: unknown[]; highlight?: number }, ctx)),
  catalog: {
    name: 'Columns',
    group: 'Text',
    purpose:
      'Two to four parallel options side by side, each with a title, ' +
      'optional mono chips and an optional short body; one can be in focus.',
    useWhen: [
      'Comparing approaches or options of the same kind (canary, blue-green, rolling).',
      'Recommending one option among a few: highlight it.',
    ],
    avoidWhen: [
      'Exactly two sides with their own content: use slideSplit.',
      'Stages over time: use slideRoadmap or slideTimeline.',
      'Options scored on the same criteria: use slideMatrix or slideTable.',
    ],
    example: {
      type: 'slideColumns',
      highlight: 0,
      items: [
        {
          title: 'Canary',
          tags: ['1%', '10%', '50%'],
          body: 'A slice of traffic takes the new build first, so a bad release hurts few customers.',
        },
        {
          title: 'Blue-green',
          tags: ['blue', 'green'],
          body: 'Two full fleets. The switch is instant, and so is the way back.',
        },
        {
          title: 'Rolling',
          tags: ['zone-a', 'zone-b', 'zone-c'],
          body: 'One zone at a time, with no spare capacity to pay for.',
        },
      ],
    },
  },
  examples: [
    {
      type: 'slideColumns',
      highlight: 1,
      items: [
        {
          title: 'Retry',
          tags: ['3×', 'backoff'],
          body: 'Try again with growing waits. Fine for blips, harmful in an outage.',
        },
        {
          title: 'Queue',
          tags: ['durable', 'ordered'],
          body: 'Park the request and process it when the bank is back. **No order is lost.**',
        },
        { title: 'Fail fast', body: 'Tell the customer right away and let them choose another card.' },
      ],
      footnote: { code: 'payments.fallback', text: 'picks one per bank; queue is the default.' },
    },
    {
      name: 'titles only',
      node: {
        type: 'slideColumns',
        highlight: 2,
        items: [{ title: 'Build' }, { title: 'Buy' }, { title: 'Partner' }],
      },
    },
    {
      name: 'four columns, small',
      node: {
        type: 'slideColumns',
        size: 's',
        items: [
          {
            title: 'Web',
            tags: ['react', 'ssr'],
            body:
              'The storefront and checkout. Ships several times a ' +
              'day behind flags, so most changes land here first.',
          },
          {
            title: 'iOS',
            tags: ['swift'],
            body: 'Native app with Apple Pay. Releases every two weeks through review, with a staged rollout.',
          },
          {
            title: 'Android',
            tags: ['kotlin'],
            body: 'Native app with Google Pay. Same two-week train as iOS, rolled out to 10% first.',
          },
          {
            title: 'Kiosk',
            tags: ['web view'],
            body: 'In-store ordering screens that load the web build, updated overnight when stores are closed.',
          },
        ],
      },
    },
  ],
  renderers: {
    html: (node) => {
      const load =
        Math.max(
          ...node.items.map(
            (i) =>
              charLoad(i.title) + charLoad(i.body ?? '') + (i.tags ?? []).reduce((sum, tag) => sum + charLoad(tag), 0),
          ),
        ) * node.items.length;
      const size = node.size ?? largestStep(loadFits(load, tokens.fits));
      return html`<div class="${PREFIX}-columns ${PREFIX}-columns-${size}"><div class="${PREFIX}-columns-grid ${PREFIX}-columns-n${node.items.length}">${node.items.map(
        (i, index) =>
          html`<div class="${PREFIX}-columns-item${index === node.highlight ? ` ${PREFIX}-columns-focus` : ''}"><h2 class="${PREFIX}-columns-title">${i.title}</h2>${
            i.tags
              ? html`<div class="${PREFIX}-columns-tags">${i.tags.map((tag) => html`<span class="${PREFIX}-columns-tag">${tag}</span>`)}</div>`
              : ''
          }${i.body === undefined ? '' : html`<p class="${PREFIX}-columns-body">${marksHtml(i.body)}</p>`}</div>`,
      )}</div>${
        node.footnote
          ? html`<div class="${PREFIX}-columns-footnote"><span class="${PREFIX}-columns-code">${node.footnote.code}</span><span>${marksHtml(node.footnote.text)}</span></div>`
          : ''
      }</div>`;
    },
    text: (node) =>
      [
        ...node.items.map((i) =>
          [`${i.title}${i.tags ? ` [${i.tags.join(', ')}]` : ''}`, i.body && marksText(i.body)]
            .filter(Boolean)
            .join('\n'),
        ),
        node.footnote ? `${node.footnote.code} ${marksText(node.footnote.text)}` : '',
      ]
        .filter(Boolean)
        .join('\n\n'),
    markdown: (node) =>
      md.content(
        node.items.map((i) => [
          md.heading(2, i.title),
          i.tags && md.paragraph(i.tags.flatMap((tag, n) => (n === 0 ? [md.code(tag)] : [' ', md.code(tag)]))),
          i.body !== undefined && md.paragraph(marksMarkdown(i.body)),
        ]),
        node.footnote && md.paragraph(md.code(node.footnote.code), ' ', marksMarkdown(node.footnote.text)),
      ),
  },
  css: [
    `.${PREFIX}-columns{display:flex;flex-direction:column;gap:${space.px40}px;min-width:0}`,
    `.${PREFIX}-columns-grid{display:grid;column-gap:${space.px48}px}`,
    ...[2, 3, 4].map((n) => `.${PREFIX}-columns-n${n}{grid-template-columns:repeat(${n},minmax(0,1fr))}`),
    // Four columns in a half-width pane would be a few words a line each: two by two there, each
    // column about as wide as one of four across the slide, so the step the load picks still holds.
    `.${PANE_SLOT}>.${PREFIX}-columns .${PREFIX}-columns-n4{grid-template-columns:repeat(2,minmax(0,1fr));` +
      `row-gap:${space.px40}px}`,
    `.${PREFIX}-columns-item{display:flex;flex-direction:column;gap:${space.px20}px;min-width:0;` +
      `padding-top:${space.px24}px;border-top:${stroke.bar}px solid ${color('border')}}`,
    `.${PREFIX}-columns-focus{border-top-color:${color('primary')}}`,
    `.${PREFIX}-columns-title{margin:0;${font('itemTitle')}}`,
    `.${PREFIX}-columns-focus .${PREFIX}-columns-title{color:${color('primary')}}`,
    `.${PREFIX}-columns-tags{display:flex;flex-wrap:wrap;gap:${space.px8}px}`,
    `.${PREFIX}-columns-tag,.${PREFIX}-columns-code{display:flex;flex:0 0 auto;` +
      `padding:${space.px4}px ${space.px12}px;border-radius:${radius.chipSmall}px;` +
      `background:${color('codeFill')};${font('mono', 'mono')};line-height:1.2}`,
    `.${PREFIX}-columns-body{margin:0;${font('bodyL')};color:${color('textSoft')}}`,
    `.${PREFIX}-columns-footnote{display:flex;align-items:baseline;` +
      `gap:${space.px16}px;${font('body')};color:${color('textSoft')}}`,
    ...SIZES.map(
      (size) =>
        `.${PREFIX}-columns-${size} .${PREFIX}-columns-title{font-size:${tokens.title[size]}px}` +
        `.${PREFIX}-columns-${size} .${PREFIX}-columns-body{font-size:${tokens.body[size]}px}` +
        `.${PREFIX}-columns-${size} .${PREFIX}-columns-tag{font-size:${tokens.tag[size]}px}`,
    ),
  ].join(''),
});
