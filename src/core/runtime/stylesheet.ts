/**
 * The CSS around HTML renders: the wrapper every render sits in, only the rules of the packs and
 * primitives a render drew, `light-dark()` committed to one scheme for images and hosts without
 * colour-scheme support, and stylesheets kept from closing the `<style>` they are inlined in.
 */
import type { PrimitiveDefinition } from '../model/primitive.ts';

/**
 * The wrapper every HTML render sits in. Colours use `light-dark()` so one stylesheet follows the
 * host page's scheme; `data-theme` pins it.
 */
export const WRAPPER_CSS = [
  '.isomer{color-scheme:light dark;box-sizing:border-box;' +
    'font-family:system-ui,-apple-system,"Segoe UI",sans-serif;' +
    'line-height:1.45;color:light-dark(#1a1c21,#f3f7fc);overflow-wrap:anywhere}',
  '.isomer[data-theme="light"]{color-scheme:light}',
  '.isomer[data-theme="dark"]{color-scheme:dark}',
  '.isomer *,.isomer *::before,.isomer *::after{box-sizing:inherit}',
  '.isomer.framed{border:1px solid light-dark(#d9dee8,#25364f);' +
    'border-radius:12px;padding:16px;background:light-dark(#ffffff,#0e1a2e)}',
  '.isomer.fluid{width:100%}',
  '.isomer .isomer-title{margin:0 0 4px;font-size:1.25em;line-height:1.25}',
  '.isomer .isomer-subtitle{margin:0 0 12px;color:light-dark(#475467,#b7c4d7)}',
].join('');

export interface PackStyles {
  css: string;
  types: ReadonlySet<string>;
}

/** Only the CSS a render used: pack sheets whose types drew, then each drawn primitive's rules. */
export function collectCss(
  packs: readonly PackStyles[],
  definitions: readonly PrimitiveDefinition[],
  used: ReadonlySet<string>,
  extra: readonly string[] = [],
): string {
  let css = '';
  for (const pack of packs) {
    if (pack.css === '') continue;
    for (const type of used) {
      if (pack.types.has(type)) {
        css += pack.css;
        break;
      }
    }
  }
  for (const definition of definitions) if (definition.css && used.has(definition.type)) css += definition.css;
  for (const sheet of extra) css += sheet;
  return css;
}

/** Finds the end of a balanced `(...)` starting at `open`, or -1. */
function closingParen(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length; i++) {
    if (css[i] === '(') depth++;
    else if (css[i] === ')' && --depth === 0) return i;
  }
  return -1;
}

/** Splits `a, b` at the top-level comma. */
function splitPair(args: string): [string, string] | undefined {
  let depth = 0;
  for (let i = 0; i < args.length; i++) {
    const c = args[i];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === ',' && depth === 0) return [args.slice(0, i).trim(), args.slice(i + 1).trim()];
  }
  return undefined;
}

/**
 * Commits a stylesheet to one scheme by replacing every `light-dark(a, b)` with `a` or `b`
 * (images and rasterizers have no colour-scheme to resolve it).
 */
export function resolveLightDark(css: string, scheme: 'light' | 'dark'): string {
  let out = '';
  let from = 0;
  for (let at = css.indexOf('light-dark(', from); at !== -1; at = css.indexOf('light-dark(', from)) {
    const open = at + 'light-dark'.length;
    const close = closingParen(css, open);
    if (close === -1) break;
    const pair = splitPair(css.slice(open + 1, close));
    out +=
      css.slice(from, at) +
      (pair ? resolveLightDark(scheme === 'dark' ? pair[1] : pair[0], scheme) : css.slice(at, close + 1));
    from = close + 1;
  }
  return out + css.slice(from);
}

/** Keeps a stylesheet from closing the `<style>` element it is inlined in. */
export function escapeStyleText(css: string): string {
  return css.replace(/<\/style/gi, '<\\/style');
}
