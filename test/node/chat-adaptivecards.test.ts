import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { createChatFormats } from '../../src/chat/index.ts';
import { examplePreviews, fixtureComposition, fixtures, slidesRuntime } from '../support/slides.ts';

// The package's ESM build imports extensionless paths Node cannot resolve; its UMD build loads as is.
const AC = createRequire(import.meta.url)('adaptivecards/dist/adaptivecards.js') as typeof import('adaptivecards');

const chat = createChatFormats({ runtime: slidesRuntime });

/** Every event the SDK raises while parsing the card, and every failure `validateProperties` finds. */
function findings(card: unknown): string[] {
  const parsed = new AC.AdaptiveCard();
  const context = new AC.SerializationContext();
  parsed.parse(card as object, context);
  const out: string[] = [];
  for (let i = 0; i < context.eventCount; i++) out.push(`parse: ${context.getEventAt(i).message}`);
  for (const event of parsed.validateProperties().validationEvents) out.push(`validate: ${event.message}`);
  return out;
}

const cases = [
  ...fixtures.map((entry) => ({ name: entry.name, composition: fixtureComposition(entry.value) })),
  ...examplePreviews(),
];

describe('Teams cards against the adaptivecards SDK', () => {
  it('has every fixture and catalog example to check', () => {
    expect(fixtures.length).toBeGreaterThan(10);
    expect(cases.length).toBeGreaterThan(fixtures.length + 39);
  });

  it.each(cases)('$name parses with no events and validates clean', ({ composition }) => {
    const message = chat.teams.build(composition);
    const card = message.attachments[0].content;
    expect(card.version).toBe('1.5');
    expect(findings(card)).toEqual([]);
  });

  it('reports a card it cannot read (the check can fail)', () => {
    expect(
      findings({ type: 'AdaptiveCard', version: '1.5', body: [{ type: 'CodeBlock', codeSnippet: 'x' }] }),
    ).not.toEqual([]);
  });
});
