/**
 * The limits suite: huge content, long headings and text that grows when escaped, on one chat
 * host, read by its checks. Every host converted from the Markdown tree runs it
 * (test/core/chat-hosts/limits.test.ts), and a host added the documented way too.
 */
import { describe, expect, it } from 'vitest';
import { strings } from '../../../src/core/chat-hosts/checks.ts';
import { md } from '../../../src/core/markdown/builder.ts';
import { type HostUnderTest, shownText } from './host.ts';

/** Ten thousand characters of words. */
export const LONG = Array.from({ length: 1250 }, (_, i) => `word${i % 10}`)
  .join(' ')
  .slice(0, 10_000);

/** Sixty sections, each a heading, a 10,000-character paragraph, a list, a table and code. */
export const sixtyNodes = () =>
  md.content(
    Array.from({ length: 60 }, (_, i) => [
      md.heading(2, `Section ${i}`),
      md.paragraph(`Paragraph ${i}: `, LONG),
      md.list([`item ${i}`, md.strong('bold')]),
      md.table(['a', 'b'], [[`${i}`, 'x'.repeat(300)]]),
      md.codeBlock(`line ${i}\n`.repeat(50), 'ts'),
    ]),
  );

/** A payload's long strings (descriptions, card text, message text), in order, joined by spaces. */
export function longStrings(payload: unknown): string {
  return strings(payload)
    .map(([, value]) => value)
    .filter((value) => value.length > 50)
    .join(' ');
}

export function limitSuite(host: HostUnderTest): void {
  const problems = (payload: unknown) => host.checks.problems(payload);

  describe(`${host.name}: huge inputs`, () => {
    it('60 nodes of 10,000-character paragraphs fit, with a note saying what was left out', () => {
      const payload = host.convert(sixtyNodes(), { title: 'T'.repeat(1000), subtitle: 'S'.repeat(1000) });
      expect(problems(payload)).toEqual([]);
      expect(JSON.stringify(payload)).toMatch(/more blocks were left out to fit/);
    });

    it('one 10,000-character paragraph is kept whole or split, or its first 4,000 kept and a note says so', () => {
      const payload = host.convert(md.content(md.paragraph(LONG)));
      expect(problems(payload)).toEqual([]);
      const text = longStrings(payload);
      const whole = text.replace(/\s+/g, ' ').includes(LONG.replace(/\s+/g, ' '));
      // Whole unless the host's limits hold fewer characters in all (each host's folder pins which).
      if (!whole) {
        expect(text).toContain(LONG.slice(0, 4000));
        expect(text).toMatch(/left out to fit/);
      } else expect(text).not.toMatch(/left out to fit/);
    });
  });

  describe(`${host.name}: a heading or a note is never lost, and growth from escaping is counted`, () => {
    it('a title and a subtitle over 4,096 characters fit, and the reader sees they were cut or split', () => {
      const title = `Title-${'t'.repeat(5000)}`;
      const subtitle = `Subtitle-${'s'.repeat(5000)}`;
      const payload = host.convert(md.content(md.paragraph('Body')), { title, subtitle });
      expect(problems(payload)).toEqual([]);
      // Across messages (a host may split a heading like any block), or cut with an ellipsis.
      const text = shownText(host, payload).replace(/\s+/g, '');
      expect(text).toContain('Title-tttt');
      expect(text).toContain('Subtitle-ssss');
      expect(text.includes(title) || /t…/.test(text)).toBe(true);
      expect(text.includes(subtitle) || /s…/.test(text)).toBe(true);
    });

    it('a title of 9,000 `&` and a heading of 9,000 `&` stay within the limits', () => {
      const amps = '&'.repeat(9000);
      const payload = host.convert(md.content(md.heading(2, amps), md.paragraph(amps), md.paragraph('end')), {
        title: amps,
        subtitle: amps,
      });
      expect(problems(payload)).toEqual([]);
    });

    it('a card with a 40,000-character heading alone keeps that heading, cut', () => {
      const payload = host.convert(md.content(md.heading(2, `Head ${'h'.repeat(40_000)}`)));
      expect(problems(payload)).toEqual([]);
      expect(shownText(host, payload)).toContain('Head hhhh');
    });
  });
}
