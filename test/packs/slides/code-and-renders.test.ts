import { describe, expect, it } from 'vitest';
import { formatValidationError, type PrimitiveNode } from '../../../src/index.ts';
import { AT, fixture, previewSlide, slidesRuntime } from '../../support/slides.ts';

const { text, markdown, html, slack, snapshot } = slidesRuntime.surfaces;

/** Every finding for a node drawn in the preview slide, where it sits at `body[0].body[1]`. */
function formatted(node: Record<string, unknown>): string[] {
  return slidesRuntime.validate(previewSlide(node as PrimitiveNode)).errors.map(formatValidationError);
}

/** The node's HTML inside the preview slide. */
function drawn(node: Record<string, unknown>): string {
  return html.render(previewSlide(node as PrimitiveNode)).body;
}

const blockTypes = (node: Record<string, unknown>): string[] =>
  slack.renderNode(node).blocks.map((block) => block.type);

const at = (type: string) => (path: string) => `${AT}${path} (in ${type})`;
const lines = (count: number, width: number) => Array.from({ length: count }, () => 'x'.repeat(width));

describe('slideCode', () => {
  const base = fixture('slide-code');
  const panel = (base.panels as Record<string, unknown>[])[0]!;
  const where = at('slideCode');
  const withPanels = (...panels: Record<string, unknown>[]) => ({ type: 'slideCode', panels });

  it('accepts the fixture, the split fixture and a second panel', () => {
    expect(formatted(base)).toEqual([]);
    expect(formatted(fixture('slide-split'))).toEqual([]);
    expect(formatted(withPanels({ file: 'before.ts', lines: ['start();'] }, { lines: ['done();'] }))).toEqual([]);
  });

  it('names missing, unknown and over-limit fields', () => {
    expect(formatted({ type: 'slideCode' })).toEqual([`${where('.panels')} is required`]);
    expect(formatted({ ...base, theme: 'dark' })).toEqual([
      `${where('')} has unrecognized key(s): theme; its fields are panels`,
    ]);
    expect(formatted(withPanels({ ...panel, colour: 'blue' }))).toEqual([
      `${where('.panels[0]')} has unrecognized key(s): colour`,
    ]);
    expect(formatted(withPanels(panel, panel, panel))).toEqual([`${where('.panels')} must have at most 2 items`]);
    expect(formatted(withPanels({ lines: lines(17, 10) }))).toEqual([
      `${where('.panels[0].lines')} must have at most 16 items`,
    ]);
    expect(formatted(withPanels({ lines: [] }))).toEqual([`${where('.panels[0].lines')} must not be empty`]);
    expect(formatted(withPanels({ ...panel, file: 'x'.repeat(232) }))).toEqual([
      `${where('.panels[0].file')} must be at most 231 characters`,
    ]);
    expect(formatted(withPanels({ lines: [42] }))).toEqual([`${where('.panels[0].lines[0]')} must be a string`]);
  });

  it('refuses tabs and line breaks inside a line', () => {
    const message = 'must be one line: no tabs or line breaks (indent with spaces)';
    expect(formatted(withPanels({ lines: ['if (x) {', '\treturn;', '}'] }))).toEqual([
      `${where('.panels[0].lines[1]')} ${message}`,
    ]);
    expect(formatted(withPanels({ lines: ['a\nb'] }))).toEqual([`${where('.panels[0].lines[0]')} ${message}`]);
  });

  it('refuses every Unicode line break, in code, diff and command lines alike', () => {
    const message = 'must be one line: no tabs or line breaks (indent with spaces)';
    for (const lineBreak of ['\r', '\v', '\f', '\u0085', '\u2028', '\u2029']) {
      const line = `a${lineBreak}b`;
      const label = JSON.stringify(lineBreak);
      expect(formatted(withPanels({ lines: [line] })), label).toEqual([`${where('.panels[0].lines[0]')} ${message}`]);
      expect(formatted({ type: 'slideDiff', lines: [{ text: line }] }), label).toEqual([
        `${at('slideDiff')('.lines[0].text')} ${message}`,
      ]);
      expect(formatted({ type: 'slideCommand', command: line }), label).toEqual([
        `${at('slideCommand')('.command')} ${message}`,
      ]);
    }
    // Other separators and invisible characters are not line breaks.
    expect(formatted(withPanels({ lines: ['a\u00A0b\u200Bc\u3000d'] }))).toEqual([]);
  });

  it('keeps highlightLines within the panel’s lines', () => {
    expect(formatted(withPanels({ ...panel, highlightLines: [1, 5] }))).toEqual([]);
    expect(formatted(withPanels({ ...panel, highlightLines: [2, 6] }))).toEqual([
      `${where('.panels[0].highlightLines[1]')} must be a line number from 1 to 5`,
    ]);
    expect(formatted(withPanels({ ...panel, highlightLines: [0] }))).toEqual([
      `${where('.panels[0].highlightLines[0]')} must be at least 1`,
    ]);
    expect(formatted(withPanels({ ...panel, highlightLines: [1.5] }))).toEqual([
      `${where('.panels[0].highlightLines[0]')} must be an integer`,
    ]);
  });

  it('caps line width by panel count and density, counting wide characters twice', () => {
    const over = (cap: number, count = 1) =>
      `must fit in ${cap} columns (wide characters count 2), this line takes ${cap + count}`;
    // One panel: 102 columns, 110 when a panel has more than 10 lines.
    expect(formatted(withPanels({ lines: lines(10, 102) }))).toEqual([]);
    expect(formatted(withPanels({ lines: ['ok', 'y'.repeat(103)] }))[0]).toBe(
      `${where('.panels[0].lines[1]')} ${over(102)}: "${'y'.repeat(48)}…"`,
    );
    expect(formatted(withPanels({ lines: lines(11, 110) }))).toEqual([]);
    expect(formatted(withPanels({ lines: [...lines(10, 10), 'z'.repeat(111)] }))[0]).toContain(
      `${where('.panels[0].lines[10]')} ${over(110)}`,
    );
    // Two panels: 45 each, 49 dense; the density of either panel applies to both.
    expect(formatted(withPanels({ lines: lines(3, 45) }, { lines: lines(3, 45) }))).toEqual([]);
    expect(formatted(withPanels({ lines: lines(3, 45) }, { lines: ['w'.repeat(46)] }))[0]).toContain(
      `${where('.panels[1].lines[0]')} ${over(45)}`,
    );
    expect(formatted(withPanels({ lines: lines(11, 49) }, { lines: lines(2, 49) }))).toEqual([]);
    // 51 CJK characters take 102 columns; 52 take 104.
    expect(formatted(withPanels({ lines: ['漢'.repeat(51)] }))).toEqual([]);
    expect(formatted(withPanels({ lines: ['漢'.repeat(52)] }))[0]).toContain(over(102, 2));
  });

  it('renders text, Markdown and a rich_text block', () => {
    const listing = base.panels as { lines: string[] }[];
    const code = listing[0]!.lines.join('\n');
    expect(text.renderNode(base)).toBe(`handoff.ts\n${code}\nHighlighted: line 2`);
    expect(markdown.renderNode(base)).toBe(`**handoff.ts**\n\n\`\`\`ts\n${code}\n\`\`\`\n\n_Highlighted: line 2_`);
    const two = withPanels(
      { file: 'before.py', lines: ['a()'] },
      { file: 'after.py', lines: ['b()', 'c()'], highlightLines: [2, 1, 2] },
    );
    expect(text.renderNode(two)).toBe('before.py\na()\n\n→ after.py\nb()\nc()\nHighlighted: lines 1, 2');
    const [block] = slack.renderNode(withPanels({ lines: ['echo `whoami` <!channel>'] })).blocks;
    expect(block).toEqual({
      type: 'rich_text',
      elements: [{ type: 'rich_text_preformatted', elements: [{ type: 'text', text: 'echo `whoami` <!channel>' }] }],
    });
    expect(blockTypes(two)).toEqual(['rich_text', 'rich_text']);
  });

  it('draws highlighted lines, dense type and the arrow between two panels', () => {
    const page = drawn(base);
    expect(page).toContain('sl-listing-line sl-listing-marked');
    expect(page).toContain('\u00A0\u00A0await scans.insert');
    expect(drawn(withPanels({ lines: lines(11, 4) }))).toContain('sl-listing-dense');
    expect(drawn(withPanels({ lines: ['a'] }, { lines: ['b'] }))).toMatch(/sl-listing-n2.*sl-listing-arrow/);
  });
});

describe('slideDiff', () => {
  const base = fixture('slide-diff');
  const where = at('slideDiff');
  const diff = (lines: unknown[]) => ({ type: 'slideDiff', lines });

  it('accepts the fixture', () => expect(formatted(base)).toEqual([]));

  it('names missing, unknown and over-limit fields and enum misses', () => {
    expect(formatted({ type: 'slideDiff', file: 'a.ts' })).toEqual([`${where('.lines')} is required`]);
    expect(formatted({ ...base, ops: [] })).toEqual([
      `${where('')} has unrecognized key(s): ops; its fields are file, language, lines`,
    ]);
    expect(formatted(diff([{ text: 'a', kind: 'add' }]))).toEqual([
      `${where('.lines[0]')} has unrecognized key(s): kind`,
    ]);
    expect(formatted(diff([{ op: 'add' }]))).toEqual([`${where('.lines[0].text')} is required`]);
    expect(formatted(diff([{ text: 'a', op: 'delete' }]))).toEqual([
      `${where('.lines[0].op')} must be one of: add, remove`,
    ]);
    expect(formatted(diff(Array.from({ length: 15 }, () => ({ text: 'a' }))))).toEqual([
      `${where('.lines')} must have at most 14 items`,
    ]);
    expect(formatted(diff([{ text: 'a\tb' }]))).toEqual([
      `${where('.lines[0].text')} must be one line: no tabs or line breaks (indent with spaces)`,
    ]);
  });

  it('caps line width below a code panel’s by the sign column', () => {
    expect(formatted(diff([{ text: 'x'.repeat(100), op: 'add' }]))).toEqual([]);
    expect(formatted(diff([{ text: 'x'.repeat(101), op: 'add' }]))[0]).toContain(
      `${where('.lines[0].text')} must fit in 100 columns (wide characters count 2), this line takes 101`,
    );
    expect(formatted(diff(Array.from({ length: 11 }, () => ({ text: 'x'.repeat(108) }))))).toEqual([]);
    expect(
      formatted(diff(Array.from({ length: 11 }, (_, i) => ({ text: 'x'.repeat(i === 4 ? 109 : 4) }))))[0],
    ).toContain(`${where('.lines[4].text')} must fit in 108 columns`);
  });

  it('renders unified-diff signs on every surface', () => {
    const body = [
      ' export async function recordHandoff(scan: Scan) {',
      '-  const parcel = await parcels.holder(scan.parcelId, scan.toHolder);',
      '   await scans.insert(scan);',
      '+  const parcel = await parcels.holder(scan.parcelId, scan.toHolder);',
      "   return events.publish('parcel.handed-off', parcel);",
      ' }',
    ].join('\n');
    expect(text.renderNode(base)).toBe(`handoff.ts · record the scan first\n${body}`);
    expect(markdown.renderNode(base)).toBe(`**handoff.ts · record the scan first**\n\n\`\`\`diff\n${body}\n\`\`\``);
    expect(slack.renderNode(base).blocks).toEqual([
      {
        type: 'rich_text',
        elements: [
          {
            type: 'rich_text_section',
            elements: [{ type: 'text', text: 'handoff.ts · record the scan first', style: { bold: true } }],
          },
          { type: 'rich_text_preformatted', elements: [{ type: 'text', text: body }] },
        ],
      },
    ]);
    expect(drawn(base)).toContain('sl-diff-line sl-diff-remove');
    expect(drawn(diff(Array.from({ length: 11 }, () => ({ text: 'a' }))))).toContain('sl-diff sl-diff-dense');
  });
});

describe('slideCommand', () => {
  const base = fixture('slide-command');
  const where = at('slideCommand');

  it('accepts the fixture and a matching highlightPrefix', () => {
    expect(formatted(base)).toEqual([]);
    expect(formatted({ ...base, highlightPrefix: 'kubectl rollout' })).toEqual([]);
    expect(formatted({ ...base, highlightPrefix: base.command })).toEqual([]);
  });

  it('needs highlightPrefix to start the command', () => {
    expect(formatted({ ...base, highlightPrefix: 'rollout' })).toEqual([
      `${where('.highlightPrefix')} must be the start of \`command\`, character for character`,
    ]);
    expect(formatted({ ...base, highlightPrefix: 'Kubectl' })).toEqual([
      `${where('.highlightPrefix')} must be the start of \`command\`, character for character`,
    ]);
  });

  it('names missing, unknown and over-limit fields', () => {
    expect(formatted({ type: 'slideCommand', label: 'Run' })).toEqual([`${where('.command')} is required`]);
    expect(formatted({ ...base, prompt: '#' })).toEqual([
      `${where('')} has unrecognized key(s): prompt; its fields are label, command, output, highlightPrefix`,
    ]);
    expect(formatted({ ...base, command: 'npm ci &&\nnpm test' })).toEqual([
      `${where('.command')} must be one line: no tabs or line breaks (indent with spaces)`,
    ]);
    expect(formatted({ ...base, command: 'x'.repeat(93) })).toEqual([]);
    expect(formatted({ ...base, command: 'x'.repeat(94) })).toEqual([
      `${where('.command')} must fit on one line: at most 93 columns (wide characters count 2), got 94`,
    ]);
    expect(formatted({ ...base, command: '' })).toEqual([`${where('.command')} must not be empty`]);
  });

  it('renders the prompt on every surface and steps the type down for long commands', () => {
    expect(text.renderNode(base)).toBe(
      'ROLL THE TRACKER BACK ONE RELEASE\n$ kubectl rollout undo deployment/tracker-api',
    );
    expect(markdown.renderNode(base)).toBe(
      '**Roll the tracker back one release**\n\n```console\n$ kubectl rollout undo deployment/tracker-api\n```',
    );
    expect(blockTypes(base)).toEqual(['rich_text']);
    expect(drawn({ ...base, highlightPrefix: 'kubectl' })).toContain(
      '<span class="sl-command-lead">kubectl</span>\u00A0rollout undo',
    );
    expect(drawn(base)).toContain('sl-command sl-command-l');
    expect(drawn({ ...base, command: 'x'.repeat(71) })).toContain('sl-command sl-command-m');
    expect(drawn({ ...base, command: 'x'.repeat(72) })).toContain('sl-command sl-command-s');
  });
});

describe('slideTranscript', () => {
  const base = fixture('slide-transcript');
  const turns = base.turns as Record<string, unknown>[];
  const where = at('slideTranscript');

  it('accepts the fixture', () => expect(formatted(base)).toEqual([]));

  it('names missing, unknown and over-limit fields, enum misses and blank turns', () => {
    expect(formatted({ type: 'slideTranscript' })).toEqual([`${where('.turns')} is required`]);
    expect(formatted({ ...base, speaker: 'x' })).toEqual([
      `${where('')} has unrecognized key(s): speaker; its fields are label, speakers, turns`,
    ]);
    expect(formatted({ ...base, turns: [{ ...turns[0], tone: 'primary' }] })).toEqual([
      `${where('.turns[0]')} has unrecognized key(s): tone`,
    ]);
    expect(formatted({ ...base, turns: [...turns, turns[0]] })).toEqual([
      `${where('.turns')} must have at most 4 items`,
    ]);
    expect(formatted({ ...base, turns: [{ role: 'assistant', text: 'Hi' }] })).toEqual([
      `${where('.turns[0].role')} must be one of: user, model, host`,
    ]);
    expect(formatted({ ...base, turns: [{ role: 'user', format: 'json', text: '{}' }] })).toEqual([
      `${where('.turns[0].format')} must be one of: prose, code`,
    ]);
    expect(formatted({ ...base, turns: [{ role: 'user', text: ' \n ' }] })).toEqual([
      `${where('.turns[0].text')} must not be blank`,
    ]);
    expect(formatted({ ...base, turns: [{ role: 'user' }] })).toEqual([`${where('.turns[0].text')} is required`]);
  });

  it('renders roles, keeps line breaks, and gives Slack one block per turn', () => {
    const node = {
      type: 'slideTranscript',
      turns: [
        { role: 'user', text: 'Why **late**?' },
        { role: 'model', text: 'Line one.\nLine two.' },
        { role: 'host', format: 'code', text: 'error: `x`' },
      ],
    };
    expect(text.renderNode(node)).toBe('User: Why late?\n\nModel:\nLine one.\nLine two.\n\nHost:\nerror: `x`');
    expect(markdown.renderNode(node)).toBe(
      '**User:** Why **late**?\n\n**Model:** Line one.\\\nLine two.\n\n**Host:**\n\n```\nerror: `x`\n```',
    );
    const { blocks } = slack.renderNode(node);
    expect(blocks.map((block) => block.type)).toEqual(['section', 'section', 'rich_text']);
    expect(blocks[0]).toEqual({ type: 'section', text: { type: 'mrkdwn', text: '*User*\nWhy *late*?' } });
    expect(drawn(base)).toContain('sl-turn sl-turn-user');
  });
});

describe('slideRender', () => {
  const base = fixture('slide-render');
  const where = at('slideRender');
  const heading = { type: 'slideHeading', title: 'Refunds settle in two days' };

  it('accepts the fixture, a reference alone and a body alone', () => {
    expect(formatted(base)).toEqual([]);
    expect(formatted({ type: 'slideRender', slide: 'refunds', surface: 'html' })).toEqual([]);
    expect(formatted({ type: 'slideRender', body: [heading, heading], surface: 'text' })).toEqual([]);
  });

  it('needs a slide or a body', () => {
    expect(formatted({ type: 'slideRender', surface: 'snapshot', caption: 'x' })).toEqual([
      `${where('.body')} is required unless \`slide\` names a slide for the host to resolve`,
    ]);
  });

  it('names missing, unknown fields and enum misses', () => {
    expect(formatted({ type: 'slideRender', slide: 'a' })).toEqual([`${where('.surface')} is required`]);
    expect(formatted({ ...base, surface: 'svg' })).toEqual([
      `${where('.surface')} must be one of: react, html, snapshot, markdown, text, slack`,
    ]);
    expect(formatted({ ...base, scale: 0.5 })).toEqual([
      `${where('')} has unrecognized key(s): scale; its fields are slide, body, surface, caption`,
    ]);
    expect(formatted({ ...base, body: [] })).toEqual([`${where('.body')} must not be empty`]);
    expect(formatted({ ...base, caption: 'x'.repeat(232) })).toEqual([
      `${where('.caption')} must be at most 231 characters`,
    ]);
  });

  it('embeds a lone frame or frameless nodes, never another render', () => {
    const frame = (base.body as Record<string, unknown>[])[0]!;
    expect(formatted({ ...base, body: [frame, heading] })).toEqual([
      `${where('.body[0]')} must be the embedded body’s only node: embed ` +
        `a whole slide as one slideFrame, or list its nodes without a frame`,
    ]);
    const nested = { type: 'slideRender', slide: 'x', surface: 'html' };
    const message =
      'must not be another render: an embedded body never holds slideRender, slideAnnotatedRender, slideRenderGrid';
    expect(formatted({ ...base, body: [nested] })).toEqual([`${where('.body[0]')} ${message}`]);
    expect(
      formatted({
        ...base,
        body: [
          {
            ...frame,
            body: [
              heading,
              {
                type: 'slideRenderGrid',
                body: [heading],
                tiles: [
                  { surface: 'text', caption: 'a' },
                  { surface: 'html', caption: 'b' },
                ],
              },
            ],
          },
        ],
      }),
    ).toEqual([`${where('.body[0].body[1]')} ${message}`]);
  });

  it('keeps the embedded body’s ids its own', () => {
    const composition = previewSlide({
      ...base,
      id: 'shared',
      body: [{ ...heading, id: 'shared' }],
    } as unknown as PrimitiveNode);
    expect(slidesRuntime.validate(composition).errors).toEqual([]);
  });

  it('draws the body scaled into its box, or a placeholder naming the slide', () => {
    const page = html.render(previewSlide(base as PrimitiveNode), { anchors: true });
    expect(page.body).toContain('sl-embed sl-embed-960');
    expect(page.css).toContain('.sl-embed-960 .sl-embed-canvas{transform:scale(0.498437)}');
    // Only the host slide's nodes are anchored: the embedded slide is a picture.
    expect(page.body.match(/data-isomer-node="slideHeading"/g)).toHaveLength(1);
    const pending = drawn({ type: 'slideRender', slide: 'refund-speed', surface: 'snapshot' });
    expect(pending).toContain('sl-embed-placeholder');
    expect(pending).toContain('<span class="sl-embed-slug">refund-speed</span>');
    expect(snapshot!.render(previewSlide(base as PrimitiveNode)).css).toContain('repeating-linear-gradient');
  });

  it('shows source surfaces as their output in a mono panel', () => {
    const page = drawn({ type: 'slideRender', surface: 'markdown', body: [heading] });
    expect(page).toContain('<div class="sl-embed-row"># Refunds settle in two days</div>');
    expect(drawn({ type: 'slideRender', surface: 'slack', body: [heading] })).toContain(
      '&quot;type&quot;: &quot;header&quot;',
    );
  });

  it('renders text, Markdown and Slack with the embedded slide', () => {
    expect(text.renderNode(base)).toBe(
      [
        'Snapshot render · redelivery-results · The redelivery slide, as the projector shows it',
        '  Redeliveries booked from the text doubled in a month',
        '',
        '  Customers pick a day or a neighbour themselves, so drivers stop guessing.',
        '',
        '  Source · Route planner logs, April',
        '',
        '  Kestrel Freight · 04 Customers · kestrel.example/relay',
      ].join('\n'),
    );
    expect(markdown.renderNode(base)).toBe(
      [
        '**Snapshot render** · `redelivery-results` · _The redelivery slide, as the projector shows it_',
        '',
        '> # Redeliveries booked from the text doubled in a month',
        '>',
        '> Customers pick a day or a neighbour themselves, so drivers stop guessing.',
        '>',
        '> _Source · Route planner logs, April_',
        '>',
        '> _Kestrel Freight · 04 Customers · [kestrel.example/relay](https://kestrel.example/relay)_',
      ].join('\n'),
    );
    expect(markdown.renderNode({ type: 'slideRender', surface: 'text', body: [heading] })).toBe(
      '**Text render**\n\n```text\nRefunds settle in two days\n```',
    );
    expect(text.renderNode({ type: 'slideRender', slide: 'refunds', surface: 'html' })).toBe(
      'HTML render · refunds\n  Not resolved yet',
    );
    expect(blockTypes(base).filter((type) => type !== 'section')).toEqual([
      'context',
      'divider',
      'header',
      'context',
      'context',
    ]);
  });
});

describe('slideRenderGrid', () => {
  const base = fixture('slide-render-grid');
  const tiles = base.tiles as Record<string, unknown>[];
  const where = at('slideRenderGrid');

  it('accepts the fixture', () => expect(formatted(base)).toEqual([]));

  it('shows each surface at most once', () => {
    expect(formatted({ ...base, tiles: [tiles[0], tiles[1], { surface: 'react', caption: 'Again' }] })).toEqual([
      `${where('.tiles[2].surface')} must not repeat a surface: react is already tile 1`,
    ]);
  });

  it('names missing, unknown and over-limit fields and enum misses', () => {
    expect(formatted({ type: 'slideRenderGrid', tiles })).toEqual([`${where('.body')} is required`]);
    expect(formatted({ ...base, columns: 3 })).toEqual([
      `${where('')} has unrecognized key(s): columns; its fields are body, tiles`,
    ]);
    expect(formatted({ ...base, tiles: [tiles[0]] })).toEqual([`${where('.tiles')} must have at least 2 items`]);
    expect(formatted({ ...base, tiles: [...tiles, tiles[0]] })[0]).toBe(`${where('.tiles')} must have at most 6 items`);
    expect(formatted({ ...base, tiles: [tiles[0], { surface: 'pdf', caption: 'x' }] })).toEqual([
      `${where('.tiles[1].surface')} must be one of: react, html, snapshot, markdown, text, slack`,
    ]);
    expect(formatted({ ...base, tiles: [tiles[0], { surface: 'text' }] })).toEqual([
      `${where('.tiles[1].caption')} is required`,
    ]);
    expect(formatted({ ...base, tiles: [tiles[0], { surface: 'text', caption: 'x', note: 'y' }] })).toEqual([
      `${where('.tiles[1]')} has unrecognized key(s): note`,
    ]);
    expect(formatted({ ...base, body: [{ type: 'slideRender', slide: 'x', surface: 'text' }] })[0]).toContain(
      `${where('.body[0]')} must not be another render`,
    );
  });

  it('lays tiles out by count', () => {
    expect(drawn(base)).toContain('sl-rgrid sl-rgrid-c3-416');
    expect(drawn({ ...base, tiles: tiles.slice(0, 4) })).toContain('sl-rgrid sl-rgrid-c2-416');
    expect(drawn({ ...base, tiles: tiles.slice(0, 3) })).toContain('sl-rgrid sl-rgrid-c3-528');
    expect(drawn({ ...base, tiles: tiles.slice(0, 2) })).toContain('sl-rgrid sl-rgrid-c2-800');
  });

  it('renders the tiles once and the slide once on text surfaces', () => {
    const node = { ...base, tiles: tiles.slice(0, 2) };
    expect(text.renderNode(node)).toBe(
      [
        'React · In the depot dashboard',
        'HTML · The Monday email',
        '  Redeliveries booked from the text doubled in a month',
        '',
        '  Customers pick a day or a neighbour themselves, so drivers stop guessing.',
        '',
        '  Source · Route planner logs, April',
        '',
        '  Kestrel Freight · 04 Customers · kestrel.example/relay',
      ].join('\n'),
    );
    expect(markdown.renderNode(node)).toMatch(
      /^- \*\*React\*\* · In the depot dashboard\n- \*\*HTML\*\* · The Monday email\n\n> # Redeliveries booked/,
    );
    expect(blockTypes(node)[0]).toBe('context');
  });
});

describe('slideAnnotatedRender', () => {
  const base = fixture('slide-annotated-render');
  const render = base.render as Record<string, unknown>;
  const pins = base.pins as Record<string, unknown>[];
  const where = at('slideAnnotatedRender');

  it('accepts the fixture', () => expect(formatted(base)).toEqual([]));

  it('holds its render to slideRender’s rules', () => {
    expect(formatted({ ...base, render: { type: 'slideRender', surface: 'snapshot' } })).toEqual([
      `${where('.render.body')} is required unless \`slide\` names a slide for the host to resolve`,
    ]);
    expect(formatted({ ...base, render: { ...render, type: 'slideRenderGrid' } })).toEqual([
      `${where('.render.type')} must be "slideRender"`,
    ]);
    expect(formatted({ ...base, render: { ...render, pins } })).toEqual([
      `${where('.render')} has unrecognized key(s): pins`,
    ]);
    expect(
      formatted({ ...base, render: { ...render, body: [{ type: 'slideRender', slide: 'x', surface: 'html' }] } })[0],
    ).toContain(`${where('.render.body[0]')} must not be another render`);
  });

  it('names missing, unknown and over-limit fields', () => {
    expect(formatted({ type: 'slideAnnotatedRender', render })).toEqual([`${where('.pins')} is required`]);
    expect(formatted({ ...base, legend: 'right' })).toEqual([
      `${where('')} has unrecognized key(s): legend; its fields are render, pins`,
    ]);
    expect(formatted({ ...base, pins: [{ ...pins[0], x: 101 }] })).toEqual([
      `${where('.pins[0].x')} must be at most 100`,
    ]);
    expect(formatted({ ...base, pins: [{ ...pins[0], y: -1 }] })).toEqual([
      `${where('.pins[0].y')} must be at least 0`,
    ]);
    expect(formatted({ ...base, pins: [{ ...pins[0], colour: 'red' }] })).toEqual([
      `${where('.pins[0]')} has unrecognized key(s): colour`,
    ]);
    expect(formatted({ ...base, pins: [...pins, ...pins, pins[0]] })).toEqual([
      `${where('.pins')} must have at most 6 items`,
    ]);
    expect(formatted({ ...base, pins: [] })).toEqual([`${where('.pins')} must not be empty`]);
  });

  it('numbers the pins over the render and in the legend', () => {
    const page = drawn(base);
    expect(page).toContain('<span class="sl-anno-pin" style="left:288px;top:65px">1</span>');
    // Pins on an edge are pulled in so the marker stays on the render.
    expect(drawn({ ...base, pins: [{ ...pins[0], x: 0, y: 100 }] })).toContain('style="left:24px;top:517px"');
    expect(page.match(/sl-anno-pin sl-anno-number/g)).toHaveLength(3);
    const legend = [
      '1. Heading: A claim the room can repeat after the meeting.',
      '2. Numbers: Two figures that back the claim, each with what it counts.',
      '3. Source: Where the figures come from, in one line at the foot.',
    ].join('\n');
    expect(text.renderNode(base).endsWith(`\n\n${legend}`)).toBe(true);
    const markdownLegend = [
      '1. **Heading**: A claim the room can repeat after the meeting.',
      '2. **Numbers**: Two figures that back the claim, each with **what it counts**.',
      '3. **Source**: Where the figures come from, in one line at the foot.',
    ].join('\n');
    expect(markdown.renderNode(base).endsWith(`\n\n${markdownLegend}`)).toBe(true);
    expect(slack.renderNode(base).blocks.at(-1)).toEqual({
      type: 'section',
      text: {
        type: 'mrkdwn',
        text:
          '1. *Heading*: A claim the room can repeat after the meeting.\n2. ' +
          '*Numbers*: Two figures that back the claim, each with *what it ' +
          'counts*.\n3. *Source*: Where the figures come from, in one line at the foot.',
      },
    });
  });
});
