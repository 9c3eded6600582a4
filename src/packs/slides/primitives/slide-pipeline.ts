/**
 * slidePipeline: two to six steps in a fixed order, left to right, each with what happens in it,
 * optionally between start and end chips or grouped under the team or system that owns them. For a
 * process that runs the same way every time: request handling, a release, an approval chain.
 */
import * as z from 'zod';
import { definePrimitive } from '../../../core/model/primitive.ts';
import { html, type Markup } from '../../../core/model/markup.ts';
import { md } from '../../../core/markdown/builder.ts';
import { lineText, TONES, wrappedText } from '../fields.ts';
import { arrowCss, arrowMarkup, DIAGRAM_ROOM, estimateLines, longestWord } from '../parts/diagram.ts';
import { largestStep, sizeField, type SlideSize } from '../parts/type-scale.ts';
import { marksHtml, marksMarkdown, marksText } from '../marks.ts';
import { color, font, PREFIX } from '../style.ts';
import { advance, CONTENT_WIDTH, glyphs, radius, space, stroke, type } from '../theme.ts';

const C = `${PREFIX}-pipeline`;

/**
 * Type and spacing per size step. Smaller steps also narrow the arrows and the start and end chips,
 * so six steps between two chips still leave each card room for whole words.
 */
const tokens = {
  title: { l: type.nodeTitle.size, m: 32, s: 28 },
  body: { l: type.body.size, m: type.bodyS.size, s: 24 },
  chip: { l: 32, m: 28, s: 26 },
  pad: { l: space.px32, m: space.px24, s: space.px16 },
  arrow: { l: space.px48, m: space.px40, s: space.px32 },
  terminal: { l: 220, m: 180, s: 160 },
  gap: space.px12,
  spanGap: space.px24,
  bracket: space.px20,
} as const;

const step = z.strictObject({
  title: lineText('The step: a verb or a short noun phrase.'),
  body: wrappedText(
    'What happens in the step, a sentence or two. Steps mode only: leave it out when spans are given.',
  ).optional(),
});

const span = z.strictObject({
  from: z.number().int().min(0).describe('Index of the first step the span covers, counting from 0.'),
  to: z.number().int().min(0).describe('Index of the last step it covers: from ≤ to < steps.length.'),
  tone: z.enum(TONES).describe('Who owns these steps: primary = yours, accent = the other party.'),
  label: lineText('The owner of these steps, drawn in capitals (e.g. "Payments").'),
  title: lineText('What this stretch of steps does, a few words.'),
  body: wrappedText('One or two sentences about this stretch.'),
});

const schema = z
  .object({
    type: z.literal('slidePipeline'),
    start: lineText(
      'A chip before the first step: what goes in. Steps mode only; leave it out when spans are given.',
    ).optional(),
    end: lineText(
      'A chip after the last step: what comes out. Steps mode only; leave it out when spans are given.',
    ).optional(),
    steps: z
      .array(step)
      .min(2)
      .max(6)
      .describe('2–6 steps in order. When spans are given they are drawn as chips and none may have a body.'),
    spans: z
      .array(span)
      .max(3)
      .optional()
      .describe(
        'Up to 3 brackets under the steps naming who owns a stretch of them. Non-empty ' +
          'spans switch to spans mode: steps become chips; each span needs from ≤ to < ' +
          'steps.length; spans must not overlap; start, end and step bodies must be left out.',
      ),
    size: sizeField(),
  })
  .superRefine((node, ctx) => pipelineRules(node as PipelineNode, ctx));

type PipelineNode = z.output<typeof schema>;

function pipelineRules(node: PipelineNode, ctx: z.RefinementCtx): void {
  const spans = node.spans ?? [];
  if (spans.length === 0) return;
  const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
  const chipsOnly = 'must be left out when spans are given (spans mode draws steps as chips)';
  if (node.start !== undefined) issue(['start'], chipsOnly);
  if (node.end !== undefined) issue(['end'], chipsOnly);
  node.steps.forEach((s, i) => {
    if (s.body !== undefined) issue(['steps', i, 'body'], `${chipsOnly}; put the prose in a span’s body`);
  });
  const last = node.steps.length - 1;
  spans.forEach((current, k) => {
    if (current.from > last) issue(['spans', k, 'from'], `must be a step index from 0 to ${last}`);
    if (current.to > last) issue(['spans', k, 'to'], `must be a step index from 0 to ${last}`);
    if (current.from > current.to) issue(['spans', k, 'to'], `must be at least from (${current.from})`);
    if (current.from > current.to) return;
    const earlier = spans.findIndex(
      (other, j) => j < k && other.from <= other.to && current.from <= other.to && other.from <= current.to,
    );
    const other = spans[earlier];
    if (other)
      issue(
        ['spans', k],
        `overlaps spans[${earlier}] (steps ${other.from}–${other.to}): a step belongs to at most one span`,
      );
  });
}

const isSpansMode = (node: PipelineNode) => (node.spans ?? []).length > 0;

/** Estimated height of the drawing at a step, for the automatic size. */
function estimateHeight(node: PipelineNode, s: SlideSize): number {
  const n = node.steps.length;
  const titleLine = tokens.title[s] * type.nodeTitle.line;
  const bodyLine = tokens.body[s] * type.body.line;
  if (!isSpansMode(node)) {
    const terminals = (node.start ? 1 : 0) + (node.end ? 1 : 0);
    const arrows = n - 1 + terminals;
    const column =
      (CONTENT_WIDTH - arrows * tokens.arrow[s] - terminals * tokens.terminal[s]) / n -
      2 * tokens.pad[s] -
      2 * stroke.chip;
    const words = node.steps.flatMap((x) =>
      [x.title, x.body ?? ''].map(
        (text, i) => longestWord(text) * (i === 0 ? advance.other * tokens.title[s] : advance.regular * tokens.body[s]),
      ),
    );
    if (Math.max(...words) > column) return Number.POSITIVE_INFINITY;
    const titles = Math.max(...node.steps.map((x) => estimateLines(x.title, tokens.title[s], column, advance.other)));
    const bodies = Math.max(0, ...node.steps.map((x) => (x.body ? estimateLines(x.body, tokens.body[s], column) : 0)));
    return (
      2 * tokens.pad[s] + type.label.size * type.label.line + 2 * tokens.gap + titles * titleLine + bodies * bodyLine
    );
  }
  const column = (CONTENT_WIDTH - (n - 1) * tokens.arrow.l) / n;
  const chips = Math.max(
    ...node.steps.map((x) => estimateLines(x.title, tokens.chip[s], column - 2 * tokens.pad[s], advance.other)),
  );
  const chip = chips * tokens.chip[s] * type.nodeTitle.line + 2 * tokens.pad[s] * 0.6;
  const spanText = Math.max(
    ...(node.spans ?? []).map((x) => {
      const width = (x.to - x.from + 1) * column + (x.to - x.from) * tokens.arrow.l;
      return (
        estimateLines(x.title, tokens.title[s], width, advance.other) * titleLine +
        estimateLines(x.body, tokens.body[s], width) * bodyLine
      );
    }),
  );
  return chip + tokens.spanGap + tokens.bracket + type.label.size * type.label.line + 3 * tokens.gap + spanText;
}

/** `Verify → Score → Approve`: the steps in order, as every text surface prints them. */
function chain(parts: string[]): string {
  return parts.join(` ${glyphs.arrow} `);
}

function spanSteps(node: PipelineNode, from: number, to: number): string {
  return chain(node.steps.slice(from, to + 1).map((x) => x.title));
}

const pad2 = (i: number) => String(i + 1).padStart(2, '0');

function stepsHtml(node: PipelineNode, size: SlideSize): Markup {
  const flow: Markup[] = [];
  if (node.start) flow.push(html`<div class="${C}-terminal">${node.start}</div>`, arrowMarkup(C, 'right'));
  node.steps.forEach((x, i) => {
    if (i > 0) flow.push(arrowMarkup(C, 'right'));
    flow.push(
      html`<div class="${C}-step"><div class="${C}-number">${pad2(i)}</div><div class="${C}-title">${x.title}</div>${x.body ? html`<div class="${C}-body">${marksHtml(x.body)}</div>` : ''}</div>`,
    );
  });
  if (node.end) flow.push(arrowMarkup(C, 'right'), html`<div class="${C}-terminal">${node.end}</div>`);
  return html`<div class="${C} ${C}-flow ${C}-${size}">${flow}</div>`;
}

function spansHtml(node: PipelineNode, size: SlideSize): Markup {
  const spans = node.spans ?? [];
  const owner = (i: number) => spans.find((x) => x.from <= i && i <= x.to);
  const row: Markup[] = [];
  node.steps.forEach((x, i) => {
    if (i > 0) row.push(arrowMarkup(C, 'right'));
    const tone = owner(i)?.tone;
    row.push(html`<div class="${C}-chip${tone ? ` ${C}-chip-${tone}` : ''}">${x.title}</div>`);
  });
  const brackets = spans.map(
    (x) =>
      html`<div class="${C}-span ${C}-${x.tone} ${C}-from-${x.from} ${C}-to-${x.to}"><div class="${C}-bracket"></div><div class="${C}-owner">${x.label}</div><div class="${C}-title">${x.title}</div><div class="${C}-body">${marksHtml(x.body)}</div></div>`,
  );
  return html`<div class="${C} ${C}-spans ${C}-n${node.steps.length} ${C}-${size}">${row}${brackets}</div>`;
}

export const slidePipeline = definePrimitive({
  type: 'slidePipeline',
  schema,
  catalog: {
    name: 'Pipeline',
    group: 'Diagrams',
    purpose:
      'Two to six steps in a fixed order, left to right, each with what happens ' +
      'in it — or, with spans, grouped under the team or system that owns them.',
    useWhen: [
      'A process that runs in the same order every time: request handling, a release, an approval chain.',
      'Showing what goes in and what comes out (start and end chips).',
      'Showing who owns which stretch of a process (spans, toned primary for yours and accent for the other party).',
    ],
    avoidWhen: [
      'Events at dates or eras: use slideTimeline.',
      'Messages going back and forth between parties: use slideSequence.',
      'Two routes that end in the same step: use slideLanes.',
      'Concepts related other than in one line: use slideGraph.',
    ],
  },
  examples: [
    {
      type: 'slidePipeline',
      start: 'Pull request',
      end: 'Production',
      steps: [
        { title: 'Build', body: 'Compile and run the unit tests on every push.' },
        { title: 'Stage', body: 'Deploy to staging and replay yesterday’s traffic.' },
        { title: 'Release', body: 'Ship to **5%** of users, then everyone after an hour.' },
      ],
    },
    {
      name: 'spans mode: who owns which steps',
      node: {
        type: 'slidePipeline',
        steps: [
          { title: 'Order' },
          { title: 'Authorize' },
          { title: 'Capture' },
          { title: 'Pick' },
          { title: 'Deliver' },
        ],
        spans: [
          {
            from: 0,
            to: 2,
            tone: 'primary',
            label: 'Checkout team',
            title: 'Take the money once',
            body: 'We hold the card at order time and capture only what the store could pick.',
          },
          {
            from: 3,
            to: 4,
            tone: 'accent',
            label: 'Store partner',
            title: 'Fill the basket',
            body: 'The store picks, substitutes and hands over to the courier.',
          },
        ],
      },
    },
    {
      name: 'titles only, small',
      node: {
        type: 'slidePipeline',
        size: 's',
        steps: [
          { title: 'Ingest' },
          { title: 'Deduplicate' },
          { title: 'Enrich' },
          { title: 'Index' },
          { title: 'Serve' },
          { title: 'Expire' },
        ],
      },
    },
  ],
  renderers: {
    html: (node) => {
      const size = node.size ?? largestStep((s) => estimateHeight(node, s) <= DIAGRAM_ROOM);
      return isSpansMode(node) ? spansHtml(node, size) : stepsHtml(node, size);
    },
    text: (node) => {
      if (isSpansMode(node)) {
        const spans = (node.spans ?? []).map(
          (x) =>
            `${x.label.toUpperCase()} ${glyphs.separator} ${x.title} ` +
            `(${spanSteps(node, x.from, x.to)})\n${marksText(x.body)}`,
        );
        return [chain(node.steps.map((x) => x.title)), ...spans].join('\n\n');
      }
      const flow = chain(
        [node.start, ...node.steps.map((x) => x.title), node.end].filter((x): x is string => Boolean(x)),
      );
      if (!node.steps.some((x) => x.body)) return flow;
      return [
        flow,
        node.steps.map((x, i) => `${i + 1}. ${x.title}${x.body ? `\n   ${marksText(x.body)}` : ''}`).join('\n'),
      ].join('\n\n');
    },
    markdown: (node) => {
      if (isSpansMode(node)) {
        return md.content(
          md.paragraph(chain(node.steps.map((x) => x.title))),
          md.list(
            (node.spans ?? []).map((x) =>
              md.paragraph(
                md.strong(x.label),
                ` ${glyphs.separator} ${x.title} (${spanSteps(node, x.from, x.to)})`,
                md.break(),
                marksMarkdown(x.body),
              ),
            ),
          ),
        );
      }
      const flow = chain(
        [node.start, ...node.steps.map((x) => x.title), node.end].filter((x): x is string => Boolean(x)),
      );
      return md.content(
        md.paragraph(flow),
        node.steps.some((x) => x.body) &&
          md.list(
            node.steps.map((x) => md.paragraph(md.strong(x.title), x.body && [md.break(), marksMarkdown(x.body)])),
            { ordered: true },
          ),
      );
    },
  },
  css: [
    arrowCss(C),
    `.${C}-title{margin:0;${font('nodeTitle')}}`,
    `.${C}-body{margin:0;${font('body')};color:${color('textSoft')}}`,
    // Steps mode: cards in a row, arrows between, optional terminal chips at both ends.
    `.${C}-flow{display:flex;align-items:stretch}`,
    `.${C}-flow>.${C}-arrow{flex:0 0 auto;width:${tokens.arrow.l}px;align-self:center}`,
    `.${C}-step{flex:1 1 0;min-width:0;box-sizing:border-box;display:flex;flex-direction:column;` +
      `gap:${tokens.gap}px;padding:${tokens.pad.l}px;background:${color('bgSurface')};` +
      `border:${stroke.chip}px solid ${color('border')};border-radius:${radius.panel}px}`,
    `.${C}-number{${font('label')};color:${color('primary')}}`,
    `.${C}-terminal{flex:0 1 auto;align-self:center;max-width:${tokens.terminal.l}px;box-sizing:border-box;` +
      `display:flex;align-items:center;padding:${space.px16}px ${space.px20}px;${font('bodyL')};` +
      `font-size:${tokens.chip.l}px;font-weight:700;line-height:1.2;background:${color('bgMuted')};` +
      `border:${stroke.chip}px solid ${color('borderDashed')};border-radius:${radius.chip}px}`,
    // Spans mode: a grid of chip and arrow columns; each span brackets the chip columns it covers.
    `.${C}-spans{display:grid;row-gap:${tokens.spanGap}px;align-items:center}`,
    ...[2, 3, 4, 5, 6].map(
      (n) =>
        `.${C}-n${n}{` +
        `grid-template-columns:${Array.from({ length: n }, () => 'minmax(0,1fr)').join(` ${tokens.arrow.l}px `)}}`,
    ),
    ...[0, 1, 2, 3, 4, 5].map(
      (i) => `.${C}-from-${i}{grid-column-start:${2 * i + 1}}.${C}-to-${i}{grid-column-end:${2 * i + 2}}`,
    ),
    `.${C}-chip{box-sizing:border-box;display:flex;align-items:center;justify-content:center;` +
      `text-align:center;align-self:stretch;padding:${tokens.pad.l * 0.6}px ${space.px16}px;` +
      `${font('nodeTitle')};font-size:${tokens.chip.l}px;background:${color('bgSurface')};` +
      `border:${stroke.chip}px solid ${color('border')};border-radius:${radius.chip}px}`,
    `.${C}-chip-primary{border-color:${color('primary')};background:${color('primaryBg')}}`,
    `.${C}-chip-accent{border-color:${color('accent')};background:${color('accentBg')}}`,
    `.${C}-span{grid-row:2;align-self:start;display:flex;flex-direction:column;gap:${tokens.gap}px;min-width:0}`,
    `.${C}-primary{color:${color('primary')}}`,
    `.${C}-accent{color:${color('accent')}}`,
    `.${C}-bracket{box-sizing:border-box;height:${tokens.bracket}px;border:${stroke.bar}px solid currentColor;` +
      `border-top:0;border-radius:0 0 ${radius.chipSmall}px ${radius.chipSmall}px;margin-bottom:${tokens.gap}px}`,
    `.${C}-owner{${font('label')}}`,
    `.${C}-span>.${C}-title{color:${color('text')}}`,
    // Size steps below the largest.
    ...(['m', 's'] as const).map(
      (s) =>
        `.${C}-${s} .${C}-title{font-size:${tokens.title[s]}px}` +
        `.${C}-${s} .${C}-body{font-size:${tokens.body[s]}px}.${C}-${s} .${C}-step{padding:${tokens.pad[s]}px}` +
        `.${C}-${s}>.${C}-arrow{width:${tokens.arrow[s]}px}` +
        `.${C}-${s}>.${C}-terminal{max-width:${tokens.terminal[s]}px;font-size:${tokens.chip[s]}px;` +
        `padding:${space.px12}px ${space.px16}px}.${C}-${s} .${C}-chip{font-size:${tokens.chip[s]}px;` +
        `padding:${tokens.pad[s] * 0.6}px ${space.px12}px}`,
    ),
  ].join(''),
});
