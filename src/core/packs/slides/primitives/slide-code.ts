import * as z from 'zod';
import { definePrimitive } from '../../../sdk/primitive.ts';
import { html } from '../../../sdk/markup.ts';
import { md } from '../../../sdk/markdown/content.ts';
import { quoteForMessage } from '../../../sdk/messages.ts';
import type { SlackBlock } from '../../../sdk/slack/blocks.ts';
import { lineText } from '../fields.ts';
import { charLoad } from '../size.ts';
import { color, font, PREFIX } from '../style.ts';
import { advance, CONTENT_WIDTH, glyphs, MIN_FONT_SIZE, radius, space, stroke, type } from '../theme.ts';
import { isOneLine, keepSpaces, ONE_LINE_MESSAGE } from './embedded-body.ts';

/**
 * Code geometry, shared with slideDiff. Lines never wrap, so the column a panel holds is a hard
 * cap checked at validation: text width over the mono advance at the panel's type size.
 */
export const code = {
  maxLines: 16,
  /** Panels with more lines than this set dense type. */
  denseAfter: 10,
  size: { normal: type.mono.size, dense: MIN_FONT_SIZE },
  /** Row heights in px: the theme's mono line height, tightened for dense type. */
  row: { normal: Math.round(type.mono.size * type.mono.line), dense: Math.round(MIN_FONT_SIZE * 1.35) },
  padX: space.px32,
  padY: space.px24,
  /** The arrow column between two panels. */
  arrow: space.px96,
} as const;

const panelWidth = (panels: 1 | 2): number => (panels === 1 ? CONTENT_WIDTH : (CONTENT_WIDTH - code.arrow) / 2);

/** Columns a panel's text holds: one full-width panel, or one of two beside each other. */
export function columnCap(panels: 1 | 2, dense: boolean): number {
  const text = panelWidth(panels) - 2 * code.padX - 2 * stroke.panel - stroke.bar;
  return Math.floor(text / (advance.mono * (dense ? code.size.dense : code.size.normal)));
}

/** The refusal for a line wider than its panel, quoting the line so the author can find it. */
export function widthMessage(line: string, cap: number): string {
  return (
    `must fit in ${cap} columns (wide characters count 2), this ` +
    `line takes ${charLoad(line)}: ${quoteForMessage(line, 48)}`
  );
}

/** One line of code: spaces, not tabs; blank lines as "". */
export const codeLine = () => z.string().refine(isOneLine, { error: ONE_LINE_MESSAGE });

const HIGHLIGHT_RULE = 'Each a 1-based line number no greater than the number of lines.';

/** `Highlighted: line 2` / `lines 2, 4` — what the non-visual surfaces say in place of the band. */
function highlightNote(lines: readonly number[]): string {
  const unique = [...new Set(lines)].sort((a, b) => a - b);
  return `Highlighted: line${unique.length === 1 ? '' : 's'} ${unique.join(', ')}`;
}

const panelSchema = z
  .strictObject({
    file: lineText('A caption over the panel: the file name, or what the code is.').optional(),
    language: lineText(
      'The language, e.g. "ts"; names the Markdown fence and is shown as a tag (no syntax colours).',
    ).optional(),
    lines: z
      .array(codeLine())
      .min(1)
      .max(code.maxLines)
      .describe(
        `One entry per line, indented with spaces, "" for a blank ` +
          `line. More than ${code.denseAfter} lines set dense type.`,
      ),
    highlightLines: z.array(z.number().int().min(1)).optional().describe(`Lines to highlight. ${HIGHLIGHT_RULE}`),
  })
  .superRefine((panel, ctx) => {
    panel.highlightLines?.forEach((line, i) => {
      if (line > panel.lines.length)
        ctx.addIssue({
          code: 'custom',
          path: ['highlightLines', i],
          message: `must be a line number from 1 to ${panel.lines.length}`,
        });
    });
  });

type Panel = z.output<typeof panelSchema>;

const isDense = (panels: readonly Panel[]): boolean => panels.some((panel) => panel.lines.length > code.denseAfter);

const WIDTH_RULE =
  `Lines never wrap: one panel holds ${columnCap(1, false)} columns (${columnCap(1, true)} with dense type), ` +
  `each of two panels ${columnCap(2, false)} (${columnCap(2, true)}); wide characters (CJK, emoji) count 2.`;

/** The caption line of a panel; the second of two is marked as what the first becomes. */
function captionOf(panel: Panel, index: number): string | undefined {
  const after = index === 1 ? glyphs.arrow : undefined;
  return [after, panel.file].filter(Boolean).join(' ') || undefined;
}

export const slideCode = definePrimitive({
  type: 'slideCode',
  schema: z.object({
    type: z.literal('slideCode'),
    panels: z
      .array(panelSchema)
      .min(1)
      .max(2)
      .superRefine((panels, ctx) => {
        const cap = columnCap(panels.length === 2 ? 2 : 1, isDense(panels));
        for (const [p, panel] of panels.entries())
          for (const [i, line] of panel.lines.entries())
            if (charLoad(line) > cap)
              ctx.addIssue({ code: 'custom', path: [p, 'lines', i], message: widthMessage(line, cap) });
      })
      .describe(
        `One panel, or two side by side with an arrow (before → ` +
          `after; full width only, never inside a split). ${WIDTH_RULE}`,
      ),
  }),
  catalog: {
    name: 'Code',
    purpose:
      'A short listing of real code in mono type, with optional ' +
      'highlighted lines, or two listings side by side with an arrow.',
    useWhen: [
      'The point is in the code itself: an API call, a config, a fix.',
      'Before and after a change, as two panels.',
      'Drawing the eye to one or two lines with highlightLines.',
    ],
    avoidWhen: [
      'A change shown line by line with additions and removals: use slideDiff.',
      'One command to run: use slideCommand.',
      'A conversation between a user, a model and a tool: use slideTranscript.',
    ],
    example: {
      type: 'slideCode',
      panels: [
        {
          file: 'refund.ts',
          language: 'ts',
          lines: [
            'export const refund = async (order: Order) => {',
            '  await ledger.write(order.id, -order.total);',
            '  return notify(order.customer);',
            '};',
          ],
          highlightLines: [2],
        },
      ],
    },
  },
  examples: [
    {
      type: 'slideCode',
      panels: [
        {
          file: 'checkout/route.ts',
          language: 'ts',
          lines: [
            "app.post('/checkout', async (req, res) => {",
            '  const cart = await carts.get(req.session.cartId);',
            '  const quote = await pricing.quote(cart, { region: req.region });',
            '',
            '  const payment = await payments.charge(req.user, quote.total);',
            '  res.json({ orderId: await orders.create(cart, payment) });',
            '});',
          ],
          highlightLines: [3, 5],
        },
      ],
    },
    {
      name: 'before and after',
      node: {
        type: 'slideCode',
        panels: [
          {
            file: 'Before',
            language: 'py',
            lines: ['for order in orders:', '    fraud.check(order)', '    ledger.write(order)', '    notify(order)'],
          },
          {
            file: 'After',
            language: 'py',
            lines: [
              'for order in orders:',
              '    ledger.write(order)',
              '    queue.put(fraud.check, order)',
              '    notify(order)',
            ],
            highlightLines: [2, 3],
          },
        ],
      },
    },
    {
      name: 'dense',
      node: {
        type: 'slideCode',
        panels: [
          {
            file: 'wrangler.toml',
            language: 'toml',
            lines: [
              'name = "basket-edge"',
              'main = "src/worker.ts"',
              'compatibility_date = "2025-06-01"',
              '',
              '[[kv_namespaces]]',
              'binding = "CARTS"',
              'id = "carts-production"',
              '',
              '[[queues.producers]]',
              'binding = "FRAUD"',
              'queue = "fraud-checks"',
              '',
              '[vars]',
              'REGION_FALLBACK = "eu-west"',
            ],
            highlightLines: [9, 10, 11],
          },
        ],
      },
    },
  ],
  renderers: {
    html: (node) => {
      const dense = isDense(node.panels);
      const panels = node.panels.map((panel) => {
        const marked = new Set(panel.highlightLines ?? []);
        return html`<div class="${PREFIX}-listing-panel">${
          panel.file || panel.language
            ? html`<div class="${PREFIX}-listing-caption"><span class="${PREFIX}-listing-file">${panel.file ?? ''}</span>${panel.language ? html`<span class="${PREFIX}-listing-lang">${panel.language}</span>` : ''}</div>`
            : ''
        }<div class="${PREFIX}-listing-lines">${panel.lines.map(
          (line, i) =>
            html`<div class="${PREFIX}-listing-line${marked.has(i + 1) ? ` ${PREFIX}-listing-marked` : ''}">${keepSpaces(line)}</div>`,
        )}</div></div>`;
      });
      const arrow = html`<div class="${PREFIX}-listing-arrow">${glyphs.arrow}</div>`;
      return html`<div class="${PREFIX}-listing ${PREFIX}-listing-n${node.panels.length}${dense ? ` ${PREFIX}-listing-dense` : ''}">${panels.length === 2 ? [panels[0], arrow, panels[1]] : panels}</div>`;
    },
    text: (node) =>
      node.panels
        .map((panel, i) =>
          [
            captionOf(panel, i),
            panel.lines.join('\n'),
            panel.highlightLines?.length ? highlightNote(panel.highlightLines) : undefined,
          ]
            .filter((part) => part !== undefined)
            .join('\n'),
        )
        .join('\n\n'),
    markdown: (node) =>
      md.content(
        node.panels.map((panel, i) => {
          const caption = captionOf(panel, i);
          return [
            caption && md.paragraph(md.strong(caption)),
            md.codeBlock(panel.lines.join('\n'), panel.language),
            panel.highlightLines?.length ? md.paragraph(md.emphasis(highlightNote(panel.highlightLines))) : undefined,
          ];
        }),
      ),
    // rich_text reads no syntax inside its text, so backticks and `<!channel>` in code stay literal.
    slack: (node) =>
      node.panels.map((panel, i) =>
        preformatted(
          panel.lines.join('\n'),
          captionOf(panel, i),
          panel.highlightLines?.length ? highlightNote(panel.highlightLines) : undefined,
        ),
      ),
  },
  css: [
    `.${PREFIX}-listing{display:flex;flex-direction:column}`,
    `.${PREFIX}-listing-n2{display:grid;grid-template-columns:minmax(0,1fr) ${code.arrow}px minmax(0,1fr);` +
      `align-items:start}`,
    `.${PREFIX}-listing-panel{display:flex;flex-direction:column;min-width:0;background:${color('codeFill')};` +
      `border:${stroke.panel}px solid ${color('border')};border-radius:${radius.panel}px;overflow:hidden}`,
    `.${PREFIX}-listing-caption{display:flex;justify-content:space-between;align-items:center;` +
      `gap:${space.px16}px;padding:${space.px12}px ${code.padX}px;` +
      `border-bottom:${stroke.panel}px solid ${color('border')};${font('chrome')};color:${color('textSoft')}}`,
    `.${PREFIX}-listing-lang{${font('label')};color:${color('textSubtle')}}`,
    `.${PREFIX}-listing-lines{display:flex;flex-direction:column;padding:${code.padY}px 0;${font('mono', 'mono')}}`,
    `.${PREFIX}-listing-line{white-space:pre;overflow:hidden;height:${code.row.normal}px;` +
      `line-height:${code.row.normal}px;padding:0 ${code.padX}px;border-left:${stroke.bar}px solid transparent}`,
    `.${PREFIX}-listing-dense .${PREFIX}-listing-line{font-size:${code.size.dense}px;` +
      `height:${code.row.dense}px;line-height:${code.row.dense}px}`,
    `.${PREFIX}-listing-marked{background:${color('primaryTint')};border-left-color:${color('primary')}}`,
    `.${PREFIX}-listing-arrow{display:flex;align-items:center;justify-content:center;` +
      `align-self:center;${font('itemTitle')};color:${color('textSubtle')}}`,
  ].join(''),
});

/**
 * A code listing as one `rich_text` block: an optional bold caption, the preformatted text, an
 * optional italic note. Slack reads nothing inside rich_text text, so the code needs no escaping.
 */
export function preformatted(text: string, caption?: string, note?: string): SlackBlock {
  return {
    type: 'rich_text',
    elements: [
      ...(caption
        ? [{ type: 'rich_text_section', elements: [{ type: 'text', text: caption, style: { bold: true } }] }]
        : []),
      // Slack refuses an empty text element; a listing of blank lines keeps one space.
      { type: 'rich_text_preformatted', elements: [{ type: 'text', text: text.trim() === '' ? ' ' : text }] },
      ...(note
        ? [{ type: 'rich_text_section', elements: [{ type: 'text', text: note, style: { italic: true } }] }]
        : []),
    ],
  };
}
