import { describe, expect, it } from 'vitest';
import { CHAT_FORMAT_NAMES, CHAT_MIME_TYPES, createChatFormats } from '../../src/chat/index.ts';
import { BUILT_IN_HOSTS } from '../../src/core/chat-hosts/registry.ts';
import { slidesRuntime } from '../support/slides.ts';
import { json, post, slide } from './support.ts';

/** Each host's checks, by format name: what the host would resolve or refuse, read from its rules. */
const CHECKS = Object.fromEntries(
  await Promise.all(BUILT_IN_HOSTS.map(async (host) => [host.name, await host.checks()])),
);

describe('POST /render/{chat host}', () => {
  it.each(CHAT_FORMAT_NAMES)('%s answers its MIME type and the host payload', async (name) => {
    const response = await post(
      `/render/${name}`,
      slide({ points: ['Ask @everyone <@123> <users/all> <at>Ann</at> @**all** #**general**'] }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(`${CHAT_MIME_TYPES[name]}; charset=utf-8`);
    const body = await json(response);
    expect(JSON.stringify(body)).toContain('Moving the ledger write');
    // What the host would resolve or refuse: other hosts' syntax means nothing there and may stay as written.
    expect(CHECKS[name]!.liveMentions(body)).toEqual([]);
    expect(CHECKS[name]!.problems(body)).toEqual([]);
  });

  it.each(CHAT_FORMAT_NAMES)('%s answers 422 for an invalid composition', async (name) => {
    const response = await post(`/render/${name}`, { type: 'view', body: [{ type: 'slideHeading' }] });
    expect(response.status).toBe(422);
    const body = await json(response);
    expect(body.error.code).toBe('COMPOSITION_INVALID');
    expect(body.errors.length).toBeGreaterThan(0);
  });

  const chat = createChatFormats({ runtime: slidesRuntime, heading: false });
  it.each(CHAT_FORMAT_NAMES)('isomer_render offers %s and answers its payload as text', async (name) => {
    const result = await json(await post('/tools/isomer_render', { composition: slide(), format: name }));
    expect(result.isError).toBeUndefined();
    expect(JSON.parse(result.content[0].text)).toEqual(chat[name].build(slide()));
  });
});
