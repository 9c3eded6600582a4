/**
 * Characters a picture cannot draw, named to the agent: each string of a composition whose
 * characters no available font has (no font for the script, or the host serves no font files)
 * becomes a finding on that string's path, never a silent box in the picture.
 */
import type { ScriptFonts } from '../fonts/script-fonts.ts';

/** One string of a composition with its path and the innermost primitive type holding it. */
export interface CompositionString {
  path: string;
  nodeType: string;
  text: string;
}

/** Strings the check reads at most; a slide shows far fewer, and the walk stays linear. */
const MAX_STRINGS = 4096;

/**
 * Every string value of a validated composition, depth first, with its path
 * (`body[0].body[1].items[2].label`) and the nearest node `type` above it.
 */
export function compositionStrings(composition: unknown): CompositionString[] {
  const out: CompositionString[] = [];
  const visit = (value: unknown, path: string, nodeType: string): void => {
    if (out.length >= MAX_STRINGS) return;
    if (typeof value === 'string') {
      out.push({ path, nodeType, text: value });
      return;
    }
    if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index++) visit(value[index], `${path}[${index}]`, nodeType);
      return;
    }
    if (value === null || typeof value !== 'object') return;
    const record = value as Record<string, unknown>;
    const type = typeof record.type === 'string' && path !== '' ? record.type : nodeType;
    for (const key of Object.keys(record)) {
      if (key === 'type' || key === 'theme' || key === 'lang' || key === 'meta') continue;
      visit(record[key], path === '' ? key : `${path}.${key}`, type);
    }
  };
  visit(composition, '', 'view');
  return out;
}

/** All the composition's text at once, for choosing the fonts one image needs. */
export function compositionText(composition: unknown): string {
  return compositionStrings(composition)
    .map((entry) => entry.text)
    .join('\n');
}

/** The composition's language (its optional `lang`), when it has one. */
export function compositionLang(composition: unknown): string | undefined {
  const lang = (composition as { lang?: unknown } | null)?.lang;
  return typeof lang === 'string' ? lang : undefined;
}

const SHOWN = 8;

/**
 * Findings for the strings with characters no loaded font draws, from what `fonts` has fetched
 * (call `fonts.facesFor` on the composition's text first).
 */
export function missingGlyphFindings(
  composition: unknown,
  fonts: ScriptFonts,
): { path: string; nodeType: string; kind: 'missing-glyph'; message: string }[] {
  const lang = compositionLang(composition);
  const strings = compositionStrings(composition);
  const scope = strings.map((entry) => entry.text).join('\n');
  const findings: { path: string; nodeType: string; kind: 'missing-glyph'; message: string }[] = [];
  for (const { path, nodeType, text } of strings) {
    if (!/[^\0-\x7f]/.test(text)) continue;
    const { missing } = fonts.loadedFor(text, lang, scope);
    if (missing.length === 0) continue;
    const named = missing
      .slice(0, SHOWN)
      .map((point) => `U+${point.toString(16).toUpperCase().padStart(4, '0')}`)
      .join(' ');
    const more = missing.length > SHOWN ? ` and ${missing.length - SHOWN} more` : '';
    findings.push({
      path,
      nodeType,
      kind: 'missing-glyph',
      message:
        `has characters no font here can draw (${named}${more}): the picture would show boxes; ` +
        'write them another way, or serve the script fonts (see docs/images.md, "Fonts in your own Worker").',
    });
  }
  return findings;
}
