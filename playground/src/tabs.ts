/**
 * ARIA tabs (the WAI-ARIA Authoring Practices pattern, automatic activation): one tab in the Tab
 * order, arrow keys, Home and End move between tabs, and each tab shows its panel.
 */

export interface Tabs {
  select(name: string, focus?: boolean): void;
  selected(): string;
  /** Hides a tab whose surface the Worker does not offer. */
  setAvailable(name: string, available: boolean): void;
}

export function setupTabs(list: HTMLElement, onSelect: (name: string) => void = () => {}): Tabs {
  const tabs = () => [...list.querySelectorAll<HTMLButtonElement>('[role="tab"]')].filter((tab) => !tab.hidden);
  const panelOf = (tab: HTMLElement) => document.getElementById(tab.getAttribute('aria-controls') ?? '');
  let current = '';
  const select = (name: string, focus = false) => {
    for (const tab of list.querySelectorAll<HTMLButtonElement>('[role="tab"]')) {
      const on = tab.dataset.tab === name;
      tab.setAttribute('aria-selected', String(on));
      tab.tabIndex = on ? 0 : -1;
      const panel = panelOf(tab);
      if (panel) panel.hidden = !on;
      if (on && focus) tab.focus();
    }
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
  // The first tab starts selected without a change to report.
  current = tabs()[0]?.dataset.tab ?? '';
  select(current);
  return {
    select,
    selected: () => current,
    setAvailable(name, available) {
      const tab = list.querySelector<HTMLButtonElement>(`[role="tab"][data-tab="${CSS.escape(name)}"]`);
      if (!tab) return;
      tab.hidden = !available;
      if (!available && current === name) select(tabs()[0]?.dataset.tab ?? '');
    },
  };
}
