import { describe, expect, it } from 'vitest';
import { CHAT_FORMAT_NAMES, createChatFormats } from '../../../src/chat/index.ts';
import { md } from '../../../src/core/markdown/builder.ts';
import { HOSTILE_STRINGS } from '../../support/random.ts';
import { previewSlide, slidesRuntime } from '../../support/slides.ts';
import { allowedLink, HOST_NAMES, HOSTS, limitProblems, liveMentions, outputLinks, strings } from './support.ts';

/** Every host's mention and markup syntax, in one string. */
const MENTIONS = [
  '@everyone @here <@123> <@!123> <#456> <@&789> </deploy:42> <t:1700000000> <a:wave:1>',
  '<at>Ann</at> <users/all> <users/123456> @channel_admin',
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
    // First, so it survives Discord's 6,000-character cut of this long document.
    md.paragraph(md.link('https://example.com/fine', 'fine')),
    md.heading(1, MENTIONS),
    md.paragraph(MENTIONS, md.break(), md.strong(MENTIONS), md.emphasis(MENTIONS), md.code(MENTIONS)),
    md.list([MENTIONS, [MENTIONS, md.list([MENTIONS], { ordered: true })]]),
    md.list([[md.strong('Term'), ' · ', MENTIONS]]),
    md.blockquote(md.paragraph(MENTIONS), md.codeBlock(MENTIONS)),
    md.table([MENTIONS, 'b'], [[MENTIONS, md.link('https://example.com/ok', MENTIONS)]]),
    md.codeBlock(`${MENTIONS}\n\`\`\`\n${MENTIONS}`, 'ts"><b>'),
    md.rule(),
    md.paragraph(URL_ATTACKS.map((url) => [md.link(url, `label ${url}`), ' ', md.image(url, `alt ${url}`), ' '])),
    md.list(URL_ATTACKS.map((url) => md.link(url, ''))),
  );
}

describe('hostile text through every chat host', () => {
  for (const host of HOST_NAMES) {
    it(`${host}: nothing pings, nothing links where the policy says no, every limit holds`, () => {
      const payload = HOSTS[host](hostileContent(), { title: MENTIONS, subtitle: MENTIONS });
      expect(liveMentions(host, payload).slice(0, 3)).toEqual([]);
      expect(limitProblems(host, payload)).toEqual([]);
      const links = outputLinks(host, payload);
      // Tables hold plain text on every host, so the one link left is the paragraph's.
      expect(links).toEqual(['https://example.com/fine']);
      for (const link of links) expect(allowedLink(link)).toBe(true);
      const text = strings(payload)
        .map(([, value]) => value)
        .join('\n');
      // Refused links keep their labels as text (Discord's cut drops them; its other checks still hold).
      if (host !== 'discord') expect(text).toContain('label javascript:alert(1)');
    });
  }

  it('the liveMentions check finds each host’s syntax when it is left in (the check can fail)', () => {
    expect(liveMentions('discord', { embeds: [{ description: 'hi <@123>' }] })).not.toEqual([]);
    expect(liveMentions('discord', { embeds: [{ description: 'hi @everyone' }] })).not.toEqual([]);
    expect(liveMentions('discord', { embeds: [{ description: 'hi \\<@123> `<@123>`' }] })).toEqual([]);
    expect(liveMentions('teams', { text: '<at>Ann</at>' })).not.toEqual([]);
    expect(liveMentions('googlechat', { fallbackText: '<users/all>' })).not.toEqual([]);
    expect(liveMentions('googlechat', { text: '<font color="red">x</font>' })).not.toEqual([]);
    expect(liveMentions('telegram', { messages: [{ text: 'ask @admin' }] })).not.toEqual([]);
  });

  it('every hostile string in model fields of a real composition stays inert on every host', () => {
    const chat = createChatFormats({ runtime: slidesRuntime });
    const items = HOSTILE_STRINGS.filter((value) => value.trim() !== '' && value.length <= 200).slice(0, 6);
    for (const batch of [
      items,
      HOSTILE_STRINGS.filter((value) => value.trim() !== '' && value.length <= 200).slice(6, 12),
    ]) {
      const composition = previewSlide({
        type: 'slideBulletList',
        label: 'Hostile',
        items: [...batch, MENTIONS.slice(0, 200)].slice(0, 6),
      });
      expect(slidesRuntime.validate(composition).valid).toBe(true);
      for (const host of CHAT_FORMAT_NAMES) {
        const payload = chat[host].build(composition);
        expect(liveMentions(host, payload), host).toEqual([]);
        expect(limitProblems(host, payload), host).toEqual([]);
        for (const link of outputLinks(host, payload)) expect(allowedLink(link), `${host} ${link}`).toBe(true);
      }
    }
  });
});
