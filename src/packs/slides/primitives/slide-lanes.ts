/**
 * slideLanes: two routes side by side as rows of step chips that merge into one shared final step,
 * with optional notes underneath. For two ways to the same outcome (self-serve and assisted, manual
 * and automated) and how many steps each takes.
 */
import * as z from 'zod';
import { definePrimitive } from '../../../core/model/primitive.ts';
import { html } from '../../../core/model/markup.ts';
import { md } from '../../../core/markdown/builder.ts';
import { lineText, toneField, wrappedText } from '../fields.ts';
import { arrowCss, arrowMarkup, DIAGRAM_ROOM, estimateLines, longestWord } from '../parts/diagram.ts';
import { largestStep, type SlideSize } from '../parts/type-scale.ts';
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
  lanePad: space.px16,
  chipPad: { l: space.px16, m: space.px12, s: space.px12 },
  chip: { l: 30, m: 28, s: 24 },
  noteTitle: { l: 32, m: 30, s: 28 },
  noteBody: { l: type.body.size, m: type.bodyS.size, s: 24 },
  gap: space.px12,
  notesGap: space.px32,
} as const;

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

const schema = z.object({
  type: z.literal('slideLanes'),
  lanes: z
    .array(lane)
    .min(2)
    .max(2)
    .describe('Exactly 2 routes, drawn one above the other, that both end in the join step.'),
  join: lineText('The final step both lanes share, drawn as a filled chip where they meet.'),
  notes: z.array(note).max(4).optional().describe('Up to 4 notes under the lanes, two per row (e.g. one per lane).'),
});

type LanesNode = z.output<typeof schema>;

/** Estimated height at a step; a step whose chips cannot hold their longest word does not fit. */
function estimateHeight(node: LanesNode, s: SlideSize): number {
  const room = CONTENT_WIDTH - tokens.label - tokens.elbow - tokens.merge - tokens.join;
  let lanes = 0;
  for (const x of node.lanes) {
    const chip =
      (room - (x.steps.length - 1) * tokens.between) / x.steps.length - 2 * tokens.chipPad[s] - 2 * stroke.chip;
    if (Math.max(...x.steps.map(longestWord)) * advance.other * tokens.chip[s] > chip) return Number.POSITIVE_INFINITY;
    const lines = Math.max(...x.steps.map((step) => estimateLines(step, tokens.chip[s], chip, advance.other)));
    lanes += lines * tokens.chip[s] * 1.2 + 2 * tokens.chipPad[s] + 2 * tokens.lanePad;
  }
  const notes = node.notes ?? [];
  const column = (CONTENT_WIDTH - tokens.notesGap) / 2;
  let notesHeight = 0;
  for (let i = 0; i < notes.length; i += 2) {
    const row = notes
      .slice(i, i + 2)
      .map(
        (x) =>
          tokens.noteTitle[s] * 1.2 +
          estimateLines(x.body, tokens.noteBody[s], column) * tokens.noteBody[s] * type.body.line,
      );
    notesHeight += Math.max(...row) + tokens.notesGap + tokens.gap * 2;
  }
  return lanes + notesHeight;
}

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
      'Two routes side by side as rows of step chips that merge ' +
      'into one shared final step, with optional notes underneath.',
    useWhen: [
      'Two ways to reach the same outcome: self-serve and assisted, web and phone, manual and automated.',
      'Comparing how many steps each route takes.',
    ],
    avoidWhen: [
      'One route only: use slidePipeline.',
      'More than two routes, or routes that do not end in the same step: use slideColumns or slideTable.',
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
      const size = largestStep((s) => estimateHeight(node, s) <= DIAGRAM_ROOM);
      const notes = node.notes ?? [];
      return html`<div class="${C} ${C}-${size}"><div class="${C}-grid">${node.lanes.map(
        (x, r) =>
          html`<div class="${C}-label ${C}-r${r}${x.tone ? ` ${C}-${x.tone}` : ''}">${x.label}</div><div class="${C}-steps ${C}-r${r}">${x.steps.map(
            (step, i) =>
              html`${i > 0 ? arrowMarkup(C, 'right') : ''}<div class="${C}-chip${x.tone ? ` ${C}-${x.tone}` : ''}">${step}</div>`,
          )}</div><div class="${C}-elbow ${C}-r${r}"><div class="${C}-half"></div><div class="${C}-half"></div></div>`,
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
    // Equal rows, so each elbow's corner sits at its lane's middle and the merge arrow between them.
    `.${C}-grid{display:grid;grid-template-columns:auto minmax(0,1fr) ` +
      `${tokens.elbow}px ${tokens.merge}px auto;grid-template-rows:1fr 1fr}`,
    `.${C}-r0{grid-row:1}.${C}-r1{grid-row:2}`,
    `.${C}-label{grid-column:1;align-self:center;max-width:${tokens.label}px;` +
      `padding-right:${space.px24}px;${font('label')};color:${color('textSubtle')}}`,
    `.${C}-label.${C}-primary{color:${color('primary')}}.${C}-label.${C}-accent{color:${color('accent')}}`,
    `.${C}-steps{grid-column:2;display:flex;align-items:center;padding:${tokens.lanePad}px 0;min-width:0}`,
    `.${C}-steps>.${C}-arrow{flex:0 0 auto;width:${tokens.between}px}`,
    `.${C}-chip{flex:1 1 0;align-self:stretch;min-width:0;box-sizing:border-box;display:flex;` +
      `align-items:center;justify-content:center;text-align:center;` +
      `padding:${tokens.chipPad.l}px ${space.px12}px;${font('bodyL')};font-size:${tokens.chip.l}px;` +
      `font-weight:600;line-height:1.2;background:${color('bgSurface')};` +
      `border:${stroke.chip}px solid ${color('border')};border-radius:${radius.chip}px}`,
    `.${C}-chip.${C}-primary{border-color:${color('primary')};background:${color('primaryBg')}}`,
    `.${C}-chip.${C}-accent{border-color:${color('accent')};background:${color('accentBg')}}`,
    `.${C}-elbow{grid-column:3;display:flex;flex-direction:column;color:${color('textSoft')}}`,
    `.${C}-half{flex:1 1 0;box-sizing:border-box}`,
    `.${C}-r0>.${C}-half+.${C}-half{border-top:${stroke.rail}px solid currentColor;` +
      `border-right:${stroke.rail}px solid currentColor;border-top-right-radius:${radius.panel}px}`,
    `.${C}-r1>.${C}-half:first-child{border-bottom:${stroke.rail}px solid currentColor;` +
      `border-right:${stroke.rail}px solid currentColor;border-bottom-right-radius:${radius.panel}px}`,
    `.${C}-merge{grid-column:4;grid-row:1 / 3;align-self:center}`,
    `.${C}-join{grid-column:5;grid-row:1 / 3;align-self:center;max-width:${tokens.join}px;` +
      `box-sizing:border-box;display:flex;align-items:center;padding:${space.px20}px ${space.px24}px;` +
      `${font('nodeTitle')};font-size:${tokens.chip.l}px;line-height:1.2;` +
      `color:${color('bgPage')};background:${color('text')};border-radius:${radius.chip}px}`,
    `.${C}-notes{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));` +
      `column-gap:${tokens.notesGap}px;row-gap:${tokens.notesGap}px}`,
    `.${C}-note{display:flex;flex-direction:column;gap:${tokens.gap}px;` +
      `padding-top:${tokens.gap * 2}px;border-top:${stroke.hairline}px solid ${color('border')}}`,
    `.${C}-note-title{${font('nodeTitle')};font-size:${tokens.noteTitle.l}px;line-height:1.2}`,
    `.${C}-note-body{${font('body')};color:${color('textSoft')}}`,
    ...(['m', 's'] as const).map(
      (s) =>
        `.${C}-${s} .${C}-chip{font-size:${tokens.chip[s]}px;padding:${tokens.chipPad[s]}px ${space.px8}px}` +
        `.${C}-${s} .${C}-join{font-size:${tokens.chip[s]}px}` +
        `.${C}-${s} .${C}-note-title{font-size:${tokens.noteTitle[s]}px}` +
        `.${C}-${s} .${C}-note-body{font-size:${tokens.noteBody[s]}px}`,
    ),
  ].join(''),
});
