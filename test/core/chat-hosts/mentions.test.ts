/**
 * Mentions whose `@` (or `<`) and name sit in different runs, and text with half a surrogate pair:
 * neither may reach a host as a live mention or as text the host cannot encode.
 */
import { describe, expect, it } from 'vitest';
import { CHAT_FORMAT_NAMES, createChatFormats } from '../../../src/chat/index.ts';
import { md } from '../../../src/core/markdown/builder.ts';
import type { MarkdownInline } from '../../../src/core/markdown/tree.ts';
import { previewSlide, slidesRuntime } from '../../support/slides.ts';
import { HOST_NAMES, HOSTS, limitProblems, liveMentions, strings } from './support.ts';

/** Each host's mention syntax, cut in two at every position (one is the run's own boundary). */
const SPELLINGS = ['@admin', '@everyone', '@here', '<at>Ann</at>', '<users/all>', '<@123>', '<#456>'];

/** `head` and `tail` in different runs, in every way a renderer can put a run boundary. */
function splits(head: string, tail: string): MarkdownInline[][] {
  return [
    [md.text(head), md.strong(tail)],
    [md.strong(head), md.text(tail)],
    [md.emphasis(head), md.strong(tail)],
    [md.text(head), md.code(tail)],
    [md.code(head), md.text(tail)],
    [md.text(head), md.link('https://example.com/p', tail)],
    [md.link('https://example.com/p', head), md.text(tail)],
    [md.text(head), md.link('javascript:alert(1)', tail)],
    [md.text(head), md.image('https://example.com/i.png', tail)],
    [md.strong(md.emphasis(head)), md.emphasis(tail)],
  ];
}

function splitMentions(): MarkdownInline[][] {
  return SPELLINGS.flatMap((spelling) =>
    Array.from({ length: spelling.length - 1 }, (_, at) =>
      splits(spelling.slice(0, at + 1), spelling.slice(at + 1)),
    ).flat(),
  );
}

describe('a mention split across runs never becomes live', () => {
  it('covers every split of every spelling', () => {
    expect(splitMentions().length).toBe(10 * SPELLINGS.reduce((sum, s) => sum + s.length - 1, 0));
  });

  for (const host of HOST_NAMES) {
    it(`${host}: in paragraphs, headings, list items, quotes, tables and term lists`, () => {
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
        const payload = HOSTS[host](content);
        const label = JSON.stringify(inlines);
        expect(liveMentions(host, payload), label).toEqual([]);
        expect(limitProblems(host, payload), label).toEqual([]);
      }
    });
  }

  it('telegram: `@**name**`, `**@**name` and `@` + link keep the name readable, with one break after `@`', () => {
    for (const inlines of splits('@', 'admin')) {
      const { messages } = HOSTS.telegram(md.content(md.paragraph(...inlines))) as {
        messages: { text: string }[];
      };
      const visible = messages[0]!.text.replace(/<[^>]*>/g, '');
      expect(visible, JSON.stringify(inlines)).toBe('@\u200Badmin');
    }
  });

  it('the checks see a split mention that is left in (they can fail)', () => {
    expect(liveMentions('telegram', { messages: [{ text: '@<b>admin</b>' }] })).not.toEqual([]);
    expect(liveMentions('discord', { embeds: [{ description: '@**everyone**' }] })).not.toEqual([]);
    expect(liveMentions('teams', { text: '<**at**>Ann' })).not.toEqual([]);
  });
});

describe('half a surrogate pair becomes U+FFFD once, on every host', () => {
  const lone = ['\uD800', 'a\uDC00b', '\uDBFF\uDBFF', 'z\uD83D'];

  for (const host of HOST_NAMES) {
    it(`${host}: in the title, the subtitle, text, code, links and table cells`, () => {
      for (const text of lone) {
        const content = md.content(
          md.heading(2, text),
          md.paragraph(text, md.strong(text), md.link('https://example.com/p', text)),
          md.codeBlock(text),
          md.table([text, 'b'], [[text, text]]),
          md.list([text, [md.strong('Term'), ' · ', text]]),
        );
        const payload = HOSTS[host](content, { title: text, subtitle: text });
        expect(limitProblems(host, payload), JSON.stringify(text)).toEqual([]);
        const all = strings(payload)
          .map(([, value]) => value)
          .join('');
        expect(all).toContain('\uFFFD');
        // A well-formed pair stays whole.
        const kept = HOSTS[host](md.content(md.paragraph('pair 😀 here')));
        expect(JSON.stringify(kept)).toContain('😀');
      }
    });
  }

  it('through createChatFormats, a composition with a lone surrogate renders valid Unicode on every host', () => {
    const chat = createChatFormats({ runtime: slidesRuntime });
    const composition = {
      ...previewSlide({ type: 'slideBulletList', label: 'L\uD800', items: ['a\uDC00', 'b'] }),
      title: 'T\uD800',
      subtitle: 'S\uDFFF',
    };
    for (const host of CHAT_FORMAT_NAMES) {
      const payload = chat[host].build(composition);
      expect(limitProblems(host, payload), host).toEqual([]);
      expect(chat[host].render(composition), host).toContain('T\uFFFD');
    }
  });
});
