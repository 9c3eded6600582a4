/**
 * The editor without waiting for it. CodeMirror is most of the page's script (about 400 KiB of
 * 440), so it is its own chunk, fetched and started once the page asks (when its first check has
 * settled) or the person reaches for the text or a finding, whichever comes first: starting it
 * sooner holds up the first picture's requests on the page's one thread. Until then the text shows
 * as it is, read-only, and what the page sets (text, marks) is handed over when the editor starts.
 */
import type { Editor } from './editor.ts';
import { type Finding, type Mark, marksFor } from './marks.ts';

export interface PageEditor {
  text(): string;
  /** Replaces the text; the change listener hears it, as it hears typing. */
  setText(text: string): void;
  /** Marks the findings on the current text, and returns where each landed. */
  mark(findings: readonly Finding[]): Mark[];
  reveal(from: number, to: number): void;
  /** Fetches and starts CodeMirror (once); `data-editor="ready"` on the root says it is there. */
  load(): Promise<void>;
}

export function createLazyEditor(host: HTMLElement, label: string, onChange: () => void): PageEditor {
  let text = '';
  let marks: Mark[] = [];
  let editor: Editor | undefined;
  const waiting = document.createElement('pre');
  waiting.className = 'editor-waiting';
  waiting.tabIndex = 0;
  waiting.setAttribute('aria-label', label);
  host.append(waiting);

  let loading: Promise<void> | undefined;
  const load = () =>
    (loading ??= import('./editor.ts').then(
      ({ createEditor }) => {
        waiting.remove();
        editor = createEditor(host, label, onChange, text);
        editor.show(marks);
        document.documentElement.dataset.editor = 'ready';
      },
      // Not fetched (offline, a new deployment's chunk names): the text stays; the next reach tries again.
      () => {
        loading = undefined;
      },
    ));
  for (const event of ['pointerdown', 'focus', 'keydown'] as const) waiting.addEventListener(event, () => void load());

  return {
    text: () => editor?.text() ?? text,
    setText(next) {
      if (editor) return editor.setText(next);
      text = next;
      waiting.textContent = next;
      onChange();
    },
    mark(findings) {
      marks = marksFor(editor?.text() ?? text, findings);
      editor?.show(marks);
      return marks;
    },
    reveal(from, to) {
      void load().then(() => editor?.reveal(from, to));
    },
    load,
  };
}
