/**
 * A second, small pack for the pack conformance kit: team notes on a fixed 16:9 card. Four
 * primitives (prose, a checklist with its own Slack renderer, a link, and a two-column container)
 * and the frame the pack carries, which declares its layout geometry, so every suite of the kit
 * has something to read.
 * Written only from the public SDK, as a pack author outside this repository would.
 */
import * as z from 'zod';
import {
  BLOCKED_HREF,
  definePrimitive,
  definePrimitivePack,
  escapeMrkdwn,
  type Frame,
  html,
  joinMarkup,
  md,
  mrkdwnSection,
  navigationHref,
  requiredString,
  sanitizeNavigationHref,
} from '../../../src/index.ts';

/** The card's canvas and the padding its content keeps inside. */
const CARD = { width: 1200, height: 675, pad: 48 } as const;
/** The smallest text the card sets: the layout check reports anything drawn smaller. */
const SMALLEST_TEXT = 20;

export const fixtureNoteText = definePrimitive({
  type: 'noteText',
  schema: z.object({
    type: z.literal('noteText'),
    text: requiredString().max(400).describe('One or two sentences of prose.'),
    tone: z.enum(['plain', 'warn']).optional().describe('`warn` draws it as a caution.'),
  }),
  catalog: {
    name: 'Note',
    group: 'Text',
    purpose: 'One short paragraph of prose: a finding, a decision, a caveat.',
    useWhen: ['A sentence or two that stands alone.', 'A caution the reader must not miss (tone warn).'],
    avoidWhen: ['Several separate points: use `noteChecklist`.', 'A pointer to a page: use `noteLink`.'],
  },
  examples: [
    { type: 'noteText', text: 'The nightly export moved to 02:00 UTC; downstream jobs start an hour later.' },
    { name: 'caution', node: { type: 'noteText', text: 'Do not rotate the signing key before Friday.', tone: 'warn' } },
  ],
  renderers: {
    html: (node) => html`<p class="nk-text${node.tone === 'warn' ? ' nk-warn' : ''}">${node.text}</p>`,
    text: (node) => (node.tone === 'warn' ? `Caution: ${node.text}` : node.text),
    markdown: (node) =>
      md.content(
        node.tone === 'warn'
          ? md.blockquote(md.paragraph(md.strong('Caution:'), ` ${node.text}`))
          : md.paragraph(node.text),
      ),
  },
  css: '.nk-text{margin:0;font-size:28px;line-height:1.35}.nk-warn{color:#9a3412;font-weight:600}',
});

export const fixtureNoteChecklist = definePrimitive({
  type: 'noteChecklist',
  schema: z.object({
    type: z.literal('noteChecklist'),
    items: z
      .array(
        z
          .object({
            label: requiredString().max(120).describe('What to do, in a few words.'),
            done: z.boolean().optional(),
          })
          .strict(),
      )
      .min(1)
      .max(6),
  }),
  catalog: {
    name: 'Checklist',
    group: 'Lists',
    purpose: 'Up to six short tasks, each ticked when done.',
    useWhen: ['Follow-ups after a meeting.', 'Steps of a rollout and how far it got.'],
    avoidWhen: ['One point in prose: use `noteText`.'],
  },
  examples: [
    {
      type: 'noteChecklist',
      items: [
        { label: 'Move the export job', done: true },
        { label: 'Tell the data team' },
        { label: 'Watch the first run' },
      ],
    },
  ],
  renderers: {
    html: (node) =>
      html`<ul class="nk-list">${node.items.map((item) => html`<li class="nk-item">${item.done ? '☑' : '☐'} ${item.label}</li>`)}</ul>`,
    text: (node) => node.items.map((item) => `[${item.done ? 'x' : ' '}] ${item.label}`).join('\n'),
    markdown: (node) =>
      md.content(md.list(node.items.map((item) => md.paragraph(`${item.done ? '☑' : '☐'} ${item.label}`)))),
    // Slack's own check marks read better than a Markdown list converted to Block Kit.
    slack: (node) =>
      mrkdwnSection(
        node.items
          .map((item) => `${item.done ? ':white_check_mark:' : ':white_square:'} ${escapeMrkdwn(item.label)}`)
          .join('\n'),
      ),
  },
  css: '.nk-list{margin:0;padding:0;list-style:none;display:flex;flex-direction:column;gap:8px}.nk-item{font-size:26px}',
});

export const fixtureNoteLink = definePrimitive({
  type: 'noteLink',
  schema: z.object({
    type: z.literal('noteLink'),
    label: requiredString().max(80).describe('What the page is, as the reader would call it.'),
    href: navigationHref({ max: 2000 }),
  }),
  catalog: {
    name: 'Link',
    group: 'Text',
    purpose: 'A labelled link to the page that says more.',
    useWhen: ['Point at a runbook, a ticket or a dashboard.'],
    avoidWhen: ['Prose that happens to name a page: use `noteText`.'],
  },
  examples: [{ type: 'noteLink', label: 'Export runbook', href: 'https://example.com/runbooks/export' }],
  sanitize: (node) => ({ ...node, href: sanitizeNavigationHref(node.href) ?? BLOCKED_HREF }),
  renderers: {
    html: (node) => html`<a class="nk-link" href="${node.href}">${node.label}</a>`,
    text: (node) => `${node.label}: ${node.href}`,
    markdown: (node) => md.content(md.paragraph(md.link(node.href, node.label))),
  },
  css: '.nk-link{font-size:26px;color:#1d4ed8}',
});

export const fixtureNoteColumns = definePrimitive({
  type: 'noteColumns',
  schema: (bodyNode) =>
    z.object({
      type: z.literal('noteColumns'),
      columns: z
        .array(
          z
            .object({
              heading: requiredString().max(40).optional().describe('A word or two over the column.'),
              items: z.array(bodyNode).min(1).max(3),
            })
            .strict(),
        )
        .length(2),
    }),
  children: ['columns[].items'],
  catalog: {
    name: 'Columns',
    group: 'Layout',
    purpose: 'Two columns side by side, each with an optional heading.',
    useWhen: ['Before and after.', 'Two teams’ notes on the same change.'],
    avoidWhen: ['One list of points: use `noteChecklist`.'],
  },
  examples: [
    {
      type: 'noteColumns',
      columns: [
        { heading: 'Before', items: [{ type: 'noteText', text: 'The export ran at midnight.' }] },
        { heading: 'After', items: [{ type: 'noteText', text: 'It runs at 02:00 UTC.' }] },
      ],
    },
  ],
  renderers: {
    html: (node, { scope }) =>
      html`<div class="nk-columns">${node.columns.map((column) => html`<div class="nk-column">${column.heading ? html`<h3 class="nk-heading">${column.heading}</h3>` : ''}${column.items.map((item) => scope.html(item))}</div>`)}</div>`,
    text: (node, { scope }) =>
      node.columns
        .map((column) =>
          [column.heading?.toUpperCase(), ...column.items.map((item) => scope.text(item))].filter(Boolean).join('\n'),
        )
        .join('\n\n'),
    markdown: (node, { scope }) =>
      md.content(
        node.columns.map((column) => [
          column.heading && md.heading(3, column.heading),
          column.items.map((item) => scope.markdown(item).blocks),
        ]),
      ),
  },
  css:
    '.nk-columns{display:flex;flex-direction:row;gap:32px}.nk-column{flex:1;display:flex;flex-direction:column;gap:12px}' +
    '.nk-heading{margin:0;font-size:24px;font-weight:700}',
});

/** A fixed 16:9 card with the title on top, holding one to four notes. */
export const fixtureNoteCardFrame: Frame<{ ink: string; paper: string }> = {
  defaultWidth: CARD.width,
  theme: { light: { ink: '#111827', paper: '#ffffff' }, dark: { ink: '#f9fafb', paper: '#111827' } },
  estimateHeight: () => CARD.height,
  layout: {
    width: CARD.width,
    height: CARD.height,
    content: { left: CARD.pad, top: CARD.pad, right: CARD.width - CARD.pad, bottom: CARD.height - CARD.pad },
    minFontSize: SMALLEST_TEXT,
  },
  validateBody: (body) => (body.length > 4 ? [`a card holds at most 4 notes, got ${body.length}`] : []),
  wrap: (header, body, viewport) =>
    html`<div class="nk-card" style="width:${viewport.width}px;height:${viewport.height}px;color:${viewport.theme.ink};background:${viewport.theme.paper}">${header.title ? html`<h1 class="nk-title">${header.title}</h1>` : ''}${joinMarkup(body)}</div>`,
  css:
    `.nk-card{box-sizing:border-box;padding:${CARD.pad}px;font-family:Inter;display:flex;flex-direction:column;gap:20px}` +
    '.nk-title{margin:0;font-size:36px;font-weight:700}',
};

export const FIXTURE_NOTE_GROUP_TITLES = ['Text', 'Lists', 'Layout'] as const;

export const fixtureNotesKitPack = definePrimitivePack({
  id: 'notes-kit',
  primitives: [fixtureNoteChecklist, fixtureNoteColumns, fixtureNoteLink, fixtureNoteText],
  authoring: { groupOrder: FIXTURE_NOTE_GROUP_TITLES },
  frame: { name: 'card', frame: fixtureNoteCardFrame as Frame<unknown> },
});
