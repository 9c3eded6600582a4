import { describe, expect, it } from 'vitest';
import { md } from '../../../src/core/markdown/builder.ts';
import { HOST_NAMES, HOSTS, LONG, limitProblems, shown, sixtyNodes, strings } from './support.ts';

describe('chat host limits with huge inputs', () => {
  for (const host of HOST_NAMES) {
    it(`${host}: 60 nodes of 10,000-character paragraphs fit, with a note saying what was left out`, () => {
      const payload = HOSTS[host](sixtyNodes(), { title: 'T'.repeat(1000), subtitle: 'S'.repeat(1000) });
      expect(limitProblems(host, payload)).toEqual([]);
      expect(JSON.stringify(payload)).toMatch(/more blocks were left out to fit/);
    });

    it(`${host}: one 10,000-character paragraph is kept whole or split, never silently cut short`, () => {
      const payload = HOSTS[host](md.content(md.paragraph(LONG)));
      expect(limitProblems(host, payload)).toEqual([]);
      // The payload's long strings (descriptions, card text, message text), in order.
      const text = strings(payload)
        .map(([, value]) => value)
        .filter((value) => value.length > 50)
        .join(' ');
      if (host === 'discord') {
        // 10,000 characters pass Discord's 6,000 for all embeds: the first pieces, then the note.
        expect(text).toContain(LONG.slice(0, 4000));
        expect(text).toMatch(/left out to fit Discord/);
      } else {
        expect(text.replace(/\s+/g, ' ')).toContain(LONG.replace(/\s+/g, ' '));
      }
    });
  }
});

describe('a heading or a note is never lost, and growth from escaping is counted', () => {
  for (const host of HOST_NAMES) {
    it(`${host}: a title and a subtitle over 4,096 characters fit, and the reader sees they were cut or split`, () => {
      const title = `Title-${'t'.repeat(5000)}`;
      const subtitle = `Subtitle-${'s'.repeat(5000)}`;
      const payload = HOSTS[host](md.content(md.paragraph('Body')), { title, subtitle });
      expect(limitProblems(host, payload)).toEqual([]);
      // Across messages (Telegram splits a heading like any block), or cut with an ellipsis.
      const text = shown(host, payload).replace(/\s+/g, '');
      expect(text).toContain('Title-tttt');
      expect(text).toContain('Subtitle-ssss');
      expect(text.includes(title) || /t…/.test(text)).toBe(true);
      expect(text.includes(subtitle) || /s…/.test(text)).toBe(true);
    });

    it(`${host}: a title of 9,000 \`&\` and a heading of 9,000 \`&\` stay within the limits`, () => {
      const amps = '&'.repeat(9000);
      const payload = HOSTS[host](md.content(md.heading(2, amps), md.paragraph(amps), md.paragraph('end')), {
        title: amps,
        subtitle: amps,
      });
      expect(limitProblems(host, payload)).toEqual([]);
    });

    it(`${host}: a card with a 40,000-character heading alone keeps that heading, cut`, () => {
      const payload = HOSTS[host](md.content(md.heading(2, `Head ${'h'.repeat(40_000)}`)));
      expect(limitProblems(host, payload)).toEqual([]);
      expect(shown(host, payload)).toContain('Head hhhh');
    });
  }
});
