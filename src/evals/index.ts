/**
 * isomer-edge/evals: whether a model produces valid, well-chosen compositions from a pack's
 * authoring context. `runEvals` runs a corpus one-shot (an answer, a retry with its errors);
 * `runToolLoopEvals` lets the model drive the agent tools. Both score validity, primitive selection,
 * payload and answerability (the reference's four axes) and, when given a layout check, layout.
 * Stateless: a model is reached only through the callbacks given — a replay of recordings in CI, or
 * an adapter for a chat-completions endpoint or Workers AI. The image engine is never imported here:
 * a caller that wants the layout axis passes `createLayoutCheck` from `isomer-edge/images`.
 */
export { runEvals, MAX_ANSWER_CHARACTERS } from './run.ts';
export type { RunEvalsOptions, EvalRunBase } from './run.ts';
export { runToolLoopEvals, TOOL_LOOP_INSTRUCTIONS, MAX_TOOL_CALLS_PER_TURN } from './tool-loop.ts';
export type { CallModel, ModelMessage, ModelTurn, RunToolLoopOptions, ToolCall, ToolSpec } from './tool-loop.ts';
export { checkAttempt, parseGenerated } from './attempt.ts';
export type { AttemptCheck, EvalsRuntime, GeneratedParse } from './attempt.ts';
export {
  scoreAnswerability,
  scorePayload,
  scorePrimitiveSelection,
  scoreValidity,
  selectionTypes,
  unknownNodeTypes,
} from './scores.ts';
export { buildEvalContext, buildEvalPrompt } from './prompt.ts';
export type { EvalPromptOptions } from './prompt.ts';
export { parseCorpus, parseCorpusText, EvalInputError, MAX_PROMPT_CHARACTERS, MAX_CASES, CASE_ID } from './corpus.ts';
export { formatReport, totalsOf } from './report.ts';
export { checkThresholds, parseThresholds, thresholdFailures } from './thresholds.ts';
export type { EvalThresholds, ThresholdFailure } from './thresholds.ts';
export { junitXml, evalReportSuites } from './junit.ts';
export type { JUnitCase, JUnitSuite } from './junit.ts';
export { replayGenerate, replayCallModel, recordGenerate } from './replay.ts';
export type { Recording, Recordings } from './replay.ts';
export { chatCompletionsModel } from './adapters/chat-completions.ts';
export type { ChatCompletionsOptions, ModelAdapter } from './adapters/chat-completions.ts';
export { workersAiModel } from './adapters/workers-ai.ts';
export type { WorkersAiBinding, WorkersAiOptions } from './adapters/workers-ai.ts';
export type * from './types.ts';
