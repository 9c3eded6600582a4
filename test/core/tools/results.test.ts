import { describe, expect, it } from 'vitest';
import { imageResult, jsonResult, textResult } from '../../../src/index.ts';
import { errorMessage, formatResult } from '../../../src/core/tools/results.ts';
import { compactJson } from '../../../src/core/model/compact-json.ts';
import { codeSpan, keySpan, oneLine } from '../../../src/core/tools/prompt-text.ts';

describe('result helpers', () => {
  it('textResult adds isError only on failure', () => {
    expect(textResult('a')).toEqual({ content: [{ type: 'text', text: 'a' }] });
    expect('isError' in textResult('a')).toBe(false);
    expect(textResult('a', true)).toEqual({ content: [{ type: 'text', text: 'a' }], isError: true });
  });

  it('jsonResult indents, prints null for what JSON cannot hold, and fails on what it throws on', () => {
    expect(jsonResult({ a: [1] })).toEqual({ content: [{ type: 'text', text: '{\n  "a": [\n    1\n  ]\n}' }] });
    for (const value of [undefined, () => 1, Symbol('s'), { toJSON: () => undefined }]) {
      expect(jsonResult(value, true)).toEqual({ content: [{ type: 'text', text: 'null' }], isError: true });
    }
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(jsonResult(cyclic).isError).toBe(true);
    expect(jsonResult(10n)).toEqual({
      content: [{ type: 'text', text: expect.stringContaining('BigInt') }],
      isError: true,
    });
    expect(
      jsonResult({
        toJSON: () => {
          throw new Error('no json');
        },
      }),
    ).toEqual({ content: [{ type: 'text', text: 'no json' }], isError: true });
  });

  it('imageResult base64-encodes past one chunk and defaults to PNG', () => {
    const bytes = new Uint8Array(0x8000 * 2 + 3).map((_, i) => (i * 7) % 256);
    const result = imageResult(bytes);
    const block = result.content[0] as { type: string; data: string; mimeType: string };
    expect(block).toMatchObject({ type: 'image', mimeType: 'image/png' });
    expect(Uint8Array.from(atob(block.data), (c) => c.charCodeAt(0))).toEqual(bytes);
    expect(imageResult(new Uint8Array([1, 2, 3]), 'image/webp')).toEqual({
      content: [{ type: 'image', data: 'AQID', mimeType: 'image/webp' }],
    });
  });

  it('formatResult names embedded resources by format', () => {
    expect(formatResult('deck pdf', 'application/pdf', new Uint8Array([37]))).toEqual({
      content: [
        {
          type: 'resource',
          resource: { uri: 'isomer://render/deck%20pdf', mimeType: 'application/pdf', blob: 'JQ==' },
        },
      ],
    });
  });

  it('errorMessage never throws', () => {
    expect(errorMessage(new Error('x'))).toBe('x');
    expect(errorMessage('plain')).toBe('plain');
    expect(errorMessage(undefined)).toBe('undefined');
    expect(errorMessage(Object.create(null))).toBe('The tool failed with an error that could not be described.');
    expect(
      errorMessage(
        new Proxy(
          {},
          {
            get() {
              throw new Error('trap');
            },
          },
        ),
      ),
    ).toBe('The tool failed with an error that could not be described.');
  });
});

describe('prompt text', () => {
  it('compactJson keeps line separators escaped', () => {
    expect(compactJson({ a: 'x\u2028y\u2029' })).toBe('{"a":"x\\u2028y\\u2029"}');
  });

  it('oneLine collapses runs holding line breaks only', () => {
    expect(oneLine('a \n b\r\nc\u2028d  e')).toBe('a b c d  e');
  });

  it('codeSpan fences past any backtick run', () => {
    expect(codeSpan('a`b')).toBe('``a`b``');
    expect(codeSpan('`x')).toBe('`` `x ``');
    expect(codeSpan('plain')).toBe('`plain`');
  });

  it('keySpan quotes keys that would not print cleanly', () => {
    expect(keySpan('slideFrame')).toBe('`slideFrame`');
    expect(keySpan('')).toBe('`""`');
    expect(keySpan('hosts\n')).toBe('`"hosts\\n"`');
    expect(keySpan(' padded')).toBe('`" padded"`');
    expect(keySpan('a\u2028b')).toBe('`"a\\u2028b"`');
    expect(keySpan('lone\ud800')).toBe('`"lone\\ud800"`');
    expect(keySpan('a`b')).toBe('``a`b``');
  });
});
