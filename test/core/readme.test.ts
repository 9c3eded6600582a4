/**
 * The README's and the docs pages' lists and counts, derived from the code rather than restated:
 * the format table (docs/http.md), the tools, resources and prompt (the README and docs/http.md),
 * the chat hosts (docs/security.md) and the formats the render route lists (docs/http.md). A new
 * format or host fails here until the page says so (the expected text is in the message).
 */
/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import { FORMATS } from '../../src/core/formats.ts';
import { BUILT_IN_HOSTS } from '../../src/core/chat-hosts/registry.ts';
import { ISOMER_TOOL_NAMES } from '../../src/core/tools/names.ts';
import { createIsomerPrompts, createIsomerResources } from '../../src/core/tools/resources.ts';
import { formatTable, readmeFormatTable } from '../support/format-table.ts';
import { slidesRuntime } from '../support/slides.ts';

const pages = import.meta.glob(['../../README.md', '../../docs/*.md'], {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

/** A page by its path from the repository root (`README.md`, `docs/http.md`). */
function page(path: string): string {
  const text = pages[`../../${path}`];
  if (text === undefined) throw new Error(`${path} not found`);
  return text;
}

/** The prose with its line breaks as spaces, so a phrase may wrap. */
const prose = (path: string): string => page(path).replace(/\s+/g, ' ');

const WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
const spelled = (count: number): string => WORDS[count] ?? String(count);

describe('the README and the docs say what the code has', () => {
  it('holds the format table the registry generates (docs/http.md)', () => {
    const expected = formatTable(FORMATS);
    expect(
      readmeFormatTable(page('docs/http.md')),
      `docs/http.md, between <!-- formats --> and <!-- /formats -->:\n${expected}`,
    ).toBe(expected);
  });

  it('counts the tools, resources and prompt (README, docs/http.md)', () => {
    const tools = Object.keys(ISOMER_TOOL_NAMES).length;
    const resources = createIsomerResources({ runtime: slidesRuntime }).length;
    const prompts = createIsomerPrompts({ runtime: slidesRuntime }).length;
    const [t, r, p] = [tools, resources, prompts].map(spelled);
    expect(prose('README.md')).toContain(`(${t} tools, ${r} resources, ${p} prompt)`);
    expect(prose('docs/http.md')).toContain(`the ${t} tools, ${r} resources and ${p} prompt of the library`);
  });

  it('names every chat host where it lists them (docs/security.md)', () => {
    const titles = BUILT_IN_HOSTS.map((host) => host.title.replace('Microsoft ', ''));
    const list = `${titles.slice(0, -1).join(', ')}, ${titles.at(-1)}`;
    expect(prose('docs/security.md')).toContain(`On the ${spelled(BUILT_IN_HOSTS.length)} chat hosts (${list})`);
  });

  it('lists the formats the shared render route answers (docs/http.md)', () => {
    const shared = FORMATS.filter((entry) => entry.from !== 'markdown').map((entry) => `\`${entry.name}\``);
    expect(prose('docs/http.md')).toContain(`the rendered output itself (${shared.join(', ')})`);
  });
});
