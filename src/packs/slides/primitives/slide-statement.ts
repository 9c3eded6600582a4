/**
 * slideStatement: one thesis sentence set big, alone on the slide. For the line the audience should
 * remember, when it needs no evidence beside it.
 */
import * as z from 'zod';
import { definePrimitive } from '../../../core/model/primitive.ts';
import { html } from '../../../core/model/markup.ts';
import { md } from '../../../core/markdown/builder.ts';
import { SLACK_LIMITS } from '../../../core/chat-hosts/slack/limits.ts';
import { plainText } from '../../../core/chat-hosts/slack/mrkdwn.ts';
import { wrappedText } from '../fields.ts';
import { charLoad, largestStep, loadFits, sizeField } from '../parts/type-scale.ts';
import { marksHtml, marksMarkdown, marksText } from '../marks.ts';
import { font, PREFIX } from '../style.ts';
import { type } from '../theme.ts';

/** The statement travels to Slack as a header, so it is capped at what a header holds. */
export const STATEMENT_MAX = SLACK_LIMITS.headerTextChars;

/** Type per step, and the characters each step holds in about three lines of the content width. */
const tokens = { text: { l: type.statement.size, m: 88, s: 72 }, fits: { l: 70, m: 110 } } as const;

export const slideStatement = definePrimitive({
  type: 'slideStatement',
  schema: z.object({
    type: z.literal('slideStatement'),
    text: wrappedText(
      `The one sentence the slide says, drawn big (at most ` +
        `${STATEMENT_MAX} characters). Strong text takes the primary colour.`,
    ).max(STATEMENT_MAX),
    size: sizeField(),
  }),
  catalog: {
    name: 'Statement',
    group: 'Slide structure',
    purpose: 'One thesis sentence set big, alone on the slide, for the line the audience should remember.',
    useWhen: [
      'The message of the slide fits in one sentence and needs no evidence beside it.',
      'A pause between sections to land a conclusion.',
    ],
    avoidWhen: [
      'Words someone else said: use slideQuote.',
      'A claim followed by evidence on the same slide: use slideHeading and the evidence primitive.',
      'A single number: use slideStat.',
    ],
    example: { type: 'slideStatement', text: 'Customers forgive a late refund; they do not forgive **a silent one**.' },
  },
  examples: [
    { type: 'slideStatement', text: 'We ship the fix **before** we write the postmortem.' },
    {
      name: 'a long sentence, stepped down',
      node: {
        type: 'slideStatement',
        text:
          'Every team that moved its deploys to the morning cut its weekend ' +
          'pages in half, and none of them asked to go back to the old schedule.',
      },
    },
    {
      name: 'explicit small size',
      node: { type: 'slideStatement', text: 'Search is a product, not a box.', size: 's' },
    },
  ],
  renderers: {
    html: (node) => {
      const size = node.size ?? largestStep(loadFits(charLoad(node.text), tokens.fits));
      return html`<h1 class="${PREFIX}-statement ${PREFIX}-statement-${size} ${PREFIX}-display">${marksHtml(node.text)}</h1>`;
    },
    text: (node) => marksText(node.text),
    markdown: (node) => md.content(md.heading(1, marksMarkdown(node.text))),
    slack: (node) => ({ type: 'header', text: plainText(marksText(node.text)) }),
  },
  css: [
    // Centred in the body: a statement slide usually holds nothing else.
    `.${PREFIX}-statement{margin:auto 0;${font('statement')};text-wrap:balance;max-width:1560px}`,
    `.${PREFIX}-statement-m{font-size:${tokens.text.m}px}`,
    `.${PREFIX}-statement-s{font-size:${tokens.text.s}px}`,
  ].join(''),
});
