/**
 * The mention suite: mentions whose `@` (or `<`, `#`) and name sit in different runs, and text with
 * half a surrogate pair, on one chat host, read by its checks: neither may reach the host as a live
 * mention or as text it cannot encode. Every host converted from the Markdown tree runs it, and a
 * host added the documented way too.
 */
import { describe, expect, it } from 'vitest';
import { strings } from '../../../src/core/chat-hosts/checks.ts';
import { md } from '../../../src/core/markdown/builder.ts';
import type { MarkdownInline } from '../../../src/core/markdown/tree.ts';
import { previewSlide } from '../slides.ts';
import type { HostUnderTest } from './host.ts';

/** Every host's mention syntax, cut in two at every position (one is the run's own boundary). */
const SPELLINGS = [
  '@admin',
  '@everyone',
  '@here',
  '<at>Ann</at>',
  '<users/all>',
  '<@123>',
  '<#456>',
  '@all',
  '#general',
];

/** `head` and `tail` in different runs, in every way a renderer can put a run boundary. */
export function splits(head: string, tail: string): MarkdownInline[][] {
  return [
    [md.text(head), md.strong(tail)],
    [md.strong(head), md.text(tail)],
    [md.emphasis(head), md.strong(tail)],
    [md.text(head), md.emphasis(tail)],
    [md.text(head), md.code(tail)],
    [md.code(head), md.text(tail)],
    [md.text(head), md.link('https://example.com/p', tail)],
    [md.link('https://example.com/p', head), md.text(tail)],
    [md.text(head), md.link('javascript:alert(1)', tail)],
    [md.text(head), md.image('https://example.com/i.png', tail)],
    [md.strong(md.emphasis(head)), md.emphasis(tail)],
  ];
}

export function splitMentions(): MarkdownInline[][] {
  return SPELLINGS.flatMap((spelling) =>
    Array.from({ length: spelling.length - 1 }, (_, at) =>
      splits(spelling.slice(0, at + 1), spelling.slice(at + 1)),
    ).flat(),
  );
}

/** Every split spelling, counted: what the suite claims to cover. */
export const SPLIT_COUNT = 11 * SPELLINGS.reduce((sum, spelling) => sum + spelling.length - 1, 0);

export function mentionSuite(host: HostUnderTest): void {
  const { checks } = host;

  describe(`${host.name}: a mention split across runs never becomes live`, () => {
    it('in paragraphs, headings, list items, quotes, tables and term lists', () => {
      for (const inlines of splitMentions()) {
        const content = md.content(
          md.paragraph('x ', ...inlines, ' y'),
          md.paragraph(...inlines),
          md.heading(2, ...inlines),
          md.list([md.paragraph(...inlines)]),
          md.list([md.paragraph(md.strong('Term'), ' · ', ...inlines)]),
          md.blockquote(md.paragraph(...inlines)),
          md.table(['a', 'b'], [[inlines, inlines]]),
        );
        const payload = host.convert(content);
        const label = JSON.stringify(inlines);
        expect(checks.liveMentions(payload), label).toEqual([]);
        expect(checks.problems(payload), label).toEqual([]);
      }
    });
  });

  describe(`${host.name}: half a surrogate pair becomes U+FFFD once`, () => {
    const lone = ['\uD800', 'a\uDC00b', '\uDBFF\uDBFF', 'z\uD83D'];

    it('in the title, the subtitle, text, code, links and table cells', () => {
      for (const text of lone) {
        const content = md.content(
          md.heading(2, text),
          md.paragraph(text, md.strong(text), md.link('https://example.com/p', text)),
          md.codeBlock(text),
          md.table([text, 'b'], [[text, text]]),
          md.list([text, [md.strong('Term'), ' · ', text]]),
        );
        const payload = host.convert(content, { title: text, subtitle: text });
        expect(checks.problems(payload), JSON.stringify(text)).toEqual([]);
        const all = strings(payload)
          .map(([, value]) => value)
          .join('');
        expect(all).toContain('\uFFFD');
        // A well-formed pair stays whole.
        expect(JSON.stringify(host.convert(md.content(md.paragraph('pair 😀 here'))))).toContain('😀');
      }
    });

    it('through the chat formats, a composition with a lone surrogate renders valid Unicode', () => {
      const composition = {
        ...previewSlide({ type: 'slideBulletList', label: 'L\uD800', items: ['a\uDC00', 'b'] }),
        title: 'T\uD800',
        subtitle: 'S\uDFFF',
      };
      expect(checks.problems(host.build(composition))).toEqual([]);
      expect(host.render(composition)).toContain('T\uFFFD');
    });
  });
}
