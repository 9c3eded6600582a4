import { describe, expect, it } from 'vitest';
import { CHAT_FORMAT_NAMES, createChatFormats } from '../../../src/chat/index.ts';
import { examplePreviews, fixtureComposition, fixtures, previewSlide, slidesRuntime } from '../../support/slides.ts';
import { allowedLink, limitProblems, liveMentions, outputLinks } from './support.ts';

const chat = createChatFormats({ runtime: slidesRuntime });
const cases = [
  ...fixtures.map((entry) => ({ name: entry.name, composition: fixtureComposition(entry.value) })),
  ...examplePreviews(),
];

describe('every fixture and catalog example on every chat host', () => {
  it('has cases to check', () => {
    expect(fixtures.length).toBeGreaterThan(10);
    expect(cases.length).toBeGreaterThan(fixtures.length + 39);
  });

  for (const host of CHAT_FORMAT_NAMES) {
    it(`${host}: within every limit, nothing live, only allowed links, the text kept`, () => {
      for (const { name, composition } of cases) {
        const payload = chat[host].build(composition);
        expect(limitProblems(host, payload), name).toEqual([]);
        expect(liveMentions(host, payload), name).toEqual([]);
        for (const link of outputLinks(host, payload)) expect(allowedLink(link), `${name}: ${link}`).toBe(true);
        expect(JSON.parse(chat[host].render(composition)), name).toEqual(payload);
      }
    });
  }

  it('draws what the Markdown surface draws: each host keeps a preview heading and the node text', () => {
    const composition = previewSlide({
      type: 'slideTable',
      columns: ['Plan', 'Price'],
      rows: [
        ['Starter', '€0'],
        ['Business', '€640'],
      ],
    });
    for (const host of CHAT_FORMAT_NAMES) {
      const text = chat[host].render(composition);
      expect(text, host).toContain('Preview of slideTable');
      expect(text, host).toContain('Business');
      expect(text, host).toContain('€640');
    }
  });

  it('validates first: an invalid composition throws the validation error', () => {
    for (const host of CHAT_FORMAT_NAMES)
      expect(() => chat[host].render({ type: 'view', body: [{ type: 'slideHeading' }] })).toThrow(
        /Invalid Composition/,
      );
  });

  it('shows the title and subtitle only when asked', () => {
    const composition = { ...fixtureComposition(fixtures[0]!.value), title: 'Quarterly title', subtitle: 'Sub line' };
    const off = createChatFormats({ runtime: slidesRuntime, heading: false });
    for (const host of CHAT_FORMAT_NAMES) {
      expect(chat[host].render(composition), host).toContain('Quarterly title');
      expect(chat[host].render(composition), host).toContain('Sub line');
      expect(off[host].render(composition), host).not.toContain('Quarterly title');
    }
  });
});
