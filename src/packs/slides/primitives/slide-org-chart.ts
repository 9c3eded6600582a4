/**
 * slideOrgChart: who reports to whom, as a tree of up to twelve people or teams over three levels,
 * with connectors. For a team's structure, or who owns what across an organisation.
 */
import * as z from 'zod';
import { definePrimitive } from '../../../core/model/primitive.ts';
import { html } from '../../../core/model/markup.ts';
import { md } from '../../../core/markdown/builder.ts';
import { lineText } from '../fields.ts';
import { DIAGRAM_ROOM, WINDOW_ROOM, WINDOW_WIDTH } from '../parts/diagram.ts';
import { WINDOW_SLOT } from '../parts/slots.ts';
import { largestStep, SIZES, sizeField, type SlideSize, textFits } from '../parts/type-scale.ts';
import { color, font, PREFIX } from '../style.ts';
import { CONTENT_WIDTH, glyphs, radius, space, stroke, type } from '../theme.ts';

const C = `${PREFIX}-org`;

/** Sizes per step; without `size`, the step follows the tallest branch and the names' widths. */
const tokens = {
  name: { l: type.nodeTitle.size, m: 30, s: 26 },
  title: { l: type.bodyS.size, m: 24, s: 24 },
  pad: { l: space.px20, m: space.px16, s: space.px12 },
  /** Height of the connectors between rows, and the gap between stacked reports. */
  link: { l: space.px32, m: space.px24, s: space.px20 },
  gap: { l: space.px12, m: space.px8, s: space.px8 },
  /** How far a manager's reports sit in from its box, where their rail runs down. */
  indent: space.px16,
  elbow: space.px20,
  column: space.px24,
} as const;

/** The vertical measures of a layout: box padding above and below, connectors, gaps, the title's line. */
interface Spacing {
  pad: Readonly<Record<SlideSize, number>>;
  link: Readonly<Record<SlideSize, number>>;
  gap: Readonly<Record<SlideSize, number>>;
  titleLine: number;
}

/**
 * Where the chart lays out: on the slide, or directly in a window's body, which is shorter; there
 * it keeps each step's type but tightens its padding, connectors and title line.
 */
const PLACES = {
  slide: {
    room: DIAGRAM_ROOM,
    width: CONTENT_WIDTH,
    spacing: { pad: tokens.pad, link: tokens.link, gap: tokens.gap, titleLine: type.bodyS.line },
  },
  window: {
    room: WINDOW_ROOM,
    width: WINDOW_WIDTH,
    spacing: {
      pad: { l: space.px16, m: space.px12, s: space.px8 },
      link: { l: space.px24, m: space.px16, s: space.px12 },
      gap: { l: space.px8, m: space.px8, s: space.px4 },
      titleLine: 1.2,
    },
  },
} as const satisfies Record<string, { room: number; width: number; spacing: Spacing }>;
type Place = (typeof PLACES)[keyof typeof PLACES];

const LIMITS = { people: 12, reports: 6, second: 4 } as const;

/** The tree drawn in characters, for text: the same glyphs slideTree uses. */
const BRANCH = { middle: '├── ', last: '└── ', through: '│   ', after: '    ' } as const;

const person = {
  name: lineText('The person’s or team’s name.'),
  title: lineText(
    'Their role or what the team owns, e.g. "Head of Platform". Leave it out if the user gave none.',
  ).optional(),
};

const third = z
  .strictObject({
    ...person,
    children: z
      .array(z.unknown())
      .max(0, { error: 'must be left out: an org chart draws three levels; show a deeper team on a slide of its own' })
      .optional()
      .describe('Not drawn: the third level is the last. Leave it out.'),
  })
  .describe('Someone on the third level.');

const second = z
  .strictObject({
    ...person,
    children: z
      .array(third)
      .min(1)
      .max(LIMITS.second)
      .optional()
      .describe(`Up to ${LIMITS.second} reports, drawn stacked under this box.`),
  })
  .describe('Someone reporting to the root.');

type Person = { name: string; title?: string | undefined; children?: readonly unknown[] | undefined };

/** A person's reports (the third level's list is always empty: its schema refuses any). */
const reportsOf = (entry: Person): readonly Person[] => (entry.children ?? []) as readonly Person[];

const countOf = (node: Person): number => 1 + reportsOf(node).reduce((sum, child) => sum + countOf(child), 0);

function boxHeight(step: SlideSize, spacing: Spacing): number {
  return (
    tokens.name[step] * type.nodeTitle.line +
    tokens.title[step] * spacing.titleLine +
    2 * spacing.pad[step] +
    2 * stroke.chip
  );
}

/** Height of the drawn chart at a step: the root, its row, and the longest stack of reports under it. */
function heightAt(root: Person, step: SlideSize, spacing: Spacing): number {
  const box = boxHeight(step, spacing);
  const deepest = Math.max(0, ...reportsOf(root).map((child) => reportsOf(child).length));
  const rows = reportsOf(root).length > 0 ? box + 2 * spacing.link[step] : 0;
  return box + rows + deepest * (box + spacing.gap[step]);
}

/** The step in a place: an author's size as it is, else the largest whose height and names fit there. */
function stepOf(root: Person, size: SlideSize | undefined, place: Place): SlideSize {
  if (size) return size;
  const columns = Math.max(1, reportsOf(root).length);
  const width = place.width / columns - tokens.column - 2 * tokens.pad.l - tokens.indent;
  const names = [root, ...reportsOf(root), ...reportsOf(root).flatMap(reportsOf)];
  const fits = names.map((entry) => textFits(entry.name, tokens.name, width, 1));
  return largestStep((step) => heightAt(root, step, place.spacing) <= place.room && fits.every((test) => test(step)));
}

/** The rules of one step in a place: `scope` selects the chart drawn at that step there. */
function stepCss(scope: string, step: SlideSize, spacing: Spacing): string {
  return (
    `${scope} .${C}-name{font-size:${tokens.name[step]}px}` +
    `${scope} .${C}-title{font-size:${tokens.title[step]}px}` +
    `${scope} .${C}-box{padding:${spacing.pad[step]}px ${tokens.pad[step] + space.px4}px}` +
    `${scope} .${C}-stem,${scope} .${C}-up{height:${spacing.link[step]}px}` +
    `${scope} .${C}-gap{height:${spacing.gap[step]}px}` +
    `${scope} .${C}-report>.${C}-box{margin-top:${spacing.gap[step]}px}`
  );
}

function box(entry: Person, extra = '') {
  return html`<div class="${C}-box${extra}"><div class="${C}-name">${entry.name}</div>${entry.title ? html`<div class="${C}-title">${entry.title}</div>` : ''}</div>`;
}

function label(entry: Person): string {
  return entry.title ? `${entry.name} ${glyphs.separator} ${entry.title}` : entry.name;
}

function textLines(entry: Person, prefix: string): string[] {
  const children = reportsOf(entry);
  return children.flatMap((child, i) => {
    const last = i === children.length - 1;
    return [
      `${prefix}${last ? BRANCH.last : BRANCH.middle}${label(child)}`,
      ...textLines(child, prefix + (last ? BRANCH.after : BRANCH.through)),
    ];
  });
}

function markdownItem(entry: Person): unknown[] {
  const line = md.paragraph(md.strong(entry.name), entry.title && ` ${glyphs.separator} ${entry.title}`);
  const children = reportsOf(entry);
  return children.length > 0 ? [line, md.list(children.map(markdownItem) as never)] : [line];
}

export const slideOrgChart = definePrimitive({
  type: 'slideOrgChart',
  schema: z
    .object({
      type: z.literal('slideOrgChart'),
      root: z
        .strictObject({
          ...person,
          children: z
            .array(second)
            .min(1)
            .max(LIMITS.reports)
            .optional()
            .describe(`Up to ${LIMITS.reports} people or teams reporting to the root, left to right.`),
        })
        .describe(
          `The person or team at the top. Three levels at most, ${LIMITS.people} people or teams in all; ` +
            'reporting lines are drawn automatically.',
        ),
      size: sizeField(),
    })
    .superRefine((node, ctx) => {
      const count = countOf(node.root);
      if (count > LIMITS.people)
        ctx.addIssue({
          code: 'custom',
          path: ['root'],
          message: `must hold at most ${LIMITS.people} people or teams in all, not ${count}: draw each team on a slide of its own`,
        });
    }),
  catalog: {
    name: 'Org chart',
    group: 'Diagrams',
    purpose: 'Who reports to whom: a tree of up to twelve people or teams over three levels, with connectors.',
    useWhen: [
      'A team’s structure: the lead, the people or teams reporting to them, and theirs.',
      'Who owns what across an organisation, one box per team.',
    ],
    avoidWhen: [
      'Files and folders: use slideTree.',
      'Stacked tiers of a system: use slideLayers.',
      'One thing reaching several receivers: use slideFanout.',
      'More than twelve people: one slide for the leads, then one per team.',
    ],
  },
  examples: [
    {
      type: 'slideOrgChart',
      root: {
        name: 'Dana Whitfield',
        title: 'Head of Platform',
        children: [
          { name: 'Runtime', title: 'Priya Raman', children: [{ name: 'Jobs' }, { name: 'Sandbox' }] },
          { name: 'Data', title: 'Tomás Ibarra', children: [{ name: 'Storage' }, { name: 'Streams' }] },
        ],
      },
    },
    {
      name: 'twelve people over three levels, at size s',
      node: {
        type: 'slideOrgChart',
        size: 's',
        root: {
          name: 'Mara Olsen',
          title: 'VP Engineering',
          children: [
            {
              name: 'Ade Okafor',
              title: 'Payments',
              children: [
                { name: 'Rui Costa', title: 'Checkout' },
                { name: 'Ivy Chen', title: 'Refunds' },
                { name: 'Sam Hale', title: 'Ledger' },
              ],
            },
            {
              name: 'Noor Haddad',
              title: 'Search',
              children: [
                { name: 'Ben Tran', title: 'Ranking' },
                { name: 'Eva Lind', title: 'Indexing' },
              ],
            },
            {
              name: 'Kofi Mensah',
              title: 'Mobile',
              children: [
                { name: 'Zoe Hart', title: 'iOS' },
                { name: 'Omar Aziz', title: 'Android' },
              ],
            },
          ],
        },
      },
    },
  ],
  renderers: {
    html: (node) => {
      const step = stepOf(node.root, node.size, PLACES.slide);
      const windowed = stepOf(node.root, node.size, PLACES.window);
      const children = reportsOf(node.root);
      const last = children.length - 1;
      // Each branch opens with two halves: the left one's right border is the drop to its box, and
      // the top borders of all the halves between the first and last drops make the shared rail.
      const branches = children.map((child, i) => {
        const reports = reportsOf(child);
        const edge = reports.length - 1;
        return html`<div class="${C}-branch"><div class="${C}-up"><div class="${C}-half ${C}-drop${i > 0 ? ` ${C}-rail` : ''}"></div><div class="${C}-half${i < last ? ` ${C}-rail` : ''}"></div></div>${box(child)}${
          reports.length > 0
            ? html`<div class="${C}-reports">${reports.map(
                (report, j) =>
                  html`<div class="${C}-report"><div class="${C}-elbow"><div class="${C}-gap"></div><div class="${C}-bend"></div><div class="${C}-on${j < edge ? ` ${C}-trunk` : ''}"></div></div>${box(report)}</div>`,
              )}</div>`
            : ''
        }</div>`;
      });
      return html`<div class="${C} ${C}-${step} ${C}-window-${windowed}"><div class="${C}-top">${box(node.root, ` ${C}-root`)}</div>${
        children.length > 0 ? html`<div class="${C}-stem"></div><div class="${C}-row">${branches}</div>` : ''
      }</div>`;
    },
    text: (node) => [label(node.root), ...textLines(node.root, '')].join('\n'),
    markdown: (node) => md.content(md.list([markdownItem(node.root) as never])),
  },
  css: [
    `.${C}{display:flex;flex-direction:column;align-items:stretch;min-width:0}`,
    `.${C}-top{display:flex;justify-content:center}`,
    `.${C}-box{display:flex;flex-direction:column;justify-content:center;min-width:0;` +
      `background:${color('bgSurface')};border:${stroke.chip}px solid ${color('border')};border-radius:${radius.panel}px}`,
    `.${C}-root{border-color:${color('primaryBorder')};background:${color('primaryBg')};max-width:50%}`,
    `.${C}-root .${C}-name{color:${color('primary')}}`,
    `.${C}-name{${font('nodeTitle')}}`,
    `.${C}-title{${font('bodyS')};color:${color('textSoft')}}`,
    `.${C}-stem{align-self:center;width:0;border-left:${stroke.rail}px solid ${color('textSubtle')}}`,
    `.${C}-row{display:flex;min-width:0}`,
    // Branches touch, each padded by half a gap, so the rail (the halves' top borders, reaching
    // into that padding) runs unbroken from the first drop to the last.
    `.${C}-branch{display:flex;flex-direction:column;flex:1 1 0;min-width:0;padding:0 ${tokens.column / 2}px}`,
    `.${C}-up{display:flex;margin:0 -${tokens.column / 2}px}`,
    `.${C}-half{flex:1 1 0}`,
    `.${C}-drop{border-right:${stroke.rail}px solid ${color('textSubtle')}}`,
    `.${C}-rail{border-top:${stroke.rail}px solid ${color('textSubtle')}}`,
    `.${C}-reports{display:flex;flex-direction:column;margin-left:${tokens.indent}px}`,
    `.${C}-report{display:flex;min-width:0}`,
    `.${C}-report>.${C}-box{flex:1 1 0}`,
    // A report's elbow: the rail across the gap above its box, then the bend to the box's middle,
    // then the rail on down to the next report (none after the last).
    `.${C}-elbow{display:flex;flex-direction:column;flex:0 0 ${tokens.elbow}px}`,
    `.${C}-bend{flex:1 1 0;border-left:${stroke.rail}px solid ${color('textSubtle')};border-bottom:${stroke.rail}px solid ${color('textSubtle')}}`,
    `.${C}-gap{border-left:${stroke.rail}px solid ${color('textSubtle')}}`,
    `.${C}-on{flex:1 1 0;border-left:${stroke.rail}px solid transparent}`,
    `.${C}-trunk{border-left-color:${color('textSubtle')}}`,
    ...SIZES.map((step) => stepCss(`.${C}-${step}`, step, PLACES.slide.spacing)),
    // Directly in a window's body the window step's rules win: their selector is one class longer.
    `.${WINDOW_SLOT}>.${C} .${C}-title{line-height:${PLACES.window.spacing.titleLine}}`,
    ...SIZES.map((step) => stepCss(`.${WINDOW_SLOT}>.${C}-window-${step}`, step, PLACES.window.spacing)),
  ].join(''),
});
