/**
 * slideDiff: a change to code line by line in one panel, added lines green with a plus, removed
 * lines red with a minus, context plain. For showing exactly what a change adds and removes.
 */
import * as z from 'zod';
import { definePrimitive } from '../../../core/model/primitive.ts';
import { html } from '../../../core/model/markup.ts';
import { md } from '../../../core/markdown/builder.ts';
import { lineText } from '../fields.ts';
import { code, codeLine, columnCap, preformatted, widthMessage } from '../parts/code-panel.ts';
import { keepSpaces } from '../parts/mono.ts';
import { charLoad } from '../parts/type-scale.ts';
import { color, font, PREFIX } from '../style.ts';
import { radius, space, stroke } from '../theme.ts';

const OPS = ['add', 'remove'] as const;
type Op = (typeof OPS)[number] | 'context';

/** The sign before each line, on every surface: what unified diffs print. */
const SIGN: Record<Op, string> = { add: '+', remove: '-', context: ' ' };
/** The sign and the space after it take two columns of the panel (drawn as text, so exactly two). */
const GUTTER = 2;
const MAX_LINES = 14;
const NBSP = '\u00A0';

const diffCap = (dense: boolean): number => columnCap(1, dense) - GUTTER;
const isDense = (lines: readonly unknown[]): boolean => lines.length > code.denseAfter;

const lineSchema = z.strictObject({
  text: codeLine().describe('The line without its sign, indented with spaces; "" for a blank line.'),
  op: z.enum(OPS).optional().describe('add or remove; omit for an unchanged context line.'),
});

type DiffLine = z.output<typeof lineSchema>;
const signed = (line: DiffLine): string => `${SIGN[line.op ?? 'context']}${line.text}`;

export const slideDiff = definePrimitive({
  type: 'slideDiff',
  schema: z.object({
    type: z.literal('slideDiff'),
    file: lineText('A caption over the diff: the file, or what changed.').optional(),
    language: lineText('The language, shown as a tag; Markdown always fences a diff as `diff`.').optional(),
    lines: z
      .array(lineSchema)
      .min(1)
      .max(MAX_LINES)
      .superRefine((lines, ctx) => {
        const cap = diffCap(isDense(lines));
        lines.forEach((line, i) => {
          if (charLoad(line.text) > cap)
            ctx.addIssue({ code: 'custom', path: [i, 'text'], message: widthMessage(line.text, cap) });
        });
      })
      .describe(
        `The changed region, in order. More than ${code.denseAfter} lines set dense type. Lines never wrap: ` +
          `each holds ${diffCap(false)} columns (${diffCap(true)} with dense type); wide characters count 2.`,
      ),
  }),
  catalog: {
    name: 'Diff',
    group: 'Code',
    purpose: 'A change to code, line by line: added lines green with +, removed lines red with −, context plain.',
    useWhen: ['Showing exactly what a change adds and removes.', 'A reordering or a one-line fix, in context.'],
    avoidWhen: [
      'Two versions to compare as a whole: use slideCode with two panels.',
      'Code with no change to show: use slideCode.',
    ],
    example: {
      type: 'slideDiff',
      file: 'refund.ts',
      language: 'ts',
      lines: [
        { text: 'export const refund = async (order: Order) => {' },
        { text: '  await fraud.check(order);', op: 'remove' },
        { text: '  await ledger.write(order.id, -order.total);' },
        { text: '  await fraud.check(order);', op: 'add' },
        { text: '};' },
      ],
    },
  },
  examples: [
    {
      type: 'slideDiff',
      file: 'cart/store.ts · keep carts through a lost connection',
      language: 'ts',
      lines: [
        { text: 'export async function saveCart(cart: Cart) {' },
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the example shows real source code
        { text: '  await fetch(`/carts/${cart.id}`, { method: "PUT", body: json(cart) });', op: 'remove' },
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the example shows real source code
        { text: '  localStorage.setItem(`cart:${cart.id}`, json(cart));', op: 'add' },
        { text: '  await outbox.push({ kind: "cart", id: cart.id });', op: 'add' },
        { text: '}' },
      ],
    },
    {
      name: 'dense, no caption',
      node: {
        type: 'slideDiff',
        lines: [
          { text: 'jobs:' },
          { text: '  test:' },
          { text: '    runs-on: ubuntu-latest' },
          { text: '    steps:' },
          { text: '      - uses: actions/checkout@v4' },
          { text: '      - uses: actions/setup-node@v4' },
          { text: '        with: { node-version: 20 }', op: 'remove' },
          { text: '        with: { node-version: 22, cache: npm }', op: 'add' },
          { text: '      - run: npm ci' },
          { text: '      - run: npm test', op: 'remove' },
          // biome-ignore lint/suspicious/noTemplateCurlyInString: the example shows real source code
          { text: '      - run: npm test -- --shard=${{ matrix.shard }}', op: 'add' },
          { text: '    strategy:', op: 'add' },
          { text: '      matrix: { shard: [1/2, 2/2] }', op: 'add' },
        ],
      },
    },
  ],
  renderers: {
    html: (node) =>
      html`<div class="${PREFIX}-diff${isDense(node.lines) ? ` ${PREFIX}-diff-dense` : ''}">${
        node.file || node.language
          ? html`<div class="${PREFIX}-diff-caption"><span>${node.file ?? ''}</span>${node.language ? html`<span class="${PREFIX}-diff-lang">${node.language}</span>` : ''}</div>`
          : ''
      }<div class="${PREFIX}-diff-lines">${node.lines.map((line) => {
        const op = line.op ?? 'context';
        return html`<div class="${PREFIX}-diff-line ${PREFIX}-diff-${op}"><span class="${PREFIX}-diff-sign">${SIGN[op].padEnd(GUTTER).replace(/ /g, NBSP)}</span>${keepSpaces(line.text)}</div>`;
      })}</div></div>`,
    text: (node) => [node.file, node.lines.map(signed).join('\n')].filter(Boolean).join('\n'),
    markdown: (node) =>
      md.content(
        node.file && md.paragraph(md.strong(node.file)),
        md.codeBlock(node.lines.map(signed).join('\n'), 'diff'),
      ),
    slack: (node) => preformatted(node.lines.map(signed).join('\n'), node.file),
  },
  css: [
    `.${PREFIX}-diff{display:flex;flex-direction:column;background:${color('codeFill')};` +
      `border:${stroke.panel}px solid ${color('border')};border-radius:${radius.panel}px;overflow:hidden}`,
    `.${PREFIX}-diff-caption{display:flex;justify-content:space-between;align-items:center;` +
      `gap:${space.px16}px;padding:${space.px12}px ${code.padX}px;` +
      `border-bottom:${stroke.panel}px solid ${color('border')};${font('chrome')};color:${color('textSoft')}}`,
    `.${PREFIX}-diff-lang{${font('label')};color:${color('textSubtle')}}`,
    `.${PREFIX}-diff-lines{display:flex;flex-direction:column;padding:${code.padY}px 0;${font('mono', 'mono')}}`,
    `.${PREFIX}-diff-line{white-space:pre;overflow:hidden;height:${code.row.normal}px;` +
      `line-height:${code.row.normal}px;padding:0 ${code.padX}px}`,
    `.${PREFIX}-diff-dense .${PREFIX}-diff-line{font-size:${code.size.dense}px;` +
      `height:${code.row.dense}px;line-height:${code.row.dense}px}`,
    `.${PREFIX}-diff-sign{font-weight:700;color:${color('textSubtle')}}`,
    `.${PREFIX}-diff-add{background:${color('addBg')}}`,
    `.${PREFIX}-diff-add .${PREFIX}-diff-sign{color:${color('add')}}`,
    `.${PREFIX}-diff-remove{background:${color('removeBg')}}`,
    `.${PREFIX}-diff-remove .${PREFIX}-diff-sign{color:${color('remove')}}`,
  ].join(''),
});
