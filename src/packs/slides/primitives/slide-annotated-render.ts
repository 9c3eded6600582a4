/**
 * slideAnnotatedRender: a slide drawn inside this one with numbered pins on it and a legend beside
 * it explaining each pin. For teaching how a slide is built, or pointing at specific parts of one
 * render.
 */
import * as z from 'zod';
import { definePrimitive } from '../../../core/model/primitive.ts';
import { html } from '../../../core/model/markup.ts';
import { md } from '../../../core/markdown/builder.ts';
import { mrkdwnBold, mrkdwnSection } from '../../../core/chat-hosts/slack/mrkdwn.ts';
import { lineText, wrappedText } from '../fields.ts';
import {
  embedCss,
  embedHeight,
  RENDER_BOX,
  renderMarkdown,
  renderRule,
  renderShape,
  renderSlack,
  renderStage,
  renderText,
  renderTitle,
} from '../parts/embed.ts';
import { WINDOW_ROOM, WINDOW_WIDTH } from '../parts/diagram.ts';
import { WINDOW_SLOT } from '../parts/slots.ts';
import { charLoad, largestStep, SIZES, type SlideSize } from '../parts/type-scale.ts';
import { marksHtml, marksMarkdown, marksMrkdwn, marksText } from '../marks.ts';
import { color, font, PREFIX } from '../style.ts';
import { advance, CONTENT_WIDTH, MIN_FONT_SIZE, space, stroke, type } from '../theme.ts';

/** Pin markers, the legend beside the render, and its type per size step. */
const pin = { size: 48, ring: stroke.rail } as const;
const legend = {
  gap: space.px64,
  itemGap: space.px24,
  numberGap: space.px20,
  title: { l: type.bodyL.size, m: type.body.size, s: type.bodyS.size },
  body: { l: type.body.size, m: type.bodyS.size, s: MIN_FONT_SIZE },
  titleLine: 1.2,
  bodyLine: 1.35,
} as const;
const STAGE_HEIGHT = embedHeight(RENDER_BOX);
const CAPTION_HEIGHT = space.px12 + Math.round(type.chrome.size * type.chrome.line);

/**
 * Directly in a window's body, which is shorter than a slide's, the render with its pins is drawn
 * scaled down (one picture, so pins keep their places and a source panel its rows) until it and
 * its caption fit the window's room; the legend beside it takes the width given back.
 */
const WINDOW_SCALE = Math.floor(((WINDOW_ROOM - CAPTION_HEIGHT) / STAGE_HEIGHT) * 100) / 100;
const WINDOW_STAGE = {
  width: Math.ceil(RENDER_BOX.width * WINDOW_SCALE),
  height: Math.ceil(STAGE_HEIGHT * WINDOW_SCALE),
} as const;

/** Where the legend lays out: beside the render on the slide, or in a window's body, its items closer. */
const PLACES = {
  slide: {
    width: CONTENT_WIDTH - RENDER_BOX.width - legend.gap,
    room: STAGE_HEIGHT + CAPTION_HEIGHT,
    itemGap: legend.itemGap,
  },
  window: {
    width: WINDOW_WIDTH - WINDOW_STAGE.width - legend.gap,
    room: WINDOW_STAGE.height + CAPTION_HEIGHT,
    itemGap: space.px12,
  },
} as const;
type Place = (typeof PLACES)[keyof typeof PLACES];

/** A pin's centre in px along one side; markers at the edges are pulled in so they stay on the render. */
function pinAt(percent: number, side: number): number {
  const r = pin.size / 2;
  return Math.round(Math.min(Math.max((percent / 100) * side, r), side - r));
}

interface Pin {
  title: string;
  body: string;
}

/** Estimated legend height at a step in a place: each item's wrapped title and body rows. */
function legendHeight(pins: readonly Pin[], step: SlideSize, place: Place): number {
  const text = place.width - pin.size - legend.numberGap;
  const rows = (chars: number, px: number, em: number) => Math.max(1, Math.ceil((chars * em * px) / text));
  return pins.reduce(
    (sum, item, i) =>
      sum +
      (i > 0 ? place.itemGap : 0) +
      rows(charLoad(item.title), legend.title[step], advance.other) *
        Math.round(legend.title[step] * legend.titleLine) +
      space.px4 +
      rows(charLoad(marksText(item.body)), legend.body[step], advance.regular) *
        Math.round(legend.body[step] * legend.bodyLine),
    0,
  );
}

/** The legend's largest step that fits beside the render in a place. */
const stepOf = (pins: readonly Pin[], place: Place): SlideSize =>
  largestStep((s) => legendHeight(pins, s, place) <= place.room);

/** The legend's type at a step: `scope` selects the render whose legend is drawn at it. */
const legendCss = (scope: string, step: SlideSize): string =>
  `${scope} .${PREFIX}-anno-title{font-size:${legend.title[step]}px}` +
  `${scope} .${PREFIX}-anno-body{font-size:${legend.body[step]}px}`;

const pinSchema = z.strictObject({
  x: z.number().min(0).max(100).describe('Across the render, in percent from its left edge.'),
  y: z.number().min(0).max(100).describe('Down the render, in percent from its top edge.'),
  title: lineText('What the pin points at, in a word or two.'),
  body: wrappedText('Why it matters, in a sentence.'),
});

export const slideAnnotatedRender = definePrimitive({
  type: 'slideAnnotatedRender',
  schema: (bodyNode) =>
    z.object({
      type: z.literal('slideAnnotatedRender'),
      render: z
        .strictObject(renderShape(bodyNode))
        .superRefine((render, ctx) => renderRule(render, ctx))
        .describe('A full slideRender object (type "slideRender"): give it `slide`, `body`, or both.'),
      pins: z
        .array(pinSchema)
        .min(1)
        .max(6)
        .describe('Numbered markers over the render, explained in the legend beside it, in order.'),
    }),
  catalog: {
    name: 'Annotated render',
    group: 'Renders',
    purpose: 'A slide drawn inside this one with numbered pins on it, and a legend beside it explaining each pin.',
    useWhen: [
      'Teaching how a slide is built: which part is the claim, the evidence, the footer.',
      'Pointing at specific parts of one render.',
    ],
    avoidWhen: ['A render that needs no pointing: use slideRender.', 'Several surfaces compared: use slideRenderGrid.'],
    example: {
      type: 'slideAnnotatedRender',
      render: {
        type: 'slideRender',
        surface: 'snapshot',
        body: [{ type: 'slideHeading', title: 'Refunds settle in two days, not five' }],
      },
      pins: [{ x: 30, y: 20, title: 'Claim', body: 'The heading is a sentence the audience can repeat.' }],
    },
  },
  examples: [
    {
      type: 'slideAnnotatedRender',
      render: {
        type: 'slideRender',
        slide: 'refund-speed',
        surface: 'snapshot',
        caption: 'The refund slide',
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
              {
                type: 'slideBulletList',
                marker: 'check',
                items: ['Ledger first, fraud check after.', 'No nightly batch.', 'Same-day refund notice.'],
              },
            ],
          },
        ],
      },
      pins: [
        { x: 82, y: 14, title: 'Claim', body: 'A sentence with a number, not a topic.' },
        { x: 40, y: 31, title: 'Evidence', body: 'Three checks, each one line, that make the claim **true**.' },
        { x: 27, y: 94, title: 'Footer', body: 'Brand and section, the same on every slide.' },
      ],
    },
    {
      name: 'six pins over text output',
      node: {
        type: 'slideAnnotatedRender',
        render: {
          type: 'slideRender',
          surface: 'text',
          body: [
            {
              type: 'slideHeading',
              title: 'Search now forgives typos',
              lede: 'Two letters off still finds the product.',
            },
            {
              type: 'slideBulletList',
              items: ['Fuzzy matching on names', 'Synonyms from the catalog', 'Ranked by stock nearby'],
            },
          ],
        },
        pins: [
          { x: 62, y: 7, title: 'Heading', body: 'The claim comes first, as plain text.' },
          { x: 86, y: 19, title: 'Lede', body: 'One supporting sentence.' },
          { x: 58, y: 32, title: 'Bullets', body: 'Markers become `•` characters.' },
          { x: 66, y: 44, title: 'No styling', body: 'Marks are stripped for SMS.' },
          { x: 30, y: 70, title: 'Order', body: 'Nodes print top to bottom.' },
          { x: 90, y: 90, title: 'Length', body: 'Short enough for one message.' },
        ],
      },
    },
  ],
  renderers: {
    html: (node, { scope }) => {
      const step = stepOf(node.pins, PLACES.slide);
      const windowed = stepOf(node.pins, PLACES.window);
      const { render } = node;
      return html`<div class="${PREFIX}-anno ${PREFIX}-anno-${step} ${PREFIX}-anno-window-${windowed}"><div class="${PREFIX}-anno-figure"><div class="${PREFIX}-anno-stage"><div class="${PREFIX}-anno-plate">${renderStage(render, scope, RENDER_BOX)}${node.pins.map(
        (item, i) =>
          html`<span class="${PREFIX}-anno-pin" style="left:${pinAt(item.x, RENDER_BOX.width)}px;top:${pinAt(item.y, STAGE_HEIGHT)}px">${i + 1}</span>`,
      )}</div></div><div class="${PREFIX}-anno-caption"><span class="${PREFIX}-anno-surface">${renderTitle(render.surface)}</span>${
        render.caption ? html`<span>${render.caption}</span>` : ''
      }</div></div><ol class="${PREFIX}-anno-legend">${node.pins.map(
        (item, i) =>
          html`<li class="${PREFIX}-anno-item"><span class="${PREFIX}-anno-pin ${PREFIX}-anno-number">${i + 1}</span><div class="${PREFIX}-anno-text"><div class="${PREFIX}-anno-title">${item.title}</div><div class="${PREFIX}-anno-body">${marksHtml(item.body)}</div></div></li>`,
      )}</ol></div>`;
    },
    text: (node, { scope }) =>
      [
        renderText(node.render, scope),
        node.pins.map((item, i) => `${i + 1}. ${item.title}: ${marksText(item.body)}`).join('\n'),
      ].join('\n\n'),
    markdown: (node, { scope }) =>
      md.content(
        renderMarkdown(node.render, scope),
        md.list(
          node.pins.map((item) => md.paragraph(md.strong(item.title), ': ', marksMarkdown(item.body))),
          { ordered: true },
        ),
      ),
    slack: (node, { scope }) => [
      ...renderSlack(node.render, scope),
      mrkdwnSection(
        node.pins.map((item, i) => `${i + 1}. ${mrkdwnBold(item.title)}: ${marksMrkdwn(item.body)}`).join('\n'),
      ),
    ],
  },
  css: [
    embedCss([RENDER_BOX]),
    `.${PREFIX}-anno{display:flex;align-items:flex-start;gap:${legend.gap}px}`,
    `.${PREFIX}-anno-figure{display:flex;flex-direction:column;` +
      `gap:${space.px12}px;flex:0 0 auto;width:${RENDER_BOX.width}px}`,
    `.${PREFIX}-anno-stage{width:${RENDER_BOX.width}px;height:${STAGE_HEIGHT}px}`,
    `.${PREFIX}-anno-plate{position:relative;width:${RENDER_BOX.width}px;height:${STAGE_HEIGHT}px}`,
    `.${PREFIX}-anno-caption{display:flex;flex-wrap:wrap;column-gap:${space.px12}px;` +
      `align-items:baseline;${font('chrome')};color:${color('textSoft')}}`,
    `.${PREFIX}-anno-surface{${font('label')};color:${color('textSubtle')}}`,
    `.${PREFIX}-anno-pin{display:flex;align-items:center;justify-content:center;width:${pin.size}px;` +
      `height:${pin.size}px;border-radius:${pin.size / 2}px;background:${color('primary')};` +
      `color:${color('onPrimary')};font-size:${MIN_FONT_SIZE}px;font-weight:800;line-height:1}`,
    `.${PREFIX}-anno-stage .${PREFIX}-anno-pin{position:absolute;margin-left:-${pin.size / 2}px;` +
      `margin-top:-${pin.size / 2}px;border:${pin.ring}px solid ${color('bgSurface')}}`,
    `.${PREFIX}-anno-number{flex:0 0 auto}`,
    `.${PREFIX}-anno-legend{list-style:none;margin:0;padding:0;display:flex;` +
      `flex-direction:column;gap:${legend.itemGap}px;flex:1 1 auto;min-width:0}`,
    `.${PREFIX}-anno-item{display:flex;gap:${legend.numberGap}px;align-items:flex-start}`,
    `.${PREFIX}-anno-text{display:flex;flex-direction:column;gap:${space.px4}px;min-width:0;flex:1 1 auto}`,
    `.${PREFIX}-anno-title{font-size:${legend.title.l}px;font-weight:800;line-height:${legend.titleLine}}`,
    `.${PREFIX}-anno-body{font-size:${legend.body.l}px;line-height:${legend.bodyLine};color:${color('textSoft')}}`,
    ...(['m', 's'] as const).map((step) => legendCss(`.${PREFIX}-anno-${step}`, step)),
    // Directly in a window's body: the scaled picture, and the window step's legend (its selector
    // is one class longer, so it wins).
    `.${WINDOW_SLOT}>.${PREFIX}-anno .${PREFIX}-anno-figure,.${WINDOW_SLOT}>.${PREFIX}-anno .${PREFIX}-anno-stage{width:${WINDOW_STAGE.width}px}`,
    `.${WINDOW_SLOT}>.${PREFIX}-anno .${PREFIX}-anno-stage{height:${WINDOW_STAGE.height}px}`,
    `.${WINDOW_SLOT}>.${PREFIX}-anno .${PREFIX}-anno-plate{transform:scale(${WINDOW_SCALE});transform-origin:0 0}`,
    `.${WINDOW_SLOT}>.${PREFIX}-anno .${PREFIX}-anno-legend{gap:${PLACES.window.itemGap}px}`,
    ...SIZES.map((step) => legendCss(`.${WINDOW_SLOT}>.${PREFIX}-anno-window-${step}`, step)),
  ].join(''),
});
