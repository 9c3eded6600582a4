/**
 * A tiny pack for the evals tests, small enough that sizes and selection scores can be worked out by
 * hand: `note` (one string), `figure` (a number and a label) and `stack`, a container whose `items`
 * hold other nodes (so the unknown-type walk has children to follow).
 */
import * as z from 'zod';
import { definePrimitive, definePrimitivePack, html, md, requiredString } from '../../src/index.ts';

const note = definePrimitive({
  type: 'note',
  schema: z.strictObject({ type: z.literal('note'), text: requiredString().max(200) }),
  catalog: { name: 'Note', purpose: 'One short paragraph of prose.', useWhen: ['Prose.'], avoidWhen: ['Numbers.'] },
  examples: [{ type: 'note', text: 'Refunds settle in two days.' }],
  renderers: {
    html: (node) => html`<p>${node.text}</p>`,
    text: (node) => node.text,
    markdown: (node) => md.content(md.paragraph(node.text)),
  },
});

const figure = definePrimitive({
  type: 'figure',
  schema: z.strictObject({ type: z.literal('figure'), value: z.number(), label: requiredString().max(60) }),
  catalog: { name: 'Figure', purpose: 'One number with its label.', useWhen: ['A number.'], avoidWhen: ['Prose.'] },
  examples: [{ type: 'figure', value: 2, label: 'days' }],
  renderers: {
    html: (node) => html`<p>${node.value} ${node.label}</p>`,
    text: (node) => `${node.value} ${node.label}`,
    markdown: (node) => md.content(md.paragraph(`${node.value} ${node.label}`)),
  },
});

const stack = definePrimitive({
  type: 'stack',
  schema: (bodyNode) => z.strictObject({ type: z.literal('stack'), items: z.array(bodyNode).min(1) }),
  catalog: { name: 'Stack', purpose: 'Nodes one above the other.', useWhen: ['Grouping.'], avoidWhen: ['One node.'] },
  examples: [{ type: 'stack', items: [{ type: 'note', text: 'Inside.' }] }],
  children: ['items'],
  renderers: {
    html: (node, { scope }) => html`<div>${node.items.map((item) => scope.html(item))}</div>`,
    text: (node, { scope }) => node.items.map((item) => scope.text(item)).join('\n'),
    markdown: (node, { scope }) => md.content(...node.items.flatMap((item) => scope.markdown(item).blocks)),
  },
});

export const evalsFixturePack = definePrimitivePack({ id: 'evals-fixture', primitives: [note, figure, stack] });
