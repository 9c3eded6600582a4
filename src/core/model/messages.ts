/**
 * Zod issues → short predicates, so `path message` reads as a sentence a model can act on
 * (`body[0].items[2].label is required`). A schema's own message wins over these. A value quoted
 * back is bounded, and a misspelled option gets a "did you mean".
 */
import type * as z from 'zod';
import { compactJson } from './compact-json.ts';

const PLAIN_OPTION = /^[A-Za-z0-9_$.-]+$/;
/** Longest value we quote back or suggest for; anything longer is hostile or noise. */
const MAX_ECHO = 64;
const MAX_SUGGEST_INPUT = 200;
/** What {@link deferredPredicate} marks an issue with; no schema's own message starts with NUL. */
const DEFERRED = '\u0000deferred';

/** Quotes a model-supplied value for a message, bounded so huge input is never echoed. */
export function quoteForMessage(value: string, max = MAX_ECHO): string {
  const cut = value.length > max ? `${value.slice(0, max)}…` : value;
  return compactJson(cut);
}

function formatOption(option: unknown): string {
  if (typeof option === 'string') return PLAIN_OPTION.test(option) ? option : quoteForMessage(option);
  return String(option);
}

/** Each UTF-16 unit lowercased on its own, so strings compare case-blind unit by unit. */
function lowerUnits(value: string): string[] {
  const units: string[] = [];
  for (let i = 0; i < value.length; i++) units.push(value[i]!.toLowerCase());
  return units;
}

/**
 * Case-blind Levenshtein distance, or `limit` as soon as it is certain to be at least that: a row
 * whose smallest entry reaches `limit` can only grow, so the rest is skipped.
 */
function editDistance(a: readonly string[], b: readonly string[], limit: number): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMinimum = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      current[j] = value;
      if (value < rowMinimum) rowMinimum = value;
    }
    if (rowMinimum >= limit) return limit;
    previous = current;
  }
  return previous[b.length]!;
}

/** The closest option to a misspelled value, when one is close enough to be a likely typo. */
export function closestOption(input: unknown, options: readonly unknown[]): string | undefined {
  if (typeof input !== 'string' || input.length === 0 || input.length > MAX_SUGGEST_INPUT) return undefined;
  const lowered = lowerUnits(input);
  let best: string | undefined;
  // Within about one edit per four characters: a typo, not a different word.
  let bestDistance = Math.max(1, Math.floor(input.length / 4)) + 1;
  for (const option of options) {
    if (typeof option !== 'string' || option === input) continue;
    // The distance is at least the difference in length: an option that long or short cannot win,
    // so a long input costs one comparison per option, never a table.
    if (Math.abs(option.length - input.length) >= bestDistance) continue;
    const distance = editDistance(lowered, lowerUnits(option), bestDistance);
    if (distance < bestDistance) {
      best = option;
      bestDistance = distance;
    }
  }
  return best;
}

function oneOf(options: readonly unknown[], input: unknown): string {
  if (options.length === 1) return `must be ${JSON.stringify(options[0]) ?? String(options[0])}`;
  const list = `must be one of: ${options.map(formatOption).join(', ')}`;
  const suggestion = closestOption(input, options);
  return suggestion === undefined ? list : `${list}; did you mean ${quoteForMessage(suggestion)}?`;
}

const ARTICLE: Record<string, string> = {
  object: 'an object',
  array: 'an array',
  int: 'an integer',
  undefined: 'absent',
};

function expectedType(expected: string): string {
  // The reference's `finiteNumber` words: the same sentence for `"3"` as for a non-finite number.
  if (expected === 'number') return 'must be a finite number';
  return `must be ${ARTICLE[expected] ?? `a ${expected}`}`;
}

type SizeIssue = { origin: string; minimum?: number | bigint; maximum?: number | bigint; inclusive?: boolean };

function tooSmall(issue: SizeIssue): string {
  const n = Number(issue.minimum);
  if (issue.origin === 'string') return n <= 1 ? 'must not be empty' : `must be at least ${n} characters`;
  if (issue.origin === 'array' || issue.origin === 'set')
    return n <= 1 ? 'must not be empty' : `must have at least ${n} items`;
  return issue.inclusive === false ? `must be greater than ${n}` : `must be at least ${n}`;
}

function tooBig(issue: SizeIssue): string {
  const n = Number(issue.maximum);
  if (issue.origin === 'string') return `must be at most ${n} characters`;
  if (issue.origin === 'array' || issue.origin === 'set') return `must have at most ${n} items`;
  return issue.inclusive === false ? `must be less than ${n}` : `must be at most ${n}`;
}

function listKeys(keys: readonly string[]): string {
  const shown = keys
    .slice(0, 10)
    .map((key) => (PLAIN_OPTION.test(key) && key.length <= MAX_ECHO ? key : quoteForMessage(key)));
  return keys.length > 10 ? `${shown.join(', ')} and ${keys.length - 10} more` : shown.join(', ');
}

/**
 * The error map for a parse whose findings are capped: Zod asks it for every issue, so it only
 * marks the issue, and {@link issueMessage} words the few that are listed. Words cost (a list of
 * every option, a "did you mean" search), and thousands of issues would pay it for nothing.
 */
export function deferredPredicate(): string {
  return DEFERRED;
}

/** An issue's message: the schema's own, or the predicate a {@link deferredPredicate} parse put off. */
export function issueMessage(issue: z.core.$ZodIssue): string {
  return issue.message === DEFERRED ? predicateFor(issue as unknown as z.core.$ZodRawIssue) : issue.message;
}

/** The per-parse error map handed to `safeParse`. */
export function predicateFor(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'is required' : expectedType(issue.expected);
    case 'invalid_value':
      return issue.input === undefined ? 'is required' : oneOf(issue.values, issue.input);
    case 'invalid_union':
      if ('options' in issue && Array.isArray(issue.options))
        return oneOf(issue.options, (issue.input as { type?: unknown } | undefined)?.type);
      return 'does not match any allowed shape';
    case 'too_small':
      return tooSmall(issue);
    case 'too_big':
      return tooBig(issue);
    case 'unrecognized_keys':
      return `has unrecognized key(s): ${listKeys(issue.keys)}`;
    case 'invalid_format':
      return 'is not in the expected format';
    case 'not_multiple_of':
      return `must be a multiple of ${String(issue.divisor)}`;
    case 'invalid_key':
      return 'has an invalid key';
    case 'invalid_element':
      return 'has an invalid value';
    default:
      return 'is invalid';
  }
}
