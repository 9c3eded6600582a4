/**
 * The README's lists and counts, derived from the code rather than restated: the format table,
 * the tools, resources and prompt, the chat hosts and the formats the render route lists. A new
 * format or host fails here until the README says so (the expected text is in the message).
 */
/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import { FORMATS } from '../../src/core/formats.ts';
import { BUILT_IN_HOSTS } from '../../src/core/chat-hosts/registry.ts';
import { ISOMER_TOOL_NAMES } from '../../src/core/tools/names.ts';
import { createIsomerPrompts, createIsomerResources } from '../../src/core/tools/resources.ts';
import { formatTable, readmeFormatTable } from '../support/format-table.ts';
import { slidesRuntime } from '../support/slides.ts';

const readme = Object.values(
  import.meta.glob('../../README.md', { query: '?raw', import: 'default', eager: true }) as Record<string, string>,
)[0]!;
/** The prose with its line breaks as spaces, so a phrase may wrap. */
const prose = readme.replace(/\s+/g, ' ');

const WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
const spelled = (count: number): string => WORDS[count] ?? String(count);

describe('the README says what the code has', () => {
  it('holds the format table the registry generates', () => {
    const expected = formatTable(FORMATS);
    expect(readmeFormatTable(readme), `README, between <!-- formats --> and <!-- /formats -->:\n${expected}`).toBe(
      expected,
    );
  });

  it('counts the tools, resources and prompt', () => {
    const tools = Object.keys(ISOMER_TOOL_NAMES).length;
    const resources = createIsomerResources({ runtime: slidesRuntime }).length;
    const prompts = createIsomerPrompts({ runtime: slidesRuntime }).length;
    const [t, r, p] = [tools, resources, prompts].map(spelled);
    expect(prose).toContain(`(${t} tools, ${r} resources, ${p} prompt)`);
    expect(prose).toContain(`the ${t} tools, ${r} resources and ${p} prompt of the library`);
  });

  it('names every chat host where it lists them', () => {
    const titles = BUILT_IN_HOSTS.map((host) => host.title.replace('Microsoft ', ''));
    const list = `${titles.slice(0, -1).join(', ')}, ${titles.at(-1)}`;
    expect(prose).toContain(`On the ${spelled(BUILT_IN_HOSTS.length)} chat hosts (${list})`);
  });

  it('lists the formats the shared render route answers', () => {
    const shared = FORMATS.filter((entry) => entry.from !== 'markdown').map((entry) => `\`${entry.name}\``);
    expect(prose).toContain(`the rendered output itself (${shared.join(', ')})`);
  });
});
