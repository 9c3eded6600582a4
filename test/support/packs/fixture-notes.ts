/**
 * A small pack for testing the runtime: a leaf with a native Slack renderer, a leaf that falls
 * back to Markdown, URL fields of both kinds, a picture type, plain and hybrid containers, a
 * container reaching its children through an array of objects, and a table.
 */
import * as z from 'zod';
import { definePrimitive } from '../../../src/core/model/primitive.ts';
import { definePrimitivePack } from '../../../src/core/model/pack.ts';
import { html } from '../../../src/core/model/markup.ts';
import { md } from '../../../src/core/markdown/builder.ts';
import { escapeMrkdwn, mrkdwnSection } from '../../../src/core/chat-hosts/slack/mrkdwn.ts';
import {
  assetUrl,
  BLOCKED_HREF,
  navigationHref,
  sanitizeAssetUrl,
  sanitizeNavigationHref,
} from '../../../src/core/model/url.ts';
import { requiredString } from '../../../src/core/model/composition.ts';
import type { Frame } from '../../../src/core/model/frame.ts';
import { joinMarkup } from '../../../src/core/model/markup.ts';

export const fixtureNote = definePrimitive({
  type: 'note',
  schema: z.object({
    type: z.literal('note'),
    text: requiredString().max(10_000),
    tone: z.enum(['info', 'warn']).optional(),
  }),
  catalog: {
    purpose: 'One paragraph of prose.',
    useWhen: ['A sentence or two.'],
    avoidWhen: ['Several points: use `stack`.'],
    example: { type: 'note', text: 'Deploys are green.' },
    name: 'Note',
  },
  examples: [
    { type: 'note', text: 'Deploys are green.' },
    { name: 'warning', node: { type: 'note', text: 'Disk at 91%.', tone: 'warn' } },
  ],
  renderers: {
    html: (node) => html`<p class="note${node.tone ? ` note-${node.tone}` : ''}">${node.text}</p>`,
    text: (node) => node.text,
    markdown: (node) => md.content(md.paragraph(node.text)),
    slack: (node) => mrkdwnSection(escapeMrkdwn(node.text)),
  },
  css: '.note{margin:0 0 8px}.note-warn{color:light-dark(#9a3412,#fdba74)}',
  metrics: { snapshotHeight: () => 40 },
});

export const fixtureLink = definePrimitive({
  type: 'link',
  schema: z.object({ type: z.literal('link'), label: requiredString(), href: navigationHref({ max: 2000 }) }),
  catalog: {
    purpose: 'A link with a label.',
    useWhen: ['Point at a page.'],
    avoidWhen: ['An image: use `picture`.'],
    example: { type: 'link', label: 'Runbook', href: 'https://example.com/runbook' },
  },
  examples: [{ type: 'link', label: 'Runbook', href: 'https://example.com/runbook' }],
  sanitize: (node) => ({ ...node, href: sanitizeNavigationHref(node.href) ?? BLOCKED_HREF }),
  renderers: {
    html: (node) => html`<a class="link" href="${node.href}">${node.label}</a>`,
    text: (node) => `${node.label} (${node.href})`,
    markdown: (node) => md.content(md.paragraph(md.link(node.href, node.label))),
  },
});

export const fixturePicture = definePrimitive({
  type: 'picture',
  schema: z.object({ type: z.literal('picture'), src: assetUrl(), alt: requiredString() }),
  catalog: {
    purpose: 'An image.',
    useWhen: ['A chart someone drew.'],
    avoidWhen: ['Text: use `note`.'],
    example: { type: 'picture', src: 'https://example.com/chart.png', alt: 'Latency by region' },
  },
  examples: [{ type: 'picture', src: 'https://example.com/chart.png', alt: 'Latency by region' }],
  sanitize: (node) => (sanitizeAssetUrl(node.src) === null ? null : node),
  renderers: {
    html: (node) => html`<img class="picture" src="${node.src}" alt="${node.alt}">`,
    text: (node) => node.alt,
    markdown: (node) => md.content(md.paragraph(md.image(node.src, node.alt))),
  },
});

export const fixtureStack = definePrimitive({
  type: 'stack',
  schema: (bodyNode) => z.object({ type: z.literal('stack'), items: z.array(bodyNode).min(1).max(100) }),
  children: ['items'],
  catalog: {
    purpose: 'Nodes one under another.',
    useWhen: ['Group nodes.'],
    avoidWhen: ['One node.'],
    example: { type: 'stack', items: [{ type: 'note', text: 'One' }] },
  },
  examples: [
    {
      type: 'stack',
      items: [
        { type: 'note', text: 'One' },
        { type: 'note', text: 'Two' },
      ],
    },
  ],
  renderers: {
    html: (node, { scope }) => html`<div class="stack">${node.items.map((item) => scope.html(item))}</div>`,
    text: (node, { scope }) =>
      node.items
        .map((item) => scope.text(item))
        .filter(Boolean)
        .join('\n\n'),
    markdown: (node, { scope }) => md.content(node.items.map((item) => scope.markdown(item).blocks)),
    slack: (node, { scope }) => node.items.flatMap((item) => scope.slack(item)),
  },
  css: '.stack{display:flex;flex-direction:column;gap:8px}',
});

export const fixtureNotesCard = definePrimitive({
  type: 'card',
  schema: (bodyNode) =>
    z.object({
      type: z.literal('card'),
      title: requiredString().max(200),
      body: z.array(bodyNode).min(1).max(20).optional(),
    }),
  children: ['body'],
  hasOwnContent: () => true,
  catalog: {
    purpose: 'A titled box.',
    useWhen: ['A titled group.'],
    avoidWhen: ['No title: use `stack`.'],
    example: { type: 'card', title: 'Status' },
  },
  examples: [{ type: 'card', title: 'Status', body: [{ type: 'note', text: 'All good.' }] }],
  renderers: {
    html: (node, { scope }) =>
      html`<div class="card"><h3>${node.title}</h3>${(node.body ?? []).map((item) => scope.html(item))}</div>`,
    text: (node, { scope }) =>
      [node.title, ...(node.body ?? []).map((item) => scope.text(item))].filter(Boolean).join('\n\n'),
    markdown: (node, { scope }) =>
      md.content(
        md.heading(2, node.title),
        (node.body ?? []).map((item) => scope.markdown(item).blocks),
      ),
  },
});

export const fixtureSplit = definePrimitive({
  type: 'split',
  schema: (bodyNode) =>
    z.object({
      type: z.literal('split'),
      panes: z
        .array(z.object({ label: requiredString().optional(), items: z.array(bodyNode).min(1).max(6) }).strict())
        .length(2),
    }),
  children: ['panes[].items'],
  catalog: {
    purpose: 'Two panes side by side.',
    useWhen: ['Compare two things.'],
    avoidWhen: ['One column.'],
    example: {
      type: 'split',
      panes: [{ items: [{ type: 'note', text: 'A' }] }, { items: [{ type: 'note', text: 'B' }] }],
    },
  },
  examples: [
    {
      type: 'split',
      panes: [
        { label: 'Before', items: [{ type: 'note', text: 'A' }] },
        { label: 'After', items: [{ type: 'note', text: 'B' }] },
      ],
    },
  ],
  renderers: {
    html: (node, { scope }) =>
      html`<div class="split">${node.panes.map((pane) => html`<div>${pane.label ? html`<h4>${pane.label}</h4>` : ''}${pane.items.map((item) => scope.html(item))}</div>`)}</div>`,
    text: (node, { scope }) =>
      node.panes
        .map((pane) =>
          [pane.label?.toUpperCase(), ...pane.items.map((item) => scope.text(item))].filter(Boolean).join('\n\n'),
        )
        .join('\n\n'),
    markdown: (node, { scope }) =>
      md.content(
        node.panes.map((pane) => [
          pane.label && md.heading(2, pane.label),
          pane.items.map((item) => scope.markdown(item).blocks),
        ]),
      ),
    slack: (node, { scope }) => node.panes.flatMap((pane) => pane.items.flatMap((item) => scope.slack(item))),
  },
  css: '.split{display:grid;grid-template-columns:1fr 1fr;gap:16px}',
});

export const fixtureTable = definePrimitive({
  type: 'table',
  schema: z.object({
    type: z.literal('table'),
    columns: z.array(requiredString()).min(1).max(20),
    rows: z.array(z.array(z.string())).min(1).max(200),
  }),
  catalog: {
    purpose: 'Rows and columns.',
    useWhen: ['Compare values.'],
    avoidWhen: ['One value.'],
    example: { type: 'table', columns: ['Service', 'Status'], rows: [['api', 'up']] },
  },
  examples: [
    {
      type: 'table',
      columns: ['Service', 'Status'],
      rows: [
        ['api', 'up'],
        ['db', 'degraded'],
      ],
    },
  ],
  renderers: {
    html: (node) =>
      html`<table class="table"><thead><tr>${node.columns.map((c) => html`<th>${c}</th>`)}</tr></thead><tbody>${node.rows.map((row) => html`<tr>${row.map((cell) => html`<td>${cell}</td>`)}</tr>`)}</tbody></table>`,
    text: (node) => [node.columns.join(' | '), ...node.rows.map((row) => row.join(' | '))].join('\n'),
    markdown: (node) => md.content(md.table(node.columns, node.rows)),
    slack: (node) => ({
      type: 'table',
      rows: [node.columns, ...node.rows].map((row) => row.map((text) => ({ type: 'raw_text', text }))),
    }),
  },
});

export const fixtureNotesPack = definePrimitivePack({
  id: 'notes',
  primitives: [fixtureNote, fixtureLink, fixturePicture, fixtureStack, fixtureNotesCard, fixtureSplit, fixtureTable],
  css: '.notes-root{}',
  slackAssetTypes: ['picture'],
  authoring: {
    groups: [
      { title: 'Text', types: ['note', 'link'] },
      { title: 'Layout', types: ['stack', 'card', 'split'] },
    ],
  },
});

/** A card-shaped frame: 800 px wide, as tall as its nodes say, at most five top-level nodes. */
export const fixtureNotesFrame: Frame<{ ink: string }> = {
  defaultWidth: 800,
  theme: { light: { ink: '#111111' }, dark: { ink: '#eeeeee' } },
  estimateHeight: (composition, dispatcher) =>
    48 + composition.body.reduce((sum, node) => sum + dispatcher.estimateSnapshotHeight(node), 0),
  validateBody: (body) => (body.length > 5 ? [`at most 5 nodes, got ${body.length}`] : []),
  wrap: (header, body, viewport) =>
    html`<div class="card-frame" style="width:${viewport.width}px;height:${viewport.height}px;color:${viewport.theme.ink}">${header.title ? html`<h1>${header.title}</h1>` : ''}${joinMarkup(body)}</div>`,
  css: '.card-frame{font-family:Inter;background:light-dark(#ffffff,#000000)}',
};
