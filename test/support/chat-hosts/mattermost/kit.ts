/**
 * Mattermost's checks, from Mattermost's rules: at most 16,383 characters per post, counted in
 * code points as the server counts runes; a post needs a message; mentions as the server finds
 * them (an `@` and a name with no ASCII word character before it), in code as written and in other
 * text also with emphasis and link markers taken out; Markdown links outside code.
 */
import {
  limitCollector,
  loneSurrogates,
  markdownLinks,
  markdownPlainTexts,
  markdownTargets,
  strings,
  withoutMarkers,
} from '../../../../src/core/chat-hosts/checks.ts';
import { MATTERMOST_LIMITS } from './limits.ts';
import type { MattermostPosts } from './message.ts';

export function problems(payload: unknown): string[] {
  const found = loneSurrogates(payload);
  const over = limitCollector(found);
  const { posts } = payload as MattermostPosts;
  over('posts', posts.length, MATTERMOST_LIMITS.postsPerRender);
  if (posts.length === 0) found.push('no post');
  for (const [index, post] of posts.entries()) {
    over(`post ${index} message`, [...post.message].length, MATTERMOST_LIMITS.postChars);
    if (post.message.trim() === '' && post.message !== '\u00A0') found.push(`post ${index} empty`);
  }
  return found;
}

const CODE = /```[\s\S]*?```|`[^`\n]*`/g;
const MENTION = /(?<![A-Za-z0-9_])@[\p{L}\p{N}]+/gu;

/** The mentions in one message: in code read as written, elsewhere also without markers. */
export function messageMentions(message: string): string[] {
  const views = [message, withoutMarkers(message.replace(CODE, ' '))];
  return [...new Set(views.flatMap((view) => [...view.matchAll(MENTION)].map((match) => match[0])))];
}

export function liveMentions(payload: unknown): string[] {
  return strings(payload).flatMap(([path, text]) => messageMentions(text).map((mention) => `${path}: ${mention}`));
}

export const linkTargets = (payload: unknown): string[] => markdownTargets(payload, (text) => text.replace(CODE, ' '));

export const links = markdownLinks;

export const plainTexts = markdownPlainTexts;
