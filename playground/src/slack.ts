/**
 * A close preview of a Block Kit message, drawn with DOM APIs only: the blocks and their mrkdwn are
 * model text, so every string lands through `textContent`. `<!channel>` and `<@U123>` arrive
 * escaped (`&lt;!channel&gt;`) and show as the characters they are; a link is made only where Slack
 * would make one (`<url|label>`) and only for an http(s) or mailto URL.
 */
import { el, safeHref } from './dom.ts';
import { decodeEntities } from './markdown.ts';

type Json = Record<string, unknown>;

const BUILDER = 'https://app.slack.com/block-kit-builder#';

/** The Block Kit Builder link that opens these blocks (the builder reads its fragment). */
export function blockKitBuilderUrl(blocks: unknown[]): string {
  return BUILDER + encodeURIComponent(JSON.stringify({ blocks }));
}

function link(label: string, url: string): HTMLElement {
  const href = safeHref(decodeEntities(url));
  if (!href) return el('span', {}, decodeEntities(label));
  const anchor = el('a', { target: '_blank', rel: 'noopener noreferrer' }, decodeEntities(label));
  anchor.href = href;
  return anchor;
}

/** Slack mrkdwn: `*bold*`, `_italic_`, `~strike~`, `` `code` ``, ``` fences ```, `<url|label>`, `>` quotes. */
export function mrkdwn(parent: HTMLElement, text: string): void {
  const parts = text.split(/```/);
  parts.forEach((part, index) => {
    if (index % 2 === 1) {
      parent.append(el('pre', {}, decodeEntities(part.replace(/^\n/, ''))));
      return;
    }
    const lines = part.split('\n');
    lines.forEach((line, n) => {
      if (n > 0) parent.append(el('br', {}));
      const quote = /^&gt;\s?(.*)$/.exec(line);
      if (quote) {
        const block = el('span', { class: 'slack-quote' });
        spans(block, quote[1]!);
        parent.append(block);
      } else spans(parent, line);
    });
  });
}

function spans(parent: HTMLElement, text: string): void {
  const pattern =
    /`([^`]+)`|<([^<>|]+)\|([^<>]+)>|<([^<>|]+)>|(?<![\w*])\*(?=\S)([^*\n]*?\S)\*(?![\w*])|(?<![\w_])_(?=\S)([^_\n]*?\S)_(?![\w_])|(?<![\w~])~(?=\S)([^~\n]*?\S)~(?![\w~])/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const index = match.index ?? 0;
    if (index > last) parent.append(decodeEntities(text.slice(last, index)));
    last = index + match[0].length;
    if (match[1] !== undefined) parent.append(el('code', {}, decodeEntities(match[1])));
    else if (match[2] !== undefined) parent.append(link(match[3]!, match[2]));
    else if (match[4] !== undefined) parent.append(link(match[4], match[4]));
    else {
      const tag = match[5] !== undefined ? 'strong' : match[6] !== undefined ? 'em' : 'del';
      const inner = el(tag, {});
      spans(inner, match[5] ?? match[6] ?? match[7]!);
      parent.append(inner);
    }
  }
  if (last < text.length) parent.append(decodeEntities(text.slice(last)));
}

function textObject(parent: HTMLElement, value: unknown): void {
  if (typeof value !== 'object' || value === null) return;
  const { type, text } = value as Json;
  if (typeof text !== 'string') return;
  if (type === 'mrkdwn') mrkdwn(parent, text);
  else parent.append(text);
}

function image(url: unknown, alt: unknown, className: string): HTMLElement {
  const altText = typeof alt === 'string' ? alt : '';
  const href = typeof url === 'string' ? safeHref(url) : undefined;
  if (!href?.startsWith('https:'))
    return el('div', { class: `${className} slack-image-placeholder` }, altText || 'image');
  const img = el('img', { class: className, alt: altText, loading: 'lazy', referrerpolicy: 'no-referrer' });
  img.src = href;
  return img;
}

/** Rich text: sections, lists, quotes and preformatted blocks of styled inline elements. */
function richText(parent: HTMLElement, elements: unknown): void {
  if (!Array.isArray(elements)) return;
  for (const element of elements as Json[]) {
    switch (element.type) {
      case 'rich_text_section': {
        const section = el('div', { class: 'slack-rich-section' });
        inlineElements(section, element.elements);
        parent.append(section);
        break;
      }
      case 'rich_text_list': {
        const list = el(element.style === 'ordered' ? 'ol' : 'ul', {});
        for (const item of (Array.isArray(element.elements) ? element.elements : []) as Json[]) {
          const li = el('li', {});
          inlineElements(li, item.elements);
          list.append(li);
        }
        parent.append(list);
        break;
      }
      case 'rich_text_preformatted': {
        const pre = el('pre', {});
        inlineElements(pre, element.elements);
        parent.append(pre);
        break;
      }
      case 'rich_text_quote': {
        const quote = el('blockquote', {});
        inlineElements(quote, element.elements);
        parent.append(quote);
        break;
      }
    }
  }
}

function inlineElements(parent: HTMLElement, elements: unknown): void {
  if (!Array.isArray(elements)) return;
  for (const element of elements as Json[]) {
    let node: HTMLElement;
    if (element.type === 'link' && typeof element.url === 'string')
      node = link(typeof element.text === 'string' ? element.text : element.url, element.url);
    else if (element.type === 'emoji' && typeof element.name === 'string')
      node = el('span', {}, typeof element.unicode === 'string' ? element.unicode : `:${element.name}:`);
    else if (element.type === 'user' || element.type === 'channel' || element.type === 'usergroup')
      node = el(
        'span',
        { class: 'slack-mention' },
        `@${String(element.user_id ?? element.channel_id ?? element.usergroup_id)}`,
      );
    else node = el('span', {}, typeof element.text === 'string' ? element.text : '');
    const style = (element.style ?? {}) as Json;
    if (style.bold) node.classList.add('b');
    if (style.italic) node.classList.add('i');
    if (style.strike) node.classList.add('s');
    if (style.code) node.classList.add('c');
    parent.append(node);
  }
}

function tableCell(cell: Json): HTMLElement {
  const td = el('td', {});
  if (cell.type === 'raw_text' && typeof cell.text === 'string') td.append(cell.text);
  else if (cell.type === 'rich_text') richText(td, cell.elements);
  return td;
}

/** One block as Slack would draw it; a block type this preview does not know is named, not dropped. */
function block(value: Json): HTMLElement {
  const wrap = el('div', { class: `slack-block slack-${String(value.type).replace(/[^a-z_]/g, '')}` });
  switch (value.type) {
    case 'header':
      textObject(wrap, value.text);
      break;
    case 'section': {
      const main = el('div', { class: 'slack-section-text' });
      textObject(main, value.text);
      wrap.append(main);
      if (Array.isArray(value.fields)) {
        const fields = el('div', { class: 'slack-fields' });
        for (const field of value.fields) {
          const cell = el('div', {});
          textObject(cell, field);
          fields.append(cell);
        }
        wrap.append(fields);
      }
      const accessory = value.accessory as Json | undefined;
      if (accessory?.type === 'image') wrap.append(image(accessory.image_url, accessory.alt_text, 'slack-accessory'));
      break;
    }
    case 'divider':
      wrap.append(el('hr', {}));
      break;
    case 'context':
      for (const element of (Array.isArray(value.elements) ? value.elements : []) as Json[]) {
        if (element.type === 'image') wrap.append(image(element.image_url, element.alt_text, 'slack-context-image'));
        else {
          const span = el('span', {});
          textObject(span, element);
          wrap.append(span);
        }
      }
      break;
    case 'image': {
      if (value.title) {
        const title = el('div', { class: 'slack-image-title' });
        textObject(title, value.title);
        wrap.append(title);
      }
      const file = value.slack_file as Json | undefined;
      wrap.append(
        file !== undefined
          ? el(
              'div',
              { class: 'slack-image slack-image-placeholder' },
              `uploaded image: ${String(value.alt_text ?? '')}`,
            )
          : image(value.image_url, value.alt_text, 'slack-image'),
      );
      break;
    }
    case 'rich_text':
      richText(wrap, value.elements);
      break;
    case 'table': {
      const table = el('table', {});
      for (const row of (Array.isArray(value.rows) ? value.rows : []) as unknown[]) {
        const tr = el('tr', {});
        for (const cell of (Array.isArray(row) ? row : []) as Json[]) tr.append(tableCell(cell));
        table.append(tr);
      }
      wrap.append(table);
      break;
    }
    default:
      wrap.append(el('em', {}, `(${String(value.type)} block)`));
  }
  return wrap;
}

/** The message as Slack shows it: an app avatar and name, then the blocks (or the fallback text). */
export function slackPreview(root: HTMLElement, message: { text?: unknown; blocks?: unknown }): void {
  const body = el('div', { class: 'slack-body' });
  const blocks = Array.isArray(message.blocks) ? (message.blocks as Json[]) : [];
  if (blocks.length === 0 && typeof message.text === 'string') mrkdwn(body, message.text);
  for (const value of blocks) body.append(block(value));
  root.append(
    el(
      'div',
      { class: 'slack-message' },
      el('div', { class: 'slack-avatar', 'aria-hidden': 'true' }, 'i'),
      el(
        'div',
        { class: 'slack-content' },
        el('div', { class: 'slack-name' }, 'isomer', el('span', { class: 'slack-app' }, 'APP')),
        body,
      ),
    ),
  );
}
