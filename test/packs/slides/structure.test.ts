import { describe, expect, it } from 'vitest';
import {
  buildCompositionJsonSchema,
  formatValidationError,
  type PrimitiveNode,
  type RenderScope,
} from '../../../src/index.ts';
import { slideAgenda } from '../../../src/packs/slides/primitives/slide-agenda.ts';
import { slideClosing } from '../../../src/packs/slides/primitives/slide-closing.ts';
import { slideQuote } from '../../../src/packs/slides/primitives/slide-quote.ts';
import { slideSection } from '../../../src/packs/slides/primitives/slide-section.ts';
import { slideSource } from '../../../src/packs/slides/primitives/slide-source.ts';
import { slideStatement } from '../../../src/packs/slides/primitives/slide-statement.ts';
import { AT, fixture, previewSlide, slidesRuntime } from '../../support/slides.ts';

const { text, markdown, html, slack, snapshot } = slidesRuntime.surfaces;

/** Every finding of a composition, as a model would read it. */
function formatted(composition: unknown): string[] {
  return slidesRuntime.validate(composition).errors.map(formatValidationError);
}

/** A node in its preview slide. */
function preview(node: Record<string, unknown>): Record<string, unknown> {
  return previewSlide(node as PrimitiveNode);
}

/** Where a node sits in its preview slide (under the heading; a title sits alone). */
const TITLE_AT = 'body[0].body[0]';

/** Leaf renderers never touch the scope. */
const leafEnv = { scope: {} as RenderScope };

/** The HTML markup of one node on its own. */
function markup(node: Record<string, unknown>): string {
  return html.renderNode(node).body;
}

describe('slideStatement', () => {
  it('accepts the fixture', () => {
    expect(formatted(preview(fixture('slide-statement')))).toEqual([]);
  });

  it('reports a missing text, an unknown key, an over-long text and an unknown size', () => {
    expect(formatted(preview({ type: 'slideStatement' }))).toContain(`${AT}.text (in slideStatement) is required`);
    expect(formatted(preview({ ...fixture('slide-statement'), tone: 'primary' }))).toContain(
      `${AT} (in slideStatement) has unrecognized key(s): tone; its fields are text, size`,
    );
    expect(formatted(preview({ type: 'slideStatement', text: 'x'.repeat(151) }))).toContain(
      `${AT}.text (in slideStatement) must be at most 150 characters`,
    );
    expect(formatted(preview({ type: 'slideStatement', text: 'x'.repeat(150) }))).toEqual([]);
    expect(formatted(preview({ ...fixture('slide-statement'), size: 'xl' }))).toEqual([
      `${AT}.size (in slideStatement) must be one of: l, m, s; did you mean "l"?`,
    ]);
  });

  it('renders text, Markdown and a Slack header', () => {
    const node = fixture('slide-statement');
    expect(text.renderNode(node)).toBe('A parcel without a holder is a parcel we lose.');
    expect(markdown.renderNode(node)).toBe('# A parcel without a holder is **a parcel we lose**.');
    expect(slideStatement.renderers.slack!(node as never, leafEnv)).toEqual({
      type: 'header',
      text: { type: 'plain_text', text: 'A parcel without a holder is a parcel we lose.', emoji: true },
    });
  });

  it('steps its type down as the sentence grows, unless the size is given', () => {
    expect(markup({ type: 'slideStatement', text: 'Short and sure.' })).toContain('sl-statement-l');
    expect(markup({ type: 'slideStatement', text: 'x '.repeat(50) })).toContain('sl-statement-m');
    expect(markup({ type: 'slideStatement', text: 'x '.repeat(70) })).toContain('sl-statement-s');
    expect(markup({ type: 'slideStatement', text: 'Short and sure.', size: 's' })).toContain('sl-statement-s');
    expect(markup(fixture('slide-statement'))).toContain('<strong class="sl-strong">a parcel we lose</strong>');
  });
});

describe('slideQuote', () => {
  it('accepts the fixture', () => {
    expect(formatted(preview(fixture('slide-quote')))).toEqual([]);
  });

  it('reports a missing source, an unknown key, an over-long text and an empty context', () => {
    const { source: _source, ...withoutSource } = fixture('slide-quote');
    expect(formatted(preview(withoutSource))).toContain(`${AT}.source (in slideQuote) is required`);
    expect(formatted(preview({ ...fixture('slide-quote'), author: 'Priya' }))).toContain(
      `${AT} (in slideQuote) has unrecognized key(s): author; its fields are text, source, context, size`,
    );
    expect(formatted(preview({ ...fixture('slide-quote'), text: 'x'.repeat(301) }))).toContain(
      `${AT}.text (in slideQuote) must be at most 300 characters`,
    );
    expect(formatted(preview({ ...fixture('slide-quote'), text: 'x'.repeat(300) }))).toEqual([]);
    expect(formatted(preview({ ...fixture('slide-quote'), context: '' }))).toContain(
      `${AT}.context (in slideQuote) must not be empty`,
    );
  });

  it('adds the quote marks on every surface', () => {
    const node = fixture('slide-quote');
    expect(text.renderNode(node)).toBe(
      '“Before, a lost parcel was nobody’s. Now the screen tells me whose ' +
        'van it is in, and I ring them.”\n\nDana K. · Claims desk, Calder depot',
    );
    expect(markdown.renderNode(node)).toBe(
      '> “Before, a lost parcel was nobody’s. Now the screen tells me **whose van** ' +
        'it is in, and I ring them.”\n>\n> **Dana K.** · _Claims desk, Calder depot_',
    );
    expect(slideQuote.renderers.slack!(node as never, leafEnv)).toEqual([
      {
        type: 'section',
        text: {
          type: 'mrkdwn',
          text:
            '>“Before, a lost parcel was nobody’s. Now the ' +
            'screen tells me *whose van* it is in, and I ring them.”',
        },
      },
      { type: 'context', elements: [{ type: 'mrkdwn', text: '*Dana K.* · Claims desk, Calder depot' }] },
    ]);
    expect(markup(node)).toContain('<span class="sl-quote-mark">“</span>Before, a lost');
  });

  it('quotes every line in Slack and keeps authored angle brackets as text', () => {
    const blocks = slideQuote.renderers.slack!(
      { type: 'slideQuote', text: 'One <!channel>\nTwo', source: 'Sam' } as never,
      leafEnv,
    ) as { text?: { text: string } }[];
    expect(blocks[0]!.text!.text).toBe('>“One &lt;!channel&gt;\n>Two”');
  });

  it('steps its type down as the quote grows', () => {
    expect(markup({ type: 'slideQuote', text: 'Make the slow path obvious.', source: 'Notes' })).toContain(
      'sl-quote-l',
    );
    expect(markup({ type: 'slideQuote', text: 'x '.repeat(80), source: 'Notes' })).toContain('sl-quote-m');
    expect(markup({ type: 'slideQuote', text: 'x '.repeat(140), source: 'Notes' })).toContain('sl-quote-s');
  });
});

describe('slideTitle', () => {
  it('accepts the fixture and the title deck slide', () => {
    expect(formatted(preview(fixture('slide-title')))).toEqual([]);
    expect(formatted(fixture('deck-title-slide'))).toEqual([]);
  });

  it('reports a missing title, an unknown key, strict definitions and its aside’s own findings', () => {
    const { title: _title, ...withoutTitle } = fixture('slide-title');
    expect(formatted(preview(withoutTitle))).toContain(`${TITLE_AT}.title (in slideTitle) is required`);
    expect(formatted(preview({ ...fixture('slide-title'), subtitle: 'x' }))).toContain(
      `${TITLE_AT} (in slideTitle) has unrecognized key(s): subtitle; ` +
        `its fields are eyebrow, title, tagline, date, place, definition, aside, size`,
    );
    const definition = { ...fixture('slide-title').definition, example: 'x' };
    expect(formatted(preview({ ...fixture('slide-title'), definition }))).toContain(
      `${TITLE_AT}.definition (in slideTitle) has unrecognized key(s): example`,
    );
    expect(formatted(preview({ ...fixture('slide-title'), definition: { term: 'relay n.' } }))).toContain(
      `${TITLE_AT}.definition.text (in slideTitle) is required`,
    );
    const aside = { type: 'slideBulletList', items: Array.from({ length: 7 }, (_, i) => `Point ${i}`) };
    expect(formatted(preview({ ...fixture('slide-title'), aside }))).toContain(
      `${TITLE_AT}.aside.items (in slideBulletList) must have at most 6 items`,
    );
    expect(formatted(preview({ ...fixture('slide-title'), eyebrow: 'x'.repeat(232) }))).toContain(
      `${TITLE_AT}.eyebrow (in slideTitle) must be at most 231 characters`,
    );
  });

  it('renders text and Markdown, with its aside after it', () => {
    const node = fixture('slide-title');
    expect(text.renderNode(node)).toBe(
      [
        'A PARCEL TRACKER FOR FOURTEEN DEPOTS\nRelay\nEvery parcel, always in someone’s hands.',
        'relay n. · A race where each runner hands the baton on, and nobody drops it.',
        '✓ Scans at every handoff.\n✓ Keeps working when the Wi-Fi drops.\n✓ Names the holder on every parcel.',
      ].join('\n\n'),
    );
    expect(markdown.renderNode(node)).toBe(
      [
        '**A parcel tracker for fourteen depots**',
        '# Relay',
        'Every parcel, always in someone’s hands.',
        '_relay n._ · A race where each runner hands the baton on, and nobody drops it.',
        '- ✓ Scans at every handoff.\n- ✓ Keeps working when ' +
          'the Wi-Fi drops.\n- ✓ Names the holder on every parcel.',
      ].join('\n\n'),
    );
  });

  it('opens its Slack blocks with a header and dispatches its aside through the Slack scope', () => {
    const blocks = slack.renderNode(fixture('slide-title')).blocks;
    const header = blocks.find((block) => block.type === 'header');
    expect(header).toEqual({ type: 'header', text: { type: 'plain_text', text: 'Relay', emoji: true } });
    expect(blocks[0]).toEqual({
      type: 'context',
      elements: [{ type: 'mrkdwn', text: 'A parcel tracker for fourteen depots' }],
    });
    expect(JSON.stringify(blocks)).toContain('_relay n._ · A race where each runner hands the baton on');
    expect(JSON.stringify(blocks.at(-1))).toContain('✓ Names the holder on every parcel.');
  });

  it('draws without an aside, beside it when there is one, and sizes the title by its longest word', () => {
    expect(formatted(preview({ type: 'slideTitle', title: 'Northwind' }))).toEqual([]);
    expect(text.renderNode({ type: 'slideTitle', title: 'Northwind' })).toBe('Northwind');
    expect(markup({ type: 'slideTitle', title: 'Northwind' })).not.toContain('sl-title-split');
    expect(markup(fixture('slide-title'))).toContain('sl-title sl-title-l sl-title-split');
    expect(markup({ type: 'slideTitle', title: 'Marketplace', aside: fixture('slide-title').aside })).toContain(
      'sl-title-s',
    );
    expect(markup({ type: 'slideTitle', title: 'Relay', size: 'm' })).toContain('sl-title-m');
  });
});

describe('slideSection', () => {
  const node = fixture('slide-section');
  const hrefs = ['#holder', '#offline', '#claims'];

  it('accepts the fixture, with and without hrefs', () => {
    expect(formatted(preview(node))).toEqual([]);
    expect(formatted(preview({ ...node, hrefs }))).toEqual([]);
  });

  it('needs exactly one href per contents item', () => {
    expect(formatted(preview({ ...node, hrefs: hrefs.slice(0, 2) }))).toContain(
      `${AT}.hrefs (in slideSection) must have exactly one href per contents item (3)`,
    );
    expect(formatted(preview({ ...node, hrefs: [...hrefs, '#extra'] }))).toContain(
      `${AT}.hrefs (in slideSection) must have exactly one href per contents item (3)`,
    );
  });

  it('reports a missing title, an unknown key, too many contents, links without contents and an unsafe href', () => {
    const { title: _title, ...withoutTitle } = node;
    expect(formatted(preview(withoutTitle))).toContain(`${AT}.title (in slideSection) is required`);
    const { contents: _contents, ...withoutContents } = node;
    expect(formatted(preview({ ...withoutContents, hrefs: ['#a'] }))).toContain(
      `${AT}.hrefs (in slideSection) must have exactly one href per contents item (0)`,
    );
    expect(formatted(preview({ ...node, subtitle: 'x' }))).toContain(
      `${AT} (in slideSection) has unrecognized key(s): subtitle; its fields are number, title, contents, hrefs, size`,
    );
    expect(formatted(preview({ ...node, contents: Array.from({ length: 9 }, (_, i) => `Slide ${i}`) }))).toContain(
      `${AT}.contents (in slideSection) must have at most 8 items`,
    );
    expect(formatted(preview({ ...node, contents: [] }))).toContain(
      `${AT}.contents (in slideSection) must not be empty`,
    );
    expect(formatted(preview({ ...node, hrefs: ['javascript:alert(1)', '#a', '#b'] }))).toContain(
      `${AT}.hrefs[0] (in slideSection) must be an https, http, or mailto URL, or a relative path`,
    );
  });

  it('restates the href rule where the JSON Schema keeps it', () => {
    expect(JSON.stringify(buildCompositionJsonSchema(slidesRuntime.primitives))).toContain(
      'exactly one href per contents item',
    );
  });

  it('renders text, Markdown and Slack, linking contents when it has hrefs', () => {
    expect(text.renderNode(node)).toBe(
      '02 Tracking\n\n• A parcel’s last scan names who holds it\n• Scans ' +
        'queue when a depot goes offline\n• Claims reach the holder the same day',
    );
    expect(text.renderNode({ ...node, hrefs })).toContain('• A parcel’s last scan names who holds it → #holder');
    expect(markdown.renderNode(node)).toBe(
      '# 02 Tracking\n\n- A parcel’s last scan names who holds it\n- Scans ' +
        'queue when a depot goes offline\n- Claims reach the holder the same day',
    );
    expect(markdown.renderNode({ ...node, hrefs })).toContain('- [A parcel’s last scan names who holds it](#holder)');
    const linked = { ...node, hrefs: ['https://example.com/a', '#b', '#c'] };
    expect(slideSection.renderers.slack!(linked as never, leafEnv)).toEqual([
      { type: 'header', text: { type: 'plain_text', text: '02 Tracking', emoji: true } },
      {
        type: 'section',
        text: {
          type: 'mrkdwn',
          text:
            '• <https://example.com/a|A parcel’s last scan names who holds it>\n• ' +
            'Scans queue when a depot goes offline\n• Claims reach the holder the same day',
        },
      },
    ]);
  });

  it('links contents on HTML only, and sizes down for many contents or a long number', () => {
    expect(markup({ ...node, hrefs })).toContain(
      '<a class="sl-section-link" href="#holder">A parcel’s last scan names who holds it',
    );
    expect(snapshot!.render(preview({ ...node, hrefs })).html).not.toContain('<a ');
    expect(markup(node)).toContain('sl-section sl-section-l');
    expect(markup({ ...node, contents: Array.from({ length: 8 }, (_, i) => `Slide ${i}`) })).toContain('sl-section-m');
    expect(markup({ ...node, number: 'Appendix' })).toContain('sl-section-s');
  });
});

describe('slideAgenda', () => {
  const node = fixture('slide-agenda');

  it('accepts the fixture', () => {
    expect(formatted(preview(node))).toEqual([]);
  });

  it('allows at most one current section', () => {
    const twice = structuredClone(node);
    twice.sections[4].current = true;
    expect(formatted(preview(twice))).toEqual([
      `${AT}.sections[4].current (in slideAgenda) must be the only current section; sections[2] is already current`,
    ]);
    const none = structuredClone(node);
    delete none.sections[2].current;
    expect(formatted(preview(none))).toEqual([]);
    const falseToo = structuredClone(node);
    falseToo.sections[0].current = false;
    expect(formatted(preview(falseToo))).toEqual([]);
  });

  it('reports too few or too many sections, unknown nested keys, a missing title and a non-boolean current', () => {
    expect(formatted(preview({ ...node, sections: node.sections.slice(0, 1) }))).toContain(
      `${AT}.sections (in slideAgenda) must have at least 2 items`,
    );
    const nine = Array.from({ length: 9 }, (_, i) => ({ number: `0${i}`, title: 'Part' }));
    expect(formatted(preview({ ...node, sections: nine }))).toContain(
      `${AT}.sections (in slideAgenda) must have at most 8 items`,
    );
    const extra = structuredClone(node);
    extra.sections[0].done = true;
    expect(formatted(preview(extra))).toContain(`${AT}.sections[0] (in slideAgenda) has unrecognized key(s): done`);
    const untitled = structuredClone(node);
    delete untitled.sections[1].title;
    expect(formatted(preview(untitled))).toContain(`${AT}.sections[1].title (in slideAgenda) is required`);
    const yes = structuredClone(node);
    yes.sections[0].current = 'yes';
    expect(formatted(preview(yes))).toContain(`${AT}.sections[0].current (in slideAgenda) must be a boolean`);
    expect(formatted(preview({ ...node, sections: node.sections, highlight: 1 }))).toContain(
      `${AT} (in slideAgenda) has unrecognized key(s): highlight; its fields are sections, size`,
    );
  });

  it('renders text and Markdown with the “you are here” label, and has no Slack renderer of its own', () => {
    expect(text.renderNode(node)).toBe(
      [
        '01 Where parcels go missing · 3 slides',
        '02 What drivers told us · 4 slides',
        '03 A scan at every handoff · 5 slides · You are here',
        '04 Depot-by-depot rollout · 3 slides',
        '05 Questions · 2 slides',
      ].join('\n'),
    );
    expect(markdown.renderNode(node)).toBe(
      '- 01 Where parcels go missing · 3 slides\n- 02 What drivers told us · ' +
        '4 slides\n- 03 **A scan at every handoff** · 5 slides · _You are ' +
        'here_\n- 04 Depot-by-depot rollout · 3 slides\n- 05 Questions · 2 slides',
    );
    expect(slideAgenda.renderers.slack).toBeUndefined();
    expect(JSON.stringify(slack.renderNode(node).blocks)).toContain('You are here');
    expect(markup(node)).toContain('<span class="sl-agenda-here">You are here</span>');
  });

  it('steps down by section count unless the size is given', () => {
    const sections = (n: number) => Array.from({ length: n }, (_, i) => ({ number: `0${i + 1}`, title: 'Part' }));
    expect(markup({ type: 'slideAgenda', sections: sections(5) })).toContain('sl-agenda-l');
    expect(markup({ type: 'slideAgenda', sections: sections(7) })).toContain('sl-agenda-m');
    expect(markup({ type: 'slideAgenda', sections: sections(8) })).toContain('sl-agenda-s');
    expect(markup({ type: 'slideAgenda', sections: sections(8), size: 'l' })).toContain('sl-agenda-l');
  });
});

describe('slideClosing', () => {
  const node = fixture('slide-closing');

  it('accepts the fixture, with or without paths', () => {
    expect(formatted(preview(node))).toEqual([]);
    const { paths: _paths, ...linksOnly } = node;
    expect(formatted(preview(linksOnly))).toEqual([]);
  });

  it('reports link and path limits, unsafe hrefs, nested unknown keys and missing fields', () => {
    const link = node.links[0];
    expect(formatted(preview({ ...node, links: [link, link, link, link, link] }))).toContain(
      `${AT}.links (in slideClosing) must have at most 4 items`,
    );
    expect(formatted(preview({ ...node, links: [] }))).toContain(`${AT}.links (in slideClosing) must not be empty`);
    expect(formatted(preview({ ...node, paths: [] }))).toContain(`${AT}.paths (in slideClosing) must not be empty`);
    expect(formatted(preview({ ...node, paths: Array.from({ length: 6 }, () => node.paths[0]) }))).toContain(
      `${AT}.paths (in slideClosing) must have at most 5 items`,
    );
    expect(formatted(preview({ ...node, links: [{ ...link, href: 'javascript:alert(1)' }] }))).toContain(
      `${AT}.links[0].href (in slideClosing) must be an https, http, or mailto URL, or a relative path`,
    );
    expect(
      formatted(preview({ ...node, links: [{ ...link, href: `https://example.com/${'a'.repeat(2000)}` }] })),
    ).toContain(`${AT}.links[0].href (in slideClosing) must be at most 2000 characters`);
    expect(formatted(preview({ ...node, links: [{ ...link, url: 'x' }] }))).toContain(
      `${AT}.links[0] (in slideClosing) has unrecognized key(s): url`,
    );
    expect(formatted(preview({ ...node, links: [{ label: 'Docs' }] }))).toContain(
      `${AT}.links[0] (in slideClosing) needs href or text: the address to open, or the place to print ` +
        '(e.g. a channel name)',
    );
    expect(formatted(preview({ ...node, links: [{ label: 'Docs', text: 42 }] }))).toContain(
      `${AT}.links[0].text (in slideClosing) must be a string`,
    );
    expect(formatted(preview({ ...node, paths: [{ body: 'Go' }] }))).toContain(
      `${AT}.paths[0].title (in slideClosing) is required`,
    );
    expect(formatted(preview({ ...node, footer: 'x' }))).toContain(
      `${AT} (in slideClosing) has unrecognized key(s): footer; its fields are title, links, paths, size`,
    );
  });

  it('renders text, Markdown and Slack', () => {
    expect(text.renderNode(node)).toBe(
      [
        'Where next',
        'DOCS · kestrel.example/relay/docs\nRUNBOOK · kestrel.example/relay/runbook',
        '→ Scan a handoff: The scanner guide, then POST /scans\n→ Find a parcel: ' +
          'The lookup page and its filters\n→ Open a claim: The claims form and ' +
          'who signs it off\n→ Join the rota: The on-call guide and the pager app',
      ].join('\n\n'),
    );
    expect(markdown.renderNode(node)).toContain(
      '# Where next\n\n- **Docs** · [kestrel.example/relay/docs](https://kestrel.example/relay/docs)\n',
    );
    expect(markdown.renderNode(node)).toContain('**Scan a handoff**: The scanner guide, then `POST /scans`');
    const blocks = slideClosing.renderers.slack!(node as never, leafEnv) as {
      type: string;
      fields?: unknown[];
      text?: { text: string };
    }[];
    expect(blocks.map((block) => block.type)).toEqual(['header', 'section', 'section']);
    expect(blocks[1]!.text!.text).toBe(
      '*Docs* · <https://kestrel.example/relay/docs|kestrel.example/relay/docs>\n*Runbook* ' +
        '· <https://kestrel.example/relay/runbook|kestrel.example/relay/runbook>',
    );
    expect(blocks[2]!.fields).toHaveLength(4);
    expect(blocks[2]!.fields![0]).toEqual({
      type: 'mrkdwn',
      text: '*→ Scan a handoff*\nThe scanner guide, then `POST /scans`',
    });
  });

  it('checks each href again when drawing: a blocked one keeps its label and text', () => {
    const unsafe = { ...node, links: [{ label: 'Docs', href: 'javascript:alert(1)', text: 'example.com/docs' }] };
    const drawn = slideClosing.renderers.html(unsafe as never, { ...leafEnv, surface: 'react' })!.toString();
    expect(drawn).toContain(
      '<a class="sl-closing-link" href="#"><span class="sl-closing-label">Docs</span><span ' +
        'class="sl-closing-url">example.com/docs</span></a>',
    );
    expect(drawn).not.toContain('javascript');
    const blocks = slideClosing.renderers.slack!(unsafe as never, leafEnv) as { text?: { text: string } }[];
    expect(blocks[1]!.text!.text).toBe('*Docs* · example.com/docs');
    expect(markup(node)).toContain('<a class="sl-closing-link" href="https://kestrel.example/relay/docs">');
    expect(snapshot!.render(preview(node)).html).not.toContain('<a class="sl-closing-link"');
  });

  it('sizes the title to its column and the columns to the body', () => {
    const { paths: _paths, ...linksOnly } = node;
    expect(markup(linksOnly)).toContain('sl-closing sl-closing-l');
    expect(markup(node)).toContain('sl-closing sl-closing-l sl-closing-split');
    const crowded = { ...node, links: [...node.links, ...node.links], paths: [...node.paths, node.paths[0]] };
    expect(markup(crowded)).toContain('sl-closing sl-closing-m');
    expect(markup({ ...node, size: 's' })).toContain('sl-closing-s');
  });
});

describe('slideSource', () => {
  const node = fixture('slide-source');

  it('accepts the fixture as the last node of a content slide', () => {
    expect(formatted(preview(node))).toEqual([]);
  });

  it('reports a missing or empty text and an unknown key', () => {
    expect(formatted(preview({ type: 'slideSource' }))).toContain(`${AT}.text (in slideSource) is required`);
    expect(formatted(preview({ type: 'slideSource', text: '' }))).toContain(
      `${AT}.text (in slideSource) must not be empty`,
    );
    expect(formatted(preview({ ...node, href: 'https://example.com' }))).toContain(
      `${AT} (in slideSource) has unrecognized key(s): href; its fields are text`,
    );
  });

  it('prefixes “Source ·” on every surface', () => {
    expect(text.renderNode(node)).toBe('Source · Claims tagged “lost in transit”, January to March');
    expect(markdown.renderNode(node)).toBe('_Source · Claims tagged “lost in transit”, January to March_');
    expect(slideSource.renderers.slack!(node as never, leafEnv)).toEqual({
      type: 'context',
      elements: [{ type: 'mrkdwn', text: 'Source · Claims tagged “lost in transit”, January to March' }],
    });
    expect(markup(node)).toContain('<span class="sl-source-prefix">Source ·</span> Claims tagged');
  });

  it('states that it must close the frame body, where a model reads it', () => {
    expect(slideSource.catalog.useWhen.join(' ')).toContain('last node of the frame’s body');
    expect(JSON.stringify(buildCompositionJsonSchema(slidesRuntime.primitives))).toContain(
      'A slideSource must be the last node of the frame’s body.',
    );
  });
});
