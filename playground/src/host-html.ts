/**
 * A chat host's small HTML dialect (Telegram's `parse_mode: 'HTML'`, Google Chat's card text) read
 * the way the host reads it, never by a browser's HTML parser: a linear scan finds the tags, only
 * the host's allow-list becomes elements (built with DOM APIs), only `href` survives (and only for a
 * URL the host would open), and anything else — an unknown tag, a stray `<`, a close without an
 * open — is shown as the characters it is. Text lands through Text nodes.
 */
import { el, safeHref } from './dom.ts';
import { decodeEntities } from './markdown.ts';

export interface HostDialect {
  /** Tag name as the host writes it → the element that shows it (`a` must map to `a`). */
  tags: Readonly<Record<string, keyof HTMLElementTagNameMap>>;
  /** Tags with no content and no closing tag (Google Chat's `<br>`). */
  voids?: ReadonlySet<string>;
  /** Whether the host opens this link; a refused one shows its label as text. */
  opens(href: string): boolean;
}

const TAG = /<(\/?)([a-z][a-z0-9-]*)((?:\s+[a-z-]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'<>=`]+))?)*)\s*\/?>/gi;
const ATTRIBUTE = /([a-z-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'<>=`]+)))?/gi;

function attributes(source: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of source.matchAll(ATTRIBUTE))
    found.set(match[1]!.toLowerCase(), decodeEntities(match[2] ?? match[3] ?? match[4] ?? ''));
  return found;
}

/** Appends `html`, read in `dialect`, to `parent`. Work is linear in the length of `html`. */
export function hostHtml(parent: HTMLElement, html: string, dialect: HostDialect): void {
  const open: { name: string; element: HTMLElement }[] = [];
  const top = () => open.at(-1)?.element ?? parent;
  let last = 0;
  for (const match of html.matchAll(TAG)) {
    const index = match.index ?? 0;
    const [whole, slash, rawName, rawAttributes] = match;
    const name = rawName!.toLowerCase();
    const tag = dialect.tags[name];
    if (index > last) top().append(decodeEntities(html.slice(last, index)));
    last = index + whole.length;
    if (!tag) {
      top().append(whole);
    } else if (slash) {
      const at = open.findLastIndex((entry) => entry.name === name);
      if (at < 0) top().append(whole);
      else open.length = at;
    } else if (dialect.voids?.has(name)) {
      top().append(el(tag, {}));
    } else {
      const element = el(tag, {});
      const found = attributes(rawAttributes ?? '');
      const href = found.get('href');
      if (element instanceof HTMLAnchorElement && href !== undefined) {
        const safe = dialect.opens(href) ? safeHref(href) : undefined;
        if (safe) {
          element.href = safe;
          element.target = '_blank';
          element.rel = 'noopener noreferrer';
        }
      }
      // A code block's language (`<code class="language-ts">`) is kept as data, not as a class.
      const language = /(?:^|\s)language-([\w+#.-]{1,32})/.exec(found.get('class') ?? '');
      if (language) element.dataset.language = language[1]!;
      top().append(element);
      open.push({ name, element });
    }
  }
  if (last < html.length) top().append(decodeEntities(html.slice(last)));
}
