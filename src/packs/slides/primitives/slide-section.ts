/**
 * slideSection: a section divider, alone in an inverse slideFrame: the part's number and name drawn
 * huge beside the titles of the slides it holds, or alone when the user listed none. For the first
 * slide of each part of a deck.
 */
import * as z from 'zod';
import { definePrimitive } from '../../../core/model/primitive.ts';
import { html } from '../../../core/model/markup.ts';
import { md } from '../../../core/markdown/builder.ts';
import { escapeMrkdwn, mrkdwnLink, mrkdwnSection, plainText } from '../../../core/chat-hosts/slack/mrkdwn.ts';
import { BLOCKED_HREF, navigationHref, sanitizeNavigationHref } from '../../../core/model/url.ts';
import { HREF_MAX, lineText } from '../fields.ts';
import { largestStep, loadFits, sizeField, type SlideSize, smallerStep, textFits } from '../parts/type-scale.ts';
import { marksText } from '../marks.ts';
import { color, font, PREFIX } from '../style.ts';
import { CONTENT_WIDTH, glyphs, space, stroke, type } from '../theme.ts';

const COLUMN_GAP = space.px96;
/** The number and title share the left half; the contents list takes the right. */
const COLUMN = (CONTENT_WIDTH - COLUMN_GAP) / 2;
const MAX_CONTENTS = 8;

const tokens = {
  number: { l: type.sectionNumber.size, m: 200, s: 144 },
  title: { l: type.sectionTitle.size, m: 96, s: 72 },
  item: { l: type.bodyL.size, m: type.body.size, s: type.bodyS.size },
  /** How many contents rows each step holds beside the title. */
  fits: { l: 5, m: MAX_CONTENTS },
} as const;

type Section = { number?: string | undefined; title: string; contents?: string[] | undefined };

/** Cross-field: one link per contents item, reported on `hrefs` (no contents, no links). */
function checkHrefs(
  node: { contents?: string[] | undefined; hrefs?: string[] | undefined },
  ctx: z.RefinementCtx,
): void {
  const count = node.contents?.length ?? 0;
  if (node.hrefs !== undefined && node.hrefs.length !== count) {
    ctx.addIssue({
      code: 'custom',
      path: ['hrefs'],
      message: `must have exactly one href per contents item (${count})`,
    });
  }
}

/** `02 Rollout`, or the name alone when the deck does not number its sections. */
function headline(node: Section): string {
  return [node.number, node.title].filter(Boolean).join(' ');
}

/** Without a contents list the head has the whole width, so a long name steps down later. */
function sectionStep(node: Section): SlideSize {
  const column = node.contents ? COLUMN : CONTENT_WIDTH;
  return smallerStep(
    node.number === undefined ? 'l' : largestStep(textFits(marksText(node.number), tokens.number, column, 1)),
    largestStep(textFits(marksText(node.title), tokens.title, column)),
    largestStep(loadFits(node.contents?.length ?? 0, tokens.fits)),
  );
}

export const slideSection = definePrimitive({
  type: 'slideSection',
  schema: z
    .object({
      type: z.literal('slideSection'),
      number: lineText('The section number, e.g. "02"; drawn huge. Omit if the deck has none.').optional(),
      title: lineText('The section’s name in two or three words.'),
      contents: z
        .array(lineText('The title of one slide in this section (its composition title), about 40 characters at most.'))
        .min(1)
        .max(MAX_CONTENTS)
        .optional()
        .describe('What the section covers: the titles of its slides, in order. Omit if the user listed none.'),
      hrefs: z
        .array(navigationHref({ max: HREF_MAX }))
        .min(1)
        .max(MAX_CONTENTS)
        .optional()
        .describe('Links to the slides in contents, in the same order: exactly one href per contents item.'),
      size: sizeField(),
    })
    .superRefine((node, ctx) => checkHrefs(node as { contents?: string[]; hrefs?: string[] }, ctx)),
  catalog: {
    name: 'Section divider',
    group: 'Slide structure',
    purpose: 'Opens a part of the deck: its number and name drawn huge, and the titles of the slides it holds.',
    useWhen: [
      'The first slide of each part of a deck, alone in an inverse slideFrame.',
      'Showing the audience what the next few slides cover; with no list of its slides, the name alone.',
    ],
    avoidWhen: ['The whole deck’s plan on one slide: use slideAgenda.', 'Opening the deck itself: use slideTitle.'],
    example: {
      type: 'slideSection',
      number: '03',
      title: 'Rollout',
      contents: ['Two regions go first', 'Support learns the new flow', 'What we measure in week one'],
    },
  },
  examples: [
    {
      type: 'slideSection',
      number: '01',
      title: 'Why search fails',
      contents: ['Half of all searches end without a click', 'Typos cost us a third of them', 'Synonyms are the rest'],
      hrefs: ['#no-click', '#typos', '#synonyms'],
    },
    {
      name: 'eight slides, stepped down',
      node: {
        type: 'slideSection',
        number: '04',
        title: 'Operations',
        contents: [
          'Deploys move to the morning',
          'Pages per week halve',
          'The runbook gets an owner',
          'Alerts name their dashboard',
          'Incidents get a scribe',
          'Postmortems within two days',
          'On-call hands over in writing',
          'What we stop doing',
        ],
      },
    },
    {
      name: 'name alone',
      node: { type: 'slideSection', title: 'Rollout' },
    },
    {
      name: 'explicit small size',
      node: { type: 'slideSection', number: 'A', title: 'Appendix', contents: ['Raw survey answers'], size: 's' },
    },
  ],
  renderers: {
    html: (node, { surface }) => {
      const size = node.size ?? sectionStep(node);
      const items = (node.contents ?? []).map((content, i) => {
        const href = node.hrefs?.[i];
        if (href === undefined) return html`<li class="${PREFIX}-section-item">${content}</li>`;
        const inner = html`${content}<span class="${PREFIX}-section-arrow">${glyphs.arrow}</span>`;
        // Checked again here: a node that skipped validation still cannot carry a script URL.
        const link =
          surface === 'react'
            ? html`<a class="${PREFIX}-section-link" href="${sanitizeNavigationHref(href) ?? BLOCKED_HREF}">${inner}</a>`
            : html`<div class="${PREFIX}-section-link">${inner}</div>`;
        return html`<li class="${PREFIX}-section-item">${link}</li>`;
      });
      return html`<div class="${PREFIX}-section ${PREFIX}-section-${size}${node.contents ? '' : ` ${PREFIX}-section-alone`}"><div class="${PREFIX}-section-head">${
        node.number === undefined ? '' : html`<div class="${PREFIX}-section-number">${node.number}</div>`
      }<h1 class="${PREFIX}-section-title ${PREFIX}-display">${node.title}</h1></div>${
        node.contents ? html`<ol class="${PREFIX}-section-contents">${items}</ol>` : ''
      }</div>`;
    },
    text: (node) => {
      const items = (node.contents ?? []).map((content, i) => {
        const href = sanitizeNavigationHref(node.hrefs?.[i]);
        return `${glyphs.dot} ${content}${href ? ` ${glyphs.arrow} ${href}` : ''}`;
      });
      return [headline(node), items.join('\n')].filter(Boolean).join('\n\n');
    },
    markdown: (node) =>
      md.content(
        md.heading(1, headline(node)),
        node.contents &&
          md.list(
            node.contents.map((content, i) => {
              const href = node.hrefs?.[i];
              return md.paragraph(href === undefined ? content : md.link(href, content));
            }),
          ),
      ),
    slack: (node) => [
      { type: 'header', text: plainText(headline(node)) },
      // mrkdwnLink checks the href again and prints the title alone when it is blocked or relative.
      ...(node.contents
        ? [
            mrkdwnSection(
              node.contents
                .map((content, i) => {
                  const href = node.hrefs?.[i];
                  return `${glyphs.dot} ${href === undefined ? escapeMrkdwn(content) : mrkdwnLink(href, content)}`;
                })
                .join('\n'),
            ),
          ]
        : []),
    ],
  },
  css: [
    `.${PREFIX}-section{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);` +
      `column-gap:${COLUMN_GAP}px;align-items:end;margin-top:auto;margin-bottom:auto}`,
    `.${PREFIX}-section-alone{grid-template-columns:minmax(0,1fr)}`,
    `.${PREFIX}-section-head{display:flex;flex-direction:column;gap:${space.px16}px;min-width:0}`,
    `.${PREFIX}-section-number{${font('sectionNumber')};color:${color('primary')}}`,
    `.${PREFIX}-section-m .${PREFIX}-section-number{font-size:${tokens.number.m}px}`,
    `.${PREFIX}-section-s .${PREFIX}-section-number{font-size:${tokens.number.s}px}`,
    `.${PREFIX}-section-title{margin:0;${font('sectionTitle')};text-wrap:balance}`,
    `.${PREFIX}-section-m .${PREFIX}-section-title{font-size:${tokens.title.m}px}`,
    `.${PREFIX}-section-s .${PREFIX}-section-title{font-size:${tokens.title.s}px}`,
    `.${PREFIX}-section-contents{list-style:none;margin:0;padding:0;display:flex;` +
      `flex-direction:column;min-width:0;border-bottom:${stroke.hairline}px solid ${color('border')}}`,
    `.${PREFIX}-section-item{padding:${space.px16}px 0;` +
      `border-top:${stroke.hairline}px solid ${color('border')};${font('bodyL')}}`,
    `.${PREFIX}-section-m .${PREFIX}-section-item{font-size:${tokens.item.m}px;padding:${space.px12}px 0}`,
    `.${PREFIX}-section-s .${PREFIX}-section-item{font-size:${tokens.item.s}px;padding:${space.px8}px 0}`,
    `.${PREFIX}-section-link{display:flex;justify-content:space-between;` +
      `gap:${space.px24}px;color:${color('text')};text-decoration:none}`,
    `.${PREFIX}-section-arrow{flex:0 0 auto;color:${color('primary')}}`,
  ].join(''),
});
