import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../src/worker/index.ts';
import { BASE, json, post, postRaw, slide, streamOf } from './support.ts';

const JSON_TYPE = { 'content-type': 'application/json' };

/** A deeply nested value as JSON text, built without recursion. */
function nested(depth: number, open = '[', close = ']', leaf = '0'): string {
  return `${open.repeat(depth)}${leaf}${close.repeat(depth)}`;
}

describe('bodies that are not JSON', () => {
  it('answers 400 INVALID_JSON without quoting the body', async () => {
    for (const body of [
      '{"composition":',
      '{"composition": "<script>SECRET-PAYLOAD',
      'undefined',
      "{'a':1}",
      '[1,2,,3]',
      '\u0000',
    ]) {
      const response = await postRaw('/tools/isomer_validate', body, JSON_TYPE);
      expect(response.status, body).toBe(400);
      const text = await response.text();
      expect(JSON.parse(text).error.code).toBe('INVALID_JSON');
      expect(text).not.toContain('SECRET');
      expect(text).not.toContain('script');
    }
  });

  it('answers 400 for bytes that are not UTF-8', async () => {
    const response = await postRaw('/render/text', new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]), JSON_TYPE);
    expect(response.status).toBe(400);
    expect((await json(response)).error.code).toBe('INVALID_JSON');
  });

  it('answers 415 to any other Content-Type, and to a body without one', async () => {
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/jsonx',
      'application/json-patch+json',
    ]) {
      const response = await postRaw('/tools/isomer_validate', JSON.stringify({ composition: slide() }), {
        'content-type': type,
      });
      expect(response.status, type).toBe(415);
      expect((await json(response)).error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
    const untyped = await SELF.fetch(`${BASE}/tools/isomer_validate`, {
      method: 'POST',
      body: new Blob([JSON.stringify({ composition: slide() })]),
    });
    expect(untyped.status).toBe(415);
  });

  it('accepts application/json with parameters, in any case', async () => {
    for (const type of ['application/json; charset=utf-8', 'Application/JSON']) {
      expect(
        (await postRaw('/tools/isomer_validate', JSON.stringify({ composition: slide() }), { 'content-type': type }))
          .status,
        type,
      ).toBe(200);
    }
  });
});

describe('bodies over 1 MiB', () => {
  it('refuses a declared length over the limit before reading', async () => {
    const response = await postRaw('/tools/isomer_validate', new Uint8Array(MAX_BODY_BYTES + 1).fill(0x20), JSON_TYPE);
    expect(response.status).toBe(413);
    expect((await json(response)).error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', limit: MAX_BODY_BYTES });
  });

  it('refuses a streamed body with no Content-Length as soon as it passes the limit', async () => {
    let pulled = 0;
    const source = streamOf(64 * MAX_BODY_BYTES);
    const reader = source.getReader();
    const counted = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) return controller.close();
        pulled += value.byteLength;
        controller.enqueue(value);
      },
    });
    const response = await SELF.fetch(`${BASE}/render/slack`, { method: 'POST', headers: JSON_TYPE, body: counted });
    expect(response.status).toBe(413);
    expect((await json(response)).error.code).toBe('PAYLOAD_TOO_LARGE');
    // It stopped reading near the limit rather than draining 64 MiB.
    expect(pulled).toBeLessThan(8 * MAX_BODY_BYTES);
  });

  it('accepts a body of exactly the limit', async () => {
    const text = JSON.stringify({ composition: slide() });
    const padded = text + ' '.repeat(MAX_BODY_BYTES - new TextEncoder().encode(text).length);
    const response = await SELF.fetch(`${BASE}/tools/isomer_validate`, {
      method: 'POST',
      headers: JSON_TYPE,
      body: streamOfText(padded),
    });
    expect(response.status).toBe(200);
    expect(JSON.parse((await json(response)).content[0].text).valid).toBe(true);
  });
});

function streamOfText(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(offset, offset + 65536));
      offset += 65536;
    },
  });
}

describe('hostile compositions', () => {
  it('refuses deep nesting through the input budget, as a normal answer', async () => {
    const deep = `{"composition":{"type":"view","body":[${nested(200_000)}]}}`;
    const response = await postRaw('/tools/isomer_validate', deep, JSON_TYPE);
    expect(response.status).toBe(200);
    const answer = JSON.parse((await json(response)).content[0].text);
    expect(answer.valid).toBe(false);
    expect(answer.errors[0]).toMatch(/nest|deep/i);

    const objects = `{"type":"view","body":[${nested(100_000, '{"a":', '}')}]}`;
    const render = await postRaw('/render/html', objects, JSON_TYPE);
    expect(render.status).toBe(422);
    expect((await json(render)).errors[0]).toMatch(/nest|deep/i);
  });

  it('treats a deeply nested body as wrong input, not a crash', async () => {
    const response = await postRaw('/tools/isomer_validate', nested(400_000), JSON_TYPE);
    expect(response.status).toBe(400);
    expect((await json(response)).error.code).toBe('INVALID_INPUT');
  });

  it('refuses too many values through the input budget', async () => {
    const composition = {
      type: 'view',
      body: [
        { type: 'slideFrame', body: [{ type: 'slideBulletList', items: Array.from({ length: 30_000 }, () => 'x') }] },
      ],
    };
    const answer = JSON.parse((await json(await post('/tools/isomer_validate', { composition }))).content[0].text);
    expect(answer.valid).toBe(false);
    expect(answer.errors).toHaveLength(1);
    expect(answer.errors[0]).toMatch(/values/);
  });

  it('keeps every error short however long the hostile strings are', async () => {
    const long = 'A'.repeat(100_000);
    const composition = {
      type: 'view',
      title: long,
      body: [
        { type: long, [long.slice(0, 5000)]: long },
        { type: 'slideFrame', brand: long, body: [{ type: 'slideHeading', title: long }] },
      ],
    };
    const response = await post('/render/text', composition);
    expect(response.status).toBe(422);
    const text = await response.text();
    expect(text.length).toBeLessThan(10_000);
    // Errors may list the known types, but never quote more than a short cut of the input.
    expect(text).not.toContain('A'.repeat(100));

    const issues = await post('/tools/isomer_describe_primitives', { types: [long] });
    const body = await issues.text();
    expect(issues.status).toBe(400);
    expect(body.length).toBeLessThan(2000);
  });

  it('ignores __proto__ and constructor keys', async () => {
    const body =
      `{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}` +
      `,"composition":${JSON.stringify({ ...slide(), __proto__: { polluted: true } })}}`;
    const response = await postRaw('/tools/isomer_validate', body, JSON_TYPE);
    expect(response.status).toBe(200);
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });

  it('answers every unknown or hostile path with a bounded 404', async () => {
    for (const path of [
      '/tools/..%2F..%2Fetc%2Fpasswd',
      `/resources/${'x'.repeat(5000)}`,
      '/prompts/%00',
      '/render/%3Cimg%20src%3Dx%3E',
    ]) {
      const response = await SELF.fetch(`${BASE}${path}`, {
        method: path.startsWith('/resources') ? 'GET' : 'POST',
        headers: JSON_TYPE,
        body: path.startsWith('/resources') ? null : '{}',
      });
      expect(response.status, path).toBe(404);
      const text = await response.text();
      expect(text.length).toBeLessThan(1000);
      expect(text).not.toContain('<img');
      expect(text).not.toContain('passwd');
    }
  });
});
