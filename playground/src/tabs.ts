/**
 * ARIA tabs (the WAI-ARIA Authoring Practices pattern, automatic activation): one tab in the Tab
 * order, arrow keys, Home and End move between tabs, and each tab shows its panel.
 */

export interface Tabs {
  /** Selects a tab by name; a name with no tab is ignored. */
  select(name: string, focus?: boolean): void;
  selected(): string;
  /** After the tabs were built anew: selects this one (else the first) without reporting a change. */
  reset(name: string | undefined): void;
}

export function setupTabs(list: HTMLElement, onSelect: (name: string) => void = () => {}): Tabs {
  const tabs = () => [...list.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
  const panelOf = (tab: HTMLElement) => document.getElementById(tab.getAttribute('aria-controls') ?? '');
  let current = '';
  const show = (name: string, focus: boolean) => {
    for (const tab of tabs()) {
      const on = tab.dataset.tab === name;
      tab.setAttribute('aria-selected', String(on));
      tab.tabIndex = on ? 0 : -1;
      const panel = panelOf(tab);
      if (panel) panel.hidden = !on;
      if (on && focus) tab.focus();
    }
  };
  const select = (name: string, focus = false) => {
    if (!tabs().some((tab) => tab.dataset.tab === name)) return;
    show(name, focus);
    if (name !== current) {
      current = name;
      onSelect(name);
    }
  };
  list.addEventListener('click', (event) => {
    const tab = (event.target as HTMLElement).closest<HTMLElement>('[role="tab"]');
    if (tab?.dataset.tab) select(tab.dataset.tab);
  });
  list.addEventListener('keydown', (event) => {
    const all = tabs();
    const index = all.findIndex((tab) => tab.dataset.tab === current);
    let next: number | undefined;
    if (event.key === 'ArrowRight' || event.key === 'ArrowDown') next = (index + 1) % all.length;
    else if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') next = (index - 1 + all.length) % all.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = all.length - 1;
    if (next === undefined) return;
    event.preventDefault();
    select(all[next]!.dataset.tab!, true);
  });
  const reset = (name: string | undefined) => {
    const all = tabs();
    current = (all.find((tab) => tab.dataset.tab === name) ?? all[0])?.dataset.tab ?? '';
    show(current, false);
  };
  // The first tab starts selected without a change to report.
  reset(undefined);
  return { select, selected: () => current, reset };
}
