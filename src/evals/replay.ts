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

/** A `generate` that answers from recordings by case id and attempt. */
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

/** A `callModel` that answers from recorded turns by case id and turn. */
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
