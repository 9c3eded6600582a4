/**
 * The composition editor: CodeMirror 6 with JSON syntax, a lint gutter, and diagnostics the page
 * sets from the Worker's own validation (not a linter of its own: the errors are the tools').
 */
import { json } from '@codemirror/lang-json';
import { lintGutter, setDiagnostics } from '@codemirror/lint';
import { EditorSelection } from '@codemirror/state';
import { EditorView, basicSetup } from 'codemirror';
import type { Mark } from './marks.ts';

export interface Editor {
  text(): string;
  /** Replaces the text (a change, so the page's listener hears it). */
  setText(text: string): void;
  show(marks: readonly Mark[]): void;
  reveal(from: number, to: number): void;
}

/**
 * The editor lives in a shadow root: there CodeMirror adds its styles as constructed stylesheets,
 * which the page's CSP does not govern, where in the document it would add `<style>` elements that
 * `style-src 'self'` refuses. The page's stylesheet is linked inside for the theme's colours.
 */
export function createEditor(host: HTMLElement, label: string, onChange: () => void, text = ''): Editor {
  const shadow = host.attachShadow({ mode: 'open' });
  const sheet = document.createElement('link');
  sheet.rel = 'stylesheet';
  sheet.href = '/playground.css';
  const parent = document.createElement('div');
  parent.className = 'editor-root';
  shadow.append(sheet, parent);
  const view = new EditorView({
    doc: text,
    root: shadow,
    parent,
    extensions: [
      basicSetup,
      json(),
      lintGutter(),
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({ 'aria-label': label }),
      EditorView.updateListener.of((update) => {
        if (update.docChanged) onChange();
      }),
    ],
  });
  return {
    text: () => view.state.doc.toString(),
    setText(text) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
    },
    show(marks) {
      view.dispatch(setDiagnostics(view.state, [...marks]));
    },
    reveal(from, to) {
      view.dispatch({ selection: EditorSelection.single(from, to), scrollIntoView: true });
      view.focus();
    },
  };
}
