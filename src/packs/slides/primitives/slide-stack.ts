/**
 * slideStack: several nodes one above the other where a single node is expected, with a set gap
 * between them. For two nodes in a split pane or a window, or nodes that should sit closer or
 * further apart than the frame's default gap.
 */
import * as z from 'zod';
import { definePrimitive } from '../../../core/model/primitive.ts';
import { html } from '../../../core/model/markup.ts';
import { md } from '../../../core/markdown/builder.ts';
import { PREFIX } from '../style.ts';
import { space } from '../theme.ts';

const SPACINGS = ['tight', 'normal', 'loose'] as const;
/** The gap each spacing step leaves between items. */
const GAP = { tight: space.px24, normal: space.px48, loose: space.px72 } as const;

export const slideStack = definePrimitive({
  type: 'slideStack',
  schema: (bodyNode) =>
    z.object({
      type: z.literal('slideStack'),
      items: z.array(bodyNode).min(1).describe('Nodes drawn top to bottom.'),
      spacing: z
        .enum(SPACINGS)
        .optional()
        .describe(
          `Gap between items: tight ${GAP.tight} px, normal ${GAP.normal} px (default), loose ${GAP.loose} px.`,
        ),
    }),
  children: ['items'],
  catalog: {
    name: 'Stack',
    group: 'Layout',
    purpose:
      'Puts several nodes one above the other where a single node is expected, or sets the spacing between them.',
    useWhen: [
      'A split pane or window needs two nodes with a set gap.',
      'Two nodes on a slide should sit closer together or further apart than the frame’s default gap.',
    ],
    avoidWhen: [
      'Content that reads side by side: use slideSplit.',
      'The frame body already stacks its nodes: list them there directly unless the spacing matters.',
    ],
    example: {
      type: 'slideStack',
      spacing: 'tight',
      items: [
        {
          type: 'slideBulletList',
          label: 'Before the release',
          marker: 'check',
          items: ['Migrations ran on staging.', 'The rollback was rehearsed.'],
        },
        { type: 'slideBulletList', label: 'Still open', marker: 'x', items: ['Load test at peak traffic.'] },
      ],
    },
  },
  examples: [
    {
      type: 'slideStack',
      items: [
        {
          type: 'slideBulletList',
          label: 'Shipped this quarter',
          marker: 'check',
          items: ['Saved carts across devices.', 'Apple Pay at checkout.'],
        },
        { type: 'slideBulletList', label: 'Next quarter', items: ['Split payments between two cards.'] },
      ],
    },
    {
      name: 'loose spacing',
      node: {
        type: 'slideStack',
        spacing: 'loose',
        items: [
          { type: 'slideBulletList', label: 'Keeps', items: ['One checkout page for web and app.'] },
          { type: 'slideBulletList', label: 'Drops', marker: 'x', items: ['The separate guest flow.'] },
        ],
      },
    },
  ],
  renderers: {
    html: (node, { scope }) =>
      html`<div class="${PREFIX}-stack ${PREFIX}-stack-${node.spacing ?? 'normal'}">${node.items.map((child) => scope.html(child))}</div>`,
    text: (node, { scope }) =>
      node.items
        .map((child) => scope.text(child))
        .filter(Boolean)
        .join('\n\n'),
    markdown: (node, { scope }) => md.content(node.items.map((child) => scope.markdown(child))),
    slack: (node, { scope }) => node.items.flatMap((child) => scope.slack(child)),
  },
  css: [
    `.${PREFIX}-stack{display:flex;flex-direction:column;min-width:0}`,
    ...SPACINGS.map((spacing) => `.${PREFIX}-stack-${spacing}{gap:${GAP[spacing]}px}`),
  ].join(''),
});
