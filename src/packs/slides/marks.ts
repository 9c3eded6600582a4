/**
 * Prose fields accept two inline marks, `` `code` `` and `**strong**`; each surface draws them its
 * own way from one parse: code chips and strong spans in HTML, the marks removed in plain text,
 * kept in Markdown, and as Slack mrkdwn.
 */
import { md } from '../../core/markdown/builder.ts';
import { inlineMarks } from '../../core/markdown/inline-marks.ts';
import type { MarkdownInline } from '../../core/markdown/tree.ts';
import { escapeHtml, html, raw, textMarkup, type Markup } from '../../core/model/markup.ts';
import { escapeMrkdwn, mrkdwnBold, mrkdwnCode } from '../../core/chat-hosts/slack/mrkdwn.ts';
import { PREFIX } from './style.ts';

function parts(text: string): MarkdownInline[] {
  return text.includes('`') || text.includes('**') ? inlineMarks(text) : [md.text(text)];
}

function plain(inline: MarkdownInline): string {
  if (inline.type === 'text' || inline.type === 'code') return inline.value;
  if (inline.type === 'strong' || inline.type === 'emphasis' || inline.type === 'link')
    return inline.children.map(plain).join('');
  return '';
}

/**
 * HTML: code chips and strong spans. The field is one text for direction (`textMarkup`): its
 * marks' contents are escaped, not isolated one by one.
 */
export function marksHtml(text: string): Markup {
  return textMarkup(
    text,
    (source) =>
      html`${parts(source).map((inline) => {
        if (inline.type === 'code') return html`<code class="${PREFIX}-code">${raw(escapeHtml(inline.value))}</code>`;
        if (inline.type === 'strong')
          return html`<strong class="${PREFIX}-strong">${raw(escapeHtml(inline.children.map(plain).join('')))}</strong>`;
        return raw(escapeHtml(plain(inline)));
      })}`,
  );
}

/** Plain text: the marks removed. */
export function marksText(text: string): string {
  return parts(text).map(plain).join('');
}

/** Markdown: the marks kept as Markdown, everything else escaped by the serializer. */
export function marksMarkdown(text: string): MarkdownInline[] {
  return parts(text);
}

/** Slack mrkdwn: strong as `*bold*`, code as `` `code` ``, everything escaped. */
export function marksMrkdwn(text: string): string {
  return parts(text)
    .map((inline) => {
      if (inline.type === 'code') return mrkdwnCode(inline.value);
      if (inline.type === 'strong') return mrkdwnBold(inline.children.map(plain).join(''));
      return escapeMrkdwn(plain(inline));
    })
    .join('');
}
