/**
 * slideChart: a line or column chart of one to four series over two to twelve categories, with a
 * value axis, a legend, one category optionally in focus and up to three numbered notes on
 * categories. For a measure over time (line), amounts side by side per category (column), or
 * whenever the user asks for a chart of numbers they gave.
 */
import * as z from 'zod';
import { definePrimitive } from '../../../core/model/primitive.ts';
import { html } from '../../../core/model/markup.ts';
import { md } from '../../../core/markdown/builder.ts';
import { lineText } from '../fields.ts';
import { axisShare, tickLabel, valueAxis, type ValueAxis } from '../parts/chart-scale.ts';
import {
  categoryIndexMessage,
  CHART_NOTES,
  chartNote,
  chartNotesCss,
  NOTE_HEADROOM,
  notesKey,
  notesMarkdown,
  notesText,
  noteBadge,
  noteProblems,
} from '../parts/chart-notes.ts';
import { largestStep, sizeField, textFits, type SlideSize } from '../parts/type-scale.ts';
import { color, font, PREFIX } from '../style.ts';
import { CONTENT_WIDTH, glyphs, type PaletteToken, space, stroke, type } from '../theme.ts';

const C = `${PREFIX}-chart`;

/**
 * Sizes per step. The plot is a fixed height, so the line's SVG is drawn at its real height and
 * only stretched sideways; with the legend and one line of labels the chart takes about 570 px at
 * `l`, inside `DIAGRAM_ROOM` under a two-line heading.
 */
const tokens = {
  label: { l: type.bodyL.size, m: type.body.size, s: 24 },
  tick: { l: type.body.size, m: type.bodyS.size, s: 24 },
  plot: { l: 420, m: 360, s: 300 },
  /** The least plot height a short slot squeezes it to. */
  plotMin: 200,
  dot: { l: 22, m: 18, s: 16 },
  line: { l: 6, m: 5, s: 4 },
  /** Room the value axis is assumed to take when choosing a step from the label widths. */
  axis: 160,
  labelLine: 1.2,
} as const;

/** The line's SVG is laid out in these units across and stretched to the plot's width. */
const VIEW_WIDTH = 1000;

/** Series colours in order; the highlight is a band behind a category, never a series colour. */
const SERIES_COLOURS: readonly PaletteToken[] = ['primary', 'accent', 'add', 'textSubtle'];

const CATEGORIES = { min: 2, max: 12 } as const;
const SERIES = { min: 1, max: 4 } as const;
/** Past this magnitude a value is refused: far beyond any chart a room reads, well inside exact doubles. */
const VALUE_LIMIT = 1e15;

/** Values print as given, with digit grouping and no rounding, so no surface alters a number. */
const numbers = new Intl.NumberFormat('en-US', { maximumFractionDigits: 20 });

const series = z
  .strictObject({
    name: lineText('What this series measures, shown in the legend (e.g. "Weekly active users").'),
    values: z
      .array(
        z
          .number()
          .min(-VALUE_LIMIT)
          .max(VALUE_LIMIT)
          .describe('A finite number, as measured; strings such as "NaN" are refused.'),
      )
      .describe('One number per category, in the categories’ order: exactly as many as categories.'),
  })
  .describe('One measured series.');

type ChartNode = {
  kind: 'line' | 'column';
  categories: string[];
  series: { name: string; values: number[] }[];
  unit?: string | undefined;
  highlight?: number | undefined;
  notes?: { at: number; text: string }[] | undefined;
  size?: SlideSize | undefined;
};

function axisOf(node: ChartNode): ValueAxis {
  return valueAxis(
    node.series.flatMap((entry) => entry.values),
    { fromZero: node.kind === 'column' },
  );
}

/**
 * The largest step at which every category label fits two lines of its share of the width; notes
 * under the chart take the room of a step (one note) or two (two or three).
 */
function stepOf(node: ChartNode): SlideSize {
  if (node.size) return node.size;
  const cell = (CONTENT_WIDTH - tokens.axis) / node.categories.length;
  const fits = node.categories.map((label) => textFits(label, tokens.label, cell, 2));
  const notes = node.notes?.length ?? 0;
  const roomFor = (step: SlideSize) => notes === 0 || (notes === 1 ? step !== 'l' : step === 's');
  return largestStep((step) => roomFor(step) && fits.every((test) => test(step)));
}

/** The highest value drawn at a category: where its note's badge stands. */
const topAt = (node: ChartNode, category: number) => Math.max(...node.series.map((entry) => entry.values[category]!));

const seriesHeader = (node: ChartNode, name: string) => (node.unit ? `${name} (${node.unit})` : name);

function tipOf(node: ChartNode, category: number, index: number): string {
  const entry = node.series[index]!;
  const unit = node.unit ? ` ${node.unit}` : '';
  return `${node.categories[category]} ${glyphs.separator} ${entry.name}: ${numbers.format(entry.values[category]!)}${unit}`;
}

function columnsHtml(node: ChartNode, axis: ValueAxis) {
  const zero = axisShare(axis, 0);
  const count = node.series.length;
  return html`<div class="${C}-cells">${node.categories.map(
    (_, category) =>
      html`<div class="${C}-cell">${node.series.map((entry, index) => {
        const value = entry.values[category]!;
        const top = axisShare(axis, Math.max(value, 0));
        const bottom = axisShare(axis, Math.min(value, 0));
        // Positive columns stand on zero, negative ones hang from it; a non-zero value keeps a
        // sliver (min-height) so it never reads as zero beside values a million times larger.
        const place =
          value >= 0
            ? `bottom:${zero.toFixed(3)}%;height:${(top - zero).toFixed(3)}%`
            : `top:${(100 - zero).toFixed(3)}%;height:${(zero - bottom).toFixed(3)}%`;
        const width = 72 / count;
        const left = 14 + index * width;
        return html`<div class="${C}-column ${C}-s${index}${value === 0 ? '' : ` ${C}-nonzero`}" style="left:${left.toFixed(3)}%;width:${(width * 0.86).toFixed(3)}%;${place}" title="${tipOf(node, category, index)}"></div>`;
      })}</div>`,
  )}</div>`;
}

function lineHtml(node: ChartNode, axis: ValueAxis, step: SlideSize) {
  const n = node.categories.length;
  const height = tokens.plot[step];
  const x = (category: number) => ((category + 0.5) / n) * 100;
  const y = (value: number) => 100 - axisShare(axis, value);
  const lines = node.series.map((entry, index) => {
    const points = entry.values
      .map(
        (value, category) =>
          `${((x(category) / 100) * VIEW_WIDTH).toFixed(2)},${((y(value) / 100) * height).toFixed(2)}`,
      )
      .join(' ');
    // One SVG per series, stroked in currentColor: the image engine, like a browser, takes it from
    // the element's CSS colour, so the line follows the palette (light, dark, inverse) as boxes do.
    return html`<svg class="${C}-line ${C}-s${index}" width="${VIEW_WIDTH}" height="${height}" viewBox="0 0 ${VIEW_WIDTH} ${height}" preserveAspectRatio="none" aria-hidden="true"><polyline points="${points}" fill="none" stroke="currentColor" stroke-width="${tokens.line[step]}" stroke-linejoin="round" stroke-linecap="round"/></svg>`;
  });
  const dots = node.series.flatMap((entry, index) =>
    entry.values.map(
      (value, category) =>
        html`<div class="${C}-dot ${C}-s${index}${category === node.highlight ? ` ${C}-focus` : ''}" style="left:${x(category).toFixed(3)}%;top:${y(value).toFixed(3)}%" title="${tipOf(node, category, index)}"></div>`,
    ),
  );
  return html`${lines}${dots}`;
}

/** Plain text: one row per category, one column per series, padded so the columns line up. */
function textTable(node: ChartNode): string {
  const header = ['', ...node.series.map((entry) => seriesHeader(node, entry.name))];
  const rows = node.categories.map((label, category) => [
    `${category === node.highlight ? glyphs.arrow : glyphs.dot} ${label}`,
    ...node.series.map((entry) => numbers.format(entry.values[category]!)),
  ]);
  const widths = header.map((_, column) => Math.max(...[header, ...rows].map((row) => [...row[column]!].length)));
  const pad = (row: string[]) =>
    row
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[0]!) : cell.padStart(widths[column]!)))
      .join('  ')
      .trimEnd();
  return [pad(header), ...rows.map(pad)].join('\n');
}

export const slideChart = definePrimitive({
  type: 'slideChart',
  schema: z
    .object({
      type: z.literal('slideChart'),
      kind: z
        .enum(['line', 'column'])
        .describe('line: a trend over ordered categories (weeks, releases); column: amounts side by side.'),
      categories: z
        .array(lineText('A category on the horizontal axis: a short label such as "Wk 12", "Mar" or "EU".'))
        .min(CATEGORIES.min)
        .max(CATEGORIES.max)
        .describe('Two to twelve categories, left to right. Keep labels short: each gets an equal share of the width.'),
      series: z
        .array(series)
        .min(SERIES.min)
        .max(SERIES.max)
        .describe('One to four series; each series’ values has exactly one number per category.'),
      unit: lineText('The unit of every value, shown on the value axis (e.g. "ms", "%", "users").').optional(),
      highlight: z
        .number()
        .int()
        .min(0)
        .optional()
        .describe('Index (from 0) of one category to draw in focus; must be less than the number of categories.'),
      notes: z
        .array(chartNote)
        .min(1)
        .max(CHART_NOTES.max)
        .optional()
        .describe(
          `Up to ${CHART_NOTES.max} notes on points the user explained ("July's spike was the load-test cluster"), ` +
            'each on a different category; never in the heading.',
        ),
      size: sizeField(),
    })
    .superRefine((node, ctx) => {
      node.series.forEach((entry, index) => {
        if (entry.values.length !== node.categories.length)
          ctx.addIssue({
            code: 'custom',
            path: ['series', index, 'values'],
            message: `must have ${node.categories.length} values, one per category (has ${entry.values.length})`,
          });
      });
      if (node.highlight !== undefined && node.highlight >= node.categories.length)
        ctx.addIssue({ code: 'custom', path: ['highlight'], message: categoryIndexMessage(node.categories.length) });
      for (const { index, message } of noteProblems(node.notes ?? [], node.categories.length))
        ctx.addIssue({ code: 'custom', path: ['notes', index, 'at'], message });
    }),
  catalog: {
    name: 'Chart',
    group: 'Data',
    purpose:
      'A line or column chart of one to four series over two to twelve categories, with a value axis, a legend and one category optionally in focus.',
    useWhen: [
      'A measure over time (weeks, months, releases): kind line.',
      'Amounts side by side per category, one to four series each: kind column.',
      'The user asks for a chart or a graph of numbers they gave.',
      'The user explains a point (a spike, a dip, a launch): a note on that category, not words in the heading.',
    ],
    avoidWhen: [
      'One measure across a few named things, read as a ranking: use slideBars.',
      'Two values, before and after: use slideDelta.',
      'Unrelated headline numbers: use slideStats.',
      'More than twelve categories: group them (by month, by region) or show the data as a slideTable.',
    ],
  },
  examples: [
    {
      type: 'slideChart',
      kind: 'line',
      categories: ['Wk 1', 'Wk 2', 'Wk 3', 'Wk 4', 'Wk 5', 'Wk 6'],
      series: [{ name: 'Weekly active users', values: [18240, 19110, 18870, 20530, 21960, 23410] }],
      highlight: 5,
    },
    {
      name: 'a note on a spike',
      node: {
        type: 'slideChart',
        kind: 'line',
        categories: ['Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep'],
        series: [{ name: 'Scans per hour', values: [4200, 4350, 4410, 9800, 4600, 4720] }],
        notes: [{ at: 3, text: 'The load-test cluster' }],
      },
    },
    {
      name: 'two-series columns',
      node: {
        type: 'slideChart',
        kind: 'column',
        categories: ['EU', 'US', 'APAC', 'LATAM'],
        series: [
          { name: 'p50', values: [42, 38, 61, 55] },
          { name: 'p95', values: [118, 96, 184, 143] },
        ],
        unit: 'ms',
      },
    },
    {
      name: 'gains and losses around zero',
      node: {
        type: 'slideChart',
        kind: 'column',
        categories: ['Q1', 'Q2', 'Q3', 'Q4'],
        series: [{ name: 'Net new accounts', values: [120, -45, 0, 80] }],
        highlight: 1,
      },
    },
  ],
  renderers: {
    html: (node) => {
      const step = stepOf(node);
      const axis = axisOf(node);
      const zero = 100 - axisShare(axis, 0);
      const bands = html`<div class="${C}-cells">${node.categories.map(
        (_, category) => html`<div class="${C}-band${category === node.highlight ? ` ${C}-focus` : ''}"></div>`,
      )}</div>`;
      const rules = axis.ticks.map(
        (tick) =>
          html`<div class="${C}-rule${tick === 0 ? ` ${C}-zero` : ''}" style="top:${(100 - axisShare(axis, tick)).toFixed(3)}%"></div>`,
      );
      // A zero line even when zero is not a tick (a line chart off zero has none to draw).
      const baseline =
        axis.ticks.includes(0) || axis.low > 0 || axis.high < 0
          ? ''
          : html`<div class="${C}-rule ${C}-zero" style="top:${zero.toFixed(3)}%"></div>`;
      const marks = node.kind === 'column' ? columnsHtml(node, axis) : lineHtml(node, axis, step);
      const notes = node.notes ?? [];
      return html`<div class="${C} ${C}-${step}${notes.length > 0 ? ` ${C}-noted` : ''}"><div class="${C}-head"><div class="${C}-unit">${node.unit ?? ''}</div><div class="${C}-legend">${node.series.map(
        (entry, index) =>
          html`<div class="${C}-key"><div class="${C}-swatch ${C}-s${index}"></div><div class="${C}-name">${entry.name}</div></div>`,
      )}</div></div><div class="${C}-grid"><div class="${C}-ticks">${[...axis.ticks]
        .reverse()
        .map(
          (tick) => html`<div class="${C}-tick">${tickLabel(axis, tick)}</div>`,
        )}</div><div class="${C}-plot"><div class="${C}-area">${bands}${rules}${baseline}${marks}${(
        node.notes ?? []
      ).map((entry, i) =>
        noteBadge(
          C,
          i,
          ((entry.at + 0.5) / node.categories.length) * 100,
          100 - axisShare(axis, Math.max(topAt(node, entry.at), 0)),
        ),
      )}</div></div><div></div><div class="${C}-labels">${node.categories.map(
        (label, category) =>
          html`<div class="${C}-label${category === node.highlight ? ` ${C}-focus` : ''}">${label}</div>`,
      )}</div></div>${notes.length > 0 ? notesKey(C, notes, node.categories) : ''}</div>`;
    },
    text: (node) => [textTable(node), ...notesText(node.notes ?? [], node.categories)].join('\n'),
    // A table: nothing is lost where no picture is shown, and Slack and Teams turn it into their own.
    markdown: (node) => {
      const cell = (text: string, strong: boolean) => (strong ? md.strong(text) : text);
      return md.content(
        md.table(
          ['', ...node.series.map((entry) => seriesHeader(node, entry.name))],
          node.categories.map((label, category) => [
            cell(label, category === node.highlight),
            ...node.series.map((entry) => cell(numbers.format(entry.values[category]!), category === node.highlight)),
          ]),
        ),
        node.notes && notesMarkdown(node.notes, node.categories),
      );
    },
  },
  css: [
    // The chart gives up plot height (down to `plotMin`) when its slot is short, e.g. in a window.
    `.${C}{display:flex;flex-direction:column;gap:${space.px24}px;flex:0 1 auto;min-width:0;min-height:0}`,
    `.${C}-head{display:flex;justify-content:space-between;align-items:flex-end;gap:${space.px32}px}`,
    `.${C}-unit{${font('bodyS')};font-weight:600;color:${color('textSubtle')}}`,
    `.${C}-legend{display:flex;flex:1 1 auto;flex-wrap:wrap;justify-content:flex-end;column-gap:${space.px32}px;row-gap:${space.px8}px;min-width:0}`,
    `.${C}-key{display:flex;align-items:center;gap:${space.px12}px;min-width:0}`,
    `.${C}-swatch{width:${space.px24}px;height:${space.px24}px;border-radius:${space.px4}px;flex:0 0 auto}`,
    `.${C}-name{${font('bodyS')};font-weight:600;color:${color('textSoft')}}`,
    // Two columns (the value axis, the plot) over two rows (the plot, the category labels).
    `.${C}-grid{display:grid;grid-template-columns:auto minmax(0,1fr);row-gap:${space.px12}px;flex:0 1 auto;min-height:0}`,
    // Tick labels spread from the top of the plot to its bottom: the plot is padded by half a
    // label's height at each end, so each label's middle sits on its rule.
    `.${C}-ticks{display:flex;flex-direction:column;justify-content:space-between;align-items:flex-end;padding-right:${space.px16}px}`,
    `.${C}-tick{${font('bodyS')};font-variant-numeric:tabular-nums;color:${color('textSubtle')};white-space:nowrap}`,
    `.${C}-plot{position:relative;min-width:0;min-height:0}`,
    `.${C}-area{position:absolute;left:0;right:0}`,
    `.${C}-cells{position:absolute;left:0;top:0;right:0;bottom:0;display:flex}`,
    `.${C}-band,.${C}-cell{position:relative;flex:1 1 0;min-width:0;height:100%}`,
    `.${C}-focus.${C}-band{background:${color('primaryBg')};border-radius:${space.px8}px}`,
    `.${C}-rule{position:absolute;left:0;right:0;height:0;border-top:${stroke.hairline}px solid ${color('border')}}`,
    `.${C}-zero{border-top:${stroke.rail}px solid ${color('textSubtle')}}`,
    `.${C}-column{position:absolute;border-radius:${space.px4}px}`,
    `.${C}-nonzero{min-height:${stroke.bar}px}`,
    `.${C}-line{position:absolute;left:0;top:0;width:100%;height:100%}`,
    `.${C}-dot{position:absolute;border-radius:50%;transform:translate(-50%,-50%)}`,
    `.${C}-labels{display:flex;min-width:0}`,
    `.${C}-label{flex:1 1 0;min-width:0;text-align:center;overflow:hidden;color:${color('textSoft')};` +
      `${font('bodyL')};line-height:${tokens.labelLine};padding:0 ${space.px4}px}`,
    `.${C}-label.${C}-focus{color:${color('primary')};font-weight:700}`,
    chartNotesCss(C),
    ...SERIES_COLOURS.map(
      (token, index) =>
        `.${C}-swatch.${C}-s${index},.${C}-column.${C}-s${index}{background:${color(token)}}` +
        `.${C}-line.${C}-s${index}{color:${color(token)}}` +
        `.${C}-dot.${C}-s${index}{background:${color('bgPage')};border:${stroke.bar}px solid ${color(token)}}` +
        `.${C}-dot.${C}-focus.${C}-s${index}{background:${color(token)}}`,
    ),
    ...(['l', 'm', 's'] as const).map((step) => {
      const half = (tokens.tick[step] * type.bodyS.line) / 2;
      return (
        `.${C}-${step} .${C}-grid{grid-template-rows:minmax(${tokens.plotMin + 2 * half}px,${tokens.plot[step] + 2 * half}px) auto}` +
        `.${C}-${step} .${C}-area{top:${half}px;bottom:${half}px}` +
        `.${C}-noted.${C}-${step} .${C}-area{top:${half + NOTE_HEADROOM}px}` +
        `.${C}-${step} .${C}-tick{font-size:${tokens.tick[step]}px}` +
        `.${C}-${step} .${C}-label{font-size:${tokens.label[step]}px;max-height:${2 * tokens.labelLine * tokens.label[step]}px}` +
        `.${C}-${step} .${C}-dot{width:${tokens.dot[step]}px;height:${tokens.dot[step]}px}`
      );
    }),
  ].join(''),
});
