/**
 * A run's totals and its printed form. `formatReport` prints aligned rows with percentages, then the
 * cases behind the numbers: invalid answers with their first error, invented node types, layout
 * findings and failures outside the model's answer.
 */
import type { EvalCaseResult, EvalReport, EvalTotals } from './types.ts';

const mean = (values: readonly number[]): number | null =>
  values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length;

/**
 * The totals of a list of case results (a report's `totals` are those of all its cases).
 * @example
 * ```ts
 * import { totalsOf, type EvalReport } from 'isomer-edge/evals';
 *
 * declare const report: EvalReport;
 * const german = totalsOf(report.cases.filter((result) => result.tags?.includes('de')));
 * console.log(`${german.validAfterRetry}/${german.cases} German cases valid after the retry`);
 * ```
 */
export function totalsOf(cases: readonly EvalCaseResult[]): EvalTotals {
  const count = (test: (result: EvalCaseResult) => boolean) => cases.filter(test).length;
  const f1s = cases.flatMap((result) => (result.selection ? [result.selection.f1] : []));
  const sizes = cases.flatMap((result) =>
    result.payload.sizeVsGolden !== undefined ? [result.payload.sizeVsGolden] : [],
  );
  const totals: EvalTotals = {
    cases: cases.length,
    parsed: count((result) => result.validity.parsed),
    valid: count((result) => result.validity.valid),
    validAfterRetry: count((result) => result.validity.validAfterRetry),
    meanSelectionF1: mean(f1s),
    selectionCases: f1s.length,
    meanSizeVsGolden: mean(sizes),
    unknownTypeCases: count((result) => result.payload.unknownTypes.length > 0),
    answerability: {
      yes: count((result) => result.answerability === 'yes'),
      partial: count((result) => result.answerability === 'partial'),
      no: count((result) => result.answerability === 'no'),
    },
    errors: count((result) => result.error !== undefined),
  };
  const laidOut = cases.flatMap((result) => (result.layout ? [result.layout] : []));
  if (laidOut.length > 0)
    totals.layout = {
      checked: laidOut.length,
      clean: laidOut.filter((layout) => layout.findings.length === 0).length,
      findings: laidOut.reduce((sum, layout) => sum + layout.findings.length, 0),
    };
  const loops = cases.flatMap((result) => (result.toolLoop ? [result.toolLoop] : []));
  if (loops.length > 0)
    totals.toolLoop = {
      meanToolCalls: mean(loops.map((loop) => loop.toolCalls)) ?? 0,
      meanValidateRounds: mean(loops.map((loop) => loop.validateRounds)) ?? 0,
      validAtFirstValidate: loops.filter((loop) => loop.validAtFirstValidate === true).length,
      validAtEnd: loops.filter((loop) => loop.validAtEnd).length,
    };
  return totals;
}

export function reportOf(mode: EvalReport['mode'], cases: EvalCaseResult[]): EvalReport {
  return { mode, cases, totals: totalsOf(cases) };
}

const percent = (part: number, whole: number): string =>
  whole === 0 ? '   n/a' : `${((100 * part) / whole).toFixed(1).padStart(5)}%`;

const oneLine = (text: string, max = 160): string => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};

/**
 * The report as text: totals, then the cases behind them.
 * @example
 * ```ts
 * import { formatReport, type EvalReport } from 'isomer-edge/evals';
 *
 * declare const report: EvalReport;
 * console.log(formatReport(report));
 * ```
 */
export function formatReport(report: EvalReport): string {
  const { totals } = report;
  const n = totals.cases;
  const rows: [string, string][] = [
    ['parsed', `${`${totals.parsed}/${n}`.padStart(9)} ${percent(totals.parsed, n)}`],
    ['valid', `${`${totals.valid}/${n}`.padStart(9)} ${percent(totals.valid, n)}`],
    ['validAfterRetry', `${`${totals.validAfterRetry}/${n}`.padStart(9)} ${percent(totals.validAfterRetry, n)}`],
    [
      'meanSelectionF1',
      totals.meanSelectionF1 === null
        ? '      n/a'
        : `${totals.meanSelectionF1.toFixed(3).padStart(9)}  (${totals.selectionCases} cases with a golden)`,
    ],
    [
      'meanSizeVsGolden',
      totals.meanSizeVsGolden === null ? '      n/a' : totals.meanSizeVsGolden.toFixed(3).padStart(9),
    ],
    ['unknownTypes', `${`${totals.unknownTypeCases}`.padStart(9)} cases`],
  ];
  const { yes, partial, no } = totals.answerability;
  rows.push([
    'answerability',
    yes + partial + no === 0 ? '  not judged' : `${`${yes}`.padStart(9)} yes, ${partial} partial, ${no} no`,
  ]);
  if (totals.layout)
    rows.push([
      'layout',
      `${`${totals.layout.clean}/${totals.layout.checked}`.padStart(9)} ${percent(totals.layout.clean, totals.layout.checked)} clean, ${totals.layout.findings} findings`,
    ]);
  if (totals.toolLoop) {
    rows.push(['validAtFirstValidate', `${`${totals.toolLoop.validAtFirstValidate}/${n}`.padStart(9)}`]);
    rows.push(['validAtEnd', `${`${totals.toolLoop.validAtEnd}/${n}`.padStart(9)}`]);
    rows.push(['meanToolCalls', totals.toolLoop.meanToolCalls.toFixed(2).padStart(9)]);
    rows.push(['meanValidateRounds', totals.toolLoop.meanValidateRounds.toFixed(2).padStart(9)]);
  }
  rows.push(['errors', `${totals.errors}`.padStart(9)]);
  const width = Math.max(...rows.map(([label]) => label.length));
  const lines = [
    `isomer-edge evals (${report.mode}): ${n} cases`,
    ...rows.map(([l, v]) => `  ${l.padEnd(width)}  ${v}`),
  ];

  const section = (title: string, entries: string[]) => {
    if (entries.length > 0) lines.push('', `${title}:`, ...entries.map((entry) => `  ${entry}`));
  };
  section(
    'invalid',
    report.cases
      .filter((result) => !result.validity.valid)
      .map((result) => {
        const [first = '(no detail)', ...rest] = result.validity.errors;
        const after = result.validity.validAfterRetry ? ' [repaired on retry]' : '';
        return `${result.id}: ${oneLine(first)}${rest.length > 0 ? ` (+${rest.length})` : ''}${after}`;
      }),
  );
  section(
    'invented node types',
    report.cases
      .filter((result) => result.payload.unknownTypes.length > 0)
      .map((result) => `${result.id}: ${result.payload.unknownTypes.join(', ')}`),
  );
  section(
    'layout findings',
    report.cases.flatMap((result) => (result.layout?.findings ?? []).map((f) => `${result.id}: ${oneLine(f)}`)),
  );
  section(
    'errors',
    report.cases.flatMap((result) => (result.error ? [`${result.id}: ${oneLine(result.error)}`] : [])),
  );
  return `${lines.join('\n')}\n`;
}
