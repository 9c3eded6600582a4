/**
 * slideHeading: the claim of a content slide as a sentence, with an optional supporting lede. The
 * first node of every content slide's frame body.
 */
import * as z from 'zod';
import { definePrimitive } from '../../../core/model/primitive.ts';
import { html } from '../../../core/model/markup.ts';
import { md } from '../../../core/markdown/builder.ts';
import { mrkdwnSection } from '../../../core/chat-hosts/slack/mrkdwn.ts';
import { wrappedText } from '../fields.ts';
import { charLoad, largestStep, loadFits, sizeField } from '../parts/type-scale.ts';
import { marksHtml, marksMarkdown, marksMrkdwn, marksText } from '../marks.ts';
import { color, font, PREFIX } from '../style.ts';
import { type } from '../theme.ts';

/** Title sizes per step, and the title length each step holds on two lines of the content width. */
const tokens = { title: { l: type.heading.size, m: 64, s: 52 }, fits: { l: 60, m: 84 } } as const;

export const slideHeading = definePrimitive({
  type: 'slideHeading',
  schema: z.object({
    type: z.literal('slideHeading'),
    title: wrappedText(
      'The slide’s claim, as a sentence (aim for one line, two at most). Strong text takes the primary colour.',
    ),
    lede: wrappedText('One or two sentences that support the claim.').optional(),
    size: sizeField(),
  }),
  catalog: {
    name: 'Slide heading',
    group: 'Slide structure',
    purpose: 'Opens a content slide with its claim written as a sentence, and an optional supporting lede.',
    useWhen: [
      'Every content slide: the first node of the frame’s body.',
      'State what the slide shows as a claim ("Refunds settle in two days"), not a topic ("Refunds").',
    ],
    avoidWhen: [
      'A slide whose whole message is one sentence: use slideStatement.',
      'The deck’s first slide: use slideTitle.',
    ],
    example: {
      type: 'slideHeading',
      title: 'Refunds settle in **two days**, not five',
      lede: 'Moving the ledger write ahead of the fraud check removed three batch windows.',
    },
  },
  examples: [
    {
      type: 'slideHeading',
      title: 'Refunds settle in two days, not five',
      lede: 'Moving the ledger write ahead of the fraud check removed three batch windows.',
    },
    { name: 'title only', node: { type: 'slideHeading', title: 'Search now forgives **typos**' } },
  ],
  renderers: {
    html: (node) => {
      const size = node.size ?? largestStep(loadFits(charLoad(node.title), tokens.fits));
      return html`<div class="${PREFIX}-heading ${PREFIX}-heading-${size}"><h1 class="${PREFIX}-heading-title ${PREFIX}-display">${marksHtml(node.title)}</h1>${
        node.lede ? html`<p class="${PREFIX}-heading-lede">${marksHtml(node.lede)}</p>` : ''
      }</div>`;
    },
    text: (node) => [marksText(node.title), node.lede ? marksText(node.lede) : ''].filter(Boolean).join('\n\n'),
    markdown: (node) =>
      md.content(md.heading(1, marksMarkdown(node.title)), node.lede && md.paragraph(marksMarkdown(node.lede))),
    slack: (node) => [
      { type: 'header', text: { type: 'plain_text', text: marksText(node.title), emoji: true } },
      ...(node.lede ? [mrkdwnSection(marksMrkdwn(node.lede))] : []),
    ],
  },
  css: [
    `.${PREFIX}-heading{display:flex;flex-direction:column;gap:20px}`,
    `.${PREFIX}-heading-title{margin:0;${font('heading')};text-wrap:balance}`,
    `.${PREFIX}-heading-m .${PREFIX}-heading-title{font-size:${tokens.title.m}px}`,
    `.${PREFIX}-heading-s .${PREFIX}-heading-title{font-size:${tokens.title.s}px}`,
    `.${PREFIX}-heading-lede{margin:0;${font('lede')};color:${color('textSoft')};max-width:1400px}`,
  ].join(''),
});
