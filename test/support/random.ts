/** mulberry32: a tiny seeded generator of numbers in [0, 1), so a failing case replays from its seed. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Seeded helpers for property tests. */
export function createRandom(seed: number) {
  const next = mulberry32(seed);
  const int = (max: number): number => Math.floor(next() * max);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  return { next, int, pick, chance: (p: number) => next() < p };
}

export type Random = ReturnType<typeof createRandom>;

/** Strings models and attackers write: markup, mentions, URL tricks, control and wide characters. */
export const HOSTILE_STRINGS = [
  '',
  ' ',
  'plain',
  '<script>alert(1)</script>',
  '</style><b>x</b>',
  '"><img src=x onerror=alert(1)>',
  '# heading\n## another',
  '**bold** `code` _em_ ~strike~ [x](javascript:alert(1))',
  '<!channel> <!here> <@U123> <#C123> <https://evil.example|click>',
  'javascript:alert(1)',
  '&#106;avascript:alert(1)',
  'java\tscript:alert(1)',
  '//evil.example',
  'data:text/html,<b>x</b>',
  'https://example.com/ok',
  '\u0000\u0007\u001b[31m',
  '\u2028\u2029',
  '👩‍👩‍👧‍👦🏳️‍🌈',
  '\uD800 lone surrogate',
  'x'.repeat(3001),
  '|a|b|\n|---|---|',
  '```\ncode\n```',
  '> quote',
  '1. item',
  '\\',
  '&amp; &lt;',
];

/** A random JSON-ish value, biased toward shapes that look like nodes. */
export function randomValue(random: Random, types: readonly string[], depth = 0): unknown {
  const roll = random.int(depth > 4 ? 6 : 10);
  switch (roll) {
    case 0:
      return random.pick(HOSTILE_STRINGS);
    case 1:
      return random.pick([0, -1, 1.5, 1e308, Number.NaN, Number.POSITIVE_INFINITY, 42]);
    case 2:
      return random.pick([true, false, null, undefined]);
    case 3:
      return random.pick(['l', 'm', 's', 'primary', 'accent', 'dot', 'react', 'slack']);
    case 4:
      return random.int(5);
    case 5:
      return random.pick(HOSTILE_STRINGS) + random.pick(HOSTILE_STRINGS);
    case 6:
    case 7: {
      const length = random.int(4);
      return Array.from({ length }, () => randomValue(random, types, depth + 1));
    }
    default: {
      const node: Record<string, unknown> = {};
      if (random.chance(0.8)) node.type = random.chance(0.9) ? random.pick(types) : random.pick(HOSTILE_STRINGS);
      const keys = random.int(5);
      for (let i = 0; i < keys; i++) {
        node[
          random.pick([
            'text',
            'items',
            'title',
            'body',
            'label',
            'href',
            'src',
            'alt',
            'panes',
            'columns',
            'rows',
            'tone',
            'id',
            'surfaces',
            random.pick(HOSTILE_STRINGS),
          ])
        ] = randomValue(random, types, depth + 1);
      }
      return node;
    }
  }
}

/** Mutates a copy of a valid value in one random place: a field deleted, retyped or made hostile. */
export function mutate(random: Random, value: unknown, types: readonly string[]): unknown {
  const copy = structuredClone(value);
  const containers: (Record<string, unknown> | unknown[])[] = [];
  const visit = (v: unknown): void => {
    if (v && typeof v === 'object') {
      containers.push(v as Record<string, unknown>);
      Object.values(v).forEach(visit);
    }
  };
  visit(copy);
  const target = random.pick(containers);
  const keys = Object.keys(target);
  if (keys.length === 0) return copy;
  const key = random.pick(keys);
  const action = random.int(4);
  if (action === 0) delete (target as Record<string, unknown>)[key];
  else if (action === 1) (target as Record<string, unknown>)[key] = random.pick(HOSTILE_STRINGS);
  else if (action === 2) (target as Record<string, unknown>)[key] = randomValue(random, types, 3);
  else (target as Record<string, unknown>)[random.pick(HOSTILE_STRINGS) || 'extra'] = random.pick(HOSTILE_STRINGS);
  return copy;
}
