/**
 * slideTree: a folder and up to eight files or folders inside it, each with a note on what lives
 * there. For walking through how a module or repository is laid out, or pointing at where code
 * lives.
 */
import * as z from 'zod';
import { definePrimitive } from '../../../core/model/primitive.ts';
import { html } from '../../../core/model/markup.ts';
import { md } from '../../../core/markdown/builder.ts';
import { lineText, wrappedText } from '../fields.ts';
import { largestStep, loadFits } from '../parts/type-scale.ts';
import { marksHtml, marksMarkdown, marksText } from '../marks.ts';
import { color, font, PREFIX } from '../style.ts';
import { glyphs, space, stroke, type } from '../theme.ts';

const C = `${PREFIX}-tree`;

/**
 * Type per step (no `size` field: the step follows the entry count). The most rows each step takes
 * come to about 430–530 px with the root, inside the body under a two-line heading.
 */
const tokens = {
  root: { l: 48, m: type.itemTitle.size, s: type.nodeTitle.size },
  name: { l: 40, m: type.lede.size, s: 30 },
  body: { l: 40, m: type.lede.size, s: 30 },
  rowPad: { l: space.px16, m: space.px12, s: space.px8 },
  fits: { l: 4, m: 6 },
  /** The trunk sits under the root's first glyph; each branch runs this far to its entry. */
  trunkInset: space.px12,
  branch: space.px40,
} as const;

/** The tree drawn in characters, for text: one glyph per branch shape. */
const BRANCH = { middle: '├──', last: '└──' } as const;

const FOLDER = '/';

const isFolder = (name: string) => name.endsWith(FOLDER);

/** A name may end with `/` (a folder) but hold no other: the tree draws one level only. */
const oneLevel = (name: string) => !name.slice(0, -1).includes(FOLDER);

const entry = z
  .strictObject({
    name: lineText('A file, or a folder ending with "/". One level only: no "/" except that last one.').refine(
      oneLevel,
      {
        error: 'must name one level only: a "/" may only end a folder name',
      },
    ),
    body: wrappedText('What lives there, in a short phrase.'),
  })
  .describe('One file or folder directly inside the root.');

export const slideTree = definePrimitive({
  type: 'slideTree',
  schema: z.object({
    type: z.literal('slideTree'),
    root: lineText('The folder the entries sit in, e.g. "checkout/".'),
    entries: z
      .array(entry)
      .min(1)
      .max(8)
      .describe('One to eight entries, one level deep, in the order to read them; connectors are drawn automatically.'),
  }),
  catalog: {
    name: 'Tree',
    group: 'Diagrams',
    purpose: 'A folder and up to eight files or folders inside it, each with a note on what lives there.',
    useWhen: [
      'Walking through how a module or repository is laid out.',
      'Pointing at where a piece of the code lives.',
    ],
    avoidWhen: [
      'One thing reaching several receivers: use slideFanout.',
      'Stacked tiers of a system: use slideLayers.',
      'Actual file contents: use slideCode.',
    ],
    example: {
      type: 'slideTree',
      root: 'refunds/',
      entries: [
        { name: 'issue.ts', body: 'Validates the request and the amount' },
        { name: 'ledger/', body: 'The reversal entries, one per currency' },
        { name: 'notify.ts', body: 'The customer email' },
      ],
    },
  },
  examples: [
    {
      type: 'slideTree',
      root: 'search/',
      entries: [
        { name: 'query.ts', body: 'Parses what the shopper typed' },
        { name: 'typos.ts', body: 'Finds the words they **meant**' },
        { name: 'ranking/', body: 'One scorer per signal' },
      ],
    },
    {
      name: 'eight entries',
      node: {
        type: 'slideTree',
        root: 'services/orders/',
        entries: [
          { name: 'api/', body: 'HTTP handlers, one file per route' },
          { name: 'domain/', body: 'Order, line item, and the state machine' },
          { name: 'events/', body: 'What we publish, and the schemas' },
          { name: 'storage/', body: 'Postgres queries and migrations' },
          { name: 'jobs/', body: 'Nightly reconciliation with payments' },
          { name: 'config.ts', body: 'Every setting, with its default' },
          { name: 'main.ts', body: 'Wires it together and starts the server' },
          { name: 'README.md', body: 'How to run it locally in `docker compose`' },
        ],
      },
    },
  ],
  renderers: {
    html: (node) => {
      const size = largestStep(loadFits(node.entries.length, tokens.fits));
      const last = node.entries.length - 1;
      return html`<div class="${C} ${C}-${size}"><div class="${C}-root">${node.root}</div><div class="${C}-entries">${node.entries.map(
        (item, i) =>
          html`<div class="${C}-link"><div class="${C}-rail ${C}-rail-up"></div><div class="${C}-rail${i < last ? ` ${C}-rail-on` : ''}"></div></div><div class="${C}-name${isFolder(item.name) ? ` ${C}-folder` : ''}">${item.name}</div><div class="${C}-body"><span>${marksHtml(item.body)}</span></div>`,
      )}</div></div>`;
    },
    text: (node) => {
      const last = node.entries.length - 1;
      return [
        node.root,
        ...node.entries.map(
          (item, i) =>
            `${i < last ? BRANCH.middle : BRANCH.last} ${item.name} ${glyphs.separator} ${marksText(item.body)}`,
        ),
      ].join('\n');
    },
    markdown: (node) =>
      md.content(
        md.paragraph(md.code(node.root)),
        md.list(
          node.entries.map((item) =>
            md.paragraph(md.code(item.name), ` ${glyphs.separator} `, marksMarkdown(item.body)),
          ),
        ),
      ),
  },
  css: [
    `.${C}{display:flex;flex-direction:column}`,
    `.${C}-root{${font('nodeTitle', 'mono')};font-weight:700;padding-bottom:${space.px8}px}`,
    // Each row's link cell is two stacked halves: the upper one carries the trunk down to the
    // branch (its bottom border), the lower one continues the trunk to the next row. Rows touch so
    // the trunk reads as one line from the root to the last entry.
    `.${C}-entries{display:grid;grid-template-columns:${tokens.branch}px auto minmax(0,1fr);` +
      `margin-left:${tokens.trunkInset}px}`,
    `.${C}-link{display:flex;flex-direction:column}`,
    `.${C}-rail{flex:1 1 0;border-left:${stroke.rail}px solid transparent}`,
    `.${C}-rail-up,.${C}-rail-on{border-left-color:${color('textSubtle')}}`,
    `.${C}-rail-up{border-bottom:${stroke.rail}px solid ${color('textSubtle')}}`,
    `.${C}-name{display:flex;align-items:center;padding-left:${space.px16}px;` +
      `padding-right:${space.px48}px;${font('mono', 'mono')};font-weight:600}`,
    `.${C}-folder{color:${color('primary')};font-weight:700}`,
    // The body's text sits in one span: as separate flex items, the runs around a mark would lose
    // the spaces between them.
    `.${C}-body{display:flex;align-items:center;${font('bodyL')};color:${color('textSoft')}}`,
    ...(['l', 'm', 's'] as const).map(
      (step) =>
        `.${C}-${step} .${C}-root{font-size:${tokens.root[step]}px}` +
        `.${C}-${step} .${C}-name{font-size:${tokens.name[step]}px}` +
        `.${C}-${step} .${C}-body{font-size:${tokens.body[step]}px}` +
        `.${C}-${step} .${C}-name,.${C}-${step} .${C}-body{padding-top:${tokens.rowPad[step]}px;` +
        `padding-bottom:${tokens.rowPad[step]}px}`,
    ),
  ].join(''),
});
