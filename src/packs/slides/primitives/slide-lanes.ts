/**
 * slideLanes: two to six routes, one above another, as rows of step chips that merge into one
 * shared final step, with optional notes underneath. For ways to the same outcome (self-serve and
 * assisted, manual and automated), or what each role or team does on the way to a shared end.
 */
import * as z from 'zod';
import { definePrimitive } from '../../../core/model/primitive.ts';
import { html } from '../../../core/model/markup.ts';
import { md } from '../../../core/markdown/builder.ts';
import { lineText, toneField, wrappedText } from '../fields.ts';
import {
  arrowCss,
  arrowMarkup,
  DIAGRAM_ROOM,
  estimateLines,
  longestWord,
  WINDOW_ROOM,
  WINDOW_WIDTH,
} from '../parts/diagram.ts';
import { WINDOW_SLOT } from '../parts/slots.ts';
import { largestStep, SIZES, type SlideSize } from '../parts/type-scale.ts';
import { marksHtml, marksMarkdown, marksText } from '../marks.ts';
import { color, font, PREFIX } from '../style.ts';
import { advance, CONTENT_WIDTH, glyphs, radius, space, stroke, type } from '../theme.ts';

const C = `${PREFIX}-lanes`;

/**
 * Column widths (lane label, elbow, merge arrow, join chip, the arrows between chips) and type per
 * size step. Lanes have no `size` field: the step is always picked from the content.
 */
const tokens = {
  label: 240,
  elbow: space.px40,
  merge: space.px56,
  join: 300,
  between: space.px40,
  lanePad: { l: space.px16, m: space.px12, s: space.px4 },
  chipPad: { l: space.px16, m: space.px12, s: space.px12 },
  chipPadX: { l: space.px12, m: space.px8, s: space.px8 },
  chip: { l: 30, m: 28, s: 24 },
  noteTitle: { l: 32, m: 30, s: 28 },
  noteBody: { l: type.body.size, m: type.bodyS.size, s: 24 },
  gap: space.px12,
  notesGap: space.px32,
} as const;

/**
 * Where the diagram lays out: on the slide, or directly in a window's body, which is shorter;
 * there chips and notes close up (less padding in a chip, a smaller gap between the notes' rows and
 * above each) and the type keeps its step.
 */
const PLACES = {
  slide: {
    room: DIAGRAM_ROOM,
    width: CONTENT_WIDTH,
    chipPad: tokens.chipPad,
    notesGap: tokens.notesGap,
    notePad: 2 * tokens.gap,
  },
  window: {
    room: WINDOW_ROOM,
    width: WINDOW_WIDTH,
    chipPad: { l: space.px12, m: space.px8, s: space.px8 },
    notesGap: space.px16,
    notePad: space.px12,
  },
} as const;
type Place = (typeof PLACES)[keyof typeof PLACES];

const lane = z.strictObject({
  label: lineText('Whose route this is, drawn in capitals (e.g. "Web").'),
  steps: z
    .array(lineText('One step, a word or two; drawn as a chip.'))
    .min(1)
    .max(5)
    .describe('1–5 steps in order, before the shared final step.'),
  tone: toneField(),
});

const note = z.strictObject({
  title: lineText('A short name for the note, e.g. the lane it explains.'),
  body: wrappedText('One or two sentences.'),
});

/** How many lanes a slide holds: six rows of chips still fit under a heading at the smallest step. */
const LANES = { min: 2, max: 6 } as const;
/** From this many lanes on, only one row of notes still fits under them. */
const CROWDED_LANES = 4;
const CROWDED_NOTES = 2;

const schema = z
  .object({
    type: z.literal('slideLanes'),
    lanes: z
      .array(lane)
      .min(LANES.min)
      .max(LANES.max)
      .describe(
        '2–6 routes, roles or teams, drawn one above another, that all end in the join step. With 4 or more lanes, keep to 2 notes.',
      ),
    join: lineText('The final step both lanes share, drawn as a filled chip where they meet.'),
    notes: z
      .array(note)
      .max(4)
      .optional()
      .describe('Up to 4 notes under the lanes, two per row (e.g. one per lane); at most 2 with 4 or more lanes.'),
  })
  .superRefine((node, ctx) => {
    const notes = node.notes?.length ?? 0;
    if (node.lanes.length >= CROWDED_LANES && notes > CROWDED_NOTES)
      ctx.addIssue({
        code: 'custom',
        path: ['notes'],
        message:
          `must hold at most ${CROWDED_NOTES} notes with ${CROWDED_LANES} or more lanes (there are ` +
          `${node.lanes.length} lanes and ${notes} notes): keep the two that matter, or put the rest on the next slide`,
      });
  });

type LanesNode = z.output<typeof schema>;

/** Estimated height at a step in a place; a step whose chips cannot hold their longest word does not fit. */
function estimateHeight(node: LanesNode, s: SlideSize, place: Place): number {
  const room = place.width - tokens.label - tokens.elbow - tokens.merge - tokens.join;
  let lanes = 0;
  for (const x of node.lanes) {
    const chip =
      (room - (x.steps.length - 1) * tokens.between) / x.steps.length - 2 * place.chipPad[s] - 2 * stroke.chip;
    if (Math.max(...x.steps.map(longestWord)) * advance.other * tokens.chip[s] > chip) return Number.POSITIVE_INFINITY;
    const lines = Math.max(...x.steps.map((step) => estimateLines(step, tokens.chip[s], chip, advance.other)));
    lanes += lines * tokens.chip[s] * 1.2 + 2 * place.chipPad[s] + 2 * tokens.lanePad[s];
  }
  const notes = node.notes ?? [];
  const column = (place.width - tokens.notesGap) / 2;
  let notesHeight = 0;
  for (let i = 0; i < notes.length; i += 2) {
    const row = notes
      .slice(i, i + 2)
      .map(
        (x) =>
          tokens.noteTitle[s] * 1.2 +
          estimateLines(x.body, tokens.noteBody[s], column) * tokens.noteBody[s] * type.body.line,
      );
    notesHeight += Math.max(...row) + place.notesGap + place.notePad;
  }
  return lanes + notesHeight;
}

/** The largest step that fits in a place (lanes have no `size` field). */
const stepOf = (node: LanesNode, place: Place): SlideSize =>
  largestStep((s) => estimateHeight(node, s, place) <= place.room);

/** The type and padding of one step in a place: `scope` selects the diagram drawn at that step there. */
const stepCss = (scope: string, s: SlideSize, place: Place): string =>
  `${scope} .${C}-chip{font-size:${tokens.chip[s]}px;padding:${place.chipPad[s]}px ${tokens.chipPadX[s]}px}` +
  `${scope} .${C}-join{font-size:${tokens.chip[s]}px}` +
  `${scope} .${C}-steps{padding:${tokens.lanePad[s]}px 0}` +
  `${scope} .${C}-note-title{font-size:${tokens.noteTitle[s]}px}` +
  `${scope} .${C}-note-body{font-size:${tokens.noteBody[s]}px}`;

/** `Basket → Address → Place order`: a lane's route, as the text surfaces print it. */
function route(steps: string[], join: string): string {
  return [...steps, join].join(` ${glyphs.arrow} `);
}

export const slideLanes = definePrimitive({
  type: 'slideLanes',
  schema,
  catalog: {
    name: 'Lanes',
    group: 'Diagrams',
    purpose:
      'Two to six routes, one above another, as rows of step chips that merge ' +
      'into one shared final step, with optional notes underneath.',
    useWhen: [
      'Two ways to reach the same outcome: self-serve and assisted, web and phone, manual and automated.',
      'Comparing how many steps each route takes.',
      'What each role or team does toward one shared end (incident roles up to "Resolved", teams up to a launch): one lane each, up to six.',
    ],
    avoidWhen: [
      'One route only: use slidePipeline.',
      'Routes that do not end in the same step, or more than six: use slideColumns or slideTable.',
      'Two parties exchanging messages: use slideSequence.',
    ],
    example: {
      type: 'slideLanes',
      lanes: [
        { label: 'Automated', steps: ['Scan', 'Match', 'Post'], tone: 'primary' },
        { label: 'Manual', steps: ['Email', 'Key in', 'Check', 'Post'] },
      ],
      join: 'Paid',
    },
  },
  examples: [
    {
      type: 'slideLanes',
      lanes: [
        { label: 'Automated', steps: ['Scan', 'Match', 'Post'], tone: 'primary' },
        { label: 'Manual', steps: ['Email', 'Key in', 'Check', 'Post'] },
      ],
      join: 'Paid',
      notes: [
        { title: 'Three steps', body: 'Invoices that match a purchase order post without anyone opening them.' },
        { title: 'Four steps', body: 'Everything else waits in a shared inbox until someone **keys it in** by hand.' },
      ],
    },
    {
      name: 'three roles in an incident',
      node: {
        type: 'slideLanes',
        lanes: [
          { label: 'Incident lead', steps: ['Declare', 'Assign roles', 'Decide'], tone: 'primary' },
          { label: 'Operations', steps: ['Triage', 'Roll back', 'Watch graphs'] },
          { label: 'Comms', steps: ['Status page', 'Customer email'], tone: 'accent' },
        ],
        join: 'Resolved',
      },
    },
    {
      name: 'six teams to one launch',
      node: {
        type: 'slideLanes',
        lanes: [
          { label: 'Design', steps: ['Mock-ups', 'Review'] },
          { label: 'Backend', steps: ['Schema', 'API', 'Load test'], tone: 'primary' },
          { label: 'Mobile', steps: ['Screens', 'Beta'] },
          { label: 'Support', steps: ['Macros', 'Training'] },
          { label: 'Legal', steps: ['Terms'] },
          { label: 'Marketing', steps: ['Blog post', 'Emails'], tone: 'accent' },
        ],
        join: 'Launch',
        notes: [
          { title: 'Critical path', body: 'The load test gates the launch date.' },
          { title: 'Owner', body: 'Each lead signs off in the launch channel.' },
        ],
      },
    },
    {
      name: 'five steps a lane, four notes',
      node: {
        type: 'slideLanes',
        lanes: [
          { label: 'Store pickup', steps: ['Browse', 'Reserve', 'Drive over', 'Show code', 'Collect'] },
          { label: 'Courier', steps: ['Browse', 'Checkout', 'Track', 'Meet driver'], tone: 'accent' },
        ],
        join: 'Returned within 30 days',
        notes: [
          { title: 'Pickup', body: 'No delivery fee; the shop holds the order for two days.' },
          { title: 'Courier', body: 'Delivered in under an hour inside the city.' },
          { title: 'Both', body: 'One returns policy, whichever way the order left.' },
          { title: 'Next', body: 'Lockers as a third lane, trialled in spring.' },
        ],
      },
    },
  ],
  renderers: {
    html: (node) => {
      const size = stepOf(node, PLACES.slide);
      const notes = node.notes ?? [];
      const last = node.lanes.length - 1;
      const elbow = (r: number) => (r === 0 ? 'first' : r === last ? 'last' : 'mid');
      return html`<div class="${C} ${C}-${size} ${C}-window-${stepOf(node, PLACES.window)}"><div class="${C}-grid ${C}-n${node.lanes.length}">${node.lanes.map(
        (x, r) =>
          html`<div class="${C}-label ${C}-r${r}${x.tone ? ` ${C}-${x.tone}` : ''}">${x.label}</div><div class="${C}-steps ${C}-r${r}">${x.steps.map(
            (step, i) =>
              html`${i > 0 ? arrowMarkup(C, 'right') : ''}<div class="${C}-chip${x.tone ? ` ${C}-${x.tone}` : ''}">${step}</div>`,
          )}</div><div class="${C}-elbow ${C}-r${r} ${C}-${elbow(r)}"><div class="${C}-half"></div><div class="${C}-half"></div></div>`,
      )}${arrowMarkup(C, 'right', `${C}-merge`)}<div class="${C}-join">${node.join}</div></div>${
        notes.length > 0
          ? html`<div class="${C}-notes">${notes.map((x) => html`<div class="${C}-note"><div class="${C}-note-title">${x.title}</div><div class="${C}-note-body">${marksHtml(x.body)}</div></div>`)}</div>`
          : ''
      }</div>`;
    },
    text: (node) => {
      const lanes = node.lanes.map((x) => `${x.label.toUpperCase()}: ${route(x.steps, node.join)}`).join('\n');
      return [lanes, ...(node.notes ?? []).map((x) => `${x.title}\n${marksText(x.body)}`)].join('\n\n');
    },
    markdown: (node) =>
      md.content(
        md.list(node.lanes.map((x) => md.paragraph(md.strong(x.label), `: ${route(x.steps, node.join)}`))),
        (node.notes ?? []).map((x) => md.paragraph(md.strong(x.title), md.break(), marksMarkdown(x.body))),
      ),
  },
  css: [
    arrowCss(C),
    `.${C}{display:flex;flex-direction:column;gap:${tokens.notesGap + tokens.gap}px}`,
    // Equal rows, so each elbow's corner sits at its lane's middle and the merge arrow at the
    // middle of them all.
    `.${C}-grid{display:grid;grid-template-columns:auto minmax(0,1fr) ` + `${tokens.elbow}px ${tokens.merge}px auto}`,
    ...Array.from({ length: LANES.max - LANES.min + 1 }, (_, i) => {
      const n = LANES.min + i;
      return `.${C}-n${n}{grid-template-rows:repeat(${n},1fr)}.${C}-n${n}>.${C}-merge,.${C}-n${n}>.${C}-join{grid-row:1 / ${n + 1}}`;
    }),
    ...Array.from({ length: LANES.max }, (_, r) => `.${C}-r${r}{grid-row:${r + 1}}`),
    `.${C}-label{grid-column:1;align-self:center;max-width:${tokens.label}px;` +
      `padding-right:${space.px24}px;${font('label')};color:${color('textSubtle')}}`,
    `.${C}-label.${C}-primary{color:${color('primary')}}.${C}-label.${C}-accent{color:${color('accent')}}`,
    `.${C}-steps{grid-column:2;display:flex;align-items:center;padding:${tokens.lanePad.l}px 0;min-width:0}`,
    `.${C}-steps>.${C}-arrow{flex:0 0 auto;width:${tokens.between}px}`,
    `.${C}-chip{flex:1 1 0;align-self:stretch;min-width:0;box-sizing:border-box;display:flex;` +
      `align-items:center;justify-content:center;text-align:center;` +
      `padding:${tokens.chipPad.l}px ${tokens.chipPadX.l}px;${font('bodyL')};font-size:${tokens.chip.l}px;` +
      `font-weight:600;line-height:1.2;background:${color('bgSurface')};` +
      `border:${stroke.chip}px solid ${color('border')};border-radius:${radius.chip}px}`,
    `.${C}-chip.${C}-primary{border-color:${color('primary')};background:${color('primaryBg')}}`,
    `.${C}-chip.${C}-accent{border-color:${color('accent')};background:${color('accentBg')}}`,
    `.${C}-elbow{grid-column:3;display:flex;flex-direction:column;color:${color('textSoft')}}`,
    `.${C}-half{flex:1 1 0;box-sizing:border-box}`,
    // The first lane turns down into the rail, the last turns up, a middle one meets it in a T.
    `.${C}-first>.${C}-half+.${C}-half{border-top:${stroke.rail}px solid currentColor;` +
      `border-right:${stroke.rail}px solid currentColor;border-top-right-radius:${radius.panel}px}`,
    `.${C}-last>.${C}-half:first-child{border-bottom:${stroke.rail}px solid currentColor;` +
      `border-right:${stroke.rail}px solid currentColor;border-bottom-right-radius:${radius.panel}px}`,
    `.${C}-mid>.${C}-half{border-right:${stroke.rail}px solid currentColor}`,
    `.${C}-mid>.${C}-half+.${C}-half{border-top:${stroke.rail}px solid currentColor}`,
    `.${C}-merge{grid-column:4;align-self:center}`,
    `.${C}-join{grid-column:5;align-self:center;max-width:${tokens.join}px;` +
      `box-sizing:border-box;display:flex;align-items:center;padding:${space.px20}px ${space.px24}px;` +
      `${font('nodeTitle')};font-size:${tokens.chip.l}px;line-height:1.2;` +
      `color:${color('bgPage')};background:${color('text')};border-radius:${radius.chip}px}`,
    `.${C}-notes{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));` +
      `column-gap:${tokens.notesGap}px;row-gap:${tokens.notesGap}px}`,
    `.${C}-note{display:flex;flex-direction:column;gap:${tokens.gap}px;` +
      `padding-top:${PLACES.slide.notePad}px;border-top:${stroke.hairline}px solid ${color('border')}}`,
    `.${C}-note-title{${font('nodeTitle')};font-size:${tokens.noteTitle.l}px;line-height:1.2}`,
    `.${C}-note-body{${font('body')};color:${color('textSoft')}}`,
    ...(['m', 's'] as const).map((s) => stepCss(`.${C}-${s}`, s, PLACES.slide)),
    // Directly in a window's body: closer notes, and the window step's rules (one class longer, so they win).
    `.${WINDOW_SLOT}>.${C}{gap:${PLACES.window.notesGap + tokens.gap}px}`,
    `.${WINDOW_SLOT}>.${C} .${C}-notes{row-gap:${PLACES.window.notesGap}px}`,
    `.${WINDOW_SLOT}>.${C} .${C}-note{padding-top:${PLACES.window.notePad}px}`,
    ...SIZES.map((s) => stepCss(`.${WINDOW_SLOT}>.${C}-window-${s}`, s, PLACES.window)),
  ].join(''),
});
