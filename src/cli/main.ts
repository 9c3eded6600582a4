/**
 * The `isomer-edge` command for pack authors: `check` (every example on every format, the chat
 * hosts' limits, `--png`, the layout check) and `evals` (a corpus against replays or a live model).
 * Runs from the built package (`npx isomer-edge …`) and from the repository under Node 22
 * (`node --experimental-strip-types src/cli/main.ts …`). Exit status: 0 passed, 1 a check or a
 * threshold failed, 2 the command line or an input file cannot be used.
 */
import { writeFileSync } from 'node:fs';
import { count, flag, flags, has, oneOf, parseArgs, UsageError } from './args.ts';
import { checkJUnit, checkText, runCheck } from './check.ts';
import { API_KEY_VARIABLE, runEvalsCommand } from './evals-command.ts';
import { loadSubjects } from './packs.ts';
import { formatReport } from '../evals/report.ts';
import { evalReportSuites, junitXml } from '../evals/junit.ts';
import { checkThresholds } from '../evals/thresholds.ts';

const USAGE = `usage:
  isomer-edge check [--pack FILE]… [--png] [--no-layout] [--format text|json|junit] [--report FILE]
  isomer-edge evals --corpus FILE (--replay DIR | --endpoint URL --model NAME [--record DIR])
                    [--pack FILE]… [--mode one-shot|tool-loop] [--layout] [--concurrency N]
                    [--thresholds FILE] [--format text|json|junit] [--report FILE]

  --pack FILE    a module exporting a pack (definePrimitivePack) or { pack, preview }; default the
                 built-in slides pack. Repeat for several.
  --report FILE  write the report there (and a summary to stdout); default the report to stdout.
  The endpoint's API key is read from ${API_KEY_VARIABLE}.
exit status: 0 passed, 1 a check or threshold failed, 2 bad command line or input.`;

const FORMATS = ['text', 'json', 'junit'] as const;

function emit(output: string, summary: string, report: string | undefined): void {
  if (report === undefined) process.stdout.write(output);
  else {
    writeFileSync(report, output);
    process.stdout.write(summary);
  }
}

async function check(argv: string[]): Promise<number> {
  const args = parseArgs(argv, {
    pack: { value: true, repeat: true },
    png: {},
    'no-layout': {},
    format: { value: true },
    report: { value: true },
  });
  if (args.positionals.length > 0) throw new UsageError(`unexpected argument ${args.positionals[0]!.slice(0, 60)}`);
  const format = oneOf(args, 'format', FORMATS, 'text');
  const subjects = await loadSubjects(flags(args, 'pack'));
  const report = await runCheck({ subjects, png: has(args, 'png'), layout: !has(args, 'no-layout') });
  const text = checkText(report);
  const output =
    format === 'json' ? `${JSON.stringify(report, null, 2)}\n` : format === 'junit' ? checkJUnit(report) : text;
  emit(output, text.split('\n')[0]!.concat('\n'), flag(args, 'report'));
  return report.failures > 0 ? 1 : 0;
}

async function evals(argv: string[]): Promise<number> {
  const args = parseArgs(argv, {
    corpus: { value: true },
    replay: { value: true },
    endpoint: { value: true },
    model: { value: true },
    record: { value: true },
    pack: { value: true, repeat: true },
    mode: { value: true },
    layout: {},
    concurrency: { value: true },
    thresholds: { value: true },
    format: { value: true },
    report: { value: true },
  });
  const corpus = flag(args, 'corpus') ?? args.positionals[0];
  if (corpus === undefined) throw new UsageError('evals needs --corpus FILE');
  const format = oneOf(args, 'format', FORMATS, 'text');
  const subjects = await loadSubjects(flags(args, 'pack'));
  const { report, thresholds } = await runEvalsCommand({
    subjects,
    corpus,
    ...(flag(args, 'replay') !== undefined ? { replay: flag(args, 'replay')! } : {}),
    ...(flag(args, 'endpoint') !== undefined ? { endpoint: flag(args, 'endpoint')! } : {}),
    ...(flag(args, 'model') !== undefined ? { model: flag(args, 'model')! } : {}),
    ...(flag(args, 'record') !== undefined ? { record: flag(args, 'record')! } : {}),
    ...(flag(args, 'thresholds') !== undefined ? { thresholds: flag(args, 'thresholds')! } : {}),
    mode: oneOf(args, 'mode', ['one-shot', 'tool-loop'] as const, 'one-shot'),
    layout: has(args, 'layout'),
    concurrency: count(args, 'concurrency', 1, 32),
    env: process.env,
  });
  const missed = thresholds ? checkThresholds(report, thresholds) : [];
  const verdict = thresholds
    ? missed.length === 0
      ? 'thresholds: all met\n'
      : `thresholds: ${missed.length} missed\n${missed.map((line) => `  ${line}`).join('\n')}\n`
    : '';
  const text = `${formatReport(report)}${verdict ? `\n${verdict}` : ''}`;
  const output =
    format === 'json'
      ? `${JSON.stringify({ ...report, ...(thresholds ? { thresholds, missed } : {}) }, null, 2)}\n`
      : format === 'junit'
        ? junitXml(evalReportSuites(report, thresholds), 'isomer-edge evals')
        : text;
  emit(output, text, flag(args, 'report'));
  return missed.length > 0 ? 1 : 0;
}

export async function main(argv: readonly string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === 'check') return await check(rest);
    if (command === 'evals') return await evals(rest);
    if (command === '--help' || command === '-h' || command === 'help') {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    throw new UsageError(command === undefined ? 'no command given' : `unknown command ${command.slice(0, 40)}`);
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`isomer-edge: ${error.message}\n\n${USAGE}\n`);
      return 2;
    }
    process.stderr.write(`isomer-edge: failed: ${String((error as Error)?.stack ?? error).slice(0, 2000)}\n`);
    return 2;
  }
}

process.exitCode = await main(process.argv.slice(2));
