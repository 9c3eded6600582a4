/**
 * The input budget: the first and only code that reads a caller's composition directly.
 *
 * A composition comes from an AI model and is untrusted, and the object handed to us may be a
 * Proxy or carry getters that answer differently each time they are read. So before anything
 * else looks at it, one iterative pass reads every property exactly once, refuses input that is
 * too big or is not plain data, and builds a plain copy. Zod and the renderers only ever see
 * that copy, so what was validated is what gets rendered.
 */
import type { InputRefusalCode, ValidationError } from './errors.ts';

/** Deepest nesting of objects and arrays accepted; the root container is level 1. */
export const MAX_INPUT_DEPTH = 64;
/** Most objects, arrays and leaves accepted, the root included. */
export const MAX_INPUT_VALUES = 20_000;
/** Most characters accepted, counting object keys, string leaves and other leaves as printed. */
export const MAX_INPUT_CHARACTERS = 1_000_000;

/** Limits for {@link checkInputBudget}; each one left out takes its `MAX_INPUT_*` default. */
export interface InputBudget {
  depth?: number;
  values?: number;
  characters?: number;
}

/** Either the plain copy to use from now on, or a whole-document refusal (`path` is `''`). */
export type InputBudgetResult = { valid: true; value: unknown } | { valid: false; error: ValidationError };

type NotPlainData =
  | 'a function'
  | 'an object that is not a plain object or array'
  | 'a symbol key'
  | 'an array hole'
  | 'an accessor property'
  | 'a non-enumerable property'
  | 'a value that could not be read';

type Copy = unknown[] | Record<string, unknown>;

/**
 * Walks `value` once and returns a plain copy of it, or refuses it as over budget or not plain
 * data. Use the returned copy, never the original, for everything that follows.
 * @example
 * ```ts
 * import { checkInputBudget } from 'isomer-edge';
 *
 * declare const body: string;
 * const checked = checkInputBudget(JSON.parse(body));
 * if (checked.valid) console.log(checked.value); // a plain copy: use it, not the original
 * else console.log(checked.error.message);
 * ```
 */
export function checkInputBudget(value: unknown, budget?: InputBudget): InputBudgetResult {
  // A revoked Proxy or a trap that throws is refused like any other value that is not data, so
  // hostile input never escapes as an exception.
  try {
    return walk(value, budget);
  } catch {
    return notPlainData('a value that could not be read');
  }
}

function walk(value: unknown, budget: InputBudget | undefined): InputBudgetResult {
  const maxDepth = budget?.depth ?? MAX_INPUT_DEPTH;
  const maxValues = budget?.values ?? MAX_INPUT_VALUES;
  const maxCharacters = budget?.characters ?? MAX_INPUT_CHARACTERS;

  // Every value is counted when its container opens (all its children at once), so the root is
  // the only value counted on its own.
  let values = 1;
  if (values > maxValues) return overValues(maxValues);

  if (typeof value !== 'object' || value === null) {
    if (typeof value === 'function') return notPlainData('a function');
    if (leafLength(value) > maxCharacters) return overCharacters(maxCharacters);
    return { valid: true, value };
  }

  let characters = 0;
  // The stack, as parallel arrays rather than one object per frame to keep allocation down.
  // `keyLists[i]` is undefined for an array, whose children are its indexes 0..ends[i]-1.
  const sources: object[] = [];
  const copies: Copy[] = [];
  const keyLists: (PropertyKey[] | undefined)[] = [];
  const nexts: number[] = [];
  const ends: number[] = [];
  // The objects on the current path. Only an object that is its own ancestor is a cycle; the
  // same object met again in a sibling subtree is plain data and is copied again.
  const ancestors = new Set<object>();

  let rootCopy: Copy | undefined;
  let opening: object = value;
  let openingKey: string | undefined;

  for (;;) {
    // Open `opening`: refuse it or push a frame for it, before any of its properties is read.
    if (ancestors.has(opening)) return overBudget('input contains itself');
    let copy: Copy;
    let keys: PropertyKey[] | undefined;
    let end: number;
    if (Array.isArray(opening)) {
      if (Reflect.getPrototypeOf(opening) !== Array.prototype) {
        return notPlainData('an object that is not a plain object or array');
      }
      if (sources.length >= maxDepth) return overDepth(maxDepth);
      // `length` through its descriptor too, so a Proxy's `get` trap is never consulted at all.
      const length: unknown = Reflect.getOwnPropertyDescriptor(opening, 'length')?.value;
      if (typeof length !== 'number' || !Number.isSafeInteger(length) || length < 0) {
        return notPlainData('an object that is not a plain object or array');
      }
      // Counted from `length` alone, so a ten-million-element array costs no more than a short one.
      values += length;
      if (values > maxValues) return overValues(maxValues);
      copy = [];
      keys = undefined;
      end = length;
    } else {
      const prototype = Reflect.getPrototypeOf(opening);
      if (prototype !== Object.prototype && prototype !== null) {
        return notPlainData('an object that is not a plain object or array');
      }
      if (sources.length >= maxDepth) return overDepth(maxDepth);
      keys = Reflect.ownKeys(opening);
      values += keys.length;
      if (values > maxValues) return overValues(maxValues);
      copy = prototype === null ? (Object.create(null) as Record<string, unknown>) : {};
      end = keys.length;
    }

    const depth = sources.length;
    if (depth === 0) rootCopy = copy;
    else place(copies[depth - 1]!, openingKey, copy);
    sources.push(opening);
    copies.push(copy);
    keyLists.push(keys);
    nexts.push(0);
    ends.push(end);
    ancestors.add(opening);

    // Advance through the top frame's children: copy leaves in place, stop at the next
    // container to open, and pop frames whose children are all done.
    for (;;) {
      const top = sources.length - 1;
      if (top < 0) return { valid: true, value: rootCopy };
      const index = nexts[top]!;
      if (index === ends[top]!) {
        ancestors.delete(sources.pop()!);
        copies.pop();
        keyLists.pop();
        nexts.pop();
        ends.pop();
        continue;
      }
      nexts[top] = index + 1;

      const source = sources[top]!;
      const frameKeys = keyLists[top];
      let key: string | undefined;
      let descriptor: PropertyDescriptor | undefined;
      if (frameKeys === undefined) {
        descriptor = Reflect.getOwnPropertyDescriptor(source, index);
        if (descriptor === undefined) return notPlainData('an array hole');
      } else {
        const k = frameKeys[index];
        if (typeof k !== 'string') return notPlainData('a symbol key');
        descriptor = Reflect.getOwnPropertyDescriptor(source, k);
        // Listed but gone: only a Proxy can do that, and a missing property is simply not copied.
        if (descriptor === undefined) continue;
        characters += k.length;
        if (characters > maxCharacters) return overCharacters(maxCharacters);
        key = k;
      }
      // A data descriptor always has `value`; checking that avoids ever calling a getter.
      if (!('value' in descriptor)) return notPlainData('an accessor property');
      if (descriptor.enumerable !== true) return notPlainData('a non-enumerable property');

      const child: unknown = descriptor.value;
      if (typeof child === 'object' && child !== null) {
        opening = child;
        openingKey = key;
        break;
      }
      if (typeof child === 'function') return notPlainData('a function');
      characters += leafLength(child);
      if (characters > maxCharacters) return overCharacters(maxCharacters);
      place(copies[top]!, key, child);
    }
  }
}

/** Adds a child to a copy: appended to an array (children arrive in index order) or set by key. */
function place(copy: Copy, key: string | undefined, child: unknown): void {
  if (key === undefined) {
    (copy as unknown[]).push(child);
  } else if (key === '__proto__') {
    // Assignment would set the copy's prototype; JSON.parse makes `__proto__` an ordinary key.
    Object.defineProperty(copy, key, { value: child, writable: true, enumerable: true, configurable: true });
  } else {
    (copy as Record<string, unknown>)[key] = child;
  }
}

/** Characters a leaf counts: a string its length, anything else its length as `String(x)` prints it. */
function leafLength(leaf: unknown): number {
  switch (typeof leaf) {
    case 'string':
      return leaf.length;
    case 'number':
      return numberLength(leaf);
    case 'boolean':
      return leaf ? 4 : 5;
    case 'undefined':
      return 9;
    case 'object':
      return 4; // null; other objects never reach here
    default:
      return String(leaf).length; // bigint, symbol
  }
}

/** `String(n).length` without building the string for the common case, integers. */
function numberLength(n: number): number {
  if (!Number.isSafeInteger(n)) return String(n).length;
  // -0 prints as "0", and `-0 < 0` is false, so it lands on one digit.
  let length = 1;
  if (n < 0) {
    length = 2;
    n = -n;
  }
  while (n >= 10) {
    n = Math.floor(n / 10);
    length++;
  }
  return length;
}

function refuse(code: InputRefusalCode, message: string): InputBudgetResult {
  return { valid: false, error: { path: '', message, code } };
}

function overBudget(message: string): InputBudgetResult {
  return refuse('INPUT_OVER_BUDGET', message);
}

function overDepth(limit: number): InputBudgetResult {
  return overBudget(`input nests deeper than ${limit} levels`);
}

function overValues(limit: number): InputBudgetResult {
  return overBudget(`input holds more than ${limit} values`);
}

function overCharacters(limit: number): InputBudgetResult {
  return overBudget(`input holds more than ${limit} characters`);
}

function notPlainData(what: NotPlainData): InputBudgetResult {
  return refuse('INPUT_NOT_PLAIN_DATA', `input holds ${what}, which is not plain data`);
}
