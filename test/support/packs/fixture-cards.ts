/**
 * A second pack served beside the slides: a board of at most three cards, with its own guide, rules
 * and frame. Its `Data` group shares a title with the slides pack's, so the guide's index merges them.
 */
import * as z from 'zod';
import { requiredString } from '../../../src/core/model/composition.ts';
import type { Frame } from '../../../src/core/model/frame.ts';
import { md } from '../../../src/core/markdown/builder.ts';
import { html, joinMarkup } from '../../../src/core/model/markup.ts';
import { definePrimitivePack } from '../../../src/core/model/pack.ts';
import { definePrimitive } from '../../../src/core/model/primitive.ts';

/** What the cards frame allows on one board. */
export const MAX_FIXTURE_CARDS = 3;

export const fixtureCard = definePrimitive({
  type: 'card',
  schema: z.object({
    type: z.literal('card'),
    title: requiredString().max(60),
    text: requiredString().max(280).optional(),
  }),
  catalog: {
    purpose: 'A titled note on the board.',
    useWhen: ['One point with a short explanation.'],
    avoidWhen: ['A number: use `cardStat`.'],
    example: { type: 'card', title: 'Refunds', text: 'Settle in two days.' },
    group: 'Cards',
  },
  examples: [{ type: 'card', title: 'Refunds', text: 'Settle in two days.' }],
  renderers: {
    html: (node) =>
      html`<section class="card"><h2>${node.title}</h2>${node.text ? html`<p>${node.text}</p>` : ''}</section>`,
    text: (node) => [node.title, node.text].filter(Boolean).join('\n'),
    markdown: (node) => md.content(md.heading(2, node.title), node.text ? md.paragraph(node.text) : []),
  },
  css: '.card{border:2px solid #d0d7de;border-radius:12px;padding:16px;margin:0 0 16px}',
  metrics: { snapshotHeight: () => 140 },
});

export const fixtureCardStat = definePrimitive({
  type: 'cardStat',
  schema: z.object({
    type: z.literal('cardStat'),
    label: requiredString().max(60),
    value: requiredString().max(20),
  }),
  catalog: {
    purpose: 'One number on a card, with what it counts.',
    useWhen: ['A figure the reader should remember.'],
    avoidWhen: ['Prose: use `card`.'],
    example: { type: 'cardStat', label: 'Refunds settled', value: '98%' },
    group: 'Data',
  },
  examples: [{ type: 'cardStat', label: 'Refunds settled', value: '98%' }],
  renderers: {
    html: (node) => html`<section class="card"><strong>${node.value}</strong> ${node.label}</section>`,
    text: (node) => `${node.value} ${node.label}`,
    markdown: (node) => md.content(md.paragraph(`${node.value} ${node.label}`)),
  },
  metrics: { snapshotHeight: () => 100 },
});

export const FIXTURE_CARDS_GUIDE =
  'A board shows a few cards side by side, read at a glance: a title each and a sentence at most.';

export const FIXTURE_CARDS_RULES = [
  `At most ${MAX_FIXTURE_CARDS} cards on a board; put the rest on another board.`,
  'Give every card a title of a few words.',
];

/** The board: 960 px wide, as tall as its cards say, at most three cards. */
export const fixtureBoardFrame: Frame<{ ink: string; paper: string }> = {
  defaultWidth: 960,
  theme: { light: { ink: '#1f2328', paper: '#ffffff' }, dark: { ink: '#e6edf3', paper: '#0d1117' } },
  estimateHeight: (composition, dispatcher) =>
    64 + composition.body.reduce((sum, node) => sum + dispatcher.estimateSnapshotHeight(node), 0),
  validateBody: (body) =>
    body.length > MAX_FIXTURE_CARDS
      ? [
          `a board holds at most ${MAX_FIXTURE_CARDS} cards: the body holds ${body.length}; put the rest on another board`,
        ]
      : [],
  wrap: (header, body, viewport) =>
    html`<div class="card-board" style="width:${viewport.width}px;height:${viewport.height}px;color:${viewport.theme.ink};background:${viewport.theme.paper}">${header.title ? html`<h1>${header.title}</h1>` : ''}${joinMarkup(body)}</div>`,
  css: '.card-board{font-family:Inter;padding:32px;box-sizing:border-box;display:flex;flex-direction:column}',
};

export const fixtureCardsPack = definePrimitivePack({
  id: 'cards',
  primitives: [fixtureCard, fixtureCardStat],
  authoring: { groupOrder: ['Cards', 'Data'], guide: FIXTURE_CARDS_GUIDE, rules: FIXTURE_CARDS_RULES },
  frame: { name: 'board', frame: fixtureBoardFrame },
});

/** A board of `count` cards. */
export function fixtureBoard(count: number) {
  return {
    type: 'view',
    title: 'Settlement',
    body: Array.from({ length: count }, (_, i) => ({ type: 'card', title: `Point ${i + 1}`, text: 'Short.' })),
  };
}
