/**
 * slideMatrix: a grid of options against criteria, each cell marked full, partial or none, with an
 * optional highlighted column. For which options support which capabilities, or an offer compared
 * with alternatives feature by feature.
 */
import * as z from 'zod';
import { definePrimitive } from '../../../core/model/primitive.ts';
import { html, type Markup } from '../../../core/model/markup.ts';
import { md } from '../../../core/markdown/builder.ts';
import { lineText } from '../fields.ts';
import { largestStep, loadFits, sizeField } from '../parts/type-scale.ts';
import { color, font, PREFIX } from '../style.ts';
import { glyphs, space, stroke, type } from '../theme.ts';

const C = `${PREFIX}-matrix`;

const MARKS = ['full', 'partial', 'none'] as const;
type Mark = (typeof MARKS)[number];

/**
 * What text, Markdown and Slack print for each mark, and the legend's words; the picture draws the
 * same three balls.
 */
const MARK_GLYPH: Record<Mark, string> = { full: '●', partial: '◐', none: '○' };
const MARK_LABEL: Record<Mark, string> = { full: 'Full', partial: 'Partial', none: 'None' };

/** Sizes per step; the step follows the row count (eight rows at `s` fit under a two-line heading). */
const tokens = {
  label: { l: type.nodeTitle.size, m: 32, s: type.bodyS.size },
  head: { l: type.nodeTitle.size, m: 32, s: type.bodyS.size },
  mark: { l: 48, m: 40, s: 32 },
  rowPad: { l: space.px24, m: space.px16, s: space.px8 },
  fits: { l: 4, m: 6 },
  legendMark: 24,
} as const;

const row = z
  .strictObject({
    label: lineText('The capability or criterion this row checks.'),
    marks: z
      .array(z.enum(MARKS))
      .min(2)
      .max(6)
      .describe('One mark per column, in column order: full, partial or none. Exactly as many marks as columns.'),
  })
  .describe('One row of the matrix.');

function ball(mark: Mark, size: 'cell' | 'legend'): Markup {
  return html`<span class="${C}-mark ${C}-mark-${mark}${size === 'legend' ? ` ${C}-mark-key` : ''}" role="img" aria-label="${MARK_LABEL[mark]}"><span class="${C}-mark-half"></span></span>`;
}

export const slideMatrix = definePrimitive({
  type: 'slideMatrix',
  schema: z
    .object({
      type: z.literal('slideMatrix'),
      columns: z
        .array(lineText('A column heading: an option, product or plan, in a word or two.'))
        .min(2)
        .max(6)
        .describe('Two to six options compared, left to right.'),
      rows: z
        .array(row)
        .min(1)
        .max(8)
        .describe('One to eight criteria, top to bottom. Every row has exactly one mark per column.'),
      highlight: z
        .number()
        .int()
        .min(0)
        .optional()
        .describe('Index (from 0) of a column to draw in the primary colour, e.g. yours; below the number of columns.'),
      legend: z.boolean().optional().describe('Show the key to the three marks under the matrix (default true).'),
      size: sizeField(),
    })
    .superRefine((node, ctx) => {
      const count = node.columns.length;
      node.rows.forEach((entry, index) => {
        if (entry.marks.length !== count)
          ctx.addIssue({
            code: 'custom',
            path: ['rows', index, 'marks'],
            message: `must have ${count} marks, one per column (has ${entry.marks.length})`,
          });
      });
      if (node.highlight !== undefined && node.highlight >= count)
        ctx.addIssue({ code: 'custom', path: ['highlight'], message: `must be a column index below ${count}` });
    }),
  catalog: {
    name: 'Matrix',
    group: 'Data',
    purpose:
      'A grid of options against criteria, each cell marked ' +
      'full, partial or none, with an optional highlighted column.',
    useWhen: [
      'Which options support which capabilities.',
      'Comparing your offer with alternatives feature by feature (highlight yours).',
    ],
    avoidWhen: [
      'Cells that need words or numbers: use slideTable.',
      'One measure across several things: use slideBars.',
      'Two options placed on two axes: use slideQuadrant.',
    ],
    example: {
      type: 'slideMatrix',
      columns: ['Card', 'Wallet', 'Bank'],
      rows: [
        { label: 'Instant capture', marks: ['full', 'full', 'none'] },
        { label: 'Partial refunds', marks: ['full', 'partial', 'full'] },
      ],
    },
  },
  examples: [
    {
      type: 'slideMatrix',
      columns: ['Self-hosted', 'Managed', 'Serverless'],
      highlight: 1,
      rows: [
        { label: 'Zero-downtime upgrades', marks: ['partial', 'full', 'full'] },
        { label: 'Bring your own keys', marks: ['full', 'full', 'none'] },
        { label: 'Cross-region replicas', marks: ['full', 'full', 'partial'] },
      ],
    },
    {
      name: 'eight rows at size s without a legend',
      node: {
        type: 'slideMatrix',
        size: 's',
        legend: false,
        columns: ['Free', 'Team', 'Business', 'Enterprise'],
        rows: [
          { label: 'Shared projects', marks: ['partial', 'full', 'full', 'full'] },
          { label: 'Single sign-on', marks: ['none', 'none', 'full', 'full'] },
          { label: 'Audit log', marks: ['none', 'partial', 'full', 'full'] },
          { label: 'Data residency', marks: ['none', 'none', 'partial', 'full'] },
          { label: 'Custom roles', marks: ['none', 'none', 'partial', 'full'] },
          { label: 'Usage reports', marks: ['partial', 'full', 'full', 'full'] },
          { label: 'Uptime SLA', marks: ['none', 'none', 'full', 'full'] },
          { label: 'Named support', marks: ['none', 'none', 'none', 'full'] },
        ],
      },
    },
  ],
  renderers: {
    html: (node) => {
      const step = node.size ?? largestStep(loadFits(node.rows.length, tokens.fits));
      const cellClass = (index: number) => `${C}-cell${index === node.highlight ? ` ${C}-focus` : ''}`;
      const grid = `${C}-grid ${C}-n${node.columns.length}`;
      return html`<div class="${C} ${C}-${step}"><div class="${grid} ${C}-head"><div></div>${node.columns.map(
        (column, index) => html`<div class="${cellClass(index)} ${C}-column">${column}</div>`,
      )}</div>${node.rows.map(
        (entry) =>
          html`<div class="${grid} ${C}-row"><div class="${C}-label">${entry.label}</div>${node.columns.map(
            (_, index) => {
              const mark = entry.marks[index];
              return html`<div class="${cellClass(index)}">${mark ? ball(mark, 'cell') : ''}</div>`;
            },
          )}</div>`,
      )}${
        node.legend === false
          ? ''
          : html`<div class="${C}-legend">${MARKS.map((mark) => html`<span class="${C}-key">${ball(mark, 'legend')}<span>${MARK_LABEL[mark]}</span></span>`)}</div>`
      }</div>`;
    },
    text: (node) => {
      const rows = node.rows.map(
        (entry) =>
          `${entry.label}: ` +
          `${node.columns.map((column, index) => `${MARK_GLYPH[entry.marks[index] ?? 'none']} ${column}`).join(', ')}`,
      );
      const focus = node.highlight === undefined ? undefined : node.columns[node.highlight];
      const legend = MARKS.map((mark) => `${MARK_GLYPH[mark]} ${MARK_LABEL[mark].toLowerCase()}`).join(
        ` ${glyphs.separator} `,
      );
      return [...rows, ...(focus ? [`Highlighted: ${focus}`] : []), ...(node.legend === false ? [] : [legend])].join(
        '\n',
      );
    },
    markdown: (node) =>
      md.content(
        md.table(
          ['', ...node.columns.map((column, index) => (index === node.highlight ? md.strong(column) : column))],
          node.rows.map((entry) => [
            entry.label,
            ...node.columns.map((_, index) => MARK_GLYPH[entry.marks[index] ?? 'none']),
          ]),
        ),
        node.legend !== false &&
          md.paragraph(
            md.emphasis(
              MARKS.map((mark) => `${MARK_GLYPH[mark]} ${MARK_LABEL[mark].toLowerCase()}`).join(
                ` ${glyphs.separator} `,
              ),
            ),
          ),
      ),
  },
  css: [
    `.${C}{display:flex;flex-direction:column}`,
    `.${C}-grid{display:grid;align-items:center}`,
    ...[2, 3, 4, 5, 6].map((n) => `.${C}-n${n}{grid-template-columns:minmax(0,2fr) repeat(${n},minmax(0,1fr))}`),
    `.${C}-head{border-bottom:${stroke.rail}px solid ${color('text')}}`,
    `.${C}-row{border-bottom:${stroke.hairline}px solid ${color('border')}}`,
    `.${C}-cell{display:flex;justify-content:center;align-items:center;` +
      `align-self:stretch;padding:${tokens.rowPad.l}px ${space.px12}px}`,
    `.${C}-column{${font('nodeTitle')};font-size:${tokens.head.l}px;text-align:center}`,
    `.${C}-focus{background:${color('primaryBg')};color:${color('primary')}}`,
    `.${C}-label{${font('bodyL')};font-weight:600;padding:${tokens.rowPad.l}px ${space.px24}px ${tokens.rowPad.l}px 0}`,
    // Harvey balls: a ring, filled whole (full), filled on the left (partial) or left empty (none).
    `.${C}-mark{display:flex;box-sizing:border-box;width:${tokens.mark.l}px;height:${tokens.mark.l}px;` +
      `border-radius:50%;border:${stroke.rail}px solid ${color('text')};overflow:hidden}`,
    `.${C}-mark-half{display:flex;width:50%;height:100%}`,
    `.${C}-mark-full{background:${color('text')}}`,
    `.${C}-mark-partial .${C}-mark-half{background:${color('text')}}`,
    `.${C}-mark-none{border-color:${color('borderDashed')}}`,
    `.${C}-focus .${C}-mark{border-color:${color('primary')}}`,
    `.${C}-focus .${C}-mark-full,.${C}-focus .${C}-mark-partial .${C}-mark-half{background:${color('primary')}}`,
    `.${C}-focus .${C}-mark-none{border-color:${color('primaryBorder')}}`,
    `.${C}-legend{display:flex;gap:${space.px40}px;` +
      `margin-top:${space.px24}px;${font('label')};color:${color('textSubtle')}}`,
    `.${C}-key{display:flex;align-items:center;gap:${space.px12}px}`,
    `.${C} .${C}-mark.${C}-mark-key{width:${tokens.legendMark}px;` +
      `height:${tokens.legendMark}px;border-width:${stroke.chip}px}`,
    ...(['m', 's'] as const).flatMap((step) => [
      `.${C}-${step} .${C}-cell{padding:${tokens.rowPad[step]}px ${space.px12}px}`,
      `.${C}-${step} .${C}-label{font-size:${tokens.label[step]}px;` +
        `padding:${tokens.rowPad[step]}px ${space.px24}px ${tokens.rowPad[step]}px 0}`,
      `.${C}-${step} .${C}-column{font-size:${tokens.head[step]}px}`,
      `.${C}-${step} .${C}-mark{width:${tokens.mark[step]}px;height:${tokens.mark[step]}px}`,
    ]),
  ].join(''),
});
