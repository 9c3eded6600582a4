/**
 * slideCode: a short listing of real code in mono type with optional highlighted lines, or two
 * listings side by side with an arrow. For when the point is in the code itself (an API call, a
 * config, a fix), or before and after a change.
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
import { glyphs, radius, space, stroke } from '../theme.ts';

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
    group: 'Code',
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
              'main = "src/built-in/main.ts"',
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
