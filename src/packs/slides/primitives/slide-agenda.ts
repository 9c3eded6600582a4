/**
 * slideAgenda: the deck's plan, its sections in order (numbered when the deck numbers them), with
 * how much each holds and, optionally, the one the audience is in now. A model reaches for it near the start of a long deck,
 * and between sections with the next one marked current.
 */
import * as z from 'zod';
import { definePrimitive } from '../../../core/model/primitive.ts';
import { html } from '../../../core/model/markup.ts';
import { md } from '../../../core/markdown/builder.ts';
import { lineText } from '../fields.ts';
import { largestStep, loadFits, sizeField } from '../parts/type-scale.ts';
import { color, font, PREFIX } from '../style.ts';
import { glyphs, radius, space, stroke, type } from '../theme.ts';

const tokens = {
  /** Number and title share one size per step. */
  text: { l: type.itemTitle.size, m: type.nodeTitle.size, s: type.bodyL.size },
  pad: { l: space.px20, m: space.px16, s: space.px12 },
  /** The number column, wide enough for two digits at each step. */
  numberWidth: { l: 112, m: 96, s: 88 },
  /** How many rows each step holds under a heading. */
  fits: { l: 5, m: 7 },
} as const;

function onlyCurrent(first: number): string {
  return `must be the only current section; sections[${first}] is already current`;
}

export const slideAgenda = definePrimitive({
  type: 'slideAgenda',
  schema: z.object({
    type: z.literal('slideAgenda'),
    sections: z
      .array(
        z.strictObject({
          number: lineText(
            'The section number as the section divider shows it, e.g. "02"; omit if the deck has none.',
          ).optional(),
          title: lineText('The section’s name.'),
          count: lineText('How much is in it, e.g. "3 slides".').optional(),
          current: z
            .boolean()
            .optional()
            .describe(`The section the audience is in: labelled “${glyphs.current}”. At most one section is current.`),
        }),
      )
      .min(2)
      .max(8)
      .superRefine((sections, ctx) => {
        const first = sections.findIndex((section) => section.current === true);
        sections.forEach((section, i) => {
          if (i > first && first !== -1 && section.current === true)
            ctx.addIssue({ code: 'custom', path: [i, 'current'], message: onlyCurrent(first) });
        });
      })
      .describe('The deck’s sections in order; at most one is current.'),
    size: sizeField(),
  }),
  catalog: {
    name: 'Agenda',
    group: 'Slide structure',
    purpose:
      'The deck’s plan: its sections in order, with how much each holds and, optionally, where the audience is now.',
    useWhen: [
      'Near the start of a long deck, to show its parts.',
      'Returning to the plan between sections, with the next one marked current.',
    ],
    avoidWhen: [
      'Opening one section with the titles of its slides: use slideSection.',
      'Steps of a process: use slidePipeline.',
      'Dates or milestones: use slideTimeline or slideRoadmap.',
    ],
    example: {
      type: 'slideAgenda',
      sections: [
        { number: '01', title: 'Where refunds stall', count: '3 slides' },
        { number: '02', title: 'The new settlement flow', current: true },
        { number: '03', title: 'Rollout and risks', count: '4 slides' },
      ],
    },
  },
  examples: [
    {
      type: 'slideAgenda',
      sections: [
        { number: '01', title: 'What on-call looks like today', count: '2 slides' },
        { number: '02', title: 'Three changes to the rota', count: '4 slides' },
        { number: '03', title: 'What we ask of each team', count: '3 slides' },
        { number: '04', title: 'Questions' },
      ],
    },
    {
      name: 'eight sections, one current',
      node: {
        type: 'slideAgenda',
        sections: [
          { number: '01', title: 'Context', count: '2 slides' },
          { number: '02', title: 'Customer research', count: '4 slides' },
          { number: '03', title: 'Search quality today', count: '3 slides' },
          { number: '04', title: 'The ranking change', current: true, count: '5 slides' },
          { number: '05', title: 'Experiment results', count: '4 slides' },
          { number: '06', title: 'Costs', count: '2 slides' },
          { number: '07', title: 'Rollout plan', count: '3 slides' },
          { number: '08', title: 'Questions' },
        ],
      },
    },
    {
      name: 'unnumbered',
      node: {
        type: 'slideAgenda',
        sections: [
          { title: 'Where we are' },
          { title: 'What changes in March', current: true },
          { title: 'Questions' },
        ],
      },
    },
    {
      name: 'explicit large size',
      node: {
        type: 'slideAgenda',
        size: 'l',
        sections: [
          { number: '1', title: 'The problem', current: true },
          { number: '2', title: 'The fix' },
        ],
      },
    },
  ],
  renderers: {
    html: (node) => {
      const size = node.size ?? largestStep(loadFits(node.sections.length, tokens.fits));
      // The number column stays while any section has a number, so titles line up; with none it goes.
      const numbered = node.sections.some((section) => section.number !== undefined);
      return html`<ol class="${PREFIX}-agenda ${PREFIX}-agenda-${size}">${node.sections.map(
        (section) =>
          html`<li class="${PREFIX}-agenda-row${section.current ? ` ${PREFIX}-agenda-current` : ''}">${
            numbered ? html`<span class="${PREFIX}-agenda-number">${section.number ?? ''}</span>` : ''
          }<span class="${PREFIX}-agenda-title">${
            section.title
          }</span>${section.count ? html`<span class="${PREFIX}-agenda-count">${section.count}</span>` : ''}${
            section.current ? html`<span class="${PREFIX}-agenda-here">${glyphs.current}</span>` : ''
          }</li>`,
      )}</ol>`;
    },
    text: (node) =>
      node.sections
        .map((section) =>
          [
            [section.number, section.title].filter(Boolean).join(' '),
            section.count,
            section.current ? glyphs.current : undefined,
          ]
            .filter(Boolean)
            .join(` ${glyphs.separator} `),
        )
        .join('\n'),
    markdown: (node) =>
      md.content(
        md.list(
          node.sections.map((section) => {
            const title = section.current ? md.strong(section.title) : section.title;
            const tail = [section.count, section.current && md.emphasis(glyphs.current)]
              .filter(Boolean)
              .flatMap((part) => [` ${glyphs.separator} `, part]);
            return md.paragraph(section.number === undefined ? '' : `${section.number} `, title, tail);
          }),
        ),
      ),
  },
  css: [
    `.${PREFIX}-agenda{list-style:none;margin:0;padding:0;display:flex;` +
      `flex-direction:column;border-bottom:${stroke.hairline}px solid ${color('border')}}`,
    `.${PREFIX}-agenda-row{display:flex;align-items:center;gap:${space.px24}px;` +
      `padding:${tokens.pad.l}px ${space.px24}px;border-top:${stroke.hairline}px solid ${color('border')}}`,
    `.${PREFIX}-agenda-m .${PREFIX}-agenda-row{padding:${tokens.pad.m}px ${space.px24}px}`,
    `.${PREFIX}-agenda-s .${PREFIX}-agenda-row{padding:${tokens.pad.s}px ${space.px24}px}`,
    `.${PREFIX}-agenda-number{flex:0 0 auto;min-width:${tokens.numberWidth.l}px;` +
      `${font('itemTitle')};color:${color('textSubtle')}}`,
    `.${PREFIX}-agenda-m .${PREFIX}-agenda-number{min-width:${tokens.numberWidth.m}px;font-size:${tokens.text.m}px}`,
    `.${PREFIX}-agenda-s .${PREFIX}-agenda-number{min-width:${tokens.numberWidth.s}px;font-size:${tokens.text.s}px}`,
    `.${PREFIX}-agenda-title{flex:1 1 auto;min-width:0;${font('itemTitle')};font-weight:700}`,
    `.${PREFIX}-agenda-m .${PREFIX}-agenda-title{font-size:${tokens.text.m}px}`,
    `.${PREFIX}-agenda-s .${PREFIX}-agenda-title{font-size:${tokens.text.s}px}`,
    `.${PREFIX}-agenda-count{flex:0 0 auto;${font('body')};color:${color('textSubtle')}}`,
    `.${PREFIX}-agenda-current{background:${color('primaryBg')};` +
      `border-radius:${radius.panel}px;border-top-color:${color('primaryBorder')}}`,
    `.${PREFIX}-agenda-current .${PREFIX}-agenda-number,.${PREFIX}-agenda-current ` +
      `.${PREFIX}-agenda-title{color:${color('primary')}}`,
    `.${PREFIX}-agenda-here{display:flex;flex:0 0 auto;align-items:center;` +
      `padding:${space.px8}px ${space.px16}px;border-radius:${radius.chip}px;` +
      `background:${color('primary')};color:${color('onPrimary')};${font('label')}}`,
  ].join(''),
});
