/**
 * slideSource: one citation line at the foot of a content slide, saying where its numbers or claims
 * come from. Always the last node of the frame's body, after the slide's main primitive.
 */
import * as z from 'zod';
import { definePrimitive } from '../../../core/model/primitive.ts';
import { html } from '../../../core/model/markup.ts';
import { md } from '../../../core/markdown/builder.ts';
import { escapeMrkdwn } from '../../../core/chat-hosts/slack/mrkdwn.ts';
import { color, font, PREFIX } from '../style.ts';
import { FRAME_BODY_CHARACTERS, glyphs } from '../theme.ts';

/** `Source ·`: printed before the citation on every surface. */
const PREFIX_TEXT = `${glyphs.sourcePrefix} ${glyphs.separator}`;

export const slideSource = definePrimitive({
  type: 'slideSource',
  schema: z.object({
    type: z.literal('slideSource'),
    text: z
      .string()
      .min(1)
      .max(FRAME_BODY_CHARACTERS)
      .describe(
        `Where the slide’s facts come from, as one citation line; the slide prints ` +
          `“${PREFIX_TEXT}” before it. A slideSource must be the last node of the frame’s body.`,
      ),
  }),
  catalog: {
    name: 'Source line',
    group: 'Slide structure',
    purpose: 'One citation line at the foot of a content slide, saying where its numbers or claims come from.',
    useWhen: [
      'A slide shows numbers, research or quotes the audience may want to check.',
      'Always as the last node of the frame’s body, after the slide’s main primitive.',
    ],
    avoidWhen: [
      'Notes or caveats about the content: use the main primitive’s footnote or a slideBulletList.',
      'Links to follow after the talk: use slideClosing.',
    ],
    example: { type: 'slideSource', text: 'Refund tickets, January to June, support warehouse export' },
  },
  examples: [
    { type: 'slideSource', text: 'Checkout funnel, all markets, weeks 10–22' },
    {
      name: 'a long citation',
      node: {
        type: 'slideSource',
        text:
          'Customer interviews (n = 14), March–April; survey of 2,300 ' +
          'active buyers, weighted by region; finance ledger export for Q2',
      },
    },
  ],
  renderers: {
    html: (node) =>
      html`<p class="${PREFIX}-source"><span class="${PREFIX}-source-prefix">${PREFIX_TEXT}</span> ${node.text}</p>`,
    text: (node) => `${PREFIX_TEXT} ${node.text}`,
    markdown: (node) => md.content(md.paragraph(md.emphasis(`${PREFIX_TEXT} ${node.text}`))),
    slack: (node) => ({
      type: 'context',
      elements: [{ type: 'mrkdwn', text: escapeMrkdwn(`${PREFIX_TEXT} ${node.text}`) }],
    }),
  },
  css: [
    // Pushed to the foot of the body: a source closes the slide whatever sits above it.
    `.${PREFIX}-source{margin:auto 0 0;${font('chrome')};font-weight:400;color:${color('textSubtle')}}`,
    `.${PREFIX}-source-prefix{font-weight:700}`,
  ].join(''),
});
