import { describe, expect, it } from 'vitest';
import { createIsomerRuntime, SLACK_LIMITS } from '../../../src/index.ts';
import { fixtureNotesFrame, fixtureNotesPack } from '../../support/packs/fixture-notes.ts';

const runtime = createIsomerRuntime({ packs: [fixtureNotesPack], frames: { card: fixtureNotesFrame } });
const { text, markdown, html, slack, snapshot } = runtime.surfaces;

const sample = {
  type: 'view',
  title: 'Deploy status',
  subtitle: 'As of 10:00',
  body: [
    { type: 'note', text: 'All green.' },
    { type: 'link', label: 'Runbook', href: 'https://example.com/runbook' },
    {
      type: 'stack',
      items: [
        { type: 'note', text: 'api up', tone: 'info' },
        { type: 'table', columns: ['Service', 'Status'], rows: [['db', 'degraded']] },
      ],
    },
  ],
} as const;

function thrown(fn: () => unknown): { name: string; code: string; message: string; errors?: unknown } {
  try {
    fn();
  } catch (error) {
    return error as { name: string; code: string; message: string };
  }
  throw new Error('expected a throw');
}

describe('text', () => {
  it('prints the uppercased title, the subtitle and each node, separated by blank lines', () => {
    expect(text.render(sample)).toBe(
      'DEPLOY STATUS\n\nAs of 10:00\n\nAll green.\n\n' +
        'Runbook (https://example.com/runbook)\n\napi up\n\nService | Status\ndb | degraded',
    );
  });

  it('drops the heading on request and renders one node alone', () => {
    expect(text.render(sample, { heading: false }).startsWith('All green.')).toBe(true);
    expect(text.renderNode({ type: 'note', text: 'solo' })).toBe('solo');
  });

  it('skips nodes hidden from text', () => {
    expect(
      text.render({
        type: 'view',
        body: [
          { type: 'note', text: 'a', surfaces: ['slack'] },
          { type: 'note', text: 'b' },
        ],
      }),
    ).toBe('b');
  });
});

describe('markdown', () => {
  it('writes the title as h1, the subtitle in italics, then escaped nodes', () => {
    expect(markdown.render(sample)).toBe(
      '# Deploy status\n\n_As of 10:00_\n\nAll green.\n\n' +
        '[Runbook](https://example.com/runbook)\n\napi up\n\n| Service | Status |\n| --- | --- |\n| db | degraded |',
    );
  });

  it('escapes model text that looks like Markdown structure', () => {
    const out = markdown.render({
      type: 'view',
      title: '# Not a *heading*',
      body: [{ type: 'note', text: '# injected\n[x](javascript:alert(1)) <b>' }],
    });
    expect(out.split('\n').filter((line) => /^#+ /.test(line))).toEqual(['# \\# Not a \\*heading\\*']);
    expect(out).not.toContain('<b>');
    expect(out).not.toMatch(/[^\\]\]\(javascript/);
  });
});

describe('html', () => {
  it('wraps the body in a labelled section with the CSS inlined, drawing only the CSS it used', () => {
    const result = html.render(sample);
    expect(
      result.html.startsWith('<section class="isomer framed" role="group" aria-label="Deploy status"><style>'),
    ).toBe(true);
    expect(result.html).toContain(
      '<h2 class="isomer-title">Deploy status</h2><p class="isomer-subtitle">As of 10:00</p>',
    );
    expect(result.body).toContain('<p class="note">All green.</p>');
    expect(result.css).toContain('.note{');
    expect(result.css).toContain('.stack{');
    expect(result.css).not.toContain('.split{');
    expect(result.js).toBe('');
    expect(result.validationErrors).toEqual([]);
    // Byte counts of what is sent: the CSS is inside `html`, and `total` is the whole page, CSS once.
    const bytes = (text: string) => new TextEncoder().encode(text).length;
    expect(result.measurement).toEqual({
      html: bytes(result.html),
      css: bytes(result.css),
      js: 0,
      total: bytes(result.document),
    });
    expect(result.measurement.total).toBeLessThan(result.measurement.html + result.measurement.css);
  });

  it('builds a whole page around the bare wrapper, its CSS in <head> whatever the css option', () => {
    const titled = { ...sample, title: 'A <b> & "c"' };
    const bare = html.render(titled, { css: 'separate', theme: 'dark' });
    expect(bare.html).not.toContain('<style>');
    for (const css of ['inline', 'separate'] as const) {
      expect(html.render(titled, { css, theme: 'dark' }).document).toBe(
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">' +
          '<meta name="viewport" content="width=device-width, initial-scale=1">' +
          '<meta name="color-scheme" content="dark">' +
          `<title>A &lt;b&gt; &amp; &quot;c&quot;</title>` +
          `<style>${bare.css}</style></head><body>${bare.html}</body></html>`,
      );
    }
    expect(html.render(sample).document).toContain('<meta name="color-scheme" content="light dark">');
    // Never an empty <title>: a blank title falls back to the aria-label, then the default.
    expect(html.render({ ...sample, title: ' ', meta: { ariaLabel: 'Status' } }).document).toContain(
      '<title>Status</title>',
    );
    expect(html.render({ type: 'view', body: [{ type: 'note', text: 'x' }] }).document).toContain(
      '<title>View</title>',
    );
  });

  it('takes the theme from the option over the composition, and none for auto', () => {
    expect(html.render({ ...sample, theme: 'dark' }).html).toContain('data-theme="dark"');
    expect(html.render({ ...sample, theme: 'dark' }, { theme: 'light' }).html).toContain('data-theme="light"');
    expect(html.render(sample).html).toMatch(
      /^<section class="isomer framed" role="group" aria-label="Deploy status"><style>/,
    );
  });

  it('keeps the title as the aria-label without a heading, preferring meta.ariaLabel, then the default', () => {
    const noHeading = html.render(sample, { heading: false });
    expect(noHeading.html).toContain('aria-label="Deploy status"');
    expect(noHeading.body).not.toContain('Deploy status');
    expect(html.render({ ...sample, meta: { ariaLabel: 'Status "now"' } }).html).toContain(
      'aria-label="Status &quot;now&quot;"',
    );
    expect(html.render({ type: 'view', body: [{ type: 'note', text: 'x' }] }).html).toContain('aria-label="View"');
  });

  it('leaves CSS to the host on request, drops the frame, goes fluid and pre-resolves the scheme', () => {
    const result = html.render(sample, { css: 'separate', framed: false, fluid: true, scheme: 'dark' });
    expect(result.html).not.toContain('<style>');
    expect(result.html.startsWith('<section class="isomer fluid"')).toBe(true);
    expect(result.css).not.toContain('light-dark(');
    expect(result.css).toContain('#f3f7fc');
  });

  it('escapes every model string and neutralises unsafe URLs', () => {
    const result = html.render({
      type: 'view',
      title: '</h2><script>alert(1)</script>',
      body: [{ type: 'note', text: '<img src=x onerror=alert(1)>' }],
    });
    expect(result.html).not.toContain('<script>');
    expect(result.html).not.toContain('<img');
    expect(result.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('collects findings by default and still draws the nodes that validate', () => {
    const result = html.render({
      type: 'view',
      title: 'T',
      body: [{ type: 'note', text: 'kept' }, { type: 'note' }, { type: 'nope' }],
    });
    expect(result.validationErrors.map((e) => e.path)).toEqual(['body[1].text', 'body[2].type']);
    expect(result.body).toContain('kept');
    expect(
      thrown(() => html.render({ type: 'view', body: [{ type: 'note' }] }, { onValidationError: 'throw' })).name,
    ).toBe('CompositionValidationError');
  });

  it('marks node roots for layout checks when asked', () => {
    expect(html.render(sample, { anchors: true }).body).toContain(
      '<p data-isomer-node="note" class="note">All green.</p>',
    );
  });
});

describe('slack', () => {
  it('opens with a header and a subtitle context, and escapes the fallback text', () => {
    const message = slack.render({ ...sample, title: 'Hi <!channel>' });
    expect(message.blocks[0]).toEqual({
      type: 'header',
      text: { type: 'plain_text', text: 'Hi <!channel>', emoji: true },
    });
    expect(message.blocks[1]).toEqual({ type: 'context', elements: [{ type: 'mrkdwn', text: 'As of 10:00' }] });
    expect(message.text.startsWith('HI &lt;!CHANNEL&gt;')).toBe(true);
    expect(message.assets).toEqual([]);
  });

  it('prints mention and link syntax from the model as text', () => {
    const hostile = '<!channel> <@U123> <https://evil.example|click> & more';
    const message = slack.render({
      type: 'view',
      body: [
        { type: 'note', text: hostile },
        { type: 'card', title: hostile },
      ],
    });
    // mrkdwn is where Slack parses mentions: every mrkdwn string and the fallback text is escaped.
    const mrkdwn: string[] = [message.text];
    JSON.stringify(message.blocks, (_key, value) => {
      if (value && typeof value === 'object' && value.type === 'mrkdwn') mrkdwn.push(value.text);
      return value;
    });
    for (const text of mrkdwn) expect(text).not.toMatch(/[<>]/);
    // Rich text is literal: Slack only mentions through dedicated user/broadcast elements.
    const richText = message.blocks.find((b) => b.type === 'rich_text');
    expect(JSON.stringify(richText)).not.toMatch(/"type":"(user|broadcast|channel|usergroup)"/);
    expect(JSON.stringify(richText)).toContain(
      '"type":"text","text":"<!channel> <@U123> <https://evil.example|click> & more"',
    );
    const section = message.blocks.find((b) => b.type === 'section') as unknown as { text: { text: string } };
    expect(section.text.text).toBe('&lt;!channel&gt; &lt;@U123&gt; &lt;https://evil.example|click&gt; &amp; more');
  });

  it('fits 60 nodes, a 10,000-character paragraph and a 200-character title within Slack limits', () => {
    const body = [
      { type: 'note', text: 'x'.repeat(10_000) },
      ...Array.from({ length: 59 }, (_, i) => ({ type: 'note', text: `n${i}` })),
    ];
    const message = slack.render({ type: 'view', title: 'T'.repeat(200), body });
    expect(message.blocks.length).toBeLessThanOrEqual(SLACK_LIMITS.blocksPerMessage);
    const header = message.blocks[0] as unknown as { text: { text: string } };
    expect(header.text.text.length).toBeLessThanOrEqual(SLACK_LIMITS.headerTextChars);
    for (const block of message.blocks) {
      const sectionText = (block as { text?: { text: string } }).text?.text;
      if (block.type === 'section' && sectionText)
        expect(sectionText.length).toBeLessThanOrEqual(SLACK_LIMITS.sectionTextChars);
    }
    expect(message.text.length).toBeLessThanOrEqual(SLACK_LIMITS.fallbackTextChars);
    expect(JSON.stringify(message.blocks.at(-1))).toContain('elided');
  });

  it('falls back to Markdown-built blocks for a primitive without a Slack renderer', () => {
    const message = slack.render({
      type: 'view',
      body: [{ type: 'link', label: 'Runbook', href: 'https://example.com/r' }],
    });
    expect(message.blocks).toEqual([
      {
        type: 'rich_text',
        elements: [
          { type: 'rich_text_section', elements: [{ type: 'link', url: 'https://example.com/r', text: 'Runbook' }] },
        ],
      },
    ]);
  });

  it('swaps picture nodes for uploads when collecting assets', () => {
    const message = slack.render(
      { type: 'view', body: [{ type: 'picture', src: 'https://example.com/a.png', alt: 'Latency' }] },
      { collectAssets: true, assetPrefix: 'img' },
    );
    expect(message.blocks).toEqual([{ type: 'image', alt_text: 'Latency', slack_file: { ref: 'img-0' } }]);
    expect(message.assets).toEqual([
      { ref: 'img-0', node: { type: 'picture', src: 'https://example.com/a.png', alt: 'Latency' }, altText: 'Latency' },
    ]);
  });

  it('renders a table natively as a Block Kit table', () => {
    const message = slack.renderNode({ type: 'table', columns: ['A'], rows: [['1']] });
    expect(message.blocks).toEqual([
      { type: 'table', rows: [[{ type: 'raw_text', text: 'A' }], [{ type: 'raw_text', text: '1' }]] },
    ]);
  });
});

describe('snapshot', () => {
  it('draws the frame at its width, as tall as it estimates, with the CSS resolved to light', () => {
    const result = snapshot!.render({
      type: 'view',
      title: 'Card',
      body: [
        { type: 'note', text: 'a' },
        { type: 'note', text: 'b' },
      ],
    });
    expect(result.width).toBe(800);
    expect(result.height).toBe(48 + 40 + 40);
    expect(result.html).toBe(
      '<div class="card-frame" style="width:800px;height:128px;' +
        'color:#111111"><h1>Card</h1><p class="note">a</p><p class="note">b</p></div>',
    );
    expect(result.css).toContain('.card-frame{font-family:Inter;background:#ffffff}');
    expect(result.css).not.toContain('light-dark(');
    expect(result.warnings).toEqual([]);
  });

  it('picks the dark palette only for dark, and honours explicit geometry', () => {
    const dark = snapshot!.render(
      { type: 'view', theme: 'dark', body: [{ type: 'note', text: 'a' }] },
      { width: 400, height: 300 },
    );
    expect(dark.html).toContain('color:#eeeeee');
    expect(dark.css).toContain('background:#000000');
    expect([dark.width, dark.height]).toEqual([400, 300]);
    expect(snapshot!.render({ type: 'view', theme: 'auto', body: [{ type: 'note', text: 'a' }] }).html).toContain(
      'color:#111111',
    );
  });

  it('warns about nodes without a height metric the frame had to measure', () => {
    const result = snapshot!.render({
      type: 'view',
      body: [
        { type: 'note', text: 'a' },
        { type: 'link', label: 'L', href: '/x' },
      ],
    });
    expect(result.warnings).toEqual([
      {
        path: 'body[1]',
        message: 'link declares no snapshotHeight metric and measures 0, so the frame may be sized short',
      },
    ]);
    expect(
      snapshot!.render({ type: 'view', body: [{ type: 'link', label: 'L', href: '/x' }] }, { height: 100 }).warnings,
    ).toEqual([]);
  });

  it('applies the frame body rule and names unknown frames', () => {
    const six = { type: 'view', body: Array.from({ length: 6 }, () => ({ type: 'note', text: 'x' })) };
    expect(thrown(() => snapshot!.render(six))).toMatchObject({
      name: 'IsomerError',
      code: 'INVALID_FRAME_BODY',
      message: 'Frame "card" rejects this composition: at most 5 nodes, got 6',
    });
    expect(thrown(() => snapshot!.render(sample, { frame: 'poster' }))).toMatchObject({
      code: 'UNKNOWN_FRAME',
      message: 'runtime: unknown frame "poster"; registered frames: card',
    });
  });

  it('renders pages with one stylesheet, the tallest height, and page-numbered rejections', () => {
    const pages = snapshot!.renderPages([
      { type: 'view', body: [{ type: 'note', text: 'a' }] },
      {
        type: 'view',
        body: [
          { type: 'table', columns: ['A'], rows: [['1']] },
          { type: 'note', text: 'b' },
          { type: 'note', text: 'c' },
        ],
      },
    ]);
    expect(pages.pages).toHaveLength(2);
    expect(pages.height).toBe(48 + 80);
    expect(pages.css).toContain('.note{');
    expect(pages.warnings).toEqual([
      {
        path: 'pages[1].body[0]',
        message: 'table declares no snapshotHeight metric and measures 0, so the frame may be sized short',
      },
    ]);
    expect(thrown(() => snapshot!.renderPages([]))).toMatchObject({ code: 'EMPTY_PAGES' });
    const six = { type: 'view', body: Array.from({ length: 6 }, () => ({ type: 'note', text: 'x' })) };
    expect(thrown(() => snapshot!.renderPages([sample, six])).message).toBe(
      'Frame "card" rejects page 2: at most 5 nodes, got 6',
    );
  });

  it('draws only nodes visible on snapshot', () => {
    expect(
      snapshot!.render({
        type: 'view',
        body: [
          { type: 'note', text: 'a', surfaces: ['react'] },
          { type: 'note', text: 'b' },
        ],
      }).html,
    ).not.toContain('>a<');
  });
});

describe('every validating surface', () => {
  const invalid = { type: 'view', body: [{ type: 'note' }] };
  const cyclic: Record<string, unknown> = { type: 'view', body: [] };
  (cyclic.body as unknown[]).push(cyclic);

  it('throws CompositionValidationError by default except html', () => {
    for (const render of [
      () => text.render(invalid),
      () => markdown.render(invalid),
      () => slack.render(invalid),
      () => snapshot!.render(invalid),
    ]) {
      expect(thrown(render)).toMatchObject({
        name: 'CompositionValidationError',
        code: 'COMPOSITION_INVALID',
        message: 'Invalid Composition:\n  body[0].text (in note) is required',
      });
    }
  });

  it('always throws on input the budget refused, even when collecting', () => {
    for (const render of [
      () => html.render(cyclic),
      () => text.render(cyclic, { onValidationError: 'collect' }),
      () => markdown.render(cyclic, { onValidationError: 'collect' }),
      () => slack.render(cyclic, { onValidationError: 'collect' }),
      () => snapshot!.render(cyclic, { onValidationError: 'collect' }),
    ]) {
      expect(thrown(render)).toMatchObject({
        name: 'CompositionValidationError',
        errors: [{ path: '', code: 'INPUT_OVER_BUDGET', message: 'input contains itself' }],
      });
    }
  });

  it('draws the checked copy, not a Proxy that changes its answer', () => {
    let reads = 0;
    const node = new Proxy({ type: 'note', text: 'checked' } as Record<string, unknown>, {
      get: (target, key) => (key === 'text' ? `swapped ${++reads}` : target[key as string]),
    });
    const composition = { type: 'view', body: [node] };
    expect(text.render(composition)).toBe('checked');
    expect(markdown.render(composition)).toBe('checked');
    expect(html.render(composition).body).toBe('<p class="note">checked</p>');
    expect(JSON.stringify(slack.render(composition).blocks)).toContain('checked');
    expect(snapshot!.render(composition).html).toContain('>checked<');
    expect(reads).toBe(0);
  });

  it('collects: text, markdown and slack draw the valid nodes when asked to', () => {
    const mixed = { type: 'view', body: [{ type: 'note', text: 'good' }, { type: 'note' }] };
    expect(text.render(mixed, { onValidationError: 'collect' })).toBe('good');
    expect(markdown.render(mixed, { onValidationError: 'collect' })).toBe('good');
  });
});
