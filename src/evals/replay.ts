/**
 * Replaying recorded answers, so a run is deterministic and needs no model: `replayGenerate` answers
 * each case's attempts from a recording, `replayCallModel` each tool-loop turn. Recordings are plain
 * data (the command reads them from a directory, one JSON file per case); a case without one, or an
 * attempt past the recording's end, fails that case with a message saying so.
 */
import type { ModelTurn, CallModel } from './tool-loop.ts';
import type { Generate } from './types.ts';

/** One case's recording: the answers to attempt 0 and the retry, or the turns of a tool loop. */
export interface Recording {
  attempts?: readonly string[];
  turns?: readonly ModelTurn[];
  /** Where it came from: `hand-written`, or the endpoint and model it was recorded from. */
  source?: string;
}

export type Recordings = Readonly<Record<string, Recording>>;

/**
 * A `generate` that answers from recordings by case id and attempt.
 * @example
 * ```ts
 * import { replayGenerate } from 'isomer-edge/evals';
 *
 * const generate = replayGenerate({ users: { attempts: ['{"type":"view","body":[]}'] } });
 * const evalCase = { id: 'users', prompt: 'Chart weekly users' };
 * await generate({ evalCase, prompt: '…', attempt: 0 }); // '{"type":"view","body":[]}'
 * await generate({ evalCase, prompt: '…', attempt: 1 }); // rejects: case "users" has 1 recorded answers; attempt 2 has none
 * ```
 */
export function replayGenerate(recordings: Recordings): Generate {
  return async ({ evalCase, attempt }) => {
    const recording = Object.hasOwn(recordings, evalCase.id) ? recordings[evalCase.id] : undefined;
    if (!recording?.attempts) throw new Error(`no recorded answers for case "${evalCase.id}"`);
    const answer = recording.attempts[attempt];
    if (answer === undefined)
      throw new Error(
        `case "${evalCase.id}" has ${recording.attempts.length} recorded answers; attempt ${attempt + 1} has none`,
      );
    return answer;
  };
}

/**
 * A `callModel` that answers from recorded turns by case id and turn.
 * @example
 * ```ts
 * import { replayCallModel, runToolLoopEvals, type EvalsRuntime } from 'isomer-edge/evals';
 *
 * declare const runtime: EvalsRuntime;
 * const callModel = replayCallModel({
 *   users: {
 *     turns: [
 *       { toolCalls: [{ id: 'c1', name: 'isomer_authoring_guide', arguments: {} }] },
 *       { answer: '{"type":"view","body":[]}' },
 *     ],
 *   },
 * });
 * const report = await runToolLoopEvals({ runtime, corpus: [{ id: 'users', prompt: 'Chart weekly users' }], callModel });
 * ```
 */
export function replayCallModel(recordings: Recordings): CallModel {
  return async ({ evalCase, turn }) => {
    const recording = Object.hasOwn(recordings, evalCase.id) ? recordings[evalCase.id] : undefined;
    if (!recording?.turns) throw new Error(`no recorded turns for case "${evalCase.id}"`);
    const next = recording.turns[turn];
    if (next === undefined)
      throw new Error(`case "${evalCase.id}" has ${recording.turns.length} recorded turns; turn ${turn + 1} has none`);
    return next;
  };
}

/**
 * Wraps a `generate` so every answer is kept as a recording: run against a live model once, then
 * write `recordings` out (one file per case) and replay them ever after.
 * @example
 * ```ts
 * import { chatCompletionsModel, recordGenerate, runEvals, type EvalCase, type EvalsRuntime } from 'isomer-edge/evals';
 *
 * declare const runtime: EvalsRuntime;
 * declare const cases: EvalCase[];
 * declare const apiKey: string;
 * const model = chatCompletionsModel({ baseUrl: 'https://api.example.com/v1', model: 'some-model', apiKey });
 * const recorder = recordGenerate(model.generate, 'some-model at https://api.example.com/v1');
 * await runEvals({ runtime, corpus: cases, generate: recorder.generate });
 * // recorder.recordings: { [case id]: { attempts: [first answer, retry?], source } }, for replayGenerate later
 * ```
 */
export function recordGenerate(
  generate: Generate,
  source: string,
): { generate: Generate; recordings: Record<string, { attempts: string[]; source: string }> } {
  const recordings: Record<string, { attempts: string[]; source: string }> = {};
  return {
    recordings,
    generate: async (input) => {
      const answer = await generate(input);
      const entry = recordings[input.evalCase.id] ?? { attempts: [], source };
      recordings[input.evalCase.id] = entry;
      entry.attempts[input.attempt] = answer;
      return answer;
    },
  };
}
