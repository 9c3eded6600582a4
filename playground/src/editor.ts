/**
 * The composition editor: CodeMirror 6 with JSON syntax, a lint gutter, and diagnostics the page
 * sets from the Worker's own validation (not a linter of its own: the errors are the tools').
 */
import { json } from '@codemirror/lang-json';
import { type Diagnostic, lintGutter, setDiagnostics } from '@codemirror/lint';
import { EditorSelection } from '@codemirror/state';
import { EditorView, basicSetup } from 'codemirror';
import { type Located, locatePath, pathOfError } from './json-path.ts';

export interface Editor {
  view: EditorView;
  text(): string;
  setText(text: string): void;
  mark(findings: { line: string; severity: 'error' | 'warning'; at?: number }[]): Diagnostic[];
  reveal(from: number, to: number): void;
}

/** Where a finding belongs in the text: its path's range, or nothing when the path is not found. */
export function findingRange(text: string, line: string): Located | undefined {
  // A warning reads `<surface>: <finding>`; the finding starts with the path.
  const finding = line.replace(/^[a-z]+: /, '');
  const path = pathOfError(finding);
  if (!path) return undefined;
  const located = locatePath(text, path);
  return located && located.matched > 0 ? located : undefined;
}

/**
 * The editor lives in a shadow root: there CodeMirror adds its styles as constructed stylesheets,
 * which the page's CSP does not govern, where in the document it would add `<style>` elements that
 * `style-src 'self'` refuses. The page's stylesheet is linked inside for the theme's colours.
 */
export function createEditor(host: HTMLElement, label: string, onChange: () => void): Editor {
  const shadow = host.attachShadow({ mode: 'open' });
  const sheet = document.createElement('link');
  sheet.rel = 'stylesheet';
  sheet.href = '/playground.css';
  const parent = document.createElement('div');
  parent.className = 'editor-root';
  shadow.append(sheet, parent);
  const view = new EditorView({
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
    view,
    text: () => view.state.doc.toString(),
    setText(text) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
    },
    mark(findings) {
      const text = view.state.doc.toString();
      const diagnostics: Diagnostic[] = [];
      for (const finding of findings) {
        const range =
          finding.at !== undefined
            ? { from: finding.at, to: Math.min(text.length, finding.at + 1) }
            : findingRange(text, finding.line);
        if (!range) continue;
        // A multi-line value marks its first line only, so the mark points rather than floods.
        const lineEnd = text.indexOf('\n', range.from);
        const to = lineEnd >= 0 && lineEnd < range.to ? lineEnd : range.to;
        diagnostics.push({
          from: range.from,
          to: Math.max(to, range.from),
          severity: finding.severity,
          message: finding.line,
        });
      }
      view.dispatch(setDiagnostics(view.state, diagnostics));
      return diagnostics;
    },
    reveal(from, to) {
      view.dispatch({ selection: EditorSelection.single(from, to), scrollIntoView: true });
      view.focus();
    },
  };
}
