/**
 * slideTable: a small table of words and numbers, up to six columns and twelve rows, optionally in
 * labelled groups. For several measures of each of a few things, or reference values read row by
 * row.
 */
import * as z from 'zod';
import { definePrimitive } from '../../../core/model/primitive.ts';
import { html, type Markup } from '../../../core/model/markup.ts';
import { md, type MarkdownInlineChild } from '../../../core/markdown/builder.ts';
import { quoteForMessage } from '../../../core/model/messages.ts';
import type { SlackBlock } from '../../../core/chat-hosts/slack/blocks.ts';
import { mrkdwnBold, mrkdwnSection } from '../../../core/chat-hosts/slack/mrkdwn.ts';
import { displayWidth, padToWidth } from '../../../core/text/display-width.ts';
import { lineText } from '../fields.ts';
import { largestStep, loadFits } from '../parts/type-scale.ts';
import { color, font, PREFIX } from '../style.ts';
import { space, stroke, type } from '../theme.ts';

const C = `${PREFIX}-table`;

/** Most rows a table holds, counted across groups. */
const MAX_ROWS = 12;

/**
 * Sizes per step; the step follows the drawn line count (rows plus group labels). Twelve rows at
 * `s` fit, with the caption, under a one-line heading and its lede.
 */
const tokens = {
  cell: { l: type.lede.size, m: type.body.size, s: 24 },
  padY: { l: space.px16, m: space.px12, s: 6 },
  padX: { l: space.px24, m: space.px20, s: space.px16 },
  line: 1.3,
  fits: { l: 6, m: 8 },
} as const;

const cells = z
  .array(lineText('One cell: a short value or phrase.'))
  .min(1)
  .max(6)
  .describe('One row: exactly one cell per column, in column order.');

const group = z
  .strictObject({
    label: lineText('What the rows in this group share, drawn as a row across the table.'),
    rows: z.array(cells).min(1).max(MAX_ROWS).describe('The group’s rows; every row has one cell per column.'),
  })
  .describe('A labelled run of rows.');

type Row = readonly string[];
type Group = { label: string; rows: readonly Row[] };

/** Checks one row's width against the columns; the message names the row by its first cell. */
function checkRow(row: Row, columns: number, ctx: z.RefinementCtx, path: (string | number)[]): void {
  if (row.length === columns) return;
  const name = row[0] === undefined ? '' : ` ${quoteForMessage(row[0])}`;
  ctx.addIssue({
    code: 'custom',
    path,
    message: `must have ${columns} cells, one per column; row${name} has ${row.length}`,
  });
}

/** Rows and group labels in drawing order, whichever of rows or groups the table has. */
function lines(node: {
  rows?: readonly Row[] | undefined;
  groups?: readonly Group[] | undefined;
}): ({ kind: 'row'; cells: Row } | { kind: 'group'; label: string })[] {
  if (node.groups)
    return node.groups.flatMap((entry) => [
      { kind: 'group' as const, label: entry.label },
      ...entry.rows.map((cells) => ({ kind: 'row' as const, cells })),
    ]);
  return (node.rows ?? []).map((cells) => ({ kind: 'row' as const, cells }));
}

function gridClass(columns: number): string {
  return `${C}-row ${C}-n${columns}`;
}

function boldCell(text: string): SlackBlock {
  return {
    type: 'rich_text',
    elements: [{ type: 'rich_text_section', elements: [{ type: 'text', text, style: { bold: true } }] }],
  };
}

function rawCell(text: string): SlackBlock {
  // Slack refuses empty cell text.
  return { type: 'raw_text', text: text === '' ? ' ' : text };
}

export const slideTable = definePrimitive({
  type: 'slideTable',
  schema: z
    .object({
      type: z.literal('slideTable'),
      label: lineText('A caption above the table, drawn in capitals.').optional(),
      columns: z.array(lineText('A column heading.')).min(1).max(6).describe('One to six column headings.'),
      rowHeaders: z.boolean().optional().describe('Set the first cell of every row in bold, as the row’s name.'),
      rows: z
        .array(cells)
        .min(1)
        .max(MAX_ROWS)
        .optional()
        .describe('One to twelve rows, each with exactly one cell per column. Give rows or groups, not both.'),
      groups: z
        .array(group)
        .min(1)
        .max(MAX_ROWS)
        .optional()
        .describe(
          'Rows in labelled groups, at most twelve rows in all, each row ' +
            'with exactly one cell per column. Give groups or rows, not both.',
        ),
    })
    .superRefine((node, ctx) => {
      const columns = node.columns.length;
      if (node.rows === undefined && node.groups === undefined)
        ctx.addIssue({ code: 'custom', path: [], message: 'needs rows or groups' });
      if (node.rows !== undefined && node.groups !== undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['groups'],
          message: 'cannot be given together with rows: use one or the other',
        });
      for (const [index, row] of (node.rows ?? []).entries()) checkRow(row, columns, ctx, ['rows', index]);
      if (node.groups === undefined) return;
      for (const [g, entry] of node.groups.entries())
        for (const [index, row] of entry.rows.entries()) checkRow(row, columns, ctx, ['groups', g, 'rows', index]);
      const total = node.groups.reduce((sum, entry) => sum + entry.rows.length, 0);
      if (total > MAX_ROWS)
        ctx.addIssue({
          code: 'custom',
          path: ['groups'],
          message: `must hold at most ${MAX_ROWS} rows in all (has ${total})`,
        });
    }),
  catalog: {
    name: 'Table',
    group: 'Data',
    purpose: 'A small table of words and numbers: up to six columns and twelve rows, optionally in labelled groups.',
    useWhen: [
      'Several measures for each of a few things.',
      'Reference values the audience will read row by row.',
      'Rows that fall into groups (regions, tiers): use groups.',
    ],
    avoidWhen: [
      'One measure compared across things: use slideBars.',
      'Yes/partly/no support per option: use slideMatrix.',
      'Terms with explanations: use slideDefinitions.',
      'A few headline numbers: use slideStats.',
    ],
    example: {
      type: 'slideTable',
      columns: ['Region', 'Orders', 'Errors'],
      rowHeaders: true,
      rows: [
        ['Europe', '48,210', '0.2%'],
        ['North America', '61,905', '0.1%'],
      ],
    },
  },
  examples: [
    {
      type: 'slideTable',
      label: 'Plans from 1 July',
      columns: ['Plan', 'Seats', 'Storage', 'Price / month'],
      rowHeaders: true,
      rows: [
        ['Starter', '5', '50 GB', '€0'],
        ['Team', '25', '1 TB', '€120'],
        ['Business', 'Unlimited', '10 TB', '€640'],
      ],
    },
    {
      name: 'rows in groups',
      node: {
        type: 'slideTable',
        label: 'Incidents this quarter',
        columns: ['Service', 'Incidents', 'Longest', 'Owner'],
        rowHeaders: true,
        groups: [
          {
            label: 'Customer-facing',
            rows: [
              ['Checkout', '2', '38 min', 'Payments'],
              ['Search', '1', '12 min', 'Discovery'],
              ['Accounts', '0', '—', 'Identity'],
            ],
          },
          {
            label: 'Internal',
            rows: [
              ['Billing export', '3', '4 h', 'Finance tools'],
              ['Stock sync', '1', '55 min', 'Supply'],
            ],
          },
        ],
      },
    },
  ],
  renderers: {
    html: (node) => {
      const columns = node.columns.length;
      const drawn = lines(node);
      const step = largestStep(loadFits(drawn.length, tokens.fits));
      const rowHtml = (row: Row): Markup =>
        html`<div class="${gridClass(columns)}">${node.columns.map((_, index) => html`<div class="${C}-cell${index === 0 && node.rowHeaders ? ` ${C}-rowhead` : ''}">${row[index] ?? ''}</div>`)}</div>`;
      return html`<div class="${C} ${C}-${step}">${node.label ? html`<div class="${C}-label">${node.label}</div>` : ''}<div class="${C}-body"><div class="${gridClass(columns)} ${C}-head">${node.columns.map(
        (column) => html`<div class="${C}-cell">${column}</div>`,
      )}</div>${drawn.map((line) => (line.kind === 'group' ? html`<div class="${C}-group">${line.label}</div>` : rowHtml(line.cells)))}</div></div>`;
    },
    text: (node) => {
      const rows = [node.columns, ...lines(node).flatMap((line) => (line.kind === 'row' ? [line.cells] : []))];
      // Padded by display width, so the columns line up in a monospace view whatever the script.
      const widths = node.columns.map((_, index) => Math.max(...rows.map((row) => displayWidth(row[index] ?? ''))));
      const format = (row: Row) =>
        node.columns
          .map((_, index) =>
            index === node.columns.length - 1 ? (row[index] ?? '') : padToWidth(row[index] ?? '', widths[index]!),
          )
          .join('  ')
          .trimEnd();
      const body = lines(node).map((line) => (line.kind === 'group' ? `\n${line.label}` : format(line.cells)));
      return [node.label?.toUpperCase(), [format(node.columns), ...body].join('\n')].filter(Boolean).join('\n\n');
    },
    markdown: (node) => {
      const blank = node.columns.slice(1).map(() => '');
      const row = (cells: Row): MarkdownInlineChild[] =>
        node.columns.map((_, index) =>
          index === 0 && node.rowHeaders ? md.strong(cells[index] ?? '') : (cells[index] ?? ''),
        );
      return md.content(
        node.label && md.paragraph(md.strong(node.label)),
        md.table(
          node.columns,
          lines(node).map((line) => (line.kind === 'group' ? [md.emphasis(line.label), ...blank] : row(line.cells))),
        ),
      );
    },
    // A native table block: the header row first, row names in bold, group labels as bold rows.
    slack: (node) => {
      const width = node.columns.length;
      const rows = [
        node.columns.map(rawCell),
        ...lines(node).map((line) =>
          line.kind === 'group'
            ? [boldCell(line.label), ...Array.from({ length: width - 1 }, () => rawCell(''))]
            : node.columns.map((_, index) =>
                index === 0 && node.rowHeaders ? boldCell(line.cells[index] ?? '') : rawCell(line.cells[index] ?? ''),
              ),
        ),
      ];
      return [...(node.label ? [mrkdwnSection(mrkdwnBold(node.label))] : []), { type: 'table', rows }];
    },
  },
  css: [
    `.${C}{display:flex;flex-direction:column;min-width:0}`,
    `.${C}-label{${font('label')};color:${color('textSubtle')};margin-bottom:${space.px16}px}`,
    `.${C}-body{display:flex;flex-direction:column;border-top:${stroke.rail}px solid ${color('text')}}`,
    `.${C}-row{display:grid;border-bottom:${stroke.hairline}px solid ${color('border')}}`,
    `.${C}-n1{grid-template-columns:minmax(0,1fr)}`,
    ...[2, 3, 4, 5, 6].map((n) => `.${C}-n${n}{grid-template-columns:minmax(0,1.4fr) repeat(${n - 1},minmax(0,1fr))}`),
    `.${C}-cell{min-width:0;${font('bodyL')};font-size:${tokens.cell.l}px;` +
      `line-height:${tokens.line};padding:${tokens.padY.l}px ${tokens.padX.l}px}`,
    `.${C}-head{background:${color('bgTableHead')}}`,
    `.${C} .${C}-head .${C}-cell{${font('label')};color:${color('textSoft')};` +
      `padding-top:${space.px16}px;padding-bottom:${space.px16}px}`,
    `.${C}-rowhead{font-weight:700}`,
    `.${C}-group{${font('label')};color:${color('primary')};background:${color('bgMuted')};` +
      `padding:${space.px12}px ${tokens.padX.l}px;border-bottom:${stroke.hairline}px solid ${color('border')}}`,
    ...(['m', 's'] as const).flatMap((step) => [
      `.${C}-${step} .${C}-cell{font-size:${tokens.cell[step]}px;` +
        `padding:${tokens.padY[step]}px ${tokens.padX[step]}px}`,
      `.${C}-${step} .${C}-head .${C}-cell{padding-top:${tokens.padY[step]}px;padding-bottom:${tokens.padY[step]}px}`,
      `.${C}-${step} .${C}-group{padding:${tokens.padY[step]}px ${tokens.padX[step]}px}`,
    ]),
  ].join(''),
});
