/**
 * A close preview of a Discord message's embeds: the accent stripe, the title, and the description
 * read as Discord reads Markdown (`**bold**`, `*italic*`, `__underline__`, `~~strike~~`,
 * `||spoiler||`, code spans and fences, `>` quotes, `-`/`1.` lists, `#` headings, `[label](url)`
 * links to http(s) only). A backslash keeps the next symbol literal; HTML means nothing to Discord,
 * so `<b>` shows as those characters. Every string lands through Text nodes.
 */
import { el, safeHref } from './dom.ts';

type Json = Record<string, unknown>;

/** Content of a paired marker: escapes are skipped so `\*` cannot close `*…*`. */
const SPAN = String.raw`((?:\\[\s\S]|[^\\])+?)`;
const INLINE = new RegExp(
  [
    String.raw`\\([^\p{L}\p{N}\s])`,
    String.raw`(\x60+)([\s\S]*?[^\x60])\2(?!\x60)`,
    String.raw`\[((?:\\.|[^\]\\])*)\]\(\s*<?(https?:\/\/[^\s)>]+)>?\s*\)`,
    String.raw`<(https?:\/\/[^\s>]+)>`,
    String.raw`(https?:\/\/[^\s<]*[^\s<.,:;"')\]])`,
    String.raw`\*\*${SPAN}\*\*`,
    `__${SPAN}__`,
    `~~${SPAN}~~`,
    String.raw`\|\|${SPAN}\|\|`,
    String.raw`\*(?=\S)((?:\\[\s\S]|[^\\*])+?)\*`,
    String.raw`\b_((?:\\[\s\S]|[^\\_])+?)_\b`,
  ].join('|'),
  'gu',
);

function link(parent: HTMLElement, label: string, url: string, inner: boolean): void {
  const href = /^https?:/i.test(url) ? safeHref(url) : undefined;
  const anchor = el(href ? 'a' : 'span', {});
  if (inner) inline(anchor, label);
  else anchor.append(label);
  if (href && anchor instanceof HTMLAnchorElement) {
    anchor.href = href;
    anchor.target = '_blank';
    anchor.rel = 'noopener noreferrer';
  }
  parent.append(anchor);
}

const STYLED: readonly [number, keyof HTMLElementTagNameMap, string?][] = [
  [8, 'strong'],
  [9, 'u'],
  [10, 's'],
  [11, 'span', 'discord-spoiler'],
  [12, 'em'],
  [13, 'em'],
];

/** Discord inline Markdown into nodes appended to `parent`. */
function inline(parent: HTMLElement, text: string): void {
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    const index = match.index ?? 0;
    if (index > last) parent.append(text.slice(last, index));
    last = index + match[0].length;
    if (match[1] !== undefined) parent.append(match[1]);
    else if (match[2] !== undefined) parent.append(el('code', {}, match[3]!.replace(/^ (.*) $/, '$1')));
    else if (match[4] !== undefined) link(parent, match[4], match[5]!, true);
    else if (match[6] !== undefined) link(parent, match[6], match[6], false);
    else if (match[7] !== undefined) link(parent, match[7], match[7], false);
    else {
      const [group, tag, className] = STYLED.find(([group]) => match[group] !== undefined)!;
      const styled = el(tag, className ? { class: className } : {});
      inline(styled, match[group]!);
      parent.append(styled);
    }
  }
  if (last < text.length) parent.append(text.slice(last));
}

const LIST_ITEM = /^(\s*)([-*]|\d{1,9}\.)\s+(.*)$/;

/** Discord Markdown blocks: lines stay lines (no paragraphs), as in a Discord message. */
function description(root: HTMLElement, source: string): void {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    const fence = /^```([\w+#.-]*)\s*$/.exec(line);
    if (fence) {
      const body: string[] = [];
      i++;
      while (i < lines.length && lines[i]!.trimEnd() !== '```') body.push(lines[i++]!);
      i++;
      const code = el('code', {}, body.join('\n'));
      if (fence[1]) code.dataset.language = fence[1];
      root.append(el('pre', {}, code));
      continue;
    }
    const heading = /^(#{1,3}) (.*)$/.exec(line);
    if (heading) {
      const h = el(`h${heading[1]!.length + 2}` as 'h3', { class: 'discord-heading' });
      inline(h, heading[2]!);
      root.append(h);
      i++;
      continue;
    }
    if (/^-# /.test(line)) {
      const small = el('div', { class: 'discord-subtext' });
      inline(small, line.slice(3));
      root.append(small);
      i++;
      continue;
    }
    if (/^>>> /.test(line)) {
      const quote = el('blockquote', {});
      description(quote, [line.slice(4), ...lines.slice(i + 1)].join('\n'));
      root.append(quote);
      return;
    }
    if (/^> /.test(line) || line === '>') {
      const quoted: string[] = [];
      while (i < lines.length && (/^> /.test(lines[i]!) || lines[i] === '>')) quoted.push(lines[i++]!.slice(2));
      const quote = el('blockquote', {});
      description(quote, quoted.join('\n'));
      root.append(quote);
      continue;
    }
    const item = LIST_ITEM.exec(line);
    if (item) {
      const indent = item[1]!.length;
      const ordered = /\d/.test(item[2]!);
      const list = el(ordered ? 'ol' : 'ul', {});
      if (ordered) list.setAttribute('start', String(Number.parseInt(item[2]!, 10)));
      while (i < lines.length) {
        const next = LIST_ITEM.exec(lines[i]!);
        if (!next || next[1]!.length < indent) break;
        // A bullet after numbers (or the reverse) at the same depth starts a new list.
        if (next[1]!.length === indent && /\d/.test(next[2]!) !== ordered) break;
        if (next[1]!.length > indent) {
          const nested: string[] = [];
          while (i < lines.length && (LIST_ITEM.exec(lines[i]!)?.[1]?.length ?? -1) > indent)
            nested.push(lines[i++]!.slice(indent + 2));
          description((list.lastElementChild as HTMLElement | null) ?? list, nested.join('\n'));
          continue;
        }
        const li = el('li', {});
        inline(li, next[3]!);
        list.append(li);
        i++;
      }
      root.append(list);
      continue;
    }
    const text = el('div', { class: 'discord-line' });
    inline(text, line);
    root.append(text);
    i++;
  }
}

/** The stripe colour Discord draws: the embed's own `color`, when it is a 24-bit number. */
function stripe(color: unknown): string | undefined {
  return typeof color === 'number' && Number.isInteger(color) && color >= 0 && color <= 0xffffff
    ? `#${color.toString(16).padStart(6, '0')}`
    : undefined;
}

export function discordPreview(root: HTMLElement, message: { content?: unknown; embeds?: unknown }): void {
  const body = el('div', { class: 'discord-body' });
  if (typeof message.content === 'string') description(body, message.content);
  for (const embed of (Array.isArray(message.embeds) ? message.embeds : []) as Json[]) {
    const box = el('div', { class: 'discord-embed' });
    // Set through the CSSOM, which the page's policy allows (it refuses style attributes).
    const color = stripe(embed.color);
    if (color) box.style.borderLeftColor = color;
    if (typeof embed.title === 'string') {
      const title = el('div', { class: 'discord-title' });
      inline(title, embed.title);
      box.append(title);
    }
    if (typeof embed.description === 'string') {
      const text = el('div', { class: 'discord-description' });
      description(text, embed.description);
      box.append(text);
    }
    body.append(box);
  }
  root.append(
    el(
      'div',
      { class: 'chat-message' },
      el('div', { class: 'chat-avatar discord-avatar', 'aria-hidden': 'true' }, 'i'),
      el(
        'div',
        { class: 'chat-content' },
        el('div', { class: 'chat-name' }, 'isomer', el('span', { class: 'chat-app discord-app' }, 'APP')),
        body,
      ),
    ),
  );
}
