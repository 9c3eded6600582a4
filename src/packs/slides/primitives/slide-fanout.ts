/**
 * slideFanout: one source on the left branching to two to six receivers, each with what it does;
 * in a narrow slot (a title's aside) drawn top to bottom, each receiver's words under its name.
 * For one event or request reaching several consumers at once, in no order among them.
 */
import * as z from 'zod';
import { definePrimitive } from '../../../core/model/primitive.ts';
import { html } from '../../../core/model/markup.ts';
import { md } from '../../../core/markdown/builder.ts';
import { mrkdwnCode, mrkdwnText } from '../../../core/chat-hosts/slack/mrkdwn.ts';
import { lineText, toneField, wrappedText } from '../fields.ts';
import { NARROW_SLOT } from '../parts/slots.ts';
import { largestStep, loadFits } from '../parts/type-scale.ts';
import { marksHtml, marksMarkdown, marksMrkdwn, marksText } from '../marks.ts';
import { color, font, PREFIX } from '../style.ts';
import { glyphs, MIN_FONT_SIZE, radius, space, stroke, type } from '../theme.ts';

const C = `${PREFIX}-fanout`;

/**
 * Type per step (no `size` field: the step follows the target count). Target rows are one line
 * each at every step: about 380–440 px for the most rows a step takes, inside the body under a
 * two-line heading.
 */
const tokens = {
  source: { l: type.itemTitle.size, m: 40, s: type.nodeTitle.size },
  name: { l: type.nodeTitle.size, m: type.bodyL.size, s: type.body.size },
  body: { l: type.lede.size, m: type.bodyL.size, s: type.body.size },
  rowPad: { l: space.px16, m: space.px12, s: space.px8 },
  fits: { l: 4, m: 5 },
  /** Width of the stem from the source to the bus, and of each branch from the bus to a target. */
  stem: space.px96,
  branch: space.px64,
  /** Border-drawn arrowhead: half its height, and its length. */
  arrowHalf: space.px8,
  arrowLength: space.px12,
  sourceMax: 480,
} as const;

/**
 * The upright layout of a narrow slot (640 px beside a title): smaller type, since each receiver
 * takes two rows there (its name, then its words), so six with one-line words stay about 700 px tall.
 */
const narrow = {
  source: { l: type.nodeTitle.size, m: 32, s: type.body.size },
  name: { l: type.body.size, m: type.bodyS.size, s: MIN_FONT_SIZE },
  body: { l: type.body.size, m: type.bodyS.size, s: MIN_FONT_SIZE },
  rowPad: { l: space.px12, m: space.px8, s: space.px4 },
  /** The stem's drop and the indent of the bus under the source. */
  stem: space.px24,
  indent: space.px32,
  /** The chip's own padding and border, around one line of mono type. */
  chipEdge: space.px4 + stroke.chip,
} as const;

/** Half the height of a name row at a step: where the branch meets the name chip's middle. */
const nameMiddle = (step: 'l' | 'm' | 's') =>
  narrow.rowPad[step] + narrow.chipEdge + (narrow.name[step] * type.mono.line) / 2;

const target = z
  .strictObject({
    name: lineText('The receiving system or team, drawn in monospace.'),
    body: wrappedText(
      'What it does with the event, in a few words (about 30 characters). Leave it out if the user gave only the name.',
    ).optional(),
    tone: toneField(),
  })
  .describe('One receiver of the source.');

export const slideFanout = definePrimitive({
  type: 'slideFanout',
  schema: z.object({
    type: z.literal('slideFanout'),
    source: lineText('The one thing that fans out (an event, a request, a decision), drawn in monospace.'),
    targets: z.array(target).min(2).max(6).describe('Two to six receivers; order does not imply sequence.'),
  }),
  catalog: {
    name: 'Fanout',
    group: 'Diagrams',
    purpose: 'One source on the left branching to two to six receivers, each with what it does.',
    useWhen: [
      'One event or request reaches several consumers at once.',
      'Showing who reacts when something happens, with no order among them.',
      'Beside a deck’s title (slideTitle aside), where it is drawn top to bottom.',
    ],
    avoidWhen: [
      'Steps that happen one after another: use slidePipeline.',
      'Messages going back and forth between parties: use slideSequence.',
      'A folder and its files: use slideTree.',
    ],
    example: {
      type: 'slideFanout',
      source: 'RefundIssued',
      targets: [
        { name: 'ledger', body: 'Reverses the original charge', tone: 'primary' },
        { name: 'email', body: 'Tells the customer' },
        { name: 'card-network', body: 'Returns the funds', tone: 'accent' },
      ],
    },
  },
  examples: [
    {
      type: 'slideFanout',
      source: 'OrderPlaced',
      targets: [
        { name: 'picking', body: 'Sends the list to the nearest store' },
        { name: 'payments', body: 'Holds the amount on the card', tone: 'primary' },
        { name: 'email', body: 'Confirms the order' },
      ],
    },
    {
      name: 'six targets with both tones',
      node: {
        type: 'slideFanout',
        source: 'POST /orders',
        targets: [
          { name: 'auth', body: 'Checks the session', tone: 'primary' },
          { name: 'inventory', body: 'Reserves every item', tone: 'primary' },
          { name: 'pricing', body: 'Applies **discounts** and tax' },
          { name: 'payments', body: 'Authorizes the card', tone: 'accent' },
          { name: 'audit-log', body: 'Records who ordered what' },
          { name: 'analytics', body: 'Counts the conversion' },
        ],
      },
    },
    {
      name: 'targets named only',
      node: {
        type: 'slideFanout',
        source: 'parcel.scanned',
        targets: [{ name: 'tracking-page' }, { name: 'customer-email' }, { name: 'billing' }],
      },
    },
  ],
  renderers: {
    html: (node) => {
      const size = largestStep(loadFits(node.targets.length, tokens.fits));
      const last = node.targets.length - 1;
      return html`<div class="${C} ${C}-${size}"><div class="${C}-source">${node.source}</div><div class="${C}-stem"></div><div class="${C}-targets">${node.targets.map(
        (item, i) =>
          html`<div class="${C}-link"><div class="${C}-rails"><div class="${C}-rail${i > 0 ? ` ${C}-rail-on` : ''}"></div><div class="${C}-rail ${C}-rail-stub${i < last ? ` ${C}-rail-on` : ''}"></div></div><div class="${C}-head"></div></div><div class="${C}-name"><span class="${C}-chip${item.tone ? ` ${C}-${item.tone}` : ''}">${item.name}</span></div><div class="${C}-body">${item.body ? html`<span>${marksHtml(item.body)}</span>` : ''}</div>`,
      )}</div></div>`;
    },
    text: (node) =>
      [
        `${node.source} ${glyphs.arrow}`,
        ...node.targets.map(
          (item) => `${glyphs.dot} ${item.name}${item.body ? ` ${glyphs.separator} ${marksText(item.body)}` : ''}`,
        ),
      ].join('\n'),
    markdown: (node) =>
      md.content(
        md.paragraph(md.code(node.source), ` ${glyphs.arrow}`),
        md.list(
          node.targets.map((item) =>
            md.paragraph(md.code(item.name), item.body && [` ${glyphs.separator} `, marksMarkdown(item.body)]),
          ),
        ),
      ),
    // One section: the source as its text, each target a field (Slack lays fields out two abreast).
    slack: (node) => [
      {
        type: 'section',
        text: mrkdwnText(`${mrkdwnCode(node.source)} ${glyphs.arrow}`),
        fields: node.targets.map((item) =>
          mrkdwnText(`${mrkdwnCode(item.name)}${item.body ? `\n${marksMrkdwn(item.body)}` : ''}`),
        ),
      },
    ],
  },
  css: [
    `.${C}{display:flex;align-items:center}`,
    `.${C}-source{display:flex;flex:0 0 auto;max-width:${tokens.sourceMax}px;box-sizing:border-box;` +
      `padding:${space.px16}px ${space.px24}px;border:${stroke.chip}px solid ${color('text')};` +
      `border-radius:${radius.panel}px;background:${color('bgSurface')};` +
      `${font('nodeTitle', 'mono')};font-weight:700}`,
    `.${C}-stem{flex:0 0 auto;width:${tokens.stem}px;height:0;` +
      `border-top:${stroke.rail}px solid ${color('textSubtle')}}`,
    // The bus and branches are borders on two stacked halves of each row's link cell: the upper
    // half continues the bus from the row above, the lower half draws the branch and continues it
    // down. Rows touch (no row gap) so the bus is one unbroken line.
    `.${C}-targets{flex:1 1 auto;min-width:0;display:grid;` +
      `grid-template-columns:${tokens.branch + tokens.arrowLength}px auto minmax(0,1fr)}`,
    `.${C}-link{display:flex;align-items:center}`,
    `.${C}-rails{flex:1 1 auto;align-self:stretch;display:flex;flex-direction:column}`,
    `.${C}-rail{flex:1 1 0;border-left:${stroke.rail}px solid transparent}`,
    `.${C}-rail-on{border-left-color:${color('textSubtle')}}`,
    `.${C}-rail-stub{border-top:${stroke.rail}px solid ${color('textSubtle')}}`,
    `.${C}-head{flex:0 0 auto;width:0;height:0;margin-top:${stroke.rail}px;` +
      `border-top:${tokens.arrowHalf}px solid transparent;border-bottom:${tokens.arrowHalf}px solid transparent;` +
      `border-left:${tokens.arrowLength}px solid ${color('textSubtle')}}`,
    `.${C}-name{display:flex;align-items:center;padding-right:${space.px24}px}`,
    `.${C}-chip{display:flex;padding:${space.px4}px ${space.px16}px;` +
      `border:${stroke.chip}px solid ${color('border')};border-radius:${radius.chip}px;` +
      `background:${color('bgSurface')};${font('mono', 'mono')};font-weight:600}`,
    `.${C}-primary{color:${color('primary')};border-color:${color('primary')};background:${color('primaryBg')}}`,
    `.${C}-accent{color:${color('accent')};border-color:${color('accent')};background:${color('accentBg')}}`,
    // The body's text sits in one span: as separate flex items, the runs around a mark would lose
    // the spaces between them.
    `.${C}-body{display:flex;align-items:center;${font('bodyL')};color:${color('textSoft')}}`,
    ...(['l', 'm', 's'] as const).map(
      (step) =>
        `.${C}-${step} .${C}-source{font-size:${tokens.source[step]}px}` +
        `.${C}-${step} .${C}-chip{font-size:${tokens.name[step]}px}` +
        `.${C}-${step} .${C}-body{font-size:${tokens.body[step]}px}` +
        `.${C}-${step} .${C}-name,.${C}-${step} .${C}-body{padding-top:${tokens.rowPad[step]}px;` +
        `padding-bottom:${tokens.rowPad[step]}px}`,
    ),
    // Upright in a narrow slot: the source on top, a stem down to a bus that runs down the left,
    // each receiver's link cell spanning its two rows (name, then words) with the branch at the
    // name's middle. The first row's upper rail joins the stem.
    `.${NARROW_SLOT} .${C}{flex-direction:column;align-items:stretch}`,
    `.${NARROW_SLOT} .${C}-source{align-self:flex-start;max-width:100%}`,
    `.${NARROW_SLOT} .${C}-stem{width:0;height:${narrow.stem}px;margin-left:${narrow.indent}px;` +
      `border-top:0;border-left:${stroke.rail}px solid ${color('textSubtle')}}`,
    `.${NARROW_SLOT} .${C}-targets{margin-left:${narrow.indent}px;` +
      `grid-template-columns:${tokens.branch + tokens.arrowLength}px minmax(0,1fr)}`,
    `.${NARROW_SLOT} .${C}-link{grid-row:span 2;align-items:flex-start}`,
    `.${NARROW_SLOT} .${C}-link:first-child .${C}-rail{border-left-color:${color('textSubtle')}}`,
    `.${NARROW_SLOT} .${C}-name{padding-right:0;min-width:0}`,
    `.${NARROW_SLOT} .${C}-body{grid-column:2;padding-top:0}`,
    `.${NARROW_SLOT} .${C}-body>span{min-width:0}`,
    ...(['l', 'm', 's'] as const).map((step) => {
      const middle = nameMiddle(step);
      const at = `.${NARROW_SLOT} .${C}-${step}`;
      return (
        `${at} .${C}-source{font-size:${narrow.source[step]}px}` +
        `${at} .${C}-chip{font-size:${narrow.name[step]}px}` +
        `${at} .${C}-body{font-size:${narrow.body[step]}px;padding-bottom:${narrow.rowPad[step]}px}` +
        `${at} .${C}-name{padding-top:${narrow.rowPad[step]}px;padding-bottom:${space.px4}px}` +
        `${at} .${C}-rail:first-child{flex:0 0 ${middle.toFixed(1)}px}` +
        `${at} .${C}-head{margin-top:${(middle + stroke.rail / 2 - tokens.arrowHalf).toFixed(1)}px}`
      );
    }),
  ].join(''),
});
