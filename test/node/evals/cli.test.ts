/**
 * The `isomer-edge` command run as a pack author runs it, in a child process from the repository:
 * `check --format junit` on the slides pack read back by an XML parser, a pack module with a broken
 * example exiting 1, the replayed slides evals held to the thresholds in evals/slides/thresholds.json
 * (the CI gate), a degraded replay failing them, and hostile input exiting 2 with a clear message.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, describe, expect, it } from 'vitest';
import { FORMATS } from '../../../src/core/formats.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const MAIN = join(ROOT, 'src/cli/main.ts');
const SLIDES = join(ROOT, 'evals/slides');
const work = mkdtempSync(join(tmpdir(), 'isomer-edge-cli-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      ['--experimental-strip-types', '--no-warnings', MAIN, ...args],
      { cwd: ROOT, maxBuffer: 64 * 1024 * 1024, timeout: 240_000 },
      (error, stdout, stderr) => done({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const SLOW = { timeout: 300_000 };
/** The formats the check draws without --png: every registered one but the images, in registry order. */
const TEXT_FORMATS = FORMATS.filter((entry) => entry.from !== 'snapshot').map((entry) => entry.name);
const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  isArray: (name) => ['testsuite', 'testcase'].includes(name),
});

describe('isomer-edge check', () => {
  it(
    'on the slides pack: every example on every format and the layout check, as JUnit a parser reads',
    SLOW,
    async () => {
      const report = join(work, 'check.xml');
      const run = await cli(['check', '--format', 'junit', '--report', report]);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(
        /^isomer-edge check: pack slides; \d+ examples on text, markdown, html, slack, teams, discord, googlechat, telegram, layout: \d+ passed, 0 failed\n$/,
      );
      const text = readFileSync(report, 'utf8');
      expect(XMLValidator.validate(text)).toBe(true);
      const { testsuites } = xml.parse(text);
      const [suite] = testsuites.testsuite;
      expect(suite.name).toBe('isomer-edge check: pack slides');
      expect(Number(suite.failures)).toBe(0);
      const names = suite.testcase.map((testCase: { name: string }) => testCase.name);
      expect(Number(suite.tests)).toBe(names.length);
      // 42 primitives, each example checked, drawn on 8 formats and laid out: 10 cases per example.
      expect(names.length % 10).toBe(0);
      expect(new Set(suite.testcase.map((c: { classname: string }) => c.classname.split('.')[1])).size).toBe(42);
      expect(names).toContain('slideChart example 1 on teams');
      expect(names).toContain('slideChart example 1 on layout');
    },
  );

  it('a pack module with a broken example exits 1, and the JUnit report names the failure', SLOW, async () => {
    const pack = join(import.meta.dirname, 'fixtures/broken-pack.ts');
    const report = join(work, 'broken.xml');
    const run = await cli(['check', '--pack', pack, '--format', 'junit', '--report', report]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe(
      `isomer-edge check: pack shouts; 2 examples on ${TEXT_FORMATS.join(', ')}: ${TEXT_FORMATS.length + 1} passed, 1 failed\n`,
    );
    const { testsuites } = xml.parse(readFileSync(report, 'utf8'));
    const failed = testsuites.testsuite[0].testcase.filter((c: { failure?: unknown }) => c.failure);
    expect(failed).toEqual([
      {
        classname: 'shouts.shout',
        name: 'shout example 2 on validate',
        failure: {
          message: 'body[0].text (in shout) must be at most 10 characters',
          '#text': 'body[0].text (in shout) must be at most 10 characters',
        },
      },
    ]);
  });

  it('refuses a module that exports no pack, and an unknown option, with exit 2', async () => {
    const empty = join(work, 'empty.mjs');
    writeFileSync(empty, 'export const nothing = 1;\n');
    const none = await cli(['check', '--pack', empty]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain(`isomer-edge: --pack ${empty}: the module exports no pack`);
    const typo = await cli(['check', '--fromat', 'junit']);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('isomer-edge: unknown option --fromat');
  });
});

describe('isomer-edge evals: the replayed slides corpus, gated by the thresholds', () => {
  it('meets every threshold and prints the baseline checked in', SLOW, async () => {
    const run = await cli([
      'evals',
      '--corpus',
      join(SLIDES, 'corpus.json'),
      '--replay',
      join(SLIDES, 'replays'),
      '--layout',
      '--thresholds',
      join(SLIDES, 'thresholds.json'),
    ]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`${readFileSync(join(SLIDES, 'baseline.txt'), 'utf8')}\nthresholds: all met\n`);
  });

  it('fails (exit 1) when a worse model answer drops a figure under its floor, and says which', SLOW, async () => {
    const replays = join(work, 'worse');
    cpSync(join(SLIDES, 'replays'), replays, { recursive: true });
    // Three more cases answered with a type the catalog lacks, never repaired.
    for (const id of ['churn-headline', 'docker-command', 'glossary-payments'])
      writeFileSync(
        join(replays, `${id}.json`),
        JSON.stringify({ attempts: ['{"type":"view","body":[{"type":"slideKpi"}]}', 'no'] }),
      );
    const report = join(work, 'evals.xml');
    const run = await cli([
      'evals',
      '--corpus',
      join(SLIDES, 'corpus.json'),
      '--replay',
      replays,
      '--thresholds',
      join(SLIDES, 'thresholds.json'),
      '--format',
      'junit',
      '--report',
      report,
    ]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('thresholds: 3 missed');
    expect(run.stdout).toContain('validAfterRetry is 0.905, below the floor 0.97');
    const { testsuites } = xml.parse(readFileSync(report, 'utf8'));
    const thresholds = testsuites.testsuite.find((suite: { name: string }) => suite.name === 'evals thresholds');
    const failed = thresholds.testcase
      .filter((c: { failure?: unknown }) => c.failure)
      .map((c: { name: string }) => c.name);
    expect(failed).toEqual(['minValid 0.76', 'minValidAfterRetry 0.97', 'maxUnknownTypeCases 2']);
  });

  it('hostile input: a corpus that is not JSON, a huge prompt, a missing replay dir, no model given', async () => {
    const notJson = join(work, 'not.json');
    writeFileSync(notJson, '{ "cases": [ oops');
    const a = await cli(['evals', '--corpus', notJson, '--replay', join(SLIDES, 'replays')]);
    expect(a.code).toBe(2);
    expect(a.stderr).toMatch(/^isomer-edge: corpus .*not\.json: the corpus is not JSON:/);
    const huge = join(work, 'huge.json');
    writeFileSync(huge, JSON.stringify([{ id: 'huge', prompt: 'x'.repeat(50_000) }]));
    const b = await cli(['evals', '--corpus', huge, '--replay', join(SLIDES, 'replays')]);
    expect(b.code).toBe(2);
    expect(b.stderr).toContain('cases[0] (huge).prompt has 50000 characters; at most 20000 are allowed');
    const c = await cli(['evals', '--corpus', join(SLIDES, 'corpus.json'), '--replay', join(work, 'nowhere')]);
    expect(c.code).toBe(2);
    expect(c.stderr).toContain('--replay');
    const d = await cli(['evals', '--corpus', join(SLIDES, 'corpus.json')]);
    expect(d.code).toBe(2);
    expect(d.stderr).toContain('give either --replay DIR or --endpoint URL --model NAME');
    for (const run of [a, b, c, d]) expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});
