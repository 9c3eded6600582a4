/**
 * Checks shared by the chat-host tests, by host name: each host's checks (its `checks.ts`, loaded
 * through the registry), which reads payloads only, never the converters.
 */
import type { HostChecks } from '../../../src/core/chat-hosts/checks.ts';
import { BUILT_IN_HOSTS } from '../../../src/core/chat-hosts/registry.ts';
import { md } from '../../../src/core/markdown/builder.ts';
import { strings as payloadStrings } from '../../../src/core/chat-hosts/checks.ts';
import { telegramParse as parseTelegram } from '../../../src/core/chat-hosts/telegram/checks.ts';

export { strings } from '../../../src/core/chat-hosts/checks.ts';
export { telegramParse } from '../../../src/core/chat-hosts/telegram/checks.ts';

type BuiltInMarkdownHost = Extract<(typeof BUILT_IN_HOSTS)[number], { from: 'markdown' }>;
const markdownHosts = BUILT_IN_HOSTS.filter((host): host is BuiltInMarkdownHost => host.from === 'markdown');

/** Each host converted from the Markdown tree, by name: its converter. */
export const HOSTS = Object.fromEntries(markdownHosts.map((host) => [host.name, host.convert])) as {
  [H in BuiltInMarkdownHost as H['name']]: H['convert'];
};
export type Host = keyof typeof HOSTS;
export const HOST_NAMES = markdownHosts.map((host) => host.name) as Host[];

/** Every built-in host's checks, Slack's included. */
export const HOST_CHECKS: Readonly<Record<string, HostChecks>> = Object.fromEntries(
  await Promise.all(BUILT_IN_HOSTS.map(async (host) => [host.name, await host.checks()] as const)),
);

/** Every published limit the payload breaks (none, for a payload the host accepts). */
export const limitProblems = (host: string, payload: unknown): string[] => HOST_CHECKS[host]!.problems(payload);

/** Mention or markup syntax the host would resolve, found in the payload's text. */
export const liveMentions = (host: string, payload: unknown): string[] => HOST_CHECKS[host]!.liveMentions(payload);

/** Every link target the payload would open. */
export const outputLinks = (host: string, payload: unknown): string[] => HOST_CHECKS[host]!.linkTargets(payload);

export { allowedLink } from '../../support/chat-sweep.ts';

/** Ten thousand characters of words. */
export const LONG = Array.from({ length: 1250 }, (_, i) => `word${i % 10}`)
  .join(' ')
  .slice(0, 10_000);
/** Sixty sections, each a heading, a 10,000-character paragraph, a list, a table and code. */
export const sixtyNodes = () =>
  md.content(
    Array.from({ length: 60 }, (_, i) => [
      md.heading(2, `Section ${i}`),
      md.paragraph(`Paragraph ${i}: `, LONG),
      md.list([`item ${i}`, md.strong('bold')]),
      md.table(['a', 'b'], [[`${i}`, 'x'.repeat(300)]]),
      md.codeBlock(`line ${i}\n`.repeat(50), 'ts'),
    ]),
  );

/** Every visible text of a payload, joined: what a reader of the message(s) could see. */
export function shown(host: Host, payload: unknown): string {
  return payloadStrings(payload)
    .filter(([path]) => host !== 'telegram' || path.endsWith('.text'))
    .map(([, value]) => (host === 'telegram' ? parseTelegram(value).visible : value))
    .join('\n');
}
