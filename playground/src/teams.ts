/**
 * The Teams card drawn by Microsoft's `adaptivecards` renderer, as the tests draw it, in Teams'
 * colours and font. Loaded on demand (its own chunk), so the page's first picture does not wait on it.
 *
 * The page's policy allows no inline style: the renderer sets its styles through the CSSOM
 * (`element.style.x = …`), which a policy does not govern, and adds no `<style>` or `style=`.
 * TextBlock Markdown is the one place it parses HTML (`innerHTML` of what `onProcessMarkdown`
 * answers), so the answer is built here from the Markdown by DOM APIs only (`markdown.ts`: text as
 * Text nodes, links to http(s)/mailto only) and handed over serialized: a tree of p/strong/em/a/
 * li/code elements and escaped text parses back to itself.
 */
import { AdaptiveCard, GlobalRegistry, HostConfig, OpenUrlAction, Table, Versions } from 'adaptivecards';
import { el, safeHref } from './dom.ts';
import { renderMarkdown } from './markdown.ts';

/** Teams' light and dark card colours (the surfaces a card sits on in a Teams chat). */
const PALETTES = {
  light: { background: '#ffffff', emphasis: '#f5f5f5', text: '#242424', subtle: '#616161', line: '#e0e0e0' },
  dark: { background: '#292929', emphasis: '#1f1f1f', text: '#ffffff', subtle: '#adadad', line: '#3d3d3d' },
} as const;

function hostConfig(theme: keyof typeof PALETTES): HostConfig {
  const palette = PALETTES[theme];
  const colors = (background: string) => ({
    backgroundColor: background,
    foregroundColors: {
      default: { default: palette.text, subtle: palette.subtle },
      accent: { default: theme === 'dark' ? '#7f85f5' : '#5b5fc7', subtle: palette.subtle },
    },
  });
  return new HostConfig({
    fontFamily: '"Segoe UI", system-ui, -apple-system, sans-serif',
    separator: { lineThickness: 1, lineColor: palette.line },
    containerStyles: { default: colors(palette.background), emphasis: colors(palette.emphasis) },
  });
}

// The SDK registers `Table` as a side effect of its module, which a bundler drops (the package says it
// has no side effects), so the card's tables are registered here, by name.
GlobalRegistry.defaultElements.register('Table', Table, Versions.v1_5);

AdaptiveCard.onProcessMarkdown = (text, result) => {
  const holder = document.createElement('div');
  renderMarkdown(holder, text);
  result.outputHtml = holder.innerHTML;
  result.didProcess = true;
};

/** Draws the card of a Teams bot activity; answers a failure message, or undefined when it drew. */
export function teamsPreview(root: HTMLElement, activity: { attachments?: unknown }, theme: 'light' | 'dark') {
  const attachment = Array.isArray(activity.attachments) ? (activity.attachments[0] as { content?: unknown }) : {};
  const card = new AdaptiveCard();
  card.hostConfig = hostConfig(theme);
  // An Action.OpenUrl opens only a URL the page would link to, in a new tab that cannot reach back.
  card.onExecuteAction = (action) => {
    const href = action instanceof OpenUrlAction && action.url ? safeHref(action.url) : undefined;
    if (href) window.open(href, '_blank', 'noopener,noreferrer');
  };
  card.parse(attachment?.content ?? {});
  const rendered = card.render();
  if (!rendered) return 'the adaptivecards renderer drew nothing';
  root.append(
    el(
      'div',
      { class: 'chat-message' },
      el('div', { class: 'chat-avatar teams-avatar', 'aria-hidden': 'true' }, 'i'),
      el(
        'div',
        { class: 'chat-content' },
        el('div', { class: 'chat-name' }, 'isomer', el('span', { class: 'chat-app teams-app' }, 'Bot')),
        el('div', { class: `teams-card teams-${theme}` }, rendered),
      ),
    ),
  );
  return undefined;
}
