/**
 * JUnit XML, the report format CI systems read: a writer for suites of test cases (the `check`
 * command's and the evals'), and an evals report as suites — one test case per corpus case (it fails
 * when no valid composition came of it) and one per threshold.
 */
import type { EvalReport } from './types.ts';
import { type EvalThresholds, thresholdFailures } from './thresholds.ts';

export interface JUnitCase {
  classname: string;
  name: string;
  /** Present when the case failed: a one-line message and, optionally, the detail. */
  failure?: { message: string; detail?: string };
}

export interface JUnitSuite {
  name: string;
  cases: readonly JUnitCase[];
}

// Characters XML 1.0 cannot hold at all (most C0 controls, lone surrogates, U+FFFE/U+FFFF).
const NOT_XML =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text safe in an XML attribute or element: escaped, characters XML cannot hold replaced with U+FFFD. */
export function xmlText(text: string): string {
  return text
    .replace(NOT_XML, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/**
 * Suites as a JUnit XML document.
 * @example
 * ```ts
 * import { junitXml } from 'isomer-edge/evals';
 *
 * const xml = junitXml([
 *   {
 *     name: 'smoke',
 *     cases: [
 *       { classname: 'smoke', name: 'renders' },
 *       { classname: 'smoke', name: 'fits', failure: { message: 'overflows by 12px' } },
 *     ],
 *   },
 * ]); // '<?xml …?>\n<testsuites name="isomer-edge" tests="2" failures="1" errors="0">…'
 * ```
 */
export function junitXml(suites: readonly JUnitSuite[], name = 'isomer-edge'): string {
  const count = (suite: JUnitSuite) => suite.cases.filter((testCase) => testCase.failure).length;
  const tests = suites.reduce((sum, suite) => sum + suite.cases.length, 0);
  const failures = suites.reduce((sum, suite) => sum + count(suite), 0);
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${xmlText(name)}" tests="${tests}" failures="${failures}" errors="0">`,
  ];
  for (const suite of suites) {
    lines.push(
      `  <testsuite name="${xmlText(suite.name)}" tests="${suite.cases.length}" failures="${count(suite)}" errors="0" skipped="0">`,
    );
    for (const testCase of suite.cases) {
      const head = `    <testcase classname="${xmlText(testCase.classname)}" name="${xmlText(testCase.name)}"`;
      if (!testCase.failure) lines.push(`${head}/>`);
      else
        lines.push(
          `${head}>`,
          `      <failure message="${xmlText(testCase.failure.message)}">${xmlText(testCase.failure.detail ?? testCase.failure.message)}</failure>`,
          '    </testcase>',
        );
    }
    lines.push('  </testsuite>');
  }
  lines.push('</testsuites>');
  return `${lines.join('\n')}\n`;
}

/**
 * An evals report as JUnit suites: each corpus case passes when a valid composition came of it (and
 * nothing failed outside the answer); each threshold given is a case of its own.
 * @example
 * ```ts
 * import { evalReportSuites, junitXml, type EvalReport } from 'isomer-edge/evals';
 *
 * declare const report: EvalReport;
 * const xml = junitXml(evalReportSuites(report, { minValid: 0.76 }), 'my-pack evals');
 * ```
 */
export function evalReportSuites(report: EvalReport, thresholds?: EvalThresholds): JUnitSuite[] {
  const suites: JUnitSuite[] = [
    {
      name: `evals (${report.mode})`,
      cases: report.cases.map((result) => {
        const problems = [
          ...(result.validity.validAfterRetry
            ? []
            : [`invalid: ${(result.validity.retryErrors ?? result.validity.errors)[0] ?? '(no detail)'}`]),
          ...(result.error ? [result.error] : []),
        ];
        return {
          classname: 'evals',
          name: result.id,
          ...(problems.length > 0 ? { failure: { message: problems[0]!, detail: problems.join('\n') } } : {}),
        };
      }),
    },
  ];
  if (thresholds) {
    const failures = thresholdFailures(report, thresholds);
    suites.push({
      name: 'evals thresholds',
      cases: Object.entries(thresholds).map(([key, limit]) => {
        const failed = failures.find((failure) => failure.threshold === key);
        return {
          classname: 'evals.thresholds',
          name: `${key} ${limit}`,
          ...(failed ? { failure: { message: failed.message } } : {}),
        };
      }),
    });
  }
  return suites;
}
