/**
 * The pack conformance kit fails a broken pack: its checks, run as plain functions on a pack with
 * one fault per primitive, report each fault where it shows, and name the example and format.
 */
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import {
  definePrimitive,
  definePrimitivePack,
  type Frame,
  html,
  md,
  mrkdwnSection,
  raw,
  requiredString,
} from '../../src/index.ts';
import {
  catalogProblems,
  formatProblems,
  hostilePlan,
  hostileProblems,
  kitFormats,
  layoutProblems,
  type PackKitSubject,
} from '../support/pack-kit/index.ts';
import { inertnessCheck, markupFindings } from '../support/pack-kit/inert.ts';
import { fixtureNoteCardFrame, fixtureNoteText } from '../support/packs/fixture-notes-kit.ts';
import { defineHost } from '../../src/core/chat-hosts/host.ts';
import { BUILT_IN_HOSTS } from '../../src/core/chat-hosts/registry.ts';

const catalog = (purpose: string) => ({ name: 'Broken', purpose, useWhen: ['Tests.'], avoidWhen: ['Anything real.'] });

/** Writes model text into HTML and Slack as it came: the hostile suite must catch it. */
const leakyNote = definePrimitive({
  type: 'leakyNote',
  schema: z.object({ type: z.literal('leakyNote'), text: requiredString().max(2000) }),
  catalog: catalog('Prose drawn without escaping it.'),
  examples: [{ type: 'leakyNote', text: 'Tell <!channel> it shipped.' }],
  renderers: {
    html: (node) => html`<p>${raw(node.text)}</p>`,
    text: (node) => node.text,
    markdown: (node) => md.content(md.paragraph(node.text)),
    slack: (node) => mrkdwnSection(node.text),
  },
});

/** Its Markdown renderer throws, so Markdown and every format drawn from it fail. */
const crashingNote = definePrimitive({
  type: 'crashingNote',
  schema: z.object({ type: z.literal('crashingNote'), text: requiredString() }),
  catalog: catalog('Prose whose Markdown renderer throws.'),
  examples: [{ type: 'crashingNote', text: 'Boom.' }],
  renderers: {
    html: (node) => html`<p>${node.text}</p>`,
    text: (node) => node.text,
    markdown: () => {
      throw new Error('markdown renderer exploded');
    },
  },
});

/** Draws nothing in Markdown, so every chat host is handed an empty message. */
const silentNote = definePrimitive({
  type: 'silentNote',
  schema: z.object({ type: z.literal('silentNote'), text: requiredString() }),
  catalog: catalog('Prose with an empty Markdown renderer.'),
  examples: [{ type: 'silentNote', text: 'Unheard.' }],
  renderers: {
    html: (node) => html`<p>${node.text}</p>`,
    text: (node) => node.text,
    markdown: () => md.content(),
  },
});

/** Drawn past the card's right edge, in type too small, with an example that does not validate and a thin catalog. */
const wideBox = definePrimitive({
  type: 'wideBox',
  schema: z.object({ type: z.literal('wideBox'), label: requiredString().max(20) }),
  catalog: { ...catalog('A box.'), avoidWhen: [] },
  examples: [
    { type: 'wideBox', label: 'Wide' },
    { type: 'wideBox', label: 'A label far longer than twenty characters' },
  ],
  renderers: {
    html: (node) => html`<div class="wb">${node.label}</div>`,
    text: (node) => node.label,
    markdown: (node) => md.content(md.paragraph(node.label)),
  },
  css: '.wb{margin-left:1300px;white-space:nowrap;height:80px;font-size:12px;background:#ddd}',
});

const broken: PackKitSubject = {
  pack: definePrimitivePack({
    id: 'broken',
    primitives: [crashingNote, leakyNote, fixtureNoteText, silentNote, wideBox],
    authoring: { groups: [{ title: 'Lists', types: ['leakyNote', 'noteText'] }] },
  }),
  frame: fixtureNoteCardFrame as Frame<any>,
};

describe('the kit on a broken pack', () => {
  it('reports the catalog’s faults: an invalid example, a thin entry, ungrouped types, small type', () => {
    const problems = catalogProblems(broken);
    expect(problems).toEqual(
      expect.arrayContaining([
        'wideBox: purpose must say what it shows in more than 10 characters',
        'wideBox: avoidWhen is empty',
        expect.stringMatching(/^wideBox example 2 does not validate: body\[0\]\.label \(in wideBox\) /),
        "crashingNote: listed in 0 groups of the guide's index, not one",
        'noteText: names group "Text" but the index lists it under "Lists"',
        "wideBox: sets font-size:12px, under the frame's 20px",
      ]),
    );
    expect(problems.filter((problem) => problem.startsWith('leakyNote'))).toEqual([]);
  });

  it('reports a renderer that throws, on Markdown and every format drawn from it, naming the example', async () => {
    const { all } = kitFormats(broken);
    const threw: string[] = [];
    for (const format of all)
      if (
        (await formatProblems(broken, format)).some(
          (p) => p.startsWith('crashingNote example 1') && p.includes('threw'),
        )
      )
        threw.push(format);
    // Slack has no renderer of its own here, so it converts the Markdown too; HTML, text and images do not.
    expect(threw).toEqual(['markdown', ...BUILT_IN_HOSTS.map((host) => host.name)]);
    expect(await formatProblems(broken, 'markdown')).toContain(
      'crashingNote example 1 on markdown: threw markdown renderer exploded',
    );
    expect(await formatProblems(broken, 'png')).toEqual([
      expect.stringMatching(/^wideBox example 2: refused: body\[0\]\.label \(in wideBox\) /),
    ]);
  });

  it('reports a format with nothing to show, and an example that is not inert as written', async () => {
    expect(await formatProblems(broken, 'markdown')).toContain('silentNote example 1 on markdown: empty text');
    const slack = await formatProblems(broken, 'slack');
    expect(slack).toContain('silentNote example 1 on slack: no blocks');
    expect(slack).toContain('leakyNote example 1 on slack: live mention: Tell <!channel> it shipped.');
    // The chat hosts put a placeholder in an empty message; HTML draws the node's own text.
    expect((await formatProblems(broken, 'html')).filter((problem) => problem.startsWith('silentNote'))).toEqual([]);
  });

  it('reports model text that reaches HTML or Slack unescaped', async () => {
    const leaky: PackKitSubject = { pack: definePrimitivePack({ id: 'leaky', primitives: [leakyNote] }) };
    const plan = hostilePlan(leaky);
    const htmlProblems = await hostileProblems(leaky, 'html', plan);
    expect(htmlProblems.length).toBeGreaterThan(20);
    expect(htmlProblems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^leakyNote example 1 round \d+ on html: element: <script>/),
        expect.stringMatching(/^leakyNote example 1 round \d+ on html: handler: <img src=x onerror=alert\(1\)>/),
      ]),
    );
    expect(await hostileProblems(leaky, 'slack', plan)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^leakyNote example 1 round \d+ on slack: live mention: <!channel>/),
      ]),
    );
    // The same strings through a primitive that escapes them: nothing.
    const safe: PackKitSubject = { pack: definePrimitivePack({ id: 'safe', primitives: [fixtureNoteText] }) };
    expect(await hostileProblems(safe, 'html', hostilePlan(safe))).toEqual([]);
  });

  it('fails a format it has no inertness check for, rather than passing it', async () => {
    expect(await inertnessCheck('pigeon')).toBeUndefined();
    expect(await hostileProblems(broken, 'pigeon', hostilePlan(broken))).toEqual([
      "pigeon: the kit has no inertness check for this format (a host's kit.ts, or test/support/pack-kit/inert.ts)",
    ]);
  });

  it('reads markup as a browser would: handlers, script URLs, embedding elements, style scripts', () => {
    expect(
      markupFindings(
        '<img src=x onerror=alert(1)><a href=" java\tscript:alert(1)">x</a><script>1</script>' +
          '<a href="//evil.example">x</a><p style="width:expression(alert(1))">x</p><a href="&#106;avascript:x">y</a>',
      ),
    ).toEqual([
      'handler: <img src=x onerror=alert(1)>',
      'url: <a href=" java\tscript:alert(1)">',
      'element: <script>',
      'url: <a href="//evil.example">',
      'style: <p style="width:expression(alert(1))">',
      'url: <a href="&#106;avascript:x">',
    ]);
    expect(
      markupFindings('<p>plain <a href="https://example.com/">link</a><img src="data:image/png;base64,AA"></p>'),
    ).toEqual([]);
    expect(markupFindings('<p>ok</p><b>raw</b>', /^(?:p)$/)).toEqual(['raw HTML: <b>']);
  });

  it('serves images only with a frame, and checks everything else either way', () => {
    const framed = kitFormats(broken);
    const frameless = kitFormats({ pack: broken.pack });
    const pictures = framed.all.filter((format) => !framed.text.includes(format));
    expect(pictures.length).toBeGreaterThan(0);
    expect(frameless.all).toEqual(framed.text);
    expect(frameless.text).toEqual(framed.text);
  });

  it('draws and reads a host the Worker is given, through that host’s own kit', async () => {
    const plainHost = defineHost({
      name: 'plain',
      title: 'Plain chat',
      operation: 'Plain',
      mimeType: 'application/vnd.example.plain+json',
      limits: { blocks: 10 },
      from: 'markdown',
      convert: (blocks) => ({ blocks: blocks.length }),
      deck: (messages) => ({ messages }),
      payload: { root: 'PlainMessage', schemas: () => ({ PlainMessage: { type: 'object' } }) },
      checks: async () => ({
        problems: (payload) => ((payload as { blocks: number }).blocks > 0 ? [] : ['no blocks']),
        liveMentions: () => ['read by the plain kit'],
        linkTargets: () => [],
        links: () => [],
        plainTexts: () => [],
      }),
    });
    const subject: PackKitSubject = {
      pack: definePrimitivePack({ id: 'plain-notes', primitives: [fixtureNoteText] }),
      hosts: [...BUILT_IN_HOSTS, plainHost],
    };
    expect(kitFormats(subject).text).toContain('plain');
    expect(await formatProblems(subject, 'plain')).toEqual([
      'noteText example 1 on plain: read by the plain kit',
      'noteText example 2 on plain: read by the plain kit',
    ]);
  });

  it('reports what does not fit the frame', () => {
    expect(layoutProblems(broken)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^wideBox example 1: body\[0\]\.label \(in wideBox, (?:clipped|outside-canvas)\) /),
        'wideBox example 1: body[0].label (in wideBox, too-small) `label` is set at about 12 px, under the 20 px the slide allows: set it at 20 px or more',
      ]),
    );
    const frameless: PackKitSubject = { pack: broken.pack };
    expect(layoutProblems(frameless)).toEqual(['the pack has no frame to measure in']);
  });
});
