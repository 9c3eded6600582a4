/**
 * A small Markdown reader for the rendered view of the markdown surface and the authoring guide.
 * The text is untrusted (it carries model text), so it is never parsed as HTML: every piece lands
 * through `textContent`, raw HTML shows as the characters it is, and a link is made only for an
 * absolute http(s) or mailto URL. It reads the subset the surfaces write: headings, paragraphs,
 * lists, quotes, fenced code, tables, rules, and inline code, emphasis, strikethrough and links.
 */
import { el, safeHref } from './dom.ts';

const ENTITY: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Decodes the character references a Markdown or mrkdwn writer uses; others stay as text. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,6});/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : whole;
    }
    return ENTITY[name.toLowerCase()] ?? whole;
  });
}

/** Inline Markdown into nodes appended to `parent`. */
export function inline(parent: HTMLElement, source: string): void {
  // Order matters: code spans first (nothing inside them is read), then links, then emphasis.
  const pattern =
    /(`+)([\s\S]*?[^`])\1(?!`)|!?\[((?:\\.|[^\]\\])*)\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)|<((?:https?|mailto):[^>\s]+)>|(\*\*|__)(?=\S)([\s\S]*?\S)\6|(\*|_)(?=\S)([\s\S]*?\S)\8|~~(?=\S)([\s\S]*?\S)~~|\\([\\`*_{}[\]()#+\-.!|~<>&"'])/g;
  let last = 0;
  for (const match of source.matchAll(pattern)) {
    const index = match.index ?? 0;
    if (index > last) parent.append(decodeEntities(source.slice(last, index)));
    last = index + match[0].length;
    if (match[1] !== undefined) parent.append(el('code', {}, decodeEntities(match[2]!.replace(/^ (.*) $/, '$1'))));
    else if (match[3] !== undefined) {
      const href = safeHref(decodeEntities(match[4] ?? ''));
      const label = el(href ? 'a' : 'span', {});
      inline(label, match[3]);
      if (href && label instanceof HTMLAnchorElement) setLink(label, href);
      parent.append(label);
    } else if (match[5] !== undefined) {
      const href = safeHref(match[5]);
      const link = el(href ? 'a' : 'span', {}, match[5]);
      if (href && link instanceof HTMLAnchorElement) setLink(link, href);
      parent.append(link);
    } else if (match[6] !== undefined) {
      const strong = el('strong', {});
      inline(strong, match[7]!);
      parent.append(strong);
    } else if (match[8] !== undefined) {
      const em = el('em', {});
      inline(em, match[9]!);
      parent.append(em);
    } else if (match[10] !== undefined) {
      const del = el('del', {});
      inline(del, match[10]);
      parent.append(del);
    } else parent.append(match[11]!);
  }
  if (last < source.length) parent.append(decodeEntities(source.slice(last)));
}

function setLink(link: HTMLAnchorElement, href: string): void {
  link.href = href;
  link.target = '_blank';
  link.rel = 'noopener noreferrer';
}

const TABLE_ROW = /^\s*\|.*\|\s*$/;
const TABLE_RULE = /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/;
const LIST_ITEM = /^(\s*)([-*+]|\d{1,9}[.)])\s+(.*)$/;

function cells(row: string): string[] {
  const inner = row.trim().replace(/^\|/, '').replace(/\|$/, '');
  return inner.split(/(?<!\\)\|/).map((cell) => cell.trim());
}

/** Markdown text into block elements appended to `root`. */
export function renderMarkdown(root: HTMLElement, source: string): void {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  let i = 0;
  const paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length === 0) return;
    const p = el('p', {});
    paragraph.forEach((line, n) => {
      if (n > 0) p.append(el('br', {}));
      inline(p, line.replace(/\s+$/, ''));
    });
    root.append(p);
    paragraph.length = 0;
  };
  while (i < lines.length) {
    const line = lines[i]!;
    const fence = /^\s*(`{3,}|~{3,})\s*([^`\s]*)/.exec(line);
    if (fence) {
      flush();
      const body: string[] = [];
      i++;
      while (i < lines.length && !lines[i]!.trim().startsWith(fence[1]!)) body.push(lines[i++]!);
      i++;
      const code = el('code', {}, body.join('\n'));
      if (fence[2]) code.dataset.language = fence[2];
      root.append(el('pre', {}, code));
      continue;
    }
    const heading = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      flush();
      const h = el(`h${heading[1]!.length}` as 'h1', {});
      inline(h, heading[2]!);
      root.append(h);
      i++;
      continue;
    }
    if (/^\s*([-*_])(\s*\1){2,}\s*$/.test(line)) {
      flush();
      root.append(el('hr', {}));
      i++;
      continue;
    }
    if (/^\s*>/.test(line)) {
      flush();
      const quoted: string[] = [];
      while (i < lines.length && /^\s*>/.test(lines[i]!)) quoted.push(lines[i++]!.replace(/^\s*> ?/, ''));
      const quote = el('blockquote', {});
      renderMarkdown(quote, quoted.join('\n'));
      root.append(quote);
      continue;
    }
    if (TABLE_ROW.test(line) && TABLE_RULE.test(lines[i + 1] ?? '')) {
      flush();
      const table = el('table', {});
      const head = el('tr', {});
      for (const cell of cells(line)) {
        const th = el('th', {});
        inline(th, cell);
        head.append(th);
      }
      table.append(el('thead', {}, head));
      const body = el('tbody', {});
      i += 2;
      while (i < lines.length && TABLE_ROW.test(lines[i]!)) {
        const tr = el('tr', {});
        for (const cell of cells(lines[i++]!)) {
          const td = el('td', {});
          inline(td, cell);
          tr.append(td);
        }
        body.append(tr);
      }
      table.append(body);
      root.append(table);
      continue;
    }
    const item = LIST_ITEM.exec(line);
    if (item) {
      flush();
      const ordered = /\d/.test(item[2]!);
      const list = el(ordered ? 'ol' : 'ul', {});
      const indent = item[1]!.length;
      while (i < lines.length) {
        const next = LIST_ITEM.exec(lines[i]!);
        if (!next || next[1]!.length < indent) break;
        if (next[1]!.length > indent) {
          // A nested list: everything indented deeper belongs to the last item.
          const nested: string[] = [];
          while (
            i < lines.length &&
            /^\s+\S/.test(lines[i]!) &&
            (LIST_ITEM.exec(lines[i]!)?.[1]?.length ?? 99) > indent
          )
            nested.push(lines[i++]!.slice(indent + 2));
          renderMarkdown((list.lastElementChild as HTMLElement | null) ?? list, nested.join('\n'));
          continue;
        }
        const li = el('li', {});
        inline(li, next[3]!);
        list.append(li);
        i++;
        // Continuation lines of the same item.
        while (i < lines.length && /^\s{2,}\S/.test(lines[i]!) && !LIST_ITEM.test(lines[i]!)) {
          li.append(el('br', {}));
          inline(li, lines[i++]!.trim());
        }
      }
      root.append(list);
      continue;
    }
    if (line.trim() === '') {
      flush();
      i++;
      continue;
    }
    paragraph.push(line);
    i++;
  }
  flush();
}
