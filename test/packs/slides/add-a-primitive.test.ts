/**
 * docs/adding-a-primitive.md, followed step by step: a primitive written as its file would be, put
 * in the registry's alphabetical place, and the pack built from that registry the way `pack.ts`
 * builds `slidesPack`. It must reach the registry, the guide's index under its group, the
 * composition JSON Schema, the describe tool, and every surface.
 */
import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import { slidesPackOf } from '../../../src/packs/slides/pack.ts';
import { SLIDE_PRIMITIVES } from '../../../src/packs/slides/pack.ts';
import { wrappedText } from '../../../src/packs/slides/fields.ts';
import { charLoad, largestStep, loadFits, sizeField } from '../../../src/packs/slides/parts/type-scale.ts';
import { marksHtml, marksMarkdown, marksText } from '../../../src/packs/slides/marks.ts';
import { color, font, PREFIX } from '../../../src/packs/slides/style.ts';
import { type } from '../../../src/packs/slides/theme.ts';
import {
  createIsomerRuntime,
  createIsomerTools,
  definePrimitive,
  formatValidationError,
  html,
  md,
  type PrimitiveNode,
} from '../../../src/index.ts';
import { slideDeckFrame } from '../../../src/packs/slides/index.ts';
import { call, textOf } from '../../support/tool-fixtures.ts';
import { previewSlide } from '../../support/slides.ts';

// Step 1: the file `primitives/slide-note.ts`.
const tokens = {
  text: { l: type.bodyL.size, m: type.body.size, s: type.bodyS.size },
  fits: { l: 120, m: 240 },
} as const;

const slideNote = definePrimitive({
  type: 'slideNote',
  schema: z.object({
    type: z.literal('slideNote'),
    text: wrappedText('The aside, one or two sentences.'),
    size: sizeField(),
  }),
  catalog: {
    name: 'Note',
    group: 'Text',
    purpose: 'A short aside in a tinted box, beside or under the slide’s main point.',
    useWhen: ['A caveat or a tip the audience should not miss.'],
    avoidWhen: ['The slide’s main point: use slideStatement.'],
  },
  examples: [{ type: 'slideNote', text: 'Refunds over **€500** still need a second approver.' }],
  renderers: {
    html: (node) => {
      const size = node.size ?? largestStep(loadFits(charLoad(node.text), tokens.fits));
      return html`<p class="${PREFIX}-note ${PREFIX}-note-${size}">${marksHtml(node.text)}</p>`;
    },
    text: (node) => marksText(node.text),
    markdown: (node) => md.content(md.blockquote([md.paragraph(marksMarkdown(node.text))])),
  },
  css: [
    `.${PREFIX}-note{margin:0;padding:24px 32px;${font('bodyL')};background:${color('primaryBg')}}`,
    `.${PREFIX}-note-m{font-size:${tokens.text.m}px}`,
    `.${PREFIX}-note-s{font-size:${tokens.text.s}px}`,
  ].join(''),
});

// Step 2: its one line in `registry.ts`; `pack.ts` reads the registry's exports, sorted by name, as the list.
const registry = [...SLIDE_PRIMITIVES, slideNote].sort((a, b) => (a.type < b.type ? -1 : 1));
const pack = slidesPackOf(registry);

const runtime = createIsomerRuntime({ packs: [pack], frames: { slide: slideDeckFrame } });
const tools = createIsomerTools({ runtime, frame: slideDeckFrame, heading: false });
const TEXT = 'Refunds over €500 still need a second approver.';
const slide = previewSlide({ type: 'slideNote', text: 'Refunds over **€500** still need a second approver.' });

describe('a primitive added by the documented steps', () => {
  it('is in the registry, in alphabetical place, and in the pack', () => {
    const types = pack.primitives.map((definition) => definition.type);
    expect(types).toEqual([...types].sort());
    expect(types.indexOf('slideNote')).toBe(types.indexOf('slideMatrix') + 1);
    expect(runtime.primitives.map((definition) => definition.type)).toContain('slideNote');
  });

  it('is listed under its group in the guide’s index', async () => {
    const text = pack.authoring.groups.find((group) => group.title === 'Text')!;
    expect(text.types).toEqual([
      'slideBulletList',
      'slideColumns',
      'slideDefinitions',
      'slideList',
      'slideNote',
      'slideRoadmap',
    ]);
    const guide = textOf(await call(tools, 'isomer_authoring_guide', {}));
    const section = guide.slice(guide.indexOf('### Text\n'), guide.indexOf('### Diagrams\n'));
    expect(section).toContain('- `slideNote` — A short aside in a tinted box, beside or under the slide’s main point.');
    expect(guide).not.toContain('### Other');
  });

  it('is in the composition JSON Schema, and its nodes validate inside a frame', () => {
    const schema = runtime.getAuthoringContext().schema as { $defs: Record<string, { properties: object }> };
    expect(Object.keys(schema.$defs.slideNote!.properties)).toEqual(expect.arrayContaining(['type', 'text', 'size']));
    expect(runtime.validate(slide).errors.map(formatValidationError)).toEqual([]);
    expect(
      runtime.validate(previewSlide({ type: 'slideNote', txt: 'x' } as PrimitiveNode)).errors.length,
    ).toBeGreaterThan(0);
  });

  it('is answered by isomer_describe_primitives', async () => {
    const answer = textOf(await call(tools, 'isomer_describe_primitives', { types: ['slideNote'] }));
    expect(answer).toContain('- `slideNote` — A short aside in a tinted box');
    expect(answer).toContain('  - Use when: A caveat or a tip the audience should not miss.');
    const json = JSON.parse(answer.slice(answer.indexOf('```json\n') + 8, answer.lastIndexOf('\n```')));
    expect(json.$defs.slideNote).toBeDefined();
  });

  it('renders on text, Markdown, HTML, Slack and the snapshot', () => {
    const { text, markdown, html: page, slack, snapshot } = runtime.surfaces;
    expect(text.render(slide, { heading: false })).toContain(TEXT);
    expect(markdown.render(slide, { heading: false })).toContain(
      '> Refunds over **€500** still need a second approver.',
    );
    const drawn = page.render(slide, { heading: false });
    expect(drawn.validationErrors).toEqual([]);
    expect(drawn.body).toContain('<p class="sl-note sl-note-l">Refunds over <strong class="sl-strong">€500</strong>');
    expect(JSON.stringify(slack.render(slide, { heading: false }).blocks)).toContain('still need a second approver');
    const image = snapshot!.render(slide, { theme: 'dark' });
    expect(image.html).toContain('sl-note sl-note-l');
    expect(image.css).toContain('.sl-note{margin:0;padding:24px 32px;');
  });
});
