/**
 * Reading a corpus: a bare array of cases (the reference's shape) or `{ cases, selection }`, checked
 * before any model is called so that a bad file fails at once with every problem named. Case ids are
 * file names in a replay directory, so they are kept to plain characters; prompts are bounded, so a
 * runaway case cannot send a model (or a bill) something enormous.
 */
import type { EvalCase, EvalCorpus, SelectionOptions } from './types.ts';

/** A prompt longer than this is refused: no chat request is this long, and a model call would cost it. */
export const MAX_PROMPT_CHARACTERS = 20_000;
/** More cases than this is refused. */
export const MAX_CASES = 10_000;
/** A case id: a file name in a replay directory. */
export const CASE_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,119}$/;

/**
 * A corpus, generate callback or recording the evals cannot use; `problems` lists each reason.
 * @example
 * ```ts
 * import { EvalInputError, parseCorpus } from 'isomer-edge/evals';
 *
 * try {
 *   parseCorpus([{ id: 'bad id', prompt: '' }]);
 * } catch (error) {
 *   if (error instanceof EvalInputError) console.error(error.problems); // the id's problem, then the prompt's
 * }
 * ```
 */
export class EvalInputError extends Error {
  override readonly name = 'EvalInputError';
  readonly problems: readonly string[];
  constructor(what: string, problems: readonly string[]) {
    const shown = problems.slice(0, 10);
    const more = problems.length > shown.length ? `\n  (+${problems.length - shown.length} more)` : '';
    super(`${what}:\n  ${shown.join('\n  ')}${more}`);
    this.problems = problems;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function stringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

function readCase(value: unknown, index: number, problems: string[]): EvalCase | undefined {
  const at = `cases[${index}]`;
  if (!isRecord(value)) {
    problems.push(`${at} is not an object`);
    return undefined;
  }
  const { id, prompt, golden, tags, deck } = value;
  const before = problems.length;
  if (typeof id !== 'string' || !CASE_ID.test(id))
    problems.push(`${at}.id must be 1–120 letters, digits, '.', '_' or '-', starting with a letter or digit`);
  const name = typeof id === 'string' ? `${at} (${id.slice(0, 40)})` : at;
  if (typeof prompt !== 'string' || prompt.trim() === '') problems.push(`${name}.prompt must be a non-empty string`);
  else if (prompt.length > MAX_PROMPT_CHARACTERS)
    problems.push(`${name}.prompt has ${prompt.length} characters; at most ${MAX_PROMPT_CHARACTERS} are allowed`);
  if (golden !== undefined && !isRecord(golden)) problems.push(`${name}.golden must be a composition object`);
  if (tags !== undefined && !stringList(tags)) problems.push(`${name}.tags must be a list of strings`);
  if (deck !== undefined && typeof deck !== 'string') problems.push(`${name}.deck must be a string`);
  if (problems.length > before) return undefined;
  return {
    id: id as string,
    prompt: prompt as string,
    ...(golden !== undefined ? { golden } : {}),
    ...(tags !== undefined ? { tags: tags as string[] } : {}),
    ...(deck !== undefined ? { deck: deck as string } : {}),
  };
}

/**
 * A corpus from parsed JSON (or built in code): the cases checked, ids unique. Throws
 * `EvalInputError` naming every problem.
 * @example
 * ```ts
 * import { parseCorpus } from 'isomer-edge/evals';
 *
 * const corpus = parseCorpus([{ id: 'weekly-users', prompt: 'Chart our weekly users: 18k, 19k, 23k' }]);
 * ```
 */
export function parseCorpus(value: unknown): EvalCorpus {
  const problems: string[] = [];
  let list: unknown;
  let selection: SelectionOptions | undefined;
  if (Array.isArray(value)) list = value;
  else if (isRecord(value)) {
    list = value.cases;
    if (!Array.isArray(list)) problems.push('cases must be a list');
    if (value.selection !== undefined) {
      const unwrap = isRecord(value.selection) ? value.selection.unwrap : undefined;
      if (!isRecord(value.selection) || (unwrap !== undefined && !stringList(unwrap)))
        problems.push('selection must be { "unwrap": [type, …] }');
      else if (unwrap !== undefined) selection = { unwrap };
    }
  } else problems.push('a corpus is a list of cases or an object with "cases"');
  const cases: EvalCase[] = [];
  if (Array.isArray(list)) {
    if (list.length === 0) problems.push('the corpus has no cases');
    if (list.length > MAX_CASES) problems.push(`the corpus has ${list.length} cases; at most ${MAX_CASES} are allowed`);
    else
      list.forEach((item, index) => {
        const read = readCase(item, index, problems);
        if (read) cases.push(read);
      });
    const seen = new Set<string>();
    for (const { id } of cases) {
      if (seen.has(id)) problems.push(`case id "${id}" is used twice`);
      seen.add(id);
    }
  }
  if (problems.length > 0) throw new EvalInputError('the corpus cannot be used', problems);
  return { cases, ...(selection ? { selection } : {}) };
}

/**
 * Parses corpus text (a file's contents): not JSON is an `EvalInputError` too.
 * @example
 * ```ts
 * import { parseCorpusText } from 'isomer-edge/evals';
 *
 * const corpus = parseCorpusText('{ "cases": [{ "id": "users", "prompt": "Chart weekly users" }] }');
 * corpus.cases[0]?.id; // 'users'
 * ```
 */
export function parseCorpusText(text: string): EvalCorpus {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new EvalInputError('the corpus is not JSON', [String((error as Error).message ?? error).slice(0, 200)]);
  }
  return parseCorpus(value);
}
