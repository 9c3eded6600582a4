/**
 * 100,000 compositions through the Slack surface, each checked against Slack's documented rules
 * (src/core/chat-hosts/slack/checks.ts) and for links Slack and a URL parser could read differently. The
 * cases mix the slides pack's own examples with mutations a model or an attacker could write.
 * Every case has its own seed, so a failure replays alone: `runCase(seed)`.
 */
import { describe, expect, it } from 'vitest';
import { createIsomerRuntime, exampleNodes, type PrimitiveNode } from '../../../../src/index.ts';
import { SLACK_ELIDED_NOTE, SLACK_EMPTY_TEXT } from '../../../../src/core/chat-hosts/slack/notes.ts';
import type { SlackMessage } from '../../../../src/core/chat-hosts/slack/blocks.ts';
import { slidesPack } from '../../../../src/packs/slides/index.ts';
import { fixtureNotesPack } from '../../../support/packs/fixture-notes.ts';
import { createRandom, HOSTILE_STRINGS, mutate, type Random } from '../../../support/random.ts';
import { limitViolations, linkViolations, slackLinks } from '../../../../src/core/chat-hosts/slack/checks.ts';

const CASES = 100_000;
const FIRST_SEED = 0x51ac;

const runtimes = [
  createIsomerRuntime({ packs: [slidesPack] }),
  // A pack whose link and picture fall back to Markdown, so rich_text links and uploads are fuzzed too.
  createIsomerRuntime({ packs: [fixtureNotesPack] }),
];

// ---------------------------------------------------------------------------------------------
// Building blocks, computed once.

const BLANKS = ['', ' ', '   ', '\n', '\t \n', '\u200b', '\u2060', '\u00a0', '\u3000', '\ufeff', ' \u200b ', '\r\n'];
const HUGE = [
  'x'.repeat(3001),
  'word '.repeat(2000),
  '👩‍👩‍👧‍👦'.repeat(700),
  `${'a'.repeat(149)}👍🏽 tail`,
  '&<>'.repeat(1500),
  `${' '.repeat(200)}x`,
  'y'.repeat(12_000),
  '<!channel> '.repeat(500),
];
const HOSTILE_URLS = [
  'https://a.b\\@evil.com/path',
  'http://?q=1',
  'https://x.test/%zz',
  'https://x.test/a%2',
  'https://google.com@evil.test/',
  'https://@evil.test/',
  'https://x.test/a b',
  'https://x.test/a|b|c',
  'https://x.test/a>b',
  'https://x.test/?a=1&b=2&amp;c=3',
  'https://xn--a.test/',
  'https://xn--abc-.test/',
  'https://bücher.example/',
  'HTTPS://EXAMPLE.com',
  'https://ex\tample.com/',
  'https://x.test/\u202egnp.exe',
  'https://x\u200b.test/',
  'http:example.com',
  'https:/example.com',
  'mailto:',
  'mailto:a@b.test',
  'mailto:nobody',
  'javascript:alert(1)',
  '//evil.test',
  '/relative',
  'https://a&b.test/',
  'https://a..test/',
  'https://0x7f.1/',
  'https://[::1]/',
  'https://x.test:99999/',
  'https://x.test/<!channel>',
  'https://x.test/\u0000',
  ' https://ok.test/spaced ',
  'https://ok.test/é?q=ü#frag',
  'https://ok.test/`{}"^',
  'https://evil.test%40ok.test/',
  'https://ok.test/a%7Cb',
  `https://ok.test/${'p'.repeat(3100)}`,
];
/** Substrings no emitted link may hold: each marks a hostile URL above that must not become a link. */
const REFUSED_IN_LINKS = ['evil', 'xn--a.', 'xn--abc-', '%zz', 'a%2'];
const MENTIONS = ['<!channel>', '<!here>', '<@U123>', '<#C123|general>', '<https://evil.test|click>', '<!subteam^S1>'];
const SURFACE_SETS: PrimitiveNode['surfaces'][] = [
  ['snapshot'],
  ['react'],
  ['text', 'markdown'],
  ['slack'],
  ['react', 'snapshot'],
];

type Path = (string | number)[];

interface Example {
  node: PrimitiveNode;
  /** Paths to every string except `type`, and which of them look like URLs. */
  strings: Path[];
  urls: Path[];
  /** Paths to every nested node (objects with a `type`), the node itself first. */
  nodes: Path[];
}

function indexExample(node: PrimitiveNode): Example {
  const example: Example = { node, strings: [], urls: [], nodes: [] };
  const visit = (value: unknown, path: Path): void => {
    if (typeof value === 'string') {
      example.strings.push(path);
      const key = path.at(-1);
      if (/href|url|src/i.test(String(key)) || /^(https?:|mailto:|\/)/.test(value)) example.urls.push(path);
      return;
    }
    if (typeof value !== 'object' || value === null) return;
    if (!Array.isArray(value) && typeof (value as { type?: unknown }).type === 'string') example.nodes.push(path);
    for (const [key, child] of Object.entries(value)) {
      if (key === 'type') continue;
      visit(child, [...path, Array.isArray(value) ? Number(key) : key]);
    }
  };
  visit(node, []);
  return example;
}

const typeLists = runtimes.map((runtime) => runtime.primitives.map((definition) => definition.type));
const pools = runtimes.map((runtime) =>
  runtime.primitives.flatMap((definition) =>
    exampleNodes(definition).map((node) => indexExample(node as PrimitiveNode)),
  ),
);

/**
 * A copy of `root` with the value at `path` replaced; only the objects along the path are copied.
 * `root` itself when an earlier mutation removed the path.
 */
function setPath(root: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const [key, ...rest] = path;
  if (typeof root !== 'object' || root === null) return root;
  if (Array.isArray(root) ? typeof key !== 'number' || key >= root.length : typeof key !== 'string') return root;
  const source = root as Record<string | number, unknown>;
  const copy = (Array.isArray(root) ? [...root] : { ...source }) as Record<string | number, unknown>;
  copy[key!] = setPath(source[key!], rest, value);
  return copy;
}

function getPath(root: unknown, path: Path): unknown {
  return path.reduce<unknown>((value, key) => (value as Record<string | number, unknown>)?.[key], root);
}

// ---------------------------------------------------------------------------------------------
// One case.

function hostileText(random: Random, original: string): string {
  switch (random.int(5)) {
    case 0:
      return random.pick(BLANKS);
    case 1:
      return random.pick(HUGE);
    case 2:
      return `${original} ${random.pick(MENTIONS)}`;
    case 3:
      return random.pick(HOSTILE_STRINGS);
    default:
      return random.pick(HOSTILE_URLS);
  }
}

function mutatedNode(random: Random, pool: Example[], types: readonly string[]): unknown {
  const example = random.pick(pool);
  let node: unknown = example.node;
  const mutations = random.chance(0.25) ? 0 : 1 + random.int(3);
  for (let i = 0; i < mutations; i++) {
    const roll = random.int(10);
    if (roll < 3 && example.urls.length > 0) {
      node = setPath(node, random.pick(example.urls), random.pick(HOSTILE_URLS));
    } else if (roll < 7 && example.strings.length > 0) {
      const path = random.pick(example.strings);
      node = setPath(node, path, hostileText(random, String(getPath(node, path) ?? '')));
    } else if (roll < 9) {
      const path = random.pick(example.nodes);
      node = setPath(node, [...path, 'surfaces'], random.pick(SURFACE_SETS));
    } else {
      // A structural change (a field deleted, retyped or added): usually invalid, so collect mode drops it.
      // Through JSON, as a model's output arrives: a deleted array item becomes null, not a hole.
      node = JSON.parse(JSON.stringify(mutate(random, node, types)));
    }
  }
  return node;
}

function optionalText(random: Random): string | undefined {
  const roll = random.int(10);
  if (roll < 3) return undefined;
  if (roll < 6) return 'Weekly report';
  if (roll < 8) return random.pick(BLANKS);
  return hostileText(random, 'Title');
}

interface Outcome {
  message: SlackMessage;
  composition: unknown;
}

function runCase(seed: number): Outcome {
  const random = createRandom(seed);
  const which = random.chance(0.85) ? 0 : 1;
  const runtime = runtimes[which]!;
  const pool = pools[which]!;
  const types = typeLists[which]!;
  // Mostly one node (validation dominates the cost); a few long bodies reach the 50-block limit.
  const count = random.chance(0.004) ? 50 + random.int(70) : random.chance(0.2) ? 2 + random.int(2) : 1;
  const body = Array.from({ length: count }, () => mutatedNode(random, pool, types));
  const title = optionalText(random);
  const subtitle = random.chance(0.3) ? optionalText(random) : undefined;
  const composition = {
    type: 'view',
    ...(title !== undefined ? { title } : {}),
    ...(subtitle !== undefined ? { subtitle } : {}),
    body,
  };
  const slack = runtime.surfaces.slack;
  const collectAssets = random.chance(0.3);
  if (random.chance(0.05)) {
    return {
      message: slack.renderNode(body[0], { onValidationError: 'collect', collectAssets }),
      composition: body[0],
    };
  }
  const options = {
    onValidationError: 'collect' as const,
    collectAssets,
    ...(random.chance(0.1) ? { heading: false } : {}),
    ...(random.chance(0.05) ? { text: random.chance(0.5) ? random.pick(BLANKS) : 'Host text' } : {}),
  };
  return { message: slack.render(composition, options), composition };
}

/** Everything wrong with one case's message, by Slack's rules and the link rules. */
function problemsOf(message: SlackMessage, links: ReturnType<typeof slackLinks>): string[] {
  const problems = [...limitViolations(message), ...linkViolations(message)];
  for (const link of links) {
    const refused = REFUSED_IN_LINKS.find((part) => link.url.includes(part));
    if (refused !== undefined) problems.push(`${link.url}: a refused URL became a link (${refused})`);
  }
  return problems;
}

describe('Slack surface: 100,000 fuzzed compositions', () => {
  it('always produces a message Slack accepts, with only unambiguous links', () => {
    const started = Date.now();
    const failures: { seed: number; problems: string[]; composition: string }[] = [];
    const seen = { links: 0, richLinks: 0, empty: 0, elided: 0, tables: 0, headers: 0, blocks: 0 };
    for (let seed = FIRST_SEED; seed < FIRST_SEED + CASES; seed += 1) {
      let outcome: Outcome;
      try {
        outcome = runCase(seed);
      } catch (error) {
        failures.push({ seed, problems: [`threw: ${String(error)}`], composition: '' });
        if (failures.length >= 5) break;
        continue;
      }
      const { message } = outcome;
      const links = slackLinks(message);
      const problems = problemsOf(message, links);
      if (problems.length > 0) {
        failures.push({ seed, problems, composition: JSON.stringify(outcome.composition).slice(0, 600) });
        if (failures.length >= 5) break;
      }
      seen.blocks += message.blocks.length;
      if (message.blocks.length === 0 && message.text === SLACK_EMPTY_TEXT) seen.empty += 1;
      for (const block of message.blocks) {
        if (block.type === 'table') seen.tables += 1;
        if (block.type === 'header') seen.headers += 1;
      }
      const note = (message.blocks.at(-1) as { elements?: { text?: string }[] } | undefined)?.elements?.[0]?.text;
      if (note !== undefined && note === SLACK_ELIDED_NOTE(Number.parseInt(note.slice(1), 10))) seen.elided += 1;
      for (const link of links) {
        if (link.mrkdwn) seen.links += 1;
        else seen.richLinks += 1;
      }
    }
    const seconds = (Date.now() - started) / 1000;
    console.log(`slack fuzz: ${CASES} cases in ${seconds.toFixed(1)} s`, seen);
    expect(failures).toEqual([]);
    // The generator must keep reaching every rule it is meant to test.
    expect(seen.links).toBeGreaterThan(5_000);
    expect(seen.richLinks).toBeGreaterThan(1_000);
    expect(seen.empty).toBeGreaterThan(500);
    expect(seen.elided).toBeGreaterThan(100);
    expect(seen.tables).toBeGreaterThan(1_000);
    expect(seen.headers).toBeGreaterThan(10_000);
  }, 600_000);
});
