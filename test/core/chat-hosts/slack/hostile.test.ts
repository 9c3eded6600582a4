/**
 * Slack: marks of model text never format in any mrkdwn position, and the host's checks read the
 * links a message holds (they can fail).
 */
import { describe, expect, it } from 'vitest';
import { slackHost } from '../../../../src/core/chat-hosts/slack/index.ts';
import { slidesRuntime } from '../../../support/slides.ts';

const hostChecks = await slackHost.checks();

describe('Slack: model text as written, and its own checks', () => {
  it('*bold*, _italic_, ~strike~ and a leading > in model text never format, in any mrkdwn position', () => {
    const MARKS = '> *b* _i_ ~s~ snake_case 2*3';
    const composition = {
      type: 'view',
      title: MARKS,
      subtitle: MARKS,
      body: [
        {
          type: 'slideFrame',
          brand: MARKS,
          section: MARKS,
          url: 'https://example.com/',
          body: [
            { type: 'slideHeading', title: MARKS, lede: MARKS },
            { type: 'slideQuote', text: MARKS, source: MARKS, context: MARKS },
            { type: 'slideBulletList', label: MARKS, items: [MARKS, MARKS] },
            {
              type: 'slideClosing',
              title: MARKS,
              links: [{ label: MARKS, href: 'https://example.com/a', text: MARKS }],
              paths: [{ title: MARKS, body: MARKS }],
            },
            { type: 'slideSource', text: MARKS },
          ],
        },
      ],
    };
    const checkedComposition = slidesRuntime.validate(composition);
    expect(checkedComposition.errors ?? []).toEqual([]);
    const message = slidesRuntime.surfaces.slack.render(composition);
    const mrkdwn: string[] = [message.text];
    const visit = (value: unknown): void => {
      if (Array.isArray(value)) {
        value.forEach(visit);
        return;
      }
      if (typeof value !== 'object' || value === null) return;
      const record = value as Record<string, unknown>;
      if (record.type === 'mrkdwn' && typeof record.text === 'string') mrkdwn.push(record.text);
      for (const child of Object.values(record)) visit(child);
    };
    visit(message.blocks);
    expect(mrkdwn.length).toBeGreaterThan(5);
    for (const text of mrkdwn) {
      // The model's pairs never reach Slack as marks (the renderer's own `*label*` may).
      for (const pair of ['*b*', '_i_', '~s~']) expect(text).not.toContain(pair);
      // Only the renderer's own quote lines start with a raw `>`; an escaped one from model text is a quote too.
      expect(text).not.toMatch(/(?:^|\n)[ \t]*&gt;/);
    }
    // The text is all still there, marks in look-alike form.
    const read = mrkdwn
      .join('\n')
      .replace(/\u2217/g, '*')
      .replace(/\u02CD/g, '_')
      .replace(/\u223C/g, '~');
    expect(read.replace(/\u200B/g, '').replace(/&gt;/g, '>')).toContain(MARKS);
  });

  it('the checks read a link as the reader sees it (they can fail)', () => {
    expect(hostChecks.links({ text: '<https://e.x/|b>', blocks: [] })).toEqual([{ url: 'https://e.x/', label: 'b' }]);
  });
});
