/**
 * A close preview of the `sendMessage` bodies a Telegram bot posts, in order: each message a bubble
 * whose text is read as Telegram reads `parse_mode: 'HTML'` (its tag allow-list, http(s) links only;
 * anything else shows as the characters it is). Line breaks are the text's own, as in Telegram.
 */
import { el } from './dom.ts';
import { type HostDialect, hostHtml } from './host-html.ts';

/** Telegram's HTML tags (Bot API, "HTML style"), each shown by the element that looks like it. */
const TELEGRAM_HTML: HostDialect = {
  tags: {
    b: 'strong',
    strong: 'strong',
    i: 'em',
    em: 'em',
    u: 'u',
    ins: 'u',
    s: 's',
    strike: 's',
    del: 's',
    a: 'a',
    code: 'code',
    pre: 'pre',
    blockquote: 'blockquote',
    'tg-spoiler': 'mark',
  },
  opens: (href) => /^https?:\/\//i.test(href.trim()),
};

export function telegramPreview(root: HTMLElement, payload: { messages?: unknown }): void {
  const messages = Array.isArray(payload.messages) ? payload.messages : [];
  const chat = el('div', { class: 'telegram-chat' });
  for (const message of messages as { text?: unknown }[]) {
    const text = el('div', { class: 'telegram-text' });
    if (typeof message?.text === 'string') hostHtml(text, message.text, TELEGRAM_HTML);
    chat.append(
      el(
        'div',
        { class: 'telegram-message' },
        el('div', { class: 'telegram-name' }, 'isomer', el('span', { class: 'telegram-bot' }, 'bot')),
        text,
      ),
    );
  }
  root.append(chat);
}
