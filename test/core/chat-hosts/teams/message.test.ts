/** Teams: an Adaptive Card 1.5 in a message activity, each construct as the card's own element. */
import { describe, expect, it } from 'vitest';
import { teamsHost } from '../../../../src/core/chat-hosts/teams/index.ts';
import type { TeamsMessage } from '../../../../src/chat/index.ts';
import { SAMPLE_HEADING, sample } from '../sample.ts';

const card = (message: TeamsMessage) => message.attachments[0]!.content;
const hostChecks = await teamsHost.checks();

describe('Teams messages from the content tree', () => {
  const message = teamsHost.convert(sample(), SAMPLE_HEADING) as TeamsMessage;
  const body = card(message).body as Record<string, unknown>[];

  it('is a message activity with one full-width Adaptive Card 1.5 its checks accept', () => {
    expect(message.type).toBe('message');
    expect(message.attachments[0]!.contentType).toBe('application/vnd.microsoft.card.adaptive');
    expect(card(message)).toMatchObject({ type: 'AdaptiveCard', version: '1.5', msteams: { width: 'Full' } });
    expect(hostChecks.problems(message)).toEqual([]);
    expect(hostChecks.liveMentions(message)).toEqual([]);
  });

  it('heads the card with the title and a subtle subtitle, and draws headings bold', () => {
    expect(body.slice(0, 3)).toEqual([
      { type: 'TextBlock', text: 'Title', wrap: true, style: 'heading', weight: 'Bolder', size: 'Large' },
      { type: 'TextBlock', text: 'Sub', wrap: true, isSubtle: true, spacing: 'None' },
      { type: 'TextBlock', text: 'Plan', wrap: true, style: 'heading', weight: 'Bolder', size: 'Medium' },
    ]);
  });

  it('shows model text as written: tags, template functions and marks escaped, bold kept as bold', () => {
    const text = body[3]!.text as string;
    expect(text.startsWith('Ship **now** & \\<b>tags\\</b> ')).toBe(true);
    // `{{DATE(` would become a localised date: a zero-width space parts the braces.
    expect(text).toContain('{\u200B{DATE(2020-01-01T00:00:00Z)}}');
    expect(text).toContain('\\_x\\_');
  });

  it('draws lists as bullets, quotes and code in emphasis containers, tables as a Table, links as links', () => {
    // A no-break space after the bullet, so Teams' Markdown never reads the item as its own list.
    expect(body.slice(4, 6).map((block) => block.text)).toEqual(['•\u00A0one', '•\u00A0_two_']);
    expect(body[6]).toMatchObject({ type: 'Container', style: 'emphasis', items: [{ text: 'quoted' }] });
    expect(body[7]).toMatchObject({ type: 'Container', items: [{ text: 'let a = 1;', fontType: 'Monospace' }] });
    expect(body[8]).toMatchObject({ type: 'Table', firstRowAsHeader: true, columns: [{ width: 1 }, { width: 1 }] });
    expect(body[9]).toMatchObject({ type: 'TextBlock', text: '[docs](https://example.com/docs)' });
    expect(hostChecks.linkTargets(message)).toEqual(['https://example.com/docs']);
  });
});
