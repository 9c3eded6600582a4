/**
 * slideBulletList: up to six short points with dot, check or cross markers, under an optional
 * caption. For a few parallel points, or what is included (check) and left out (x).
 */
import * as z from 'zod';
import { definePrimitive } from '../../../core/model/primitive.ts';
import { html } from '../../../core/model/markup.ts';
import { md } from '../../../core/markdown/builder.ts';
import { lineText, wrappedText } from '../fields.ts';
import { marksHtml, marksMarkdown, marksText } from '../marks.ts';
import { color, font, PREFIX } from '../style.ts';
import { glyphs } from '../theme.ts';

const MARKERS = ['dot', 'check', 'x'] as const;
type Marker = (typeof MARKERS)[number];
/** One glyph per marker, shared by every surface. */
const MARKER_GLYPH: Record<Marker, string> = { dot: glyphs.dot, check: glyphs.check, x: glyphs.cross };

export const slideBulletList = definePrimitive({
  type: 'slideBulletList',
  schema: z.object({
    type: z.literal('slideBulletList'),
    items: z.array(wrappedText('One point, a short sentence.')).min(1).max(6),
    label: lineText('A caption above the list, drawn in capitals.').optional(),
    marker: z.enum(MARKERS).optional().describe('dot (default), check for done or included, x for excluded.'),
  }),
  catalog: {
    name: 'Bullet list',
    group: 'Text',
    purpose: 'Up to six short points, each one line or two, with dot, check or cross markers.',
    useWhen: ['A few parallel points.', 'What is included (check) or left out (x).'],
    avoidWhen: [
      'Points that each need a name: use slideList with terms.',
      'Steps in order: use slidePipeline or slideTimeline.',
    ],
    example: {
      type: 'slideBulletList',
      marker: 'check',
      items: ['Splits one order across nearby stores.', 'Charges the card once.'],
    },
  },
  examples: [
    {
      type: 'slideBulletList',
      items: ['Search tolerates typos', 'Carts survive a lost connection', 'Checkout saves a card in one tap'],
    },
    {
      name: 'checks with a label',
      node: {
        type: 'slideBulletList',
        label: 'Included',
        marker: 'check',
        items: [
          'Splits one order across nearby stores.',
          'Books one courier for the whole basket.',
          'Charges the card once.',
        ],
      },
    },
  ],
  renderers: {
    html: (node) => {
      const marker = node.marker ?? 'dot';
      return html`<div class="${PREFIX}-bullets">${node.label ? html`<div class="${PREFIX}-label">${node.label}</div>` : ''}<ul class="${PREFIX}-bullets-list">${node.items.map(
        (item) =>
          html`<li class="${PREFIX}-bullet"><span class="${PREFIX}-bullet-marker ${PREFIX}-marker-${marker}">${MARKER_GLYPH[marker]}</span><span>${marksHtml(item)}</span></li>`,
      )}</ul></div>`;
    },
    text: (node) => {
      const glyph = MARKER_GLYPH[node.marker ?? 'dot'];
      return [node.label?.toUpperCase(), node.items.map((item) => `${glyph} ${marksText(item)}`).join('\n')]
        .filter(Boolean)
        .join('\n\n');
    },
    markdown: (node) => {
      const marker = node.marker ?? 'dot';
      const prefix = marker === 'dot' ? [] : [`${MARKER_GLYPH[marker]} `];
      return md.content(
        node.label && md.paragraph(md.strong(node.label)),
        md.list(node.items.map((item) => md.paragraph(...prefix, marksMarkdown(item)))),
      );
    },
  },
  css: [
    `.${PREFIX}-bullets-list{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:20px}`,
    `.${PREFIX}-bullet{display:flex;gap:20px;align-items:baseline;${font('bodyL')}}`,
    `.${PREFIX}-bullet-marker{flex:0 0 auto;width:32px;font-weight:800;color:${color('primary')}}`,
    `.${PREFIX}-marker-x{color:${color('accent')}}`,
  ].join(''),
});
