/**
 * The README and docs/ hold together: the README stays a front door (at most 300 lines) whose map
 * links every docs page; every relative link in them reaches a file (and a heading, when it names
 * one); each page opens with what it covers; and the "where things live" table in
 * docs/architecture.md names only paths that exist and every room of `src/` a newcomer looks for.
 */
/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';

const pages = import.meta.glob(['../../README.md', '../../docs/*.md'], {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

// The files a link or the table may name, by path from the repository root (lazy: only the names are
// read). Patterns start at the project root (`/`), so every key is the path from there.
const files = new Set(
  Object.keys(
    import.meta.glob([
      '/*.{md,json,toml,ts}',
      '/docs/**/*',
      '/src/**/*',
      '/test/**/*',
      '/bench/**/*',
      '/scripts/**/*',
      '/playground/**/*',
      '/mcp-app/**/*',
    ]),
  ).map((key) => key.replace(/^\//, '')),
);
const sourceFiles = Object.keys(import.meta.glob('/src/**/*.ts')).map((key) => key.replace(/^\//, ''));
/** The folders a path in the table may start with (a package entry such as `isomer-edge/slides` is no path). */
const ROOTS = /^(src|test|docs|bench|scripts|playground|mcp-app)(\/|$)/;

const README = 'README.md';
const text = (path: string): string => pages[`../../${path}`]!;
const pagePaths = Object.keys(pages).map((key) => key.replace(/^\.\.\/\.\.\//, ''));
const docsPages = pagePaths.filter((path) => path.startsWith('docs/'));

/** A page without its fenced code and inline code, where a `[x](y)` is not a link. */
function withoutCode(markdown: string): string {
  // A fence may be indented (inside a list item).
  return markdown.replace(/^[ \t]*(```|~~~)[^\n]*\n[\s\S]*?^[ \t]*\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** Every link and image target on a page: `[text](target)`, `![alt](target)`, `<…>` autolinks aside. */
function linkTargets(markdown: string): string[] {
  return [...withoutCode(markdown).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((match) => match[1]!);
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const [, heading] of withoutCode(markdown.replace(/`([^`\n]*)`/g, '$1')).matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
    const slug = heading!
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    result.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return result;
}

/** A path relative to a page, from the repository root (`..` and `.` resolved). */
function resolveFrom(page: string, target: string): string {
  const parts = page.split('/').slice(0, -1);
  for (const part of target.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.' && part !== '') parts.push(part);
  }
  return parts.join('/');
}

const exists = (path: string): boolean =>
  files.has(path) || [...files].some((file) => file.startsWith(`${path.replace(/\/$/, '')}/`));

/** The section under a `## ` heading, up to the next one. */
function section(markdown: string, heading: RegExp): string | undefined {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => line.startsWith('## ') && heading.test(line));
  if (start < 0) return undefined;
  const end = lines.findIndex((line, index) => index > start && line.startsWith('## '));
  return lines.slice(start + 1, end < 0 ? undefined : end).join('\n');
}

describe('the README and docs/', () => {
  it('reads the pages and the tree', () => {
    expect(pagePaths).toContain(README);
    expect(docsPages.length).toBeGreaterThan(10);
    for (const file of ['package.json', 'test/core/readme.test.ts', 'src/index.ts', 'docs/images/playground-light.png'])
      expect([...files], file).toContain(file);
  });

  it('keeps the README at most 300 lines', () => {
    const lines = text(README).replace(/\n$/, '').split('\n').length;
    expect(lines, `README.md has ${lines} lines`).toBeLessThanOrEqual(300);
  });

  it("links every docs page from the README's map of docs/", () => {
    const map = section(text(README), /\bdoc/i);
    expect(map, 'README.md: a "## … docs …" section mapping docs/').toBeDefined();
    const linked = new Set(linkTargets(map!).map((target) => resolveFrom(README, target.split('#')[0]!)));
    const missing = docsPages.filter((page) => !linked.has(page));
    expect(missing, 'docs pages the README map does not link').toEqual([]);
  });

  it('opens every docs page with a sentence saying what it covers', () => {
    for (const page of docsPages) {
      const [title, ...rest] = text(page).split('\n');
      expect(title, `${page}: a "# " title first`).toMatch(/^# \S/);
      const first = rest.find((line) => line.trim() !== '');
      expect(first, `${page}: prose after the title`).toMatch(/^[A-Za-z`*]/);
    }
  });

  it('resolves every relative link to a file, and every anchor to a heading', () => {
    const broken: string[] = [];
    for (const page of pagePaths) {
      for (const target of linkTargets(text(page))) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
        const [path, anchor] = target.split('#') as [string, string | undefined];
        const resolved = path === '' ? page : resolveFrom(page, decodeURI(path));
        if (!exists(resolved)) {
          broken.push(`${page}: ${target} (no ${resolved})`);
          continue;
        }
        if (anchor !== undefined && pages[`../../${resolved}`] !== undefined) {
          if (!anchors(text(resolved)).has(anchor)) broken.push(`${page}: ${target} (no heading #${anchor})`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  describe('the "where things live" table (docs/architecture.md)', () => {
    const table = section(text('docs/architecture.md') ?? '', /where things live/i) ?? '';
    const rows = table.split('\n').filter((line) => line.startsWith('|') && !/^\|\s*-/.test(line));
    /** The paths its rows name: every code span in a row that reads as a path. */
    const named = rows
      .flatMap((row) => [...row.matchAll(/`([^`]+)`/g)].map((match) => match[1]!))
      .filter((span) => ROOTS.test(span))
      .map((span) => span.replace(/\/$/, ''));

    it('is there, a row per concept', () => {
      expect(rows.length, 'docs/architecture.md: a "## Where things live" table').toBeGreaterThan(10);
    });

    it('names only paths that exist', () => {
      expect(named.filter((path) => !exists(path))).toEqual([]);
    });

    it('names every room of src/, and every folder directly under src/core, src/images and src/worker', () => {
      const rooms = new Set<string>();
      for (const file of sourceFiles) {
        const parts = file.split('/');
        if (parts.length > 2) rooms.add(parts.slice(0, 2).join('/'));
        if (parts.length > 3 && ['core', 'images', 'worker'].includes(parts[1]!))
          rooms.add(parts.slice(0, 3).join('/'));
      }
      expect(rooms.size).toBeGreaterThan(10);
      const named_ = new Set(named);
      expect([...rooms].filter((room) => !named_.has(room)).sort()).toEqual([]);
    });
  });
});
