import { describe, expect, it } from 'vitest';
import { composePacks } from '../../../src/core/model/pack.ts';
import {
  createCompositionParser,
  createCompositionValidator,
  MAX_REPORTED_ERRORS,
} from '../../../src/core/model/validate.ts';
import { formatValidationError, CompositionValidationError } from '../../../src/core/model/errors.ts';
import { fixtureNotesPack } from '../../support/packs/fixture-notes.ts';

const definitions = composePacks([fixtureNotesPack]);
const validate = createCompositionValidator(definitions);
const parse = createCompositionParser(definitions);

const view = (body: unknown[], extra: Record<string, unknown> = {}) => ({ type: 'view', body, ...extra });
const formatted = (value: unknown) => validate(value).errors.map(formatValidationError);

describe('the composition root', () => {
  it('accepts a minimal view and every optional root field', () => {
    const result = validate(
      view([{ type: 'note', text: 'Hi' }], {
        version: 1,
        title: 'T',
        subtitle: 'S',
        theme: 'dark',
        meta: {
          source: 'agent',
          ariaLabel: 'A',
          provenance: { query: 'q' },
          freshness: { stale: false, ttlSeconds: 5 },
          partialFailure: { degraded: true },
        },
      }),
    );
    expect(result).toMatchObject({ valid: true, errors: [] });
  });

  it('refuses a wrong discriminator, a future version, an empty body and unknown root keys', () => {
    expect(formatted({ type: 'page', body: [{ type: 'note', text: 'x' }] })).toEqual(['type must be "view"']);
    expect(formatted(view([{ type: 'note', text: 'x' }], { version: 2 }))).toEqual(['version must be 1']);
    expect(formatted(view([]))).toEqual(['body must contain at least one node']);
    expect(formatted({ type: 'view' })).toEqual(['body is required']);
    expect(formatted(view([{ type: 'note', text: 'x' }], { colour: 'red' }))).toEqual([
      'has unrecognized key(s): colour',
    ]);
    expect(formatted(view([{ type: 'note', text: 'x' }], { theme: 'sepia' }))).toEqual([
      'theme must be one of: auto, light, dark',
    ]);
  });

  it('answers non-objects with a clear message', () => {
    expect(formatted('view')).toEqual(['must be an object']);
    expect(formatted(null)).toEqual(['must be an object']);
    expect(formatted([1, 2])).toEqual(['must be an object']);
  });

  it('words a wrong type as the reference helpers do (a number field reads "finite")', () => {
    const meta = { freshness: { stale: 'no', ttlSeconds: '60' } };
    expect(formatted(view([{ type: 'note', text: 'x' }], { title: 3, meta }))).toEqual([
      'title must be a string',
      'meta.freshness.stale must be a boolean',
      'meta.freshness.ttlSeconds must be a finite number',
    ]);
  });
});

describe('node findings', () => {
  it('name the path and the innermost known primitive', () => {
    expect(formatted(view([{ type: 'stack', items: [{ type: 'note', text: 'ok' }, { type: 'note' }] }]))).toEqual([
      'body[0].items[1].text (in note) is required',
    ]);
    expect(
      formatted(
        view([
          {
            type: 'split',
            panes: [{ items: [{ type: 'note', text: 'a' }] }, { label: '', items: [{ type: 'note', text: 7 }] }],
          },
        ]),
      ),
    ).toEqual([
      'body[0].panes[1].label (in split) must not be empty',
      'body[0].panes[1].items[0].text (in note) must be a string',
    ]);
  });

  it('lists the declared fields beside unrecognized keys on a node, but not on a nested object', () => {
    expect(formatted(view([{ type: 'note', text: 'x', colour: 'red' }]))).toEqual([
      'body[0] (in note) has unrecognized key(s): colour; its fields are text, tone',
    ]);
    expect(
      formatted(
        view([
          {
            type: 'split',
            panes: [{ items: [{ type: 'note', text: 'a' }], extra: 1 }, { items: [{ type: 'note', text: 'b' }] }],
          },
        ]),
      ),
    ).toEqual(['body[0].panes[0] (in split) has unrecognized key(s): extra']);
  });

  it('lists the known types for an unknown type, suggests a close one, and names no primitive', () => {
    const [error] = validate(view([{ type: 'nte', text: 'x' }])).errors;
    expect(error).toEqual({
      path: 'body[0].type',
      message: 'must be one of: note, link, picture, stack, card, split, table; did you mean "note"?',
    });
    const inside = validate(view([{ type: 'stack', items: [{ type: 'chart' }] }])).errors;
    expect(inside).toEqual([
      { path: 'body[0].items[0].type', message: 'must be one of: note, link, picture, stack, card, split, table' },
    ]);
  });

  it('words size limits as predicates', () => {
    expect(formatted(view([{ type: 'table', columns: [], rows: [['a']] }]))).toEqual([
      'body[0].columns (in table) must not be empty',
    ]);
    expect(formatted(view([{ type: 'card', title: 'x'.repeat(201) }]))).toEqual([
      'body[0].title (in card) must be at most 200 characters',
    ]);
    expect(formatted(view([{ type: 'split', panes: [{ items: [{ type: 'note', text: 'a' }] }] }]))).toEqual([
      'body[0].panes (in split) must have at least 2 items',
    ]);
    expect(formatted(view([{ type: 'note', text: 'a', tone: 'loud' }]))).toEqual([
      'body[0].tone (in note) must be one of: info, warn',
    ]);
  });

  it('checks the reserved id and surfaces fields on every node', () => {
    expect(formatted(view([{ type: 'note', text: 'a', id: '' }]))).toEqual([
      'body[0].id (in note) must be a non-empty string',
    ]);
    expect(formatted(view([{ type: 'note', text: 'a', surfaces: [] }]))).toEqual([
      'body[0].surfaces (in note) must contain at least one surface',
    ]);
    expect(formatted(view([{ type: 'note', text: 'a', surfaces: ['html'] }]))).toEqual([
      'body[0].surfaces[0] (in note) must be one of: react, snapshot, text, markdown, slack',
    ]);
  });

  it('refuses unsafe URLs with the policy message', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      '&#106;avascript:alert(1)',
      'java\tscript:alert(1)',
      '//evil.example',
      '\\\\evil.example',
      'data:text/html,<b>x</b>',
    ]) {
      expect(formatted(view([{ type: 'link', label: 'x', href }]))).toEqual([
        'body[0].href (in link) must be an https, http, or mailto URL, or a relative path',
      ]);
    }
    expect(formatted(view([{ type: 'picture', alt: 'x', src: 'data:text/html,x' }]))).toEqual([
      'body[0].src (in picture) must be an https, http, or data:image URL, or a relative path',
    ]);
    expect(validate(view([{ type: 'picture', alt: 'x', src: 'data:image/png;base64,AAAA' }])).valid).toBe(true);
  });

  it('never echoes a huge unknown key back', () => {
    const key = 'k'.repeat(5000);
    const [message] = formatted(view([{ type: 'note', text: 'x', [key]: 1 }]));
    expect(message!.length).toBeLessThan(300);
  });

  it('caps the list at 50 findings and counts the rest', () => {
    const body = Array.from({ length: 60 }, () => ({ type: 'note' }));
    const { errors } = validate(view(body));
    expect(errors).toHaveLength(MAX_REPORTED_ERRORS + 1);
    expect(errors.at(-1)).toEqual({ path: '', message: 'and 10 more errors not listed' });
  });
});

describe('semantic passes', () => {
  it('reports duplicate ids in drawing order, with the first use', () => {
    const result = validate(
      view([
        { type: 'note', text: 'a', id: 'x' },
        { type: 'stack', items: [{ type: 'note', text: 'b', id: 'x' }] },
      ]),
    );
    expect(result.valid).toBe(false);
    expect(result.errors.map(formatValidationError)).toEqual([
      'body[1].items[0].id (in note) duplicates id "x" first used at body[0]',
    ]);
  });

  it('keeps body indices when a malformed entry sits before a duplicate', () => {
    const paths = validate(
      view(['oops', { type: 'note', text: 'a', id: 'x' }, { type: 'note', text: 'b', id: 'x' }]),
    ).errors.map((e) => e.path);
    expect(paths).toEqual(['body[0]', 'body[2].id']);
  });

  it('does not check duplicate ids when parsing untrusted input', () => {
    expect(
      parse(
        view([
          { type: 'note', text: 'a', id: 'x' },
          { type: 'note', text: 'b', id: 'x' },
        ]),
      ).valid,
    ).toBe(true);
  });

  it('warns per surface that draws nothing, and warnings never invalidate', () => {
    const result = validate(
      view([
        { type: 'note', text: 'a', surfaces: ['slack'] },
        { type: 'stack', items: [{ type: 'note', text: 'b', surfaces: ['slack', 'text'] }] },
      ]),
    );
    expect(result.valid).toBe(true);
    expect(result.warnings).toEqual([
      { surface: 'react', message: 'composition renders no nodes on surface "react"' },
      { surface: 'snapshot', message: 'composition renders no nodes on surface "snapshot"' },
      { surface: 'markdown', message: 'composition renders no nodes on surface "markdown"' },
    ]);
  });

  it('counts a hybrid container with every child hidden as drawing', () => {
    const result = validate(
      view([{ type: 'card', title: 'T', body: [{ type: 'note', text: 'a', surfaces: ['text'] }] }]),
    );
    expect(result.warnings).toEqual([]);
  });
});

describe('the checked copy', () => {
  it('is a copy, not the caller object, and parse hands back a copy too', () => {
    const input = view([{ type: 'note', text: 'a' }]);
    const result = validate(input);
    expect(result.composition).toEqual(input);
    expect(result.composition).not.toBe(input);
    expect(parse(input).composition).not.toBe(input);
  });

  it('reads a getter-free Proxy once and keeps what it read', () => {
    let reads = 0;
    const node = new Proxy({ type: 'note', text: 'first' } as Record<string, unknown>, {
      get(target, key) {
        reads++;
        return key === 'text' ? `changed ${reads}` : target[key as string];
      },
    });
    const result = validate(view([node]));
    expect(result.valid).toBe(true);
    expect((result.composition!.body[0] as unknown as { text: string }).text).toBe('first');
  });

  it('is absent only when the budget refused the input', () => {
    const cyclic: Record<string, unknown> = { type: 'view', body: [] };
    (cyclic.body as unknown[]).push(cyclic);
    expect(validate(cyclic)).toEqual({
      valid: false,
      errors: [{ path: '', message: 'input contains itself', code: 'INPUT_OVER_BUDGET' }],
      warnings: [],
      composition: undefined,
      wellFormed: false,
    });
    const unknownType = validate(view([{ type: 'nope' }]));
    expect(unknownType.composition).toBeDefined();
    expect(unknownType.wellFormed).toBe(false);
  });

  it('says whether the copy passed the schema, apart from duplicate ids', () => {
    const duplicate = validate(
      view([
        { type: 'note', text: 'a', id: 'x' },
        { type: 'note', text: 'b', id: 'x' },
      ]),
    );
    expect(duplicate.valid).toBe(false);
    expect(duplicate.wellFormed).toBe(true);
    expect(validate(view([{ type: 'note', text: 'a' }])).wellFormed).toBe(true);
  });
});

describe('CompositionValidationError', () => {
  it('lists each finding on its own indented line', () => {
    const error = new CompositionValidationError([
      { path: 'body[0].text', message: 'is required', nodeType: 'note' },
      { path: '', message: 'input contains itself' },
    ]);
    expect(error).toMatchObject({ name: 'CompositionValidationError', code: 'COMPOSITION_INVALID' });
    expect(error.message).toBe('Invalid Composition:\n  body[0].text (in note) is required\n  input contains itself');
    expect(new CompositionValidationError([]).message).toBe('Invalid Composition:\n  (no detail)');
  });

  it('quotes a node type that would break the line', () => {
    expect(formatValidationError({ path: 'body[0]', message: 'is bad', nodeType: 'a b\n# x' })).toBe(
      'body[0] (in "a b\\n# x") is bad',
    );
    expect(formatValidationError({ path: 'body[0]', message: 'is bad', nodeType: 'x\u2028' })).toBe(
      'body[0] (in "x\\u2028") is bad',
    );
  });
});

describe('a missing enum or literal', () => {
  it('reads as required, not as a list of options', () => {
    expect(
      formatted(
        view(
          [
            {
              type: 'split',
              panes: [{ items: [{ type: 'note', text: 'a' }] }, { items: [{ type: 'note', text: 'b' }] }],
            },
          ],
          {},
        ),
      ),
    ).toEqual([]);
    expect(formatted({ body: [{ type: 'note', text: 'a' }] })).toEqual(['type is required']);
  });
});
