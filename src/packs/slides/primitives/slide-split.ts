/**
 * slideSplit: two panes side by side, each holding its own nodes, with a choice of ratio and
 * divider. For before and after, ours and theirs, code beside its explanation, or main content with
 * a narrow column of notes.
 */
import * as z from 'zod';
import type { PrimitiveNode } from '../../../core/model/composition.ts';
import { definePrimitive } from '../../../core/model/primitive.ts';
import { html } from '../../../core/model/markup.ts';
import { md } from '../../../core/markdown/builder.ts';
import { mrkdwnBold, mrkdwnSection } from '../../../core/chat-hosts/slack/mrkdwn.ts';
import { lineText, toneField, wrappedText } from '../fields.ts';
import { PANE_SLOT } from '../parts/slots.ts';
import { marksHtml, marksMarkdown, marksMrkdwn, marksText } from '../marks.ts';
import { color, font, PREFIX } from '../style.ts';
import { glyphs, space, stroke } from '../theme.ts';

const RATIOS = ['even', 'wideLeft', 'narrowLeft', 'aside'] as const;
const DIVIDERS = ['gap', 'rule', 'hairline', 'arrow'] as const;
type Ratio = (typeof RATIOS)[number];
type Divider = (typeof DIVIDERS)[number];

/** The notes column of an `aside` split: a third of the content width, give or take. */
const ASIDE_WIDTH = 520;
/** Pane column tracks per ratio; `minmax(0, …)` lets long content wrap instead of widening a pane. */
const TRACKS: Record<Ratio, [string, string]> = {
  even: ['minmax(0,1fr)', 'minmax(0,1fr)'],
  wideLeft: ['minmax(0,1.1fr)', 'minmax(0,1fr)'],
  narrowLeft: ['minmax(0,0.75fr)', 'minmax(0,1.25fr)'],
  aside: ['minmax(0,1fr)', `${ASIDE_WIDTH}px`],
};
/**
 * Which panes are at most half the content width (772 px in an even split, 520 px beside an aside's
 * main pane): those carry `PANE_SLOT`, so a primitive laid out for the whole width can narrow there.
 */
const HALF_PANES: Record<Ratio, [boolean, boolean]> = {
  even: [true, true],
  wideLeft: [true, true],
  narrowLeft: [true, false],
  aside: [false, true],
};
/** The arrow divider: bar length, head length, and half the head's height. */
const ARROW = { shaft: space.px32, head: space.px24, half: space.px16 } as const;
/** What sits between the panes: its track width, and the gap either side of it. */
const DIVIDER_TRACK: Record<Divider, number> = {
  gap: 0,
  rule: stroke.rail,
  hairline: stroke.hairline,
  arrow: ARROW.shaft + ARROW.head,
};
const DIVIDER_GAP: Record<Divider, number> = {
  gap: space.px32,
  rule: space.px48,
  hairline: space.px48,
  arrow: space.px32,
};

const TONE_MESSAGE = 'is allowed only with a label';

/**
 * Primitives laid out across the whole slide (rows of boxes, rails, grids, whole slides): in a pane,
 * half as wide, their text breaks a few letters a line, so validation refuses them there.
 */
const FULL_WIDTH_TYPES: ReadonlySet<string> = new Set([
  'slideAnnotatedRender',
  'slideClosing',
  'slideFanout',
  'slideGraph',
  'slideLanes',
  'slideLayers',
  'slideMatrix',
  'slidePipeline',
  'slideRenderGrid',
  'slideRoadmap',
  'slideSection',
  'slideSequence',
  'slideSplit',
  'slideTerritoryGroup',
  'slideTimeline',
  'slideTitle',
]);
const fullWidthMessage = (type: string) =>
  `${type} needs the slide's full width and does not fit a pane: give it a slide of its own, or say ` +
  'it in the pane with a slideBulletList, slideStat or slideTable';

const pane = (bodyNode: z.ZodType<PrimitiveNode>) =>
  z
    .strictObject({
      label: lineText('A caption over the pane, drawn in capitals; the pane’s sub-heading.').optional(),
      tone: toneField().describe(
        'Colours the pane’s label: primary = yours or in focus; accent = the other party. Only with a label.',
      ),
      items: z
        .array(bodyNode)
        .min(1)
        .max(6)
        .describe('The pane’s nodes, stacked top to bottom; never a diagram that needs the whole slide.'),
    })
    .superRefine((value, ctx) => {
      value.items.forEach((item, i) => {
        if (FULL_WIDTH_TYPES.has(item.type))
          ctx.addIssue({ code: 'custom', path: ['items', i], message: fullWidthMessage(item.type) });
      });
      if (value.tone !== undefined && value.label === undefined)
        ctx.addIssue({ code: 'custom', path: ['tone'], message: TONE_MESSAGE });
    })
    .describe('One side of the split. A tone needs a label.');

export const slideSplit = definePrimitive({
  type: 'slideSplit',
  schema: (bodyNode) =>
    z.object({
      type: z.literal('slideSplit'),
      panes: z
        .array(pane(bodyNode))
        .length(2)
        .describe('Exactly two panes, left then right. A pane’s tone is allowed only with its label.'),
      ratio: z
        .enum(RATIOS)
        .optional()
        .describe(
          'even 1:1 (default); wideLeft 1.1:1; narrowLeft 0.75:1.25; aside ' +
            '= main content plus a narrow fixed notes column on the right.',
        ),
      divider: z
        .enum(DIVIDERS)
        .optional()
        .describe('Between the panes: gap (default), rule, hairline, or arrow (left leads to right).'),
      footnote: wrappedText('One line under both panes.').optional(),
    }),
  children: ['panes[].items'],
  hasOwnContent: (node) => Boolean(node.footnote || node.panes.some((p) => p.label)),
  catalog: {
    name: 'Split',
    group: 'Layout',
    purpose:
      'Two panes side by side, each holding its own nodes: before ' +
      'and after, code and its explanation, main content and notes.',
    useWhen: [
      'Comparing two things: before/after, ours/theirs (label the panes, tone the one in focus).',
      'Code or a picture on one side and what it means on the other (divider "arrow" when one leads to the other).',
      'Main content with a narrow column of notes (ratio "aside").',
    ],
    avoidWhen: [
      'Three or four parallel options: use slideColumns.',
      'Two ordered stages with owners: use slidePipeline or slideLanes.',
      'Nodes that read top to bottom: put them in the frame body or a slideStack.',
    ],
  },
  examples: [
    {
      type: 'slideSplit',
      divider: 'arrow',
      panes: [
        {
          label: 'Today',
          items: [
            {
              type: 'slideBulletList',
              marker: 'x',
              items: ['Refunds wait for the nightly batch.', 'Customers call to ask where the money is.'],
            },
          ],
        },
        {
          label: 'After the change',
          tone: 'primary',
          items: [
            {
              type: 'slideBulletList',
              marker: 'check',
              items: ['The ledger is written first.', 'Refunds settle in two days.'],
            },
          ],
        },
      ],
    },
    {
      name: 'ours and theirs, with a rule and a footnote',
      node: {
        type: 'slideSplit',
        ratio: 'wideLeft',
        divider: 'rule',
        panes: [
          {
            label: 'We run',
            tone: 'primary',
            items: [
              { type: 'slideBulletList', items: ['The checkout page and its API.', 'Card vaulting and retries.'] },
            ],
          },
          {
            label: 'The bank runs',
            tone: 'accent',
            items: [{ type: 'slideBulletList', items: ['Fraud scoring.', 'Settlement into the merchant account.'] }],
          },
        ],
        footnote: 'A failed **bank** call is retried by us, never by the customer.',
      },
    },
    {
      name: 'main content with notes aside',
      node: {
        type: 'slideSplit',
        ratio: 'aside',
        divider: 'hairline',
        panes: [
          {
            items: [
              {
                type: 'slideBulletList',
                items: [
                  'Search tolerates typos, even in brand names.',
                  'Carts survive a lost connection and sync later.',
                  'Checkout saves a card in one tap.',
                ],
              },
            ],
          },
          { label: 'Notes', items: [{ type: 'slideBulletList', items: ['All three shipped behind flags.'] }] },
        ],
      },
    },
    {
      name: 'narrow left, no labels',
      node: {
        type: 'slideSplit',
        ratio: 'narrowLeft',
        panes: [
          { items: [{ type: 'slideBulletList', label: 'Asked', items: ['Why do refunds take five days?'] }] },
          {
            items: [
              {
                type: 'slideBulletList',
                label: 'Answered',
                marker: 'check',
                items: [
                  'The fraud check waited for the nightly batch.',
                  'It now runs as soon as the ledger is written.',
                ],
              },
            ],
          },
        ],
      },
    },
  ],
  renderers: {
    html: (node, { scope }) => {
      const divider = node.divider ?? 'gap';
      const half = HALF_PANES[node.ratio ?? 'even'];
      const panes = node.panes.map(
        (p, i) =>
          html`<div class="${PREFIX}-split-pane">${
            p.label
              ? html`<h2 class="${PREFIX}-split-label${p.tone ? ` ${PREFIX}-split-label-${p.tone}` : ''}">${p.label}</h2>`
              : ''
          }<div class="${PREFIX}-split-items${half[i] ? ` ${PANE_SLOT}` : ''}">${p.items.map((child) => scope.html(child))}</div></div>`,
      );
      // The arrow is a bar and a border-drawn head, which the image renderer draws like the browser.
      const between =
        divider === 'arrow'
          ? html`<div class="${PREFIX}-split-divider"><div class="${PREFIX}-split-shaft"></div><div class="${PREFIX}-split-head"></div></div>`
          : html`<div class="${PREFIX}-split-divider"></div>`;
      return html`<div class="${PREFIX}-split"><div class="${PREFIX}-split-grid ${PREFIX}-split-${node.ratio ?? 'even'} ${PREFIX}-split-by-${divider}">${panes[0]}${between}${panes[1]}</div>${
        node.footnote ? html`<p class="${PREFIX}-split-footnote">${marksHtml(node.footnote)}</p>` : ''
      }</div>`;
    },
    text: (node, { scope }) => {
      const panes = node.panes.map((p) =>
        [p.label?.toUpperCase(), ...p.items.map((child) => scope.text(child))].filter(Boolean).join('\n\n'),
      );
      const between = node.divider === 'arrow' ? `\n\n${glyphs.arrow}\n\n` : '\n\n';
      return [panes.join(between), node.footnote ? marksText(node.footnote) : ''].filter(Boolean).join('\n\n');
    },
    markdown: (node, { scope }) =>
      md.content(
        node.panes.map((p, i) => [
          i > 0 && node.divider === 'arrow' && md.paragraph(glyphs.arrow),
          p.label && md.heading(2, p.label),
          p.items.map((child) => scope.markdown(child)),
        ]),
        node.footnote && md.paragraph(marksMarkdown(node.footnote)),
      ),
    slack: (node, { scope }) => {
      const divider = node.divider ?? 'gap';
      const between =
        divider === 'arrow' ? [mrkdwnSection(glyphs.arrow)] : divider === 'gap' ? [] : [{ type: 'divider' }];
      return [
        ...node.panes.flatMap((p, i) => [
          ...(i > 0 ? between : []),
          ...(p.label ? [mrkdwnSection(mrkdwnBold(p.label))] : []),
          ...p.items.flatMap((child) => scope.slack(child)),
        ]),
        ...(node.footnote
          ? [{ type: 'context', elements: [{ type: 'mrkdwn', text: marksMrkdwn(node.footnote) }] }]
          : []),
      ];
    },
  },
  css: [
    `.${PREFIX}-split{display:flex;flex-direction:column;gap:${space.px32}px;min-width:0}`,
    `.${PREFIX}-split-grid{display:grid;align-items:stretch}`,
    ...RATIOS.flatMap((ratio) =>
      DIVIDERS.map(
        (divider) =>
          `.${PREFIX}-split-${ratio}.${PREFIX}-split-by-${divider}{grid-template-columns:${TRACKS[ratio][0]} ` +
          `${DIVIDER_TRACK[divider]}px ${TRACKS[ratio][1]};column-gap:${DIVIDER_GAP[divider]}px}`,
      ),
    ),
    `.${PREFIX}-split-pane{display:flex;flex-direction:column;min-width:0}`,
    `.${PREFIX}-split-label{margin:0 0 ${space.px24}px;padding-top:${space.px16}px;` +
      `border-top:${stroke.bar}px solid ${color('border')};${font('label')};color:${color('textSubtle')}}`,
    `.${PREFIX}-split-label-primary{color:${color('primary')};border-top-color:${color('primary')}}`,
    `.${PREFIX}-split-label-accent{color:${color('accent')};border-top-color:${color('accent')}}`,
    `.${PREFIX}-split-items{display:flex;flex-direction:column;gap:${space.px32}px;min-width:0}`,
    `.${PREFIX}-split-by-rule .${PREFIX}-split-divider{background:${color('borderDashed')}}`,
    `.${PREFIX}-split-by-hairline .${PREFIX}-split-divider{background:${color('border')}}`,
    `.${PREFIX}-split-by-arrow .${PREFIX}-split-divider{display:flex;align-items:center;justify-content:flex-start}`,
    `.${PREFIX}-split-shaft{flex:0 0 auto;width:${ARROW.shaft}px;` +
      `height:${stroke.bar}px;background:${color('textSubtle')}}`,
    `.${PREFIX}-split-head{flex:0 0 auto;width:0;height:0;border-top:${ARROW.half}px solid transparent;` +
      `border-bottom:${ARROW.half}px solid transparent;border-left:${ARROW.head}px solid ${color('textSubtle')}}`,
    `.${PREFIX}-split-footnote{margin:0;${font('body')};color:${color('textSoft')}}`,
  ].join(''),
});
