/**
 * What a stylesheet says, read once per isolate: a pack's stylesheet is the same text on every
 * image and layout check, so what the formats read from it (clipping classes, font declarations)
 * is kept by its text rather than read again by regular expression each time.
 */

/** Stylesheets remembered per reader: a pack's light, dark and auto sheets, with room to spare. */
export const STYLESHEETS_REMEMBERED = 8;

/** `read`, remembered for the last few distinct stylesheets (oldest forgotten first). */
export function perStylesheet<T>(read: (sheet: string) => T): (sheet: string) => T {
  const known = new Map<string, T>();
  return (sheet) => {
    const hit = known.get(sheet);
    if (hit !== undefined) return hit;
    const value = read(sheet);
    if (known.size >= STYLESHEETS_REMEMBERED) known.delete(known.keys().next().value!);
    known.set(sheet, value);
    return value;
  };
}
