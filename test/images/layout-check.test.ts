import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import {
  CompositionValidationError,
  createIsomerRuntime,
  definePrimitive,
  definePrimitivePack,
  html,
  joinMarkup,
  md,
  type Frame,
} from '../../src/index.ts';
import { engineMeasureCount } from '../../src/images/engine/engine.ts';
import { createLayoutCheck, type LayoutFinding } from '../../src/images/index.ts';
import { fixtureComposition, fixtures, namedFixtures, slidesRuntime } from '../support/slides.ts';
import { fixtureBoard, fixtureCard } from '../support/packs/fixture-cards.ts';
import { oneSlide } from '../support/one-slide.ts';
import { slidesPack } from '../../src/packs/slides/index.ts';
import { LINEAR_CASES } from '../support/linear-cases.ts';

const kinds = Object.fromEntries(
  namedFixtures(
    import.meta.glob('../fixtures/layout-kinds/*.json', { import: 'default', eager: true }) as Record<string, unknown>,
  ).map(({ name, value }) => [name, value]),
);

const annotated = fixtures.find((fixture) => fixture.name === 'slide-annotated-render')!.value;
const layout = createLayoutCheck({ snapshot: slidesRuntime.surfaces.snapshot! });

function slide(...body: unknown[]): Record<string, unknown> {
  return { type: 'view', title: 'Refunds', body: [{ type: 'slideFrame', brand: 'Ledger', body }] };
}

const heading = { type: 'slideHeading', title: 'Refunds settle in two days, not five' };
const WORDS = ['settlement', 'ledger', 'refund', 'window', 'batch', 'merchant', 'card'];
/** `count` words of plain prose: wraps like a sentence, no word long enough to break. */
const prose = (count: number) => Array.from({ length: count }, (_, i) => WORDS[i % WORDS.length]).join(' ');
const codeLine = (length: number) => `const value = ${'x'.repeat(length - 16)};`;

/** The value at a finding's path, and a setter for it: what a model edits when it follows the message. */
function at(root: unknown, path: string): { value: unknown; set(value: unknown): void } {
  const keys = [...path.matchAll(/\.?([^.[\]]+)|\[(\d+)\]/g)].map((m) => m[1] ?? Number(m[2]));
  let parent = root as Record<string | number, unknown>;
  for (const key of keys.slice(0, -1)) parent = parent[key!] as Record<string | number, unknown>;
  const last = keys.at(-1)!;
  return { value: parent[last], set: (value) => (parent[last] = value) };
}

/** Applies every "shorten `field` to about N characters" a finding suggests, as a model would. */
function followShortening(composition: Record<string, unknown>, findings: readonly LayoutFinding[]) {
  const repaired = structuredClone(composition);
  let applied = 0;
  for (const finding of findings) {
    const suggestion = /shorten `([^`]+)` to about (\d+) characters/.exec(finding.message);
    if (!suggestion) continue;
    expect(finding.path.endsWith(suggestion[1]!)).toBe(true);
    const field = at(repaired, finding.path);
    expect(typeof field.value).toBe('string');
    field.set((field.value as string).slice(0, Number(suggestion[2])).trimEnd());
    applied++;
  }
  return { repaired, applied };
}

describe('composition paths on the snapshot markup', () => {
  const split = slide(heading, {
    type: 'slideSplit',
    panes: [
      { items: [{ type: 'slideBulletList', items: ['One', 'Two'] }] },
      { items: [{ type: 'slideTable', columns: ['A', 'B'], rows: [['1', '2']] }] },
    ],
  });

  it('marks every node’s root element with its path when anchors are on, and nothing otherwise', () => {
    const marked = slidesRuntime.surfaces.snapshot!.render(split, { anchors: true }).html;
    const paths = [...marked.matchAll(/data-isomer-node="([^"]+)" data-isomer-path="([^"]*)"/g)].map(
      (m) => `${m[2]} ${m[1]}`,
    );
    expect(paths).toEqual([
      'body[0] slideFrame',
      'body[0].body[0] slideHeading',
      'body[0].body[1] slideSplit',
      'body[0].body[1].panes[0].items[0] slideBulletList',
      'body[0].body[1].panes[1].items[0] slideTable',
    ]);
    expect(slidesRuntime.surfaces.snapshot!.render(split).html).not.toContain('data-isomer');
  });

  it('numbers the pages of a deck and starts a lone node at its own fields', () => {
    const deck = slidesRuntime.surfaces.snapshot!.renderPages([slide(heading), split], { anchors: true });
    expect(deck.pages[1]!.html).toContain('data-isomer-path="pages[1].body[0].body[1].panes[0].items[0]"');
    const node = slidesRuntime.surfaces.snapshot!.renderNode(
      {
        type: 'slideSplit',
        panes: [
          { items: [{ type: 'slideBulletList', items: ['One'] }] },
          { items: [{ type: 'slideStatement', text: 'Two' }] },
        ],
      },
      { anchors: true },
    );
    expect(node.html).toContain('data-isomer-path="" class="sl-split');
    expect(node.html).toContain('data-isomer-path="panes[0].items[0]"');
  });

  it('names the field of a list inside a split pane', () => {
    const composition = slide(heading, {
      type: 'slideSplit',
      panes: [
        { items: [{ type: 'slideBulletList', items: ['A short point.', prose(80), 'Another.', prose(60)] }] },
        { items: [{ type: 'slideBulletList', items: ['Fine.'] }] },
      ],
    });
    const findings = layout.check(composition);
    expect(findings.length).toBeGreaterThan(0);
    const list = findings.find((f) => f.path.startsWith('body[0].body[1].panes[0].items[0].items['));
    expect(list).toMatchObject({ nodeType: 'slideBulletList' });
    expect(['outside-content', 'outside-canvas']).toContain(list!.kind);
    // The longest item is the one to shorten, and it is the one named.
    expect(list!.path).toBe('body[0].body[1].panes[0].items[0].items[1]');
  });

  it('names a table cell by row and column', () => {
    const rows = Array.from({ length: 6 }, (_, i) => [`Depot ${i + 1}`, prose(10), prose(10)]);
    rows[4]![2] = prose(30);
    const findings = layout.check(slide(heading, { type: 'slideTable', columns: ['Depot', 'Notes', 'More'], rows }));
    // The cell with the most lines is the one named.
    expect(findings.map((f) => [f.kind, f.path, f.nodeType])).toEqual([
      ['outside-canvas', 'body[0].body[1].rows[4][2]', 'slideTable'],
    ]);
  });
});

describe('each kind of finding', () => {
  it('outside-content: content below the slide’s margin, with a shortening that comes from the measure', () => {
    const composition = slide(heading, {
      type: 'slideBulletList',
      items: ['A short point.', prose(30), prose(30), prose(120)],
    });
    const findings = layout.check(composition);
    expect(findings).toHaveLength(1);
    const [finding] = findings;
    expect(finding).toMatchObject({ kind: 'outside-content', path: 'body[0].body[1].items[3]' });
    const [, by, keep] =
      /^runs (\d+) px below the slide's content area: shorten `items\[3\]` to about (\d+) characters, or move part of it to another slide$/.exec(
        finding!.message,
      )!;
    expect(Number(by)).toBeGreaterThan(2);
    expect(Number(keep)).toBeGreaterThan(0);
    expect(Number(keep)).toBeLessThan(prose(120).length);
  });

  it('outside-canvas: content cut off at the slide’s edge', () => {
    const findings = layout.check(slide(heading, { type: 'slideBulletList', items: Array(6).fill(prose(70)) }));
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ kind: 'outside-canvas', path: 'body[0].body[1].items[0]' });
    expect(findings[0]!.message).toMatch(
      /^runs \d+ px below the slide, where it is cut off: move part of it to another slide$/,
    );
  });

  it('clipped: a code line wider than its pane is cut off', () => {
    const composition = slide(heading, {
      type: 'slideSplit',
      panes: [
        {
          items: [
            { type: 'slideCode', panels: [{ file: 'a.ts', language: 'ts', lines: ['let x = 1;', codeLine(100)] }] },
          ],
        },
        { items: [{ type: 'slideBulletList', items: ['Fine.'] }] },
      ],
    });
    const findings = layout.check(composition);
    expect(findings.map((f) => [f.kind, f.path, f.nodeType])).toEqual([
      ['clipped', 'body[0].body[1].panes[0].items[0].panels[0].lines[1]', 'slideCode'],
    ]);
    const [, wide, keep] =
      /^is cut off: (\d+) px too wide; shorten `panels\[0\]\.lines\[1\]` to about (\d+) characters$/.exec(
        findings[0]!.message,
      )!;
    expect(Number(wide)).toBeGreaterThan(100);
    expect(Number(keep)).toBeLessThan(100);
  });

  it('overflow: text is placed from its box’s content edge, so a line into its padding counts (as Chromium counts it)', () => {
    // A code line has 36 px of border and padding on its left and 32 px of padding on its right;
    // in this pane 46 columns end 13 px short of the padding, 48 run 19 px into it (Chromium: 19 px).
    const paneCode = (line: string) =>
      slide(heading, {
        type: 'slideSplit',
        panes: [
          { items: [{ type: 'slideBulletList', items: ['Refunds queue until midnight.'] }] },
          { items: [{ type: 'slideCode', panels: [{ file: 'a.ts', language: 'ts', lines: ['let x = 1;', line] }] }] },
        ],
      });
    expect(layout.check(paneCode('const settled = await ledger.settle(batchIds);'))).toEqual([]);
    const findings = layout.check(paneCode('const settled = await ledger.settleBatch(batch);'));
    expect(findings.map((f) => [f.kind, f.path, f.message])).toEqual([
      [
        'overflow',
        'body[0].body[1].panes[1].items[0].panels[0].lines[1]',
        "runs into its box's padding: 19 px too wide; shorten `panels[0].lines[1]` to about 42 characters",
      ],
    ]);
  });

  it('overlap: annotation pins placed on the same spot', () => {
    const apart = slide(heading, annotated);
    expect(layout.check(apart)).toEqual([]);
    const pins = (annotated as { pins: object[] }).pins.map((pin) => ({ ...pin, x: 50, y: 50 }));
    const findings = layout.check(slide(heading, { ...annotated, pins }));
    expect(findings.length).toBe(3);
    for (const finding of findings) {
      expect(finding).toMatchObject({ kind: 'overlap', path: 'body[0].body[1]', nodeType: 'slideAnnotatedRender' });
      expect(finding.message).toMatch(/^“\d” is drawn over “\d” by \d+ px: move them apart or shorten one of them$/);
    }
  });

  // The slides pack never sets text under its minimum or in a fixed-height box, so a pack of the
  // test's own draws both, in a frame of its own geometry: the check reads the frame, not the pack.
  const caption = definePrimitive({
    type: 'caption',
    schema: z.object({ type: z.literal('caption'), text: z.string(), px: z.number().int().min(8).max(64) }),
    catalog: { purpose: 'Text at a size.', useWhen: ['Tests.'], avoidWhen: ['Slides.'] },
    examples: [{ type: 'caption', text: 'Hello', px: 20 }],
    renderers: {
      html: (node) => html`<p class="caption" style="font-size:${node.px}px">${node.text}</p>`,
      text: (node) => node.text,
      markdown: (node) => md.content(md.paragraph(node.text)),
    },
    css: '.caption{margin:0;font-family:Inter;line-height:1.2}',
  });
  const box = definePrimitive({
    type: 'box',
    schema: z.object({ type: z.literal('box'), text: z.string() }),
    catalog: { purpose: 'Text in a fixed box.', useWhen: ['Tests.'], avoidWhen: ['Slides.'] },
    examples: [{ type: 'box', text: 'Hello' }],
    renderers: {
      html: (node) => html`<div class="box">${node.text}</div>`,
      text: (node) => node.text,
      markdown: (node) => md.content(md.paragraph(node.text)),
    },
    css: '.box{width:300px;height:60px;font-family:Inter;font-size:24px;line-height:30px}',
  });
  const panel = definePrimitive({
    type: 'panel',
    schema: (bodyNode) => z.object({ type: z.literal('panel'), items: z.array(bodyNode) }),
    children: ['items'],
    catalog: { purpose: 'A column.', useWhen: ['Tests.'], avoidWhen: ['Slides.'] },
    examples: [{ type: 'panel', items: [{ type: 'box', text: 'Hello' }] }],
    renderers: {
      html: (node, { scope }) => html`<div class="panel">${node.items.map((item) => scope.html(item))}</div>`,
      text: () => '',
      markdown: () => md.content(),
    },
    css: '.panel{display:flex;flex-direction:column;gap:10px}',
  });
  const card: Frame = {
    defaultWidth: 800,
    theme: { light: {}, dark: {} },
    estimateHeight: () => 450,
    wrap: (_header, body) => html`<div class="card">${joinMarkup(body)}</div>`,
    css: '.card{width:800px;height:450px;padding:40px;box-sizing:border-box;display:flex;flex-direction:column}',
    layout: { width: 800, height: 450, content: { left: 40, top: 40, right: 760, bottom: 410 }, minFontSize: 20 },
  };
  const runtime = createIsomerRuntime({
    packs: [definePrimitivePack({ id: 'layout-test', primitives: [caption, box, panel] })],
    frames: { card },
  });
  const own = createLayoutCheck({ snapshot: runtime.surfaces.snapshot! });
  const view = (...items: unknown[]) => ({ type: 'view', body: [{ type: 'panel', items }] });

  it('too-small: text under the frame’s minimum size', () => {
    expect(own.check(view({ type: 'caption', text: 'Large enough to read', px: 20 }))).toEqual([]);
    const findings = own.check(view({ type: 'caption', text: 'Too small to read', px: 12 }));
    expect(findings).toEqual([
      {
        path: 'body[0].items[0].text',
        nodeType: 'caption',
        kind: 'too-small',
        message: expect.stringMatching(
          /^`text` is set at about 1[0-3] px, under the 20 px the slide allows: set it at 20 px or more$/,
        ),
      },
    ]);
  });

  it('overflow: text taller than its fixed box spills out of it', () => {
    expect(own.check(view({ type: 'box', text: 'Two short lines of text' }))).toEqual([]);
    const findings = own.check(view({ type: 'box', text: prose(20) }));
    expect(findings.map((f) => [f.kind, f.path, f.nodeType])).toEqual([['overflow', 'body[0].items[0].text', 'box']]);
    const [, lines, keep] =
      /^runs out of its box: (\d+) lines past its bottom edge; shorten `text` to about (\d+) characters$/.exec(
        findings[0]!.message,
      )!;
    expect(Number(lines)).toBeGreaterThanOrEqual(2);
    const { repaired, applied } = followShortening(view({ type: 'box', text: prose(20) }), findings);
    expect(applied).toBe(1);
    expect((repaired.body as { items: { text: string }[] }[])[0]!.items[0]!.text.length).toBe(Number(keep));
    expect(own.check(repaired)).toEqual([]);
  });
});

describe('what a person sees that the slide’s edges do not show (issue 22)', () => {
  it('broken-word: a roadmap title drawn “Januar / y– / Februar / y”, named with the word and the repair', () => {
    expect(layout.check(kinds['broken-word-roadmap-months']!)).toEqual([
      {
        path: 'body[0].body[1].columns[0].title',
        nodeType: 'slideRoadmap',
        kind: 'broken-word',
        message:
          '`columns[0].title` breaks the word “January–February” across lines (“Januar” / “y–” / “Februar” / “y”): ' +
          'use a shorter word, or fewer columns so each is wider',
      },
    ]);
  });

  it('broken-word: each broken title is its own finding (“Buil / d”), and a whole word is left alone', () => {
    const findings = layout.check(kinds['broken-word-roadmap-status']!);
    expect(findings.map((f) => [f.kind, f.path])).toEqual([
      ['broken-word', 'body[0].body[1].columns[0].title'],
      ['broken-word', 'body[0].body[1].columns[1].title'],
      ['broken-word', 'body[0].body[1].columns[3].title'],
    ]);
    expect(findings[1]!.message).toContain('breaks the word “Build” across lines (“Buil” / “d”)');
    // The repair works: fewer, wider columns draw the same words whole.
    const repaired = structuredClone(kinds['broken-word-roadmap-status']!) as {
      body: { body: { columns?: unknown[] }[] }[];
    };
    repaired.body[0]!.body[1]!.columns = repaired.body[0]!.body[1]!.columns!.slice(0, 3);
    expect(layout.check(repaired).filter((f) => f.kind === 'broken-word')).toEqual([]);
  });

  it('clipped: the last message of a transcript cut off by its window, named at the message', () => {
    const findings = layout.check(kinds['clipped-transcript-in-window']!);
    expect(findings).toEqual([
      {
        path: 'body[0].body[1].body[0].turns[3].text',
        nodeType: 'slideTranscript',
        kind: 'clipped',
        message: expect.stringMatching(
          /^is cut off by the slideWindow around it \(body\[0\]\.body\[1\]\): 3 of its 3 lines are hidden; shorten what the slideWindow holds, or move part of it to another slide$/,
        ),
      },
    ]);
    // Following the repair (the window holds less) clears it.
    const keeping = (count: number) => {
      const repaired = structuredClone(kinds['clipped-transcript-in-window']!) as {
        body: { body: { body?: { turns: unknown[] }[] }[] }[];
      };
      const transcript = repaired.body[0]!.body[1]!.body![0]!;
      transcript.turns = transcript.turns.slice(0, count);
      return repaired;
    };
    // Three turns still run into the window's bottom padding, cutting the third bubble's lower edge
    // (Chromium clips 13 px there too): told at that message, by how much.
    expect(layout.check(keeping(3))).toEqual([
      {
        path: 'body[0].body[1].body[0].turns[2].text',
        nodeType: 'slideTranscript',
        kind: 'clipped',
        message: expect.stringMatching(
          /^is cut off by the slideWindow around it \(body\[0\]\.body\[1\]\): the box it is drawn in runs 1\d px past the slideWindow’s bottom edge; shorten `turns\[2\]\.text` or something else the slideWindow holds, or move part of it to another slide$/,
        ),
      },
    ]);
    expect(layout.check(keeping(2))).toEqual([]);
  });

  it('narrow: table cells set a letter or two a line in a narrow pane', () => {
    const findings = layout.check(kinds['narrow-table-in-aside-pane']!);
    expect(findings.length).toBe(6);
    for (const [i, finding] of findings.entries()) {
      expect(finding).toMatchObject({
        kind: 'narrow',
        nodeType: 'slideTable',
        path: `body[0].body[1].panes[1].items[0].rows[0][${i}]`,
      });
      expect(finding.message).toMatch(
        /^`rows\[0\]\[\d\]` is set about \d characters? a line \(\d+ lines in a box \d+ px wide\), too narrow to read: give it a wider place/,
      );
    }
  });

  it('too-much: a slide of thousands of values is answered from its size, without laying it out', () => {
    const many = LINEAR_CASES.find((c) => c.name.startsWith('many nodes'))!;
    const measured = engineMeasureCount();
    const findings = layout.check(many.build(many.max));
    expect(engineMeasureCount() - measured).toBe(0);
    expect(findings).toEqual([
      {
        path: expect.stringMatching(/^body\[0\]\.body\[\d+\]$/),
        nodeType: 'slideBulletList',
        kind: 'too-much',
        message: expect.stringMatching(
          /^holds more than one slide can show: over [\d,]+ characters or [\d,]+ values .* split it across several slides/,
        ),
      },
    ]);
    // Nesting counts too: 200 chains of stacks 25 deep are not laid out either.
    const deep = LINEAR_CASES.find((c) => c.name.startsWith('deep'))!;
    expect(layout.check(deep.build(deep.max)).map((f) => f.kind)).toEqual(['too-much']);
  });
});

describe('well-formed slides', () => {
  for (const fixture of fixtures) {
    for (const theme of ['light', 'dark'] as const) {
      it(`finds nothing on ${fixture.name} (${theme})`, () => {
        expect(layout.check(fixtureComposition(fixture.value), { theme })).toEqual([]);
      });
    }
  }
});

describe('a model repairs the slide by following the message', () => {
  for (const [name, composition] of [
    [
      'one long bullet past the margin',
      slide(heading, { type: 'slideBulletList', items: ['A short point.', prose(30), prose(30), prose(120)] }),
    ],
    [
      'one long bullet cut off at the edge',
      slide(heading, { type: 'slideBulletList', items: ['A short point.', prose(60), prose(70), prose(75)] }),
    ],
    [
      'a code line cut off in its pane',
      slide(heading, {
        type: 'slideSplit',
        panes: [
          {
            items: [
              { type: 'slideCode', panels: [{ file: 'a.ts', language: 'ts', lines: ['let x = 1;', codeLine(100)] }] },
            ],
          },
          { items: [{ type: 'slideBulletList', items: ['Fine.'] }] },
        ],
      }),
    ],
  ] as const) {
    it(name, () => {
      const findings = layout.check(composition);
      expect(findings.length).toBeGreaterThan(0);
      const { repaired, applied } = followShortening(composition, findings);
      expect(applied).toBe(findings.length);
      expect(slidesRuntime.validate(repaired).errors).toEqual([]);
      expect(layout.check(repaired)).toEqual([]);
    });
  }
});

describe('the check itself', () => {
  it('measures once per composition object and theme', () => {
    const composition = slide(heading, { type: 'slideBulletList', items: Array(6).fill(prose(70)) });
    const first = layout.check(composition);
    expect(layout.check(composition)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    const dark = layout.check(composition, { theme: 'dark' });
    expect(dark).not.toBe(first);
    expect(dark).toEqual(first);
    expect(layout.check(structuredClone(composition))).toEqual(first);
  });

  it('remembers the last compositions by content: a copy is answered without measuring again', () => {
    const composition = slide(heading, { type: 'slideBulletList', items: ['One', 'Two', prose(12)] });
    const first = layout.check(composition);
    expect(layout.check(structuredClone(composition))).toBe(first);
    expect(layout.check({ ...composition, title: 'Another' })).not.toBe(first);
  });

  it('validates as any render does', () => {
    expect(() => layout.check({ type: 'view', body: [{ type: 'slideHeading' }] })).toThrow(CompositionValidationError);
  });

  it('keeps each frame’s limits apart: a small frame checked first never sizes a slide', () => {
    // A pack drawn on a tiny canvas: a slide’s worth of text is far more than it can hold.
    const tiny: Frame = {
      defaultWidth: 240,
      theme: { light: {}, dark: {} },
      estimateHeight: () => 120,
      wrap: (_header, body) => joinMarkup(body),
      layout: { width: 240, height: 120, content: { left: 0, top: 0, right: 240, bottom: 120 }, minFontSize: 24 },
    };
    const tinyPack = definePrimitivePack({
      id: 'tiny',
      primitives: [fixtureCard],
      frame: { name: 'tiny', frame: tiny },
    });
    const runtime = createIsomerRuntime({ packs: [tinyPack, slidesPack] });
    const checked = (composition: unknown) => runtime.validate(composition).composition!;
    const deck = checked(oneSlide());
    const fresh = createLayoutCheck({ snapshot: runtime.surfaces.snapshot! }).check(deck);
    expect(fresh.map((finding) => finding.kind)).not.toContain('too-much');
    const afterTiny = createLayoutCheck({ snapshot: runtime.surfaces.snapshot! });
    afterTiny.check(checked(fixtureBoard(1)));
    expect(afterTiny.check(deck)).toEqual(fresh);
    // The tiny frame’s own limits still answer its compositions before drawing.
    expect(afterTiny.check(checked({ type: 'view', body: [{ type: 'card', title: 'x', text: prose(30) }] }))).toEqual([
      expect.objectContaining({ kind: 'too-much' }),
    ]);
  });
});
