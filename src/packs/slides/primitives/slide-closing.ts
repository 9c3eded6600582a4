/**
 * slideClosing: the deck's last slide, alone in an inverse slideFrame: a short sign-off, the links
 * or places to keep (a channel with no URL is printed, not linked) and optional next steps by goal.
 * For telling the audience where to go next: docs, runbooks, channels.
 */
import * as z from 'zod';
import { definePrimitive } from '../../../core/model/primitive.ts';
import { html } from '../../../core/model/markup.ts';
import { md } from '../../../core/markdown/builder.ts';
import type { SlackBlock } from '../../../core/chat-hosts/slack/blocks.ts';
import {
  escapeMrkdwn,
  mrkdwnBold,
  mrkdwnLink,
  mrkdwnSection,
  plainText,
} from '../../../core/chat-hosts/slack/mrkdwn.ts';
import { BLOCKED_HREF, navigationHref, sanitizeNavigationHref } from '../../../core/model/url.ts';
import { HREF_MAX, lineText, wrappedText } from '../fields.ts';
import {
  charLoad,
  DISPLAY_ADVANCES,
  emWidth,
  largestStep,
  sizeField,
  type SlideSize,
  smallerStep,
  textFits,
  WIDTH_MARGIN,
} from '../parts/type-scale.ts';
import { marksHtml, marksMarkdown, marksMrkdwn, marksText } from '../marks.ts';
import { color, font, PREFIX } from '../style.ts';
import { advance, CONTENT_WIDTH, glyphs, space, stroke, type } from '../theme.ts';

const COLUMN_GAP = space.px96;
/** Each of the two columns when the slide lists paths beside the title and links. */
const SPLIT_COLUMN = (CONTENT_WIDTH - COLUMN_GAP) / 2;
/** The height a closing slide may fill: the body under an opening heading, so it fits either way. */
const HEIGHT_BUDGET = 620;
/** Left inset of a path's text, past its arrow. */
const PATH_INDENT = space.px56;
const LINK_GAP = space.px32;
/** Between the title and the links. */
const MAIN_GAP = space.px48;
/** Between a caption and its line: a link's label and text, a path's title and body. */
const PAIR_GAP = space.px4;
const LINK_LINE = 1.2;

const tokens = {
  title: { l: type.closingTitle.size, m: 120, s: 96 },
  link: { l: type.lede.size, m: type.bodyL.size, s: type.body.size },
  pathTitle: { l: type.nodeTitle.size, m: type.bodyL.size, s: type.body.size },
  pathBody: { l: type.body.size, m: type.bodyS.size, s: type.label.size },
  /** Space above and below each path. */
  pathPad: { l: space.px16, m: space.px12, s: space.px8 },
} as const;

type Link = { label?: string | undefined; href?: string | undefined; text?: string | undefined };
type Path = { title: string; body?: string | undefined };
type Closing = { title: string; links?: Link[] | undefined; paths?: Path[] | undefined };

const LINK_NEEDS = 'needs href or text: the address to open, or the place to print (e.g. a channel name)';

/** What a link prints: its text, else its address without the scheme (`example.com/docs`). */
function printed(link: Link): string {
  return link.text ?? (link.href ?? '').replace(/^(https?:\/\/|mailto:)/i, '').replace(/\/$/, '');
}

/** `DOCS · example.com/docs`, or the place alone when the user gave no caption. */
function linkPlain(link: Link): string {
  return [link.label?.toUpperCase(), printed(link)].filter(Boolean).join(` ${glyphs.separator} `);
}

/** Estimated height of the taller column at a step, from line counts (the image path cannot measure). */
function heightAt(node: Closing, step: SlideSize): number {
  const column = node.paths ? SPLIT_COLUMN : CONTENT_WIDTH;
  const titleLines =
    emWidth(marksText(node.title), DISPLAY_ADVANCES) * tokens.title[step] <= column * WIDTH_MARGIN ? 1 : 2;
  const linkRow = type.label.size * type.label.line + PAIR_GAP + tokens.link[step] * LINK_LINE;
  const links = node.links?.length ?? 0;
  // Side by side without paths (at most two rows), stacked beside them.
  const linkRows = node.paths ? links : Math.min(2, links);
  const left =
    titleLines * tokens.title[step] * type.closingTitle.line +
    (linkRows > 0 ? MAIN_GAP + linkRows * linkRow + (linkRows - 1) * LINK_GAP : 0);
  const bodyWidth = column - PATH_INDENT;
  const right = (node.paths ?? []).reduce((sum, path) => {
    const lines = Math.ceil(
      (charLoad(marksText(path.body ?? '')) * advance.regular * tokens.pathBody[step]) / bodyWidth,
    );
    return (
      sum +
      tokens.pathTitle[step] * type.nodeTitle.line +
      (lines > 0 ? PAIR_GAP + lines * tokens.pathBody[step] * type.body.line : 0) +
      2 * tokens.pathPad[step]
    );
  }, 0);
  return Math.max(left, right);
}

/** The largest step whose title fits its column and whose columns fit the body. */
function closingStep(node: Closing): SlideSize {
  const byWidth = largestStep(textFits(marksText(node.title), tokens.title, node.paths ? SPLIT_COLUMN : CONTENT_WIDTH));
  const byHeight = largestStep((step) => heightAt(node, step) <= HEIGHT_BUDGET);
  return smallerStep(byWidth, byHeight);
}

export const slideClosing = definePrimitive({
  type: 'slideClosing',
  schema: z.object({
    type: z.literal('slideClosing'),
    title: lineText('Two or three words to end on, e.g. "Start here"; drawn huge.'),
    links: z
      .array(
        z
          .strictObject({
            label: lineText(
              'What the link is, as a short caption drawn in capitals, e.g. "Docs"; omit if the user gave none.',
            ).optional(),
            // The URL rule's own description stays: it is what tells a model which addresses pass.
            href: navigationHref({ max: HREF_MAX }).optional(),
            text: lineText(
              'What is printed, ≲28 characters: a place with no href (a channel, "#all-hands"); default: the href ' +
                'without its scheme.',
            ).optional(),
          })
          .superRefine((link, ctx) => {
            if (link.href === undefined && link.text === undefined)
              ctx.addIssue({ code: 'custom', path: [], message: LINK_NEEDS });
          }),
      )
      .min(1)
      .max(4)
      .optional()
      .describe('Where to go next: one to four, each with href, text or both.'),
    paths: z
      .array(
        z.strictObject({
          title: lineText('A goal in the imperative, e.g. "Issue a refund".'),
          body: wrappedText('Where to start for that goal, in a few words; omit if none given.').optional(),
        }),
      )
      .min(1)
      .max(5)
      .optional()
      .describe('Next steps by goal, listed beside the title.'),
    size: sizeField(),
  }),
  catalog: {
    name: 'Closing slide',
    group: 'Slide structure',
    purpose: 'Ends a deck: a short sign-off, the links or places to keep, and optional next steps by goal.',
    useWhen: [
      'The last slide of a deck, alone in an inverse slideFrame.',
      'Telling the audience where to go next: docs, runbooks, channels (a channel name needs no href).',
    ],
    avoidWhen: [
      'A summary of conclusions: use slideBulletList under a slideHeading before the closing slide.',
      'Opening a deck: use slideTitle.',
    ],
    example: {
      type: 'slideClosing',
      title: 'Questions?',
      links: [
        { label: 'Design doc', href: 'https://example.com/refunds/design', text: 'example.com/refunds/design' },
        { label: 'Channel', href: 'https://example.com/chat/refunds', text: 'example.com/chat/refunds' },
      ],
    },
  },
  examples: [
    {
      type: 'slideClosing',
      title: 'Your first week',
      links: [
        { label: 'Handbook', href: 'https://example.com/handbook', text: 'example.com/handbook' },
        { label: 'Team board', href: 'https://example.com/board', text: 'example.com/board' },
        { label: 'Help', href: 'mailto:help@example.com', text: 'help@example.com' },
      ],
      paths: [
        { title: 'Ship a change', body: 'The contributing guide, then `make check`' },
        { title: 'Join on-call', body: 'The rotation page and the paging policy' },
        { title: 'Meet the users', body: 'Two support shadowing sessions' },
      ],
    },
    {
      name: 'links only',
      node: {
        type: 'slideClosing',
        title: 'Thank you',
        links: [
          { label: 'Slides', href: 'https://example.com/talks/search', text: 'example.com/talks/search' },
          { label: 'Code', href: 'https://example.com/search-demo', text: 'example.com/search-demo' },
        ],
      },
    },
    {
      name: 'a channel, no address',
      node: {
        type: 'slideClosing',
        title: 'Questions?',
        links: [{ label: 'Slack', text: '#all-hands' }, { href: 'https://example.com/handbook' }],
      },
    },
    {
      name: 'every limit, small step',
      node: {
        type: 'slideClosing',
        title: 'Where next',
        size: 's',
        links: [
          { label: 'Docs', href: 'https://example.com/docs', text: 'example.com/docs' },
          { label: 'API', href: 'https://example.com/api', text: 'example.com/api' },
          { label: 'Status', href: 'https://example.com/status', text: 'example.com/status' },
          { label: 'Forum', href: 'https://example.com/forum', text: 'example.com/forum' },
        ],
        paths: [
          { title: 'Build an integration', body: 'The quick start and the sandbox keys' },
          { title: 'Migrate from v1', body: 'The migration guide and its checklist' },
          { title: 'Report a bug', body: 'The issue template and the triage rota' },
          { title: 'Ask a question', body: 'The forum, answered within a day' },
          { title: 'Follow releases', body: 'The changelog and the release feed' },
        ],
      },
    },
  ],
  renderers: {
    html: (node, { surface }) => {
      const size = node.size ?? closingStep(node);
      const links = (node.links ?? []).map((link) => {
        const inner = html`${
          link.label === undefined ? '' : html`<span class="${PREFIX}-closing-label">${link.label}</span>`
        }<span class="${PREFIX}-closing-url">${printed(link)}</span>`;
        // Checked again here: a node that skipped validation still cannot carry a script URL.
        return surface === 'react' && link.href !== undefined
          ? html`<a class="${PREFIX}-closing-link" href="${sanitizeNavigationHref(link.href) ?? BLOCKED_HREF}">${inner}</a>`
          : html`<div class="${PREFIX}-closing-link">${inner}</div>`;
      });
      return html`<div class="${PREFIX}-closing ${PREFIX}-closing-${size}${node.paths ? ` ${PREFIX}-closing-split` : ''}"><div class="${PREFIX}-closing-main"><h1 class="${PREFIX}-closing-title ${PREFIX}-display">${
        node.title
      }</h1>${links.length > 0 ? html`<div class="${PREFIX}-closing-links">${links}</div>` : ''}</div>${
        node.paths
          ? html`<ol class="${PREFIX}-closing-paths">${node.paths.map(
              (path) =>
                html`<li class="${PREFIX}-closing-path"><span class="${PREFIX}-closing-arrow">${glyphs.arrow}</span><div class="${PREFIX}-closing-path-text"><span class="${PREFIX}-closing-path-title">${path.title}</span>${
                  path.body === undefined
                    ? ''
                    : html`<span class="${PREFIX}-closing-path-body">${marksHtml(path.body)}</span>`
                }</div></li>`,
            )}</ol>`
          : ''
      }</div>`;
    },
    text: (node) =>
      [
        node.title,
        node.links?.map(linkPlain).join('\n'),
        node.paths
          ?.map((path) => `${glyphs.arrow} ${path.title}${path.body === undefined ? '' : `: ${marksText(path.body)}`}`)
          .join('\n'),
      ]
        .filter(Boolean)
        .join('\n\n'),
    markdown: (node) =>
      md.content(
        md.heading(1, node.title),
        node.links &&
          md.list(
            node.links.map((link) =>
              md.paragraph(
                link.label !== undefined && [md.strong(link.label), ` ${glyphs.separator} `],
                link.href === undefined ? printed(link) : md.link(link.href, printed(link)),
              ),
            ),
          ),
        node.paths &&
          md.list(
            node.paths.map((path) =>
              md.paragraph(md.strong(path.title), path.body !== undefined && [': ', marksMarkdown(path.body)]),
            ),
          ),
      ),
    slack: (node) => {
      const blocks: SlackBlock[] = [{ type: 'header', text: plainText(node.title) }];
      if (node.links)
        blocks.push(
          // mrkdwnLink checks the href again and prints the text alone when it is blocked or relative.
          mrkdwnSection(
            node.links
              .map((link) =>
                [
                  link.label === undefined ? '' : `${mrkdwnBold(link.label)} ${glyphs.separator} `,
                  link.href === undefined ? escapeMrkdwn(printed(link)) : mrkdwnLink(link.href, printed(link)),
                ].join(''),
              )
              .join('\n'),
          ),
        );
      if (node.paths)
        blocks.push({
          type: 'section',
          fields: node.paths.map((path) => ({
            type: 'mrkdwn',
            text: [mrkdwnBold(`${glyphs.arrow} ${path.title}`), path.body && marksMrkdwn(path.body)]
              .filter(Boolean)
              .join('\n'),
          })),
        });
      return blocks;
    },
  },
  css: [
    `.${PREFIX}-closing{display:grid;grid-template-columns:minmax(0,1fr);` +
      `column-gap:${COLUMN_GAP}px;align-items:center;margin-top:auto;margin-bottom:auto}`,
    `.${PREFIX}-closing-split{grid-template-columns:minmax(0,1fr) minmax(0,1fr)}`,
    `.${PREFIX}-closing-main{display:flex;flex-direction:column;gap:${MAIN_GAP}px;min-width:0}`,
    `.${PREFIX}-closing-title{margin:0;${font('closingTitle')};text-wrap:balance}`,
    `.${PREFIX}-closing-m .${PREFIX}-closing-title{font-size:${tokens.title.m}px}`,
    `.${PREFIX}-closing-s .${PREFIX}-closing-title{font-size:${tokens.title.s}px}`,
    // Side by side, a place with no caption still shares the printed line of its neighbours.
    `.${PREFIX}-closing-links{display:flex;flex-wrap:wrap;align-items:flex-end;` +
      `column-gap:${space.px64}px;row-gap:${LINK_GAP}px}`,
    `.${PREFIX}-closing-split .${PREFIX}-closing-links{flex-direction:column;align-items:flex-start}`,
    `.${PREFIX}-closing-link{display:flex;flex-direction:column;gap:${PAIR_GAP}px;min-width:0;text-decoration:none}`,
    `.${PREFIX}-closing-label{${font('label')};color:${color('textSubtle')}}`,
    `.${PREFIX}-closing-url{${font('lede')};font-weight:600;line-height:${LINK_LINE};color:${color('primary')}}`,
    `.${PREFIX}-closing-m .${PREFIX}-closing-url{font-size:${tokens.link.m}px}`,
    `.${PREFIX}-closing-s .${PREFIX}-closing-url{font-size:${tokens.link.s}px}`,
    `.${PREFIX}-closing-paths{list-style:none;margin:0;padding:0;display:flex;` +
      `flex-direction:column;min-width:0;border-bottom:${stroke.hairline}px solid ${color('border')}}`,
    `.${PREFIX}-closing-path{display:flex;align-items:baseline;` +
      `padding:${tokens.pathPad.l}px 0;border-top:${stroke.hairline}px solid ${color('border')}}`,
    `.${PREFIX}-closing-arrow{flex:0 0 auto;width:${PATH_INDENT}px;${font('nodeTitle')};color:${color('primary')}}`,
    `.${PREFIX}-closing-path-text{display:flex;flex-direction:column;gap:${PAIR_GAP}px;flex:1 1 auto;min-width:0}`,
    `.${PREFIX}-closing-path-title{${font('nodeTitle')}}`,
    `.${PREFIX}-closing-m .${PREFIX}-closing-path{padding:${tokens.pathPad.m}px 0}`,
    `.${PREFIX}-closing-s .${PREFIX}-closing-path{padding:${tokens.pathPad.s}px 0}`,
    `.${PREFIX}-closing-m .${PREFIX}-closing-path-title{font-size:${tokens.pathTitle.m}px}`,
    `.${PREFIX}-closing-s .${PREFIX}-closing-path-title{font-size:${tokens.pathTitle.s}px}`,
    `.${PREFIX}-closing-path-body{${font('body')};color:${color('textSoft')}}`,
    `.${PREFIX}-closing-m .${PREFIX}-closing-path-body{font-size:${tokens.pathBody.m}px}`,
    `.${PREFIX}-closing-s .${PREFIX}-closing-path-body{font-size:${tokens.pathBody.s}px}`,
  ].join(''),
});
