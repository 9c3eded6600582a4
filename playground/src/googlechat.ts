/**
 * A close preview of a Google Chat cardsV2 message: the card header, its sections (each header a
 * line of small text) and their widgets. Card text is read as Chat reads its HTML subset (`<b>`,
 * `<i>`, `<u>`, `<s>`, `<a href>`, `<br>`, `<font>`), anything else shows as the characters it is;
 * the header is plain text. Images draw from https only.
 */
import { el, safeHref } from './dom.ts';
import { type HostDialect, hostHtml } from './host-html.ts';

type Json = Record<string, unknown>;

/** The formatting Chat's card text widgets accept ("Format text in Google Chat apps"). */
const GOOGLE_CHAT_HTML: HostDialect = {
  tags: { b: 'strong', i: 'em', u: 'u', s: 's', strike: 's', a: 'a', br: 'br', font: 'span' },
  voids: new Set(['br']),
  opens: (href) => safeHref(href) !== undefined,
};

function cardText(className: string, html: unknown): HTMLElement {
  const element = el('div', { class: className });
  if (typeof html === 'string') hostHtml(element, html, GOOGLE_CHAT_HTML);
  return element;
}

function widget(value: Json): HTMLElement {
  if (value.textParagraph && typeof value.textParagraph === 'object')
    return cardText('gchat-paragraph', (value.textParagraph as Json).text);
  if (value.decoratedText && typeof value.decoratedText === 'object') {
    const { topLabel, text } = value.decoratedText as Json;
    const item = el('div', { class: 'gchat-decorated' });
    if (topLabel !== undefined) item.append(cardText('gchat-top-label', topLabel));
    item.append(cardText('gchat-decorated-text', text));
    return item;
  }
  if (value.divider !== undefined) return el('hr', { class: 'gchat-divider' });
  if (value.image && typeof value.image === 'object') {
    const { imageUrl, altText } = value.image as Json;
    const alt = typeof altText === 'string' ? altText : '';
    const href = typeof imageUrl === 'string' ? safeHref(imageUrl) : undefined;
    if (!href?.startsWith('https:')) return el('div', { class: 'gchat-image-placeholder' }, alt || 'image');
    const img = el('img', { class: 'gchat-image', alt, loading: 'lazy', referrerpolicy: 'no-referrer' });
    img.src = href;
    return img;
  }
  return el('em', {}, `(${Object.keys(value).join(', ')} widget)`);
}

export function googleChatPreview(root: HTMLElement, message: { cardsV2?: unknown; fallbackText?: unknown }): void {
  const body = el('div', { class: 'gchat-body' });
  const cards = Array.isArray(message.cardsV2) ? (message.cardsV2 as Json[]) : [];
  for (const entry of cards) {
    const card = (entry.card ?? {}) as Json;
    const view = el('div', { class: 'gchat-card' });
    const header = card.header as Json | undefined;
    if (header) {
      const top = el('div', { class: 'gchat-header' });
      if (typeof header.title === 'string') top.append(el('div', { class: 'gchat-title' }, header.title));
      if (typeof header.subtitle === 'string') top.append(el('div', { class: 'gchat-subtitle' }, header.subtitle));
      view.append(top);
    }
    for (const section of (Array.isArray(card.sections) ? card.sections : []) as Json[]) {
      const part = el('div', { class: 'gchat-section' });
      if (section.header !== undefined) part.append(cardText('gchat-section-header', section.header));
      for (const value of (Array.isArray(section.widgets) ? section.widgets : []) as Json[]) part.append(widget(value));
      view.append(part);
    }
    body.append(view);
  }
  if (cards.length === 0 && typeof message.fallbackText === 'string') body.append(message.fallbackText);
  root.append(
    el(
      'div',
      { class: 'chat-message' },
      el('div', { class: 'chat-avatar gchat-avatar', 'aria-hidden': 'true' }, 'i'),
      el(
        'div',
        { class: 'chat-content' },
        el('div', { class: 'chat-name' }, 'isomer', el('span', { class: 'chat-app' }, 'App')),
        body,
      ),
    ),
  );
}
