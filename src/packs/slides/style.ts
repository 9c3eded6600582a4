/**
 * CSS helpers of the slides pack, drawn from the theme: the `sl` prefix that keeps every class off
 * the host page, palette tokens as custom properties (light and dark through `light-dark()`,
 * redeclared for the inverse tone), type roles as font declarations, and the rules of the inline
 * marks.
 */
import { fonts, inversePalette, palette, type PaletteToken, type as typeRoles } from './theme.ts';

/** Every class the pack writes starts with this, so its CSS never touches the host page. */
export const PREFIX = 'sl';

function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/** `var(--sl-<token>)`: primitives name palette tokens, never colours. */
export function color(token: PaletteToken): string {
  return `var(--${PREFIX}-${kebab(token)})`;
}

function declarations(pairs: Record<string, readonly [string, string]>): string {
  return Object.entries(pairs)
    .map(([token, [light, dark]]) => `--${PREFIX}-${kebab(token)}:light-dark(${light},${dark})`)
    .join(';');
}

/** `font-size`, weight and line height of a type role, plus tracking where the role has it. */
export function font(role: keyof typeof typeRoles, family: 'sans' | 'mono' = 'sans'): string {
  const spec = typeRoles[role] as { size: number; weight: number; line: number; tracking?: string };
  const tracking = spec.tracking ? `;letter-spacing:${spec.tracking};text-transform:uppercase` : '';
  return (
    `font-family:${fonts[family]};font-size:${spec.size}px;` +
    `font-weight:${spec.weight};line-height:${spec.line}${tracking}`
  );
}

/** The palette as custom properties on every frame, redeclared for the inverse tone. */
export const PALETTE_CSS =
  `.${PREFIX}-frame{${declarations(palette)}}` + `.${PREFIX}-frame.${PREFIX}-inverse{${declarations(inversePalette)}}`;

/**
 * Inline marks: code chips, and strong text (the primary colour in display-size type). A chip has
 * no side padding: a chip that wraps to a line's start would open that line with it, like a stray
 * space, and the image engine set it otherwise than a browser (none before the code, more after);
 * the mono face's side bearings leave room enough inside the fill.
 */
export const MARKS_CSS = [
  `.${PREFIX}-code{font-family:${fonts.mono};font-size:inherit;font-weight:500;` +
    `background:${color('codeFill')};border-radius:8px}`,
  `.${PREFIX}-strong{font-weight:800}`,
  `.${PREFIX}-display .${PREFIX}-strong{color:${color('primary')}}`,
].join('');
