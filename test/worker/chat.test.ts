import { describe, expect, it } from 'vitest';
import { CHAT_FORMAT_NAMES, CHAT_MIME_TYPES, DISCORD_LIMITS, TELEGRAM_LIMITS } from '../../src/chat/index.ts';
import { json, post, slide } from './support.ts';

// JSON text: a Discord `\<` escape reads `\\<` here.

describe('POST /render/{chat host}', () => {
  it.each(CHAT_FORMAT_NAMES)('%s answers its MIME type and the host payload', async (name) => {
    const response = await post(
      `/render/${name}`,
      slide({ points: ['Ask @everyone <@123> <users/all> <at>Ann</at>'] }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(`${CHAT_MIME_TYPES[name]}; charset=utf-8`);
    const body = await json(response);
    const text = JSON.stringify(body);
    expect(text).toContain('Moving the ledger write');
    // What each host would resolve: other hosts' syntax means nothing there and may stay as written.
    const live = {
      teams: /<at>/i,
      discord: /(?<!\\\\)<@|@everyone/,
      googlechat: /<users\//,
      telegram: /@everyone|<@|<users|<at>/,
    }[name];
    expect(text).not.toMatch(live);
    if (name === 'teams') {
      expect(body.type).toBe('message');
      expect(body.attachments[0].contentType).toBe('application/vnd.microsoft.card.adaptive');
      expect(body.attachments[0].content.version).toBe('1.5');
    } else if (name === 'discord') {
      expect(body.allowed_mentions).toEqual({ parse: [] });
      expect(body.embeds[0].description.length).toBeLessThanOrEqual(DISCORD_LIMITS.embedDescriptionChars);
    } else if (name === 'googlechat') {
      expect(body.cardsV2[0].card.sections.length).toBeGreaterThan(0);
    } else {
      expect(body.messages[0].parse_mode).toBe('HTML');
      expect(body.messages.length).toBeLessThanOrEqual(TELEGRAM_LIMITS.messagesPerRender);
    }
  });

  it.each(CHAT_FORMAT_NAMES)('%s answers 422 for an invalid composition', async (name) => {
    const response = await post(`/render/${name}`, { type: 'view', body: [{ type: 'slideHeading' }] });
    expect(response.status).toBe(422);
    const body = await json(response);
    expect(body.error.code).toBe('COMPOSITION_INVALID');
    expect(body.errors.length).toBeGreaterThan(0);
  });

  it('isomer_render offers the chat formats and answers the payload as text', async () => {
    const result = await json(await post('/tools/isomer_render', { composition: slide(), format: 'discord' }));
    expect(result.isError).toBeUndefined();
    expect(JSON.parse(result.content[0].text).allowed_mentions).toEqual({ parse: [] });
  });
});
