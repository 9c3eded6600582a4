/**
 * slideQuote: someone's own words set large with quote marks and an attribution. For when a
 * customer or colleague said the point better than a summary would; never for a quote without a
 * real source.
 */
import * as z from 'zod';
import { definePrimitive } from '../../../core/model/primitive.ts';
import { html } from '../../../core/model/markup.ts';
import { md } from '../../../core/markdown/builder.ts';
import { escapeMrkdwn, mrkdwnBold, mrkdwnSection } from '../../../core/chat-hosts/slack/mrkdwn.ts';
import { lineText, wrappedText } from '../fields.ts';
import { charLoad, largestStep, loadFits, sizeField } from '../parts/type-scale.ts';
import { marksHtml, marksMarkdown, marksMrkdwn, marksText } from '../marks.ts';
import { color, font, PREFIX } from '../style.ts';
import { glyphs, space, type } from '../theme.ts';

export const QUOTE_MAX = 300;

/** Type per step, and the characters each step holds in three or four lines of the content width. */
const tokens = {
  text: { l: type.quote.size, m: 56, s: 44 },
  cite: { l: type.bodyL.size, smaller: type.body.size },
  fits: { l: 120, m: 210 },
} as const;

/** `Priya N. · Customer interview, March`: the attribution every surface prints. */
function attribution(node: { source: string; context?: string | undefined }): string {
  return [node.source, node.context].filter(Boolean).join(` ${glyphs.separator} `);
}

export const slideQuote = definePrimitive({
  type: 'slideQuote',
  schema: z.object({
    type: z.literal('slideQuote'),
    text: wrappedText(
      `The words as said, without quote marks: every surface adds them (at most ${QUOTE_MAX} characters).`,
    ).max(QUOTE_MAX),
    source: lineText('Who said it: a name, or a role when the person should stay anonymous.'),
    context: lineText('Where or when it was said, e.g. "Customer interview, March".').optional(),
    size: sizeField(),
  }),
  catalog: {
    name: 'Quote',
    group: 'Slide structure',
    purpose: 'Someone’s own words, set large with quote marks and an attribution.',
    useWhen: [
      'A customer, user or colleague said the point better than a summary would.',
      'Evidence in a person’s voice, alone on a slide.',
    ],
    avoidWhen: [
      'Your own conclusion: use slideStatement.',
      'A conversation with several turns: use slideTranscript.',
      'Words you cannot attribute to a real source: never invent a quote.',
    ],
    example: {
      type: 'slideQuote',
      text: 'I only called support because the app never said **when** the money would be back.',
      source: 'Dana K.',
      context: 'Customer interview, May',
    },
  },
  examples: [
    {
      type: 'slideQuote',
      text: 'The new flow is the first time I have read a refund email **to the end**.',
      source: 'Support lead',
      context: 'Quarterly review',
    },
    {
      name: 'long quote, no context',
      node: {
        type: 'slideQuote',
        text:
          'We used to spend Monday mornings reconciling the weekend by hand. Now the report is ' +
          'waiting when we arrive, and the only numbers we look at are the ones it flags as wrong.',
        source: 'Finance operations team',
      },
    },
    {
      name: 'explicit medium size',
      node: { type: 'slideQuote', text: 'Make the slow path obvious.', source: 'Design review notes', size: 'm' },
    },
  ],
  renderers: {
    html: (node) => {
      const size = node.size ?? largestStep(loadFits(charLoad(node.text), tokens.fits));
      return html`<figure class="${PREFIX}-quote ${PREFIX}-quote-${size}"><blockquote class="${PREFIX}-quote-text ${PREFIX}-display"><span class="${PREFIX}-quote-mark">${glyphs.quoteOpen}</span>${marksHtml(
        node.text,
      )}<span class="${PREFIX}-quote-mark">${glyphs.quoteClose}</span></blockquote><figcaption class="${PREFIX}-quote-cite"><span class="${PREFIX}-quote-source">${node.source}</span>${
        node.context ? html`<span class="${PREFIX}-quote-context">${node.context}</span>` : ''
      }</figcaption></figure>`;
    },
    text: (node) => `${glyphs.quoteOpen}${marksText(node.text)}${glyphs.quoteClose}\n\n${attribution(node)}`,
    markdown: (node) =>
      md.content(
        md.blockquote(
          md.paragraph(glyphs.quoteOpen, marksMarkdown(node.text), glyphs.quoteClose),
          md.paragraph(md.strong(node.source), node.context && [` ${glyphs.separator} `, md.emphasis(node.context)]),
        ),
      ),
    slack: (node) => {
      // Every line of a Slack quote needs its own `>`; escaping turns authored ones into text.
      const quoted = `${glyphs.quoteOpen}${marksMrkdwn(node.text)}${glyphs.quoteClose}`
        .split('\n')
        .map((line) => `>${line}`)
        .join('\n');
      const cite = [mrkdwnBold(node.source), node.context ? escapeMrkdwn(node.context) : '']
        .filter(Boolean)
        .join(` ${glyphs.separator} `);
      return [mrkdwnSection(quoted), { type: 'context', elements: [{ type: 'mrkdwn', text: cite }] }];
    },
  },
  css: [
    `.${PREFIX}-quote{margin:auto 0;display:flex;flex-direction:column;gap:${space.px40}px;max-width:1560px}`,
    `.${PREFIX}-quote-text{margin:0;${font('quote')};text-wrap:balance}`,
    `.${PREFIX}-quote-m .${PREFIX}-quote-text{font-size:${tokens.text.m}px}`,
    `.${PREFIX}-quote-s .${PREFIX}-quote-text{font-size:${tokens.text.s}px}`,
    `.${PREFIX}-quote-mark{color:${color('primary')}}`,
    `.${PREFIX}-quote-cite{display:flex;flex-direction:column;` +
      `gap:${space.px4}px;${font('bodyL')};font-size:${tokens.cite.l}px}`,
    `.${PREFIX}-quote-m .${PREFIX}-quote-cite,.${PREFIX}-quote-s ` +
      `.${PREFIX}-quote-cite{font-size:${tokens.cite.smaller}px}`,
    `.${PREFIX}-quote-source{font-weight:700}`,
    `.${PREFIX}-quote-context{color:${color('textSoft')}}`,
  ].join(''),
});
