/**
 * The hostile-text suite: every host's mention and markup syntax and every URL attack in every
 * block and inline position, then hostile strings in the fields of a real composition, on one
 * chat host, read by its checks: nothing pings, nothing links where the link rule says no, every
 * limit holds. Every host converted from the Markdown tree runs it, and a host added the
 * documented way too.
 */
import { describe, expect, it } from 'vitest';
import { md } from '../../../src/core/markdown/builder.ts';
import { allowedLink } from '../chat-sweep.ts';
import { HOSTILE_STRINGS } from '../random.ts';
import { previewSlide, slidesRuntime } from '../slides.ts';
import type { HostUnderTest } from './host.ts';

/** Every host's mention and markup syntax, in one string. */
export const MENTIONS = [
  '@everyone @here <@123> <@!123> <#456> <@&789> </deploy:42> <t:1700000000> <a:wave:1>',
  '<at>Ann</at> <users/all> <users/123456> @channel_admin @**all** @*admins* #**general**',
  '<b>bold?</b> <a href="https://evil.example">x</a> &lt; &amp;amp; <tg-spoiler>s</tg-spoiler>',
  '**not bold** _not em_ [label](https://evil.example) `tick` # heading > quote - item 1. item',
].join(' ');

const URL_ATTACKS = [
  'javascript:alert(1)',
  '&#106;avascript:alert(1)',
  'java\tscript:alert(1)',
  'vbscript:msgbox(1)',
  '//evil.example/x',
  '\\\\evil.example/x',
  '&sol;&sol;evil.example',
  'data:text/html,<script>alert(1)</script>',
  'blob:https://example.com/uuid',
  '1javascript:alert(1)',
  '/relative/path',
  '#fragment',
];

/** The mention payload in every block and inline position, and each URL attack as a link and an image. */
function hostileContent() {
  return md.content(
    // First, so they survive the cut of a host whose limits hold less than this long document.
    md.paragraph(md.link('https://example.com/fine', 'fine')),
    md.paragraph(URL_ATTACKS.map((url) => [md.link(url, `label ${url}`), ' ', md.image(url, `alt ${url}`), ' '])),
    md.heading(1, MENTIONS),
    md.paragraph(MENTIONS, md.break(), md.strong(MENTIONS), md.emphasis(MENTIONS), md.code(MENTIONS)),
    md.list([MENTIONS, [MENTIONS, md.list([MENTIONS], { ordered: true })]]),
    md.list([[md.strong('Term'), ' · ', MENTIONS]]),
    md.blockquote(md.paragraph(MENTIONS), md.codeBlock(MENTIONS)),
    md.table([MENTIONS, 'b'], [[MENTIONS, md.link('https://example.com/ok', MENTIONS)]]),
    md.codeBlock(`${MENTIONS}\n\`\`\`\n${MENTIONS}`, 'ts"><b>'),
    md.rule(),
    md.list(URL_ATTACKS.map((url) => md.link(url, ''))),
  );
}

export function hostileSuite(host: HostUnderTest): void {
  const { checks } = host;

  describe(`${host.name}: hostile text`, () => {
    it('nothing pings, nothing links where the policy says no, every limit holds', () => {
      const payload = host.convert(hostileContent(), { title: MENTIONS, subtitle: MENTIONS });
      expect(checks.liveMentions(payload).slice(0, 3)).toEqual([]);
      expect(checks.problems(payload)).toEqual([]);
      const links = checks.linkTargets(payload);
      // Tables hold plain text on every host, so the one link left is the paragraph's.
      expect(links).toEqual(['https://example.com/fine']);
      for (const link of links) expect(allowedLink(link)).toBe(true);
      // Refused links keep their labels as text, as the reader sees it.
      expect(checks.plainTexts(payload).join('\n')).toContain('label javascript:alert(1)');
    });

    it('every hostile string in model fields of a real composition stays inert', () => {
      const fields = HOSTILE_STRINGS.filter((value) => value.trim() !== '' && value.length <= 200);
      for (const batch of [fields.slice(0, 6), fields.slice(6, 12)]) {
        const composition = previewSlide({
          type: 'slideBulletList',
          label: 'Hostile',
          items: [...batch, MENTIONS.slice(0, 200)].slice(0, 6),
        });
        expect(slidesRuntime.validate(composition).valid).toBe(true);
        const payload = host.build(composition);
        expect(checks.liveMentions(payload)).toEqual([]);
        expect(checks.problems(payload)).toEqual([]);
        for (const link of checks.linkTargets(payload)) expect(allowedLink(link), link).toBe(true);
      }
    });
  });
}
