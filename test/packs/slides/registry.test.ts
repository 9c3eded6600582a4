/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import { SLIDE_PRIMITIVES } from '../../../src/packs/slides/pack.ts';
import * as registry from '../../../src/packs/slides/registry.ts';
import { SLIDE_GROUP_TITLES, SLIDE_GROUPS, slidesPack } from '../../../src/packs/slides/index.ts';

const registrySource = Object.values(
  import.meta.glob('../../../src/packs/slides/registry.ts', {
    query: '?raw',
    import: 'default',
    eager: true,
  }) as Record<string, string>,
)[0]!;

const readme = Object.values(
  import.meta.glob('../../../README.md', { query: '?raw', import: 'default', eager: true }) as Record<string, string>,
)[0]!;
const packsPage = Object.values(
  import.meta.glob('../../../docs/packs.md', { query: '?raw', import: 'default', eager: true }) as Record<
    string,
    string
  >,
)[0]!;

const types = SLIDE_PRIMITIVES.map((definition) => definition.type);
const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

describe('the slides registry', () => {
  it('lists every primitive once, in alphabetical order, and is the pack', () => {
    expect(types).toEqual([...types].sort());
    expect(new Set(types).size).toBe(types.length);
    expect(slidesPack.primitives.map((definition) => definition.type)).toEqual(types);
  });

  it('registers each primitive on one line, alphabetical, under its own type as the name', () => {
    const lines = registrySource.split('\n').filter((line) => line.startsWith('export '));
    expect(lines).toHaveLength(types.length);
    expect(lines).toEqual([...lines].sort());
    for (const line of lines)
      expect(line).toMatch(/^export \{ (slide\w+) \} from '\.\/primitives\/slide-[a-z-]+\.ts';$/);
    for (const [name, definition] of Object.entries(registry)) expect(definition.type).toBe(name);
  });

  it('gives every primitive a group among the pack’s group titles', () => {
    for (const definition of SLIDE_PRIMITIVES)
      expect(SLIDE_GROUP_TITLES as readonly string[], definition.type).toContain(definition.catalog.group);
  });

  it('derives the guide’s index from the registry: the titles in order, each group in registry order', () => {
    expect(SLIDE_GROUPS.map((group) => group.title)).toEqual([...SLIDE_GROUP_TITLES]);
    expect(SLIDE_GROUPS.flatMap((group) => group.types).sort()).toEqual(types);
    for (const group of SLIDE_GROUPS) {
      expect(group.types, group.title).toEqual([...group.types].sort());
      for (const type of group.types)
        expect(SLIDE_PRIMITIVES.find((definition) => definition.type === type)!.catalog.group).toBe(group.title);
    }
  });

  it('matches the counts the README and docs/packs.md give', () => {
    expect(readme).toContain(`the slides pack (${types.length} primitives:`);
    const summary = /(\d+)\s+primitives\s+in\s+(\w+)\s+groups\s+\(([^)]*)\)/.exec(packsPage);
    expect(summary, 'docs/packs.md: "<n> primitives in <n> groups (<group> <n>, …)"').not.toBeNull();
    const [, total, groupCount, list] = summary!;
    expect(Number(total)).toBe(types.length);
    expect(NUMBER_WORDS.indexOf(groupCount!)).toBe(SLIDE_GROUPS.length);
    expect(list!.split(',').map((entry) => entry.trim().replace(/\s+/g, ' '))).toEqual(
      SLIDE_GROUPS.map((group) => `${group.title.toLowerCase()} ${group.types.length}`),
    );
  });
});
