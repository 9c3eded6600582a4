/**
 * Hostile text aimed at chat hosts' mention syntax, their size limits and their Unicode handling:
 * the cases the chat sweep (test/core/chat-hosts/sweep.test.ts) adds to the project's hostile
 * strings. Each host counts its limit differently (UTF-16 units, bytes of JSON), so the long cases
 * are the ones escaping or mention breaking grows the most under some host's count.
 */

/** Every host's mention, broadcast and command syntax, and near misses of each. */
const MENTIONS = [
  '@admin',
  'ask @admin_bot now',
  '@@admin',
  '@_admin',
  'mail a@b.example',
  '＠admin',
  '@\u200Badmin',
  '@everyone @here @channel',
  '@EVERYONE',
  '<@123> <@!123> <@&789> <#456> </deploy:42> <t:1700000000:R> <a:wave:1>',
  '<at>Ann</at> <AT id="0">Ann</AT> </at>',
  '<users/all> <users/123456789> < users/all > <users/me>',
  '<!channel> <!here> <@U0123|bob> <#C0123|general>',
  '@**everyone** **@**here @[admin](https://example.com) @`admin` @_admin_',
  '<**at**>Ann</at> <[@](https://example.com)123>',
  '<b>@admin</b> <tg-spoiler>x</tg-spoiler> <span class="tg-spoiler">x</span> <u>u</u> <s>s</s>',
  '<a href="tg://user?id=123">x</a> <a href="https://t.me/admin">@admin</a>',
  '||spoiler|| ~~strike~~ __underline__ > quote -# subtext # heading',
  '<font color="red">x</font> <users/all>',
  '&lt;users/all&gt; &#64;admin &commat;admin',
] as const;

/** Text that grows when a host escapes it or breaks its mentions, at and past each limit. */
const LIMITS = [
  '@x '.repeat(1400),
  '&'.repeat(9000),
  '<>'.repeat(2100),
  '"'.repeat(5000),
  '\u0001'.repeat(3000),
  '\\'.repeat(4100),
  '*_~`|[]()#'.repeat(450),
  'é'.repeat(17_000),
  '😀'.repeat(2100),
  `${'word '.repeat(900)}@admin`,
  `${'x'.repeat(4095)}@admin`,
  '1. '.repeat(1400),
  `${'\n'.repeat(1000)}x`,
] as const;

/** Half surrogate pairs and other code points hosts must receive whole or not at all. */
const UNICODE = [
  '\uD800',
  '\uDC00',
  'a\uD83D',
  '\uDE00b',
  '\uD800\uD800',
  '\uDBFF\uDFFF',
  '😀\uD83D',
  '\uFFFF\uFFFE',
  '\uFEFF\u200D\u2060',
  `e${'\u0301'.repeat(5000)}`,
  '👩‍👩‍👧‍👦'.repeat(600),
] as const;

export const CHAT_HOSTILE_GROUPS = { mentions: MENTIONS, limits: LIMITS, unicode: UNICODE } as const;

export const CHAT_HOSTILE_STRINGS: readonly string[] = Object.values(CHAT_HOSTILE_GROUPS).flat();
