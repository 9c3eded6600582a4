import { describe, expect, it } from 'vitest';
import {
  MAX_INPUT_CHARACTERS,
  MAX_INPUT_DEPTH,
  MAX_INPUT_VALUES,
  checkInputBudget,
  type InputBudgetResult,
} from '../../../src/core/model/budget.ts';
import type { InputRefusalCode } from '../../../src/core/model/errors.ts';

function refused(message: string, code: InputRefusalCode = 'INPUT_OVER_BUDGET'): InputBudgetResult {
  return { valid: false, error: { path: '', message, code } };
}

function notPlain(what: string): InputBudgetResult {
  return refused(`input holds ${what}, which is not plain data`, 'INPUT_NOT_PLAIN_DATA');
}

/** `count` arrays, each the only element of the one outside it. */
function nestedArrays(count: number): unknown[] {
  let value: unknown[] = [];
  for (let i = 1; i < count; i++) value = [value];
  return value;
}

/** How many arrays deep `value` goes, walked without recursion. */
function arrayDepth(value: unknown): number {
  let depth = 0;
  let current = value;
  while (Array.isArray(current)) {
    depth++;
    current = current[0];
  }
  return depth;
}

function copyOf(value: unknown): unknown {
  const result = checkInputBudget(value);
  if (!result.valid) throw new Error(`unexpectedly refused: ${result.error.message}`);
  return result.value;
}

describe('limits', () => {
  it('publishes the default limits', () => {
    expect([MAX_INPUT_DEPTH, MAX_INPUT_VALUES, MAX_INPUT_CHARACTERS]).toEqual([64, 20_000, 1_000_000]);
  });

  it('accepts 64 nested arrays and refuses 65', () => {
    expect(checkInputBudget(nestedArrays(64)).valid).toBe(true);
    expect(checkInputBudget(nestedArrays(65))).toEqual(refused('input nests deeper than 64 levels'));
  });

  it('counts objects as levels too', () => {
    let value: unknown = {};
    for (let i = 1; i < 65; i++) value = { child: value };
    expect(checkInputBudget(value)).toEqual(refused('input nests deeper than 64 levels'));
  });

  it('never refuses a bare string for depth', () => {
    expect(checkInputBudget('hello', { depth: 0 })).toEqual({ valid: true, value: 'hello' });
  });

  it('accepts 20000 values (an array and 19999 leaves) and refuses one more', () => {
    expect(checkInputBudget(new Array(19_999).fill(0)).valid).toBe(true);
    expect(checkInputBudget(new Array(20_000).fill(0))).toEqual(refused('input holds more than 20000 values'));
  });

  it('counts every object, array and leaf once, the root included', () => {
    const value = { a: { b: [1] } }; // root, {b}, [1], 1
    expect(checkInputBudget(value, { values: 4 }).valid).toBe(true);
    expect(checkInputBudget(value, { values: 3 })).toEqual(refused('input holds more than 3 values'));
  });

  it('accepts a 1000000-character string and refuses one character more', () => {
    expect(checkInputBudget('x'.repeat(1_000_000)).valid).toBe(true);
    expect(checkInputBudget('x'.repeat(1_000_001))).toEqual(refused('input holds more than 1000000 characters'));
  });

  it('counts the characters of object keys', () => {
    // Ten 100000-character keys over empty strings; `extra` lengthens the last key.
    const keys = (extra: string) => {
      const value: Record<string, string> = {};
      for (let i = 0; i < 10; i++) value[`${i}`.padEnd(100_000, 'k') + (i === 9 ? extra : '')] = '';
      return value;
    };
    expect(checkInputBudget(keys('')).valid).toBe(true);
    expect(checkInputBudget(keys('!'))).toEqual(refused('input holds more than 1000000 characters'));
  });

  it('counts other leaves as printed, so true is 4 characters', () => {
    expect(checkInputBudget(['x'.repeat(999_996), true]).valid).toBe(true);
    expect(checkInputBudget(['x'.repeat(999_997), true])).toEqual(refused('input holds more than 1000000 characters'));
  });

  it.each([
    [true, 4],
    [false, 5],
    [null, 4],
    [undefined, 9],
    [12.5, 4],
    [-0, 1],
    [-42, 3],
    [1234567, 7],
    [1e21, 5],
    [NaN, 3],
    [-Infinity, 9],
    [10n, 2],
    [Symbol('ab'), 10],
  ])('counts the leaf %s as %i characters', (leaf, length) => {
    expect(checkInputBudget([leaf], { characters: length }).valid).toBe(true);
    expect(checkInputBudget([leaf], { characters: length - 1 })).toEqual(
      refused(`input holds more than ${length - 1} characters`),
    );
  });

  it('takes custom limits and prints them in the refusal', () => {
    expect(checkInputBudget([[1]], { depth: 2 }).valid).toBe(true);
    expect(checkInputBudget([[[1]]], { depth: 2 })).toEqual(refused('input nests deeper than 2 levels'));
    expect(checkInputBudget([1, 2], { values: 3 }).valid).toBe(true);
    expect(checkInputBudget([1, 2, 3], { values: 3 })).toEqual(refused('input holds more than 3 values'));
    expect(checkInputBudget('abcde', { characters: 5 }).valid).toBe(true);
    expect(checkInputBudget('abcdef', { characters: 5 })).toEqual(refused('input holds more than 5 characters'));
    expect(checkInputBudget('x'.repeat(1_000_001), { characters: 2_000_000 }).valid).toBe(true);
  });

  it('keeps the defaults for limits a custom budget leaves out', () => {
    expect(checkInputBudget(nestedArrays(65), { values: 100 })).toEqual(refused('input nests deeper than 64 levels'));
  });

  it('refuses 100000-deep input without overflowing the stack', () => {
    expect(checkInputBudget(nestedArrays(100_000))).toEqual(refused('input nests deeper than 64 levels'));
  });

  it('copies 100000-deep input without recursion when the budget allows it', () => {
    const result = checkInputBudget(nestedArrays(100_000), { depth: 100_000, values: 100_000 });
    expect(result.valid).toBe(true);
    if (result.valid) expect(arrayDepth(result.value)).toBe(100_000);
  });

  it('refuses a ten-million-element array on its length, not as holes', () => {
    expect(checkInputBudget(new Array(10_000_000))).toEqual(refused('input holds more than 20000 values'));
  });

  it('refuses an oversized array before reading any element', () => {
    const reads: PropertyKey[] = [];
    const array = new Proxy(new Array(20_000).fill(0), {
      getOwnPropertyDescriptor(target, key) {
        reads.push(key);
        return Reflect.getOwnPropertyDescriptor(target, key);
      },
    });
    expect(checkInputBudget(array)).toEqual(refused('input holds more than 20000 values'));
    expect(reads).toEqual(['length']);
  });
});

describe('cycles and shared objects', () => {
  it('refuses an object that contains itself', () => {
    const value: Record<string, unknown> = { a: 1 };
    value.self = value;
    expect(checkInputBudget(value)).toEqual(refused('input contains itself'));
  });

  it('refuses a cycle through several levels', () => {
    const outer: unknown[] = [];
    outer.push({ inner: [outer] });
    expect(checkInputBudget(outer)).toEqual(refused('input contains itself'));
  });

  it('copies the same object met twice side by side into two distinct equal objects', () => {
    const shared = { x: 1 };
    const copy = copyOf([shared, { again: shared }]) as [object, { again: object }];
    expect(copy).toEqual([{ x: 1 }, { again: { x: 1 } }]);
    expect(copy[0]).not.toBe(copy[1].again);
    expect(copy[0]).not.toBe(shared);
  });
});

describe('plain data only', () => {
  class Widget {
    label = 'hi';
  }
  class List extends Array<number> {}

  it.each([
    ['a function', { onClick() {} }, 'a function'],
    ['a function as the root', () => 1, 'a function'],
    ['a Date', { when: new Date(0) }, 'an object that is not a plain object or array'],
    ['a Map', { map: new Map() }, 'an object that is not a plain object or array'],
    ['a Set', [new Set([1])], 'an object that is not a plain object or array'],
    ['a RegExp', [/x/], 'an object that is not a plain object or array'],
    ['a typed array', [new Uint8Array(2)], 'an object that is not a plain object or array'],
    ['a class instance', { widget: new Widget() }, 'an object that is not a plain object or array'],
    ['an Array subclass', List.of(1, 2), 'an object that is not a plain object or array'],
    [
      'an object inheriting from another',
      Object.create({ inherited: 1 }),
      'an object that is not a plain object or array',
    ],
    ['a boxed string', [new String('x')], 'an object that is not a plain object or array'],
    ['a symbol key', { [Symbol('k')]: 1 }, 'a symbol key'],
    // eslint-disable-next-line no-sparse-arrays
    // biome-ignore lint/suspicious/noSparseArray: the hole is the input under test
    ['an array hole', [1, , 3], 'an array hole'],
    [
      'a non-enumerable property',
      Object.defineProperty({}, 'hidden', { value: 1, enumerable: false }),
      'a non-enumerable property',
    ],
    ['a setter', Object.defineProperty({}, 'x', { set() {}, enumerable: true }), 'an accessor property'],
  ])('refuses %s', (_name, value, what) => {
    expect(checkInputBudget(value)).toEqual(notPlain(what));
  });

  it('refuses a getter without calling it', () => {
    let calls = 0;
    const value = {
      get label() {
        calls++;
        return 'hi';
      },
    };
    expect(checkInputBudget({ nested: value })).toEqual(notPlain('an accessor property'));
    expect(calls).toBe(0);
  });

  it('refuses a getter on an array element without calling it', () => {
    let calls = 0;
    const value = Object.defineProperty([1, 2], 1, {
      get() {
        calls++;
        return 2;
      },
      enumerable: true,
    });
    expect(checkInputBudget(value)).toEqual(notPlain('an accessor property'));
    expect(calls).toBe(0);
  });

  it('accepts every primitive leaf, including NaN, Infinity, bigint and symbol values', () => {
    const symbol = Symbol('s');
    const value = [NaN, Infinity, -Infinity, 1n, symbol, undefined, null, true, 'x', 0];
    expect(copyOf(value)).toEqual(value);
  });

  it('copies only the indexes of an array, ignoring extra properties on it', () => {
    const array = Object.assign([1, 2], { extra: 'ignored' });
    const copy = copyOf(array);
    expect(copy).toEqual([1, 2]);
    expect(Object.keys(copy as object)).toEqual(['0', '1']);
  });

  it('accepts null-prototype objects and keeps them null-prototype', () => {
    const inner = Object.assign(Object.create(null) as Record<string, unknown>, { n: 1 });
    const outer = Object.assign(Object.create(null) as Record<string, unknown>, { inner });
    const copy = copyOf(outer) as Record<string, unknown>;
    expect(Object.getPrototypeOf(copy)).toBeNull();
    expect(Object.getPrototypeOf(copy.inner)).toBeNull();
    expect(copy).not.toBe(outer);
    expect({ ...(copy.inner as object) }).toEqual({ n: 1 });
  });

  it('keeps a JSON "__proto__" key as an ordinary key, leaving prototypes alone', () => {
    const copy = copyOf(JSON.parse('{"__proto__": {"polluted": true}, "a": 1}')) as Record<string, unknown>;
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(copy, '__proto__')?.value).toEqual({ polluted: true });
    expect((copy as { polluted?: unknown }).polluted).toBeUndefined();
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });
});

describe('the copy', () => {
  it('is a new object equal to the input, down to nested objects', () => {
    const input = { title: 'Report', body: [{ type: 'text', value: 'hi' }], meta: { n: 1 } };
    const copy = copyOf(input) as typeof input;
    expect(copy).not.toBe(input);
    expect(copy.body).not.toBe(input.body);
    expect(copy.body[0]).not.toBe(input.body[0]);
    expect(copy).toEqual(input);
    input.body[0]!.value = 'changed afterwards';
    expect(copy.body[0]!.value).toBe('hi');
  });

  it('returns a leaf root as it is', () => {
    expect(checkInputBudget('hello')).toEqual({ valid: true, value: 'hello' });
    expect(checkInputBudget(undefined)).toEqual({ valid: true, value: undefined });
  });

  it('always accepts and reproduces a parsed JSON composition within budget', () => {
    const composition = {
      version: 1,
      title: 'Quarterly — résumé 📈',
      body: Array.from({ length: 50 }, (_, i) => ({
        type: i % 2 === 0 ? 'text' : 'table',
        id: `node-${i}`,
        props: {
          value: i * 1.5,
          ok: i % 3 === 0,
          none: null,
          rows: [
            [i, 'a'],
            [i + 1, 'b'],
          ],
        },
      })),
    };
    const parsed: unknown = JSON.parse(JSON.stringify(composition));
    const result = checkInputBudget(parsed);
    expect(result).toEqual({ valid: true, value: composition });
    expect(result.valid && result.value).not.toBe(parsed);
  });

  it('reads a Proxy through property descriptors only, so its get trap is never called', () => {
    let gets = 0;
    let descriptorReads = 0;
    const proxy = new Proxy(
      { label: 'hello', nested: { n: 1 } },
      {
        get() {
          gets++;
          return Math.random();
        },
        getOwnPropertyDescriptor(target, key) {
          descriptorReads++;
          return Reflect.getOwnPropertyDescriptor(target, key);
        },
      },
    );
    const copy = copyOf(proxy) as { label: unknown };
    expect(copy).toEqual({ label: 'hello', nested: { n: 1 } });
    expect(copy.label).toBe(copy.label);
    expect(gets).toBe(0);
    expect(descriptorReads).toBe(2);
  });

  it('reads each property of a Proxy once, so the copy keeps its first answer', () => {
    let reads = 0;
    const proxy = new Proxy<Record<string, unknown>>(
      { label: 'x' },
      {
        getOwnPropertyDescriptor() {
          reads++;
          return { value: `answer ${reads}`, writable: true, enumerable: true, configurable: true };
        },
      },
    );
    const copy = copyOf(proxy) as { label: string };
    expect(copy.label).toBe('answer 1');
    expect(copy.label).toBe('answer 1');
    expect(reads).toBe(1);
  });

  it('reads a Proxy around an array without its get trap, length included', () => {
    let gets = 0;
    const proxy = new Proxy([1, [2]], {
      get() {
        gets++;
        return 0;
      },
    });
    expect(copyOf(proxy)).toEqual([1, [2]]);
    expect(gets).toBe(0);
  });
});

describe('input that throws while being read', () => {
  it('refuses a revoked Proxy instead of throwing', () => {
    const { proxy, revoke } = Proxy.revocable({ a: 1 }, {});
    revoke();
    expect(checkInputBudget({ node: proxy })).toEqual({
      valid: false,
      error: {
        path: '',
        code: 'INPUT_NOT_PLAIN_DATA',
        message: 'input holds a value that could not be read, which is not plain data',
      },
    });
  });

  it('refuses a Proxy whose descriptor trap throws', () => {
    const hostile = new Proxy(
      { a: 1 },
      {
        getOwnPropertyDescriptor() {
          throw new Error('boom');
        },
      },
    );
    expect(checkInputBudget([hostile])).toMatchObject({ valid: false, error: { code: 'INPUT_NOT_PLAIN_DATA' } });
  });
});
