/**
 * slideWindow: nodes framed as if on screen in a browser, terminal, Slack channel or chat, with a
 * matching title bar. For showing where something appears (a page at a URL, a command's output, a
 * message in a channel), so a mock-up reads as a product screen.
 */
import * as z from 'zod';
import type { PrimitiveNode } from '../../../core/model/composition.ts';
import { definePrimitive } from '../../../core/model/primitive.ts';
import { html } from '../../../core/model/markup.ts';
import { md } from '../../../core/markdown/builder.ts';
import { escapeMrkdwn, mrkdwnBold } from '../../../core/chat-hosts/slack/mrkdwn.ts';
import { lineText } from '../fields.ts';
import { color, font, PREFIX } from '../style.ts';
import { WINDOW_SLOT } from '../parts/slots.ts';
import { fonts, glyphs, radius, space, stroke, windowChrome as chrome } from '../theme.ts';

const CHROMES = ['browser', 'terminal', 'slack', 'chat'] as const;
type Chrome = (typeof CHROMES)[number];
/** What each chrome is called where no title bar can be drawn (text, Markdown, Slack). */
const CHROME_NAME: Record<Chrome, string> = { browser: 'Browser', terminal: 'Terminal', slack: 'Slack', chat: 'Chat' };
/** The title as the window shows it: a Slack channel gains its `#`. */
const shownTitle = (chrome: Chrome, title: string) => (chrome === 'slack' ? `#${title}` : title);

/** Embedded render bodies are separate slides, so a window drawn inside one is not nesting. */
const RENDER_TYPES: ReadonlySet<string> = new Set(['slideRender', 'slideRenderGrid', 'slideAnnotatedRender']);
const NESTED_MESSAGE = 'must not be inside another slideWindow';

/**
 * Paths (relative to the body) of windows inside it, at any depth. It reads the parsed data, not
 * the registry, so it sees through every container; it stops at the first window on each branch
 * because that window reports its own nested ones.
 */
function nestedWindows(value: unknown, path: (string | number)[], out: (string | number)[][]): void {
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) nestedWindows(item, [...path, i], out);
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  const record = value as Record<string, unknown>;
  if (record.type === 'slideWindow') {
    out.push(path);
    return;
  }
  if (typeof record.type === 'string' && RENDER_TYPES.has(record.type)) return;
  for (const [key, child] of Object.entries(record))
    if (typeof child === 'object') nestedWindows(child, [...path, key], out);
}

const body = (bodyNode: z.ZodType<PrimitiveNode>) =>
  z
    .array(bodyNode)
    .min(1)
    .superRefine((nodes, ctx) => {
      const found: (string | number)[][] = [];
      nestedWindows(nodes, [], found);
      for (const path of found) ctx.addIssue({ code: 'custom', path, message: NESTED_MESSAGE });
    })
    .describe(
      'What the window shows, top to bottom. Never another slideWindow, ' +
        'at any depth (a slideRender’s embedded slide excepted).',
    );

export const slideWindow = definePrimitive({
  type: 'slideWindow',
  schema: (bodyNode) =>
    z.object({
      type: z.literal('slideWindow'),
      chrome: z
        .enum(CHROMES)
        .describe(
          'The title bar: browser (address bar), terminal, slack ' +
            '(channel) or chat. The body is drawn the same for each.',
        ),
      title: lineText(
        'The title bar text: a URL for browser, a command for terminal, ' +
          'a thread name for chat, a channel name without # for slack.',
      ),
      body: body(bodyNode),
    }),
  children: ['body'],
  hasOwnContent: () => true,
  catalog: {
    name: 'Window',
    group: 'Layout',
    purpose: 'Frames nodes as if on screen in a browser, terminal, Slack channel or chat, with a matching title bar.',
    useWhen: [
      'Showing where something appears: a page at a URL, output of a command, a message in a channel.',
      'Making a mock-up read as a product screen rather than a slide.',
    ],
    avoidWhen: [
      'Real code or a command to copy: use slideCode or slideCommand, which draw their own panels.',
      'A conversation turn by turn: use slideTranscript.',
      'Showing an actual slide: use slideRender.',
    ],
    example: {
      type: 'slideWindow',
      chrome: 'slack',
      title: 'checkout-oncall',
      body: [
        {
          type: 'slideBulletList',
          label: 'Refund alert',
          marker: 'x',
          items: ['Refunds over €500 are waiting for review.', 'Oldest is 3 days old.'],
        },
      ],
    },
  },
  examples: [
    {
      type: 'slideWindow',
      chrome: 'browser',
      title: 'shop.example.com/checkout',
      body: [
        {
          type: 'slideBulletList',
          label: 'Checkout',
          marker: 'check',
          items: ['Card saved from last time.', 'Delivery tomorrow, 8–10 am.', 'Pay with one tap.'],
        },
      ],
    },
    {
      name: 'terminal',
      node: {
        type: 'slideWindow',
        chrome: 'terminal',
        title: 'npm run release -- --dry-run',
        body: [
          {
            type: 'slideBulletList',
            marker: 'check',
            items: ['Built 14 packages.', 'Changelog is up to date.', 'Nothing was published.'],
          },
        ],
      },
    },
    {
      name: 'slack channel',
      node: {
        type: 'slideWindow',
        chrome: 'slack',
        title: 'checkout-oncall',
        body: [
          {
            type: 'slideBulletList',
            label: 'Refund alert',
            marker: 'x',
            items: ['Refunds over €500 are waiting for review.', 'Oldest is 3 days old.'],
          },
        ],
      },
    },
    {
      name: 'chat with two nodes',
      node: {
        type: 'slideWindow',
        chrome: 'chat',
        title: 'Support assistant',
        body: [
          { type: 'slideBulletList', label: 'Customer asked', items: ['Where is my refund?'] },
          {
            type: 'slideBulletList',
            label: 'Assistant answered',
            marker: 'check',
            items: ['It was sent today and lands in two days.'],
          },
        ],
      },
    },
  ],
  renderers: {
    html: (node, { scope }) => {
      const dots = html`<div class="${PREFIX}-window-dots"><span class="${PREFIX}-window-dot"></span><span class="${PREFIX}-window-dot"></span><span class="${PREFIX}-window-dot"></span></div>`;
      const title = shownTitle(node.chrome, node.title);
      const bar =
        node.chrome === 'browser'
          ? html`${dots}<div class="${PREFIX}-window-address">${title}</div>`
          : node.chrome === 'terminal'
            ? html`${dots}<div class="${PREFIX}-window-command">${title}</div>`
            : html`${node.chrome === 'chat' ? html`<span class="${PREFIX}-window-avatar"></span>` : ''}<div class="${PREFIX}-window-name">${title}</div>`;
      return html`<div class="${PREFIX}-window ${PREFIX}-window-${node.chrome}"><div class="${PREFIX}-window-bar">${bar}</div><div class="${PREFIX}-window-body ${WINDOW_SLOT}">${node.body.map((child) => scope.html(child))}</div></div>`;
    },
    text: (node, { scope }) =>
      [
        `${CHROME_NAME[node.chrome]} ${glyphs.separator} ${shownTitle(node.chrome, node.title)}`,
        ...node.body.map((child) => scope.text(child)),
      ]
        .filter(Boolean)
        .join('\n\n'),
    markdown: (node, { scope }) =>
      md.content(
        md.blockquote(
          md.paragraph(
            md.strong(CHROME_NAME[node.chrome]),
            ` ${glyphs.separator} `,
            shownTitle(node.chrome, node.title),
          ),
          node.body.map((child) => scope.markdown(child)),
        ),
      ),
    slack: (node, { scope }) => [
      {
        type: 'context',
        elements: [
          {
            type: 'mrkdwn',
            text:
              `${mrkdwnBold(CHROME_NAME[node.chrome])} ${glyphs.separator} ` +
              `${escapeMrkdwn(shownTitle(node.chrome, node.title))}`,
          },
        ],
      },
      ...node.body.flatMap((child) => scope.slack(child)),
    ],
  },
  css: [
    `.${PREFIX}-window{display:flex;flex-direction:column;min-width:0;` +
      `border:${stroke.panel}px solid ${color('border')};` +
      `border-radius:${radius.panel}px;background:${color('bgSurface')};overflow:hidden}`,
    `.${PREFIX}-window-bar{display:flex;align-items:center;gap:${space.px16}px;` +
      `padding:${chrome.barPadY}px ${chrome.barPadX}px;background:${color('bgMuted')};` +
      `border-bottom:${stroke.panel}px solid ${color('border')};${font('chrome')};color:${color('textSoft')}}`,
    `.${PREFIX}-window-dots{display:flex;gap:${space.px8}px;flex:0 0 auto}`,
    `.${PREFIX}-window-dot{display:flex;width:${space.px16}px;` +
      `height:${space.px16}px;border-radius:50%;background:${color('borderDashed')}}`,
    `.${PREFIX}-window-address{display:flex;flex:1 1 auto;min-width:0;` +
      `padding:${chrome.addressPadY}px ${chrome.addressPadX}px;border-radius:${radius.chip}px;` +
      `background:${color('bgSurface')};border:${stroke.panel}px solid ${color('border')}}`,
    `.${PREFIX}-window-command{flex:1 1 auto;min-width:0;font-family:${fonts.mono}}`,
    `.${PREFIX}-window-avatar{display:flex;flex:0 0 auto;width:${space.px24}px;` +
      `height:${space.px24}px;border-radius:50%;background:${color('primary')}}`,
    `.${PREFIX}-window-name{flex:1 1 auto;min-width:0;font-weight:700;color:${color('text')}}`,
    `.${PREFIX}-window-body{display:flex;flex-direction:column;` +
      `gap:${chrome.bodyGap}px;padding:${chrome.bodyPad}px;min-width:0}`,
  ].join(''),
});
