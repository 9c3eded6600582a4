/**
 * slideSequence: three to five parties side by side with lifelines, and up to ten messages between
 * them in order, top to bottom. For who calls whom in what order (an API handshake, a login) and
 * where a back-and-forth goes wrong.
 */
import * as z from 'zod';
import { definePrimitive } from '../../../core/model/primitive.ts';
import { html } from '../../../core/model/markup.ts';
import { md } from '../../../core/markdown/builder.ts';
import { quoteForMessage } from '../../../core/model/messages.ts';
import { lineText, toneField } from '../fields.ts';
import {
  ARROW,
  arrowCss,
  arrowMarkup,
  DIAGRAM_ROOM,
  estimateLines,
  WINDOW_ROOM,
  WINDOW_WIDTH,
} from '../parts/diagram.ts';
import { WINDOW_SLOT } from '../parts/slots.ts';
import { largestStep, SIZES, sizeField, type SlideSize } from '../parts/type-scale.ts';
import { marksHtml, marksMarkdown, marksText } from '../marks.ts';
import { color, font, PREFIX } from '../style.ts';
import { CONTENT_WIDTH, glyphs, radius, space, stroke, type } from '../theme.ts';

const C = `${PREFIX}-sequence`;

const MAX_ACTORS = 5;
const MAX_MESSAGES = 10;

/**
 * Message type and row padding per size step; the actor chips keep the mono role. Ten messages must
 * fit under a heading, so rows are tight and the arrowheads smaller than the other diagrams'.
 */
const tokens = {
  message: { l: type.body.size, m: type.bodyS.size, s: 24 },
  messageLine: 1.2,
  rowPad: { l: 10, m: 6, s: 2 },
  rowGap: space.px4,
  chipPad: { l: space.px12, m: space.px8, s: space.px8 },
  chipPadX: { l: space.px20, m: space.px16, s: space.px16 },
  labelPad: space.px12,
  arrow: { ...ARROW, head: 14, halfHead: 8 },
} as const;

/** The vertical measures of a layout: row padding, the label-to-arrow gap, the label's line, chip padding. */
interface Spacing {
  rowPad: Readonly<Record<SlideSize, number>>;
  rowGap: number;
  messageLine: number;
  chipPad: Readonly<Record<SlideSize, number>>;
}

/**
 * Where the diagram lays out: on the slide, or directly in a window's body, which is shorter; there
 * the rows close up (no padding or gap, a tighter label line) and the type keeps its step.
 */
const PLACES = {
  slide: {
    room: DIAGRAM_ROOM,
    width: CONTENT_WIDTH,
    spacing: { rowPad: tokens.rowPad, rowGap: tokens.rowGap, messageLine: tokens.messageLine, chipPad: tokens.chipPad },
  },
  window: {
    room: WINDOW_ROOM,
    width: WINDOW_WIDTH,
    spacing: {
      rowPad: { l: space.px4, m: 2, s: 0 },
      rowGap: 0,
      messageLine: 1.1,
      chipPad: { l: space.px8, m: space.px8, s: space.px4 },
    },
  },
} as const satisfies Record<string, { room: number; width: number; spacing: Spacing }>;
type Place = (typeof PLACES)[keyof typeof PLACES];

const actor = z.strictObject({
  id: lineText('A short id that messages refer to; never drawn. Unique among the actors.'),
  label: lineText('The name on the actor’s chip, drawn in mono, e.g. "payments".'),
  tone: toneField(),
});

const message = z.strictObject({
  from: lineText('The sending actor’s id.'),
  to: lineText('The receiving actor’s id; must differ from from.'),
  label: lineText('What is sent, a few words. Inline marks: `code` and **strong**.'),
});

type Actor = z.output<typeof actor>;

function uniqueIds(actors: Actor[], ctx: z.RefinementCtx): void {
  actors.forEach((x, i) => {
    const first = actors.findIndex((other) => other.id === x.id);
    if (first !== i)
      ctx.addIssue({
        code: 'custom',
        path: [i, 'id'],
        message: `duplicates actors[${first}].id (${quoteForMessage(x.id)}); actor ids must be unique`,
      });
  });
}

const schema = z
  .object({
    type: z.literal('slideSequence'),
    actors: z
      .array(actor)
      .min(3)
      .max(MAX_ACTORS)
      .superRefine(uniqueIds)
      .describe(
        '3–5 parties, drawn left to right with a lifeline each. Ids must ' +
          'be unique, and every actor must send or receive at least one message.',
      ),
    messages: z
      .array(message)
      .min(1)
      .max(MAX_MESSAGES)
      .describe(
        '1–10 messages, top to bottom in the order they happen. ' +
          'from and to must be actor ids, and differ from each other.',
      ),
    size: sizeField(),
  })
  .superRefine((node, ctx) => sequenceRules(node as SequenceNode, ctx));

type SequenceNode = z.output<typeof schema>;

function sequenceRules(node: SequenceNode, ctx: z.RefinementCtx): void {
  const ids = node.actors.map((x) => x.id);
  const known = ids
    .slice(0, MAX_ACTORS)
    .map((id) => quoteForMessage(id))
    .join(', ');
  const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
  node.messages.forEach((x, j) => {
    if (!ids.includes(x.from))
      issue(['messages', j, 'from'], `names no actor: ${quoteForMessage(x.from)}; actor ids are ${known}`);
    if (!ids.includes(x.to))
      issue(['messages', j, 'to'], `names no actor: ${quoteForMessage(x.to)}; actor ids are ${known}`);
    else if (x.to === x.from)
      issue(
        ['messages', j, 'to'],
        `must differ from from (${quoteForMessage(x.from)}): a message goes from one actor to another`,
      );
  });
  node.actors.forEach((x, i) => {
    if (ids.indexOf(x.id) !== i) return;
    if (!node.messages.some((m) => m.from === x.id || m.to === x.id)) {
      issue(
        ['actors', i],
        `is never used: no message is from or to ${quoteForMessage(x.id)}; add one or drop the actor`,
      );
    }
  });
}

/** Estimated height at a step in a place: the chips, then one row per message (label lines and the arrow). */
function estimateHeight(node: SequenceNode, s: SlideSize, place: Place): number {
  const { spacing } = place;
  const column = place.width / node.actors.length;
  const index = (id: string) =>
    Math.max(
      0,
      node.actors.findIndex((x) => x.id === id),
    );
  const chip = type.mono.size * type.mono.line + 2 * spacing.chipPad[s] + 2 * stroke.chip;
  const rows = node.messages.reduce((sum, x) => {
    const width = Math.max(1, Math.abs(index(x.to) - index(x.from))) * column - 2 * tokens.labelPad;
    const label = estimateLines(x.label, tokens.message[s], width) * tokens.message[s] * spacing.messageLine;
    return sum + label + spacing.rowGap + 2 * tokens.arrow.halfHead + 2 * spacing.rowPad[s];
  }, 0);
  return chip + rows;
}

/** The step in a place: an author's size as it is, else the largest that fits there. */
const stepOf = (node: SequenceNode, place: Place): SlideSize =>
  node.size ?? largestStep((s) => estimateHeight(node, s, place) <= place.room);

export const slideSequence = definePrimitive({
  type: 'slideSequence',
  schema,
  catalog: {
    name: 'Sequence diagram',
    group: 'Diagrams',
    purpose:
      'Three to five parties side by side with lifelines, and up ' +
      'to ten messages passing between them in order, top to bottom.',
    useWhen: [
      'Who calls whom, in what order: an API handshake, a payment, a login.',
      'Showing where a back-and-forth goes wrong (a decline, a retry).',
    ],
    avoidWhen: [
      'Steps that one party performs in order: use slidePipeline.',
      'One source sending to many targets at once: use slideFanout.',
      'Two parties only, talking in turns: use slideTranscript.',
    ],
  },
  examples: [
    {
      type: 'slideSequence',
      actors: [
        { id: 'app', label: 'mobile app', tone: 'primary' },
        { id: 'api', label: 'auth api' },
        { id: 'idp', label: 'identity provider', tone: 'accent' },
      ],
      messages: [
        { from: 'app', to: 'api', label: 'Sign in' },
        { from: 'api', to: 'idp', label: 'Redirect with `state`' },
        { from: 'idp', to: 'api', label: 'Authorization code' },
        { from: 'api', to: 'app', label: 'Session token' },
      ],
    },
    {
      name: 'five actors, ten messages',
      node: {
        type: 'slideSequence',
        actors: [
          { id: 'rider', label: 'rider app' },
          { id: 'trips', label: 'trips', tone: 'primary' },
          { id: 'match', label: 'matcher', tone: 'primary' },
          { id: 'driver', label: 'driver app' },
          { id: 'pay', label: 'payments', tone: 'accent' },
        ],
        messages: [
          { from: 'rider', to: 'trips', label: 'Request a ride' },
          { from: 'trips', to: 'pay', label: 'Hold the fare' },
          { from: 'pay', to: 'trips', label: '`HOLD_OK`' },
          { from: 'trips', to: 'match', label: 'Find a driver' },
          { from: 'match', to: 'driver', label: 'Offer the trip' },
          { from: 'driver', to: 'match', label: 'Accept' },
          { from: 'match', to: 'trips', label: 'Driver assigned' },
          { from: 'trips', to: 'rider', label: 'Arriving in 4 min' },
          { from: 'driver', to: 'trips', label: 'Trip ended' },
          { from: 'trips', to: 'pay', label: 'Capture the fare' },
        ],
      },
    },
    {
      name: 'a retry, at the middle step',
      node: {
        type: 'slideSequence',
        size: 'm',
        actors: [
          { id: 'client', label: 'checkout' },
          { id: 'gateway', label: 'gateway', tone: 'primary' },
          { id: 'bank', label: 'issuing bank', tone: 'accent' },
        ],
        messages: [
          { from: 'client', to: 'gateway', label: 'Pay **€42.00**' },
          { from: 'gateway', to: 'bank', label: 'Authorize' },
          { from: 'bank', to: 'gateway', label: 'Timeout after 30 s' },
          { from: 'gateway', to: 'bank', label: 'Retry with the same idempotency key' },
          { from: 'bank', to: 'gateway', label: 'Approved' },
          { from: 'gateway', to: 'client', label: 'Paid' },
        ],
      },
    },
  ],
  renderers: {
    html: (node) => {
      const size = stepOf(node, PLACES.slide);
      const index = new Map(node.actors.map((x, i) => [x.id, i] as const));
      const tones = new Map(node.actors.map((x) => [x.id, x.tone] as const));
      const rows = node.messages.length;
      return html`<div class="${C} ${C}-a${node.actors.length} ${C}-${size} ${C}-window-${stepOf(node, PLACES.window)}">${node.actors.map(
        (x, i) => html`<div class="${C}-actor ${C}-col-${i}${x.tone ? ` ${C}-${x.tone}` : ''}">${x.label}</div>`,
      )}${node.actors.map((_, i) => html`<div class="${C}-life ${C}-col-${i} ${C}-rows-${rows}"><div class="${C}-lifeline"></div></div>`)}${node.messages.map(
        (x, j) => {
          const from = index.get(x.from) ?? 0;
          const to = index.get(x.to) ?? 0;
          const tone = tones.get(x.from);
          return html`<div class="${C}-message ${C}-row-${j} ${C}-start-${Math.min(from, to)} ${C}-end-${Math.max(from, to)}${tone ? ` ${C}-from-${tone}` : ''}"><div class="${C}-label">${marksHtml(x.label)}</div>${arrowMarkup(C, to > from ? 'right' : 'left')}</div>`;
        },
      )}</div>`;
    },
    text: (node) => {
      const label = new Map(node.actors.map((x) => [x.id, x.label] as const));
      const actors = node.actors.map((x) => x.label).join(` ${glyphs.separator} `);
      const messages = node.messages.map(
        (x, j) =>
          `${j + 1}. ${label.get(x.from) ?? x.from} ${glyphs.arrow} ${label.get(x.to) ?? x.to}: ${marksText(x.label)}`,
      );
      return [actors, messages.join('\n')].join('\n\n');
    },
    markdown: (node) => {
      const label = new Map(node.actors.map((x) => [x.id, x.label] as const));
      return md.content(
        md.paragraph(
          node.actors.flatMap((x, i) => (i === 0 ? [md.code(x.label)] : [` ${glyphs.separator} `, md.code(x.label)])),
        ),
        md.list(
          node.messages.map((x) =>
            md.paragraph(
              md.code(label.get(x.from) ?? x.from),
              ` ${glyphs.arrow} `,
              md.code(label.get(x.to) ?? x.to),
              ': ',
              marksMarkdown(x.label),
            ),
          ),
          { ordered: true },
        ),
      );
    },
  },
  css: [
    arrowCss(C, tokens.arrow),
    // Two grid columns per actor: an actor's lifeline sits on the line between its pair, so a
    // message spans from one such line to another with no percentages.
    `.${C}{display:grid;align-items:stretch}`,
    ...[3, 4, 5].map((n) => `.${C}-a${n}{grid-template-columns:repeat(${2 * n},minmax(0,1fr))}`),
    ...Array.from(
      { length: MAX_ACTORS },
      (_, i) =>
        `.${C}-col-${i}{grid-column:${2 * i + 1} / span 2}` +
        `.${C}-start-${i}{grid-column-start:${2 * i + 2}}.${C}-end-${i}{grid-column-end:${2 * i + 2}}`,
    ),
    ...Array.from(
      { length: MAX_MESSAGES },
      (_, j) => `.${C}-row-${j}{grid-row:${j + 2}}.${C}-rows-${j + 1}{grid-row:2 / span ${j + 1}}`,
    ),
    `.${C}-actor{grid-row:1;justify-self:center;align-self:end;max-width:100%;box-sizing:border-box;` +
      `display:flex;align-items:center;justify-content:center;text-align:center;` +
      `padding:${tokens.chipPad.l}px ${tokens.chipPadX.l}px;${font('mono', 'mono')};font-weight:600;` +
      `background:${color('bgSurface')};border:${stroke.chip}px solid ${color('border')};` +
      `border-radius:${radius.chip}px}`,
    `.${C}-actor.${C}-primary{color:${color('primary')};` +
      `background:${color('primaryBg')};border-color:${color('primary')}}`,
    `.${C}-actor.${C}-accent{color:${color('accent')};background:${color('accentBg')};border-color:${color('accent')}}`,
    `.${C}-life{display:flex;justify-content:center}`,
    `.${C}-lifeline{width:0;border-left:${stroke.hairline}px dashed ${color('borderDashed')}}`,
    `.${C}-message{display:flex;flex-direction:column;justify-content:flex-end;` +
      `gap:${tokens.rowGap}px;padding:${tokens.rowPad.l}px 0;min-width:0}`,
    // The label masks any lifeline it crosses on its way to a farther actor.
    `.${C}-label{align-self:center;max-width:100%;box-sizing:border-box;padding:0 ${tokens.labelPad}px;` +
      `text-align:center;${font('body')};font-size:${tokens.message.l}px;` +
      `line-height:${tokens.messageLine};background:${color('bgPage')};border-radius:${radius.chipSmall}px}`,
    `.${C}-message>.${C}-arrow{align-self:stretch}`,
    `.${C}-from-primary>.${C}-arrow{color:${color('primary')}}`,
    `.${C}-from-accent>.${C}-arrow{color:${color('accent')}}`,
    ...(['m', 's'] as const).map(
      (s) =>
        `.${C}-${s} .${C}-message{padding:${tokens.rowPad[s]}px 0}` +
        `.${C}-${s} .${C}-label{font-size:${tokens.message[s]}px}` +
        `.${C}-${s} .${C}-actor{padding:${tokens.chipPad[s]}px ${tokens.chipPadX[s]}px}`,
    ),
    // Directly in a window's body the window step's rules win: their selector is one class longer.
    ...SIZES.map((s) => {
      const scope = `.${WINDOW_SLOT}>.${C}-window-${s}`;
      const { spacing } = PLACES.window;
      return (
        `${scope} .${C}-message{gap:${spacing.rowGap}px;padding:${spacing.rowPad[s]}px 0}` +
        `${scope} .${C}-label{font-size:${tokens.message[s]}px;line-height:${spacing.messageLine}}` +
        `${scope} .${C}-actor{padding:${spacing.chipPad[s]}px ${tokens.chipPadX[s]}px}`
      );
    }),
  ].join(''),
});
