/**
 * From a finding's path (`body[0].items[2].label`) to the range of JSON text it names, so the
 * editor can mark the place. The walker reads the text itself (JSON.parse keeps no positions) and
 * stops at the deepest part of the path that exists: a missing `label` marks its object.
 */

export type PathSegment = string | number;

const SEGMENT = String.raw`(?:[A-Za-z_$][A-Za-z0-9_$]*|\[\d+\]|\["(?:[^"\\]|\\.)*"\])`;
const PATH_AT_START = new RegExp(
  String.raw`^(${SEGMENT}(?:\.[A-Za-z_$][A-Za-z0-9_$]*|\[\d+\]|\["(?:[^"\\]|\\.)*"\])*)(?=\s|$)`,
);

/** The path a tool's error line starts with (`<path> (in <type>) <message>`), as segments. */
export function pathOfError(line: string): PathSegment[] | undefined {
  const match = PATH_AT_START.exec(line);
  if (!match) return undefined;
  const segments: PathSegment[] = [];
  const part = /\.?([A-Za-z_$][A-Za-z0-9_$]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]/gy;
  const text = match[1]!;
  while (part.lastIndex < text.length) {
    const piece = part.exec(text);
    if (!piece) return undefined;
    if (piece[1] !== undefined) segments.push(piece[1]);
    else if (piece[2] !== undefined) segments.push(Number(piece[2]));
    else segments.push(JSON.parse(piece[3]!) as string);
  }
  return segments;
}

export interface Located {
  from: number;
  to: number;
  /** How many segments of the path were found (0: none, so the range is the whole document). */
  matched: number;
}

/** Where the value at `path` is in `text` (or its deepest existing ancestor); undefined if the text is not JSON. */
export function locatePath(text: string, path: readonly PathSegment[]): Located | undefined {
  let at = 0;
  const fail = (): never => {
    throw new SyntaxError('not JSON');
  };
  const space = () => {
    while (at < text.length && /\s/.test(text[at]!)) at++;
  };
  const string = (): string => {
    const start = at;
    at++;
    while (at < text.length && text[at] !== '"') at += text[at] === '\\' ? 2 : 1;
    if (at >= text.length) fail();
    at++;
    return JSON.parse(text.slice(start, at)) as string;
  };
  /** Skips one value; returns its start and end. */
  const skip = (): { from: number; to: number } => {
    space();
    const from = at;
    const char = text[at];
    if (char === '"') string();
    else if (char === '{' || char === '[') {
      const close = char === '{' ? '}' : ']';
      at++;
      space();
      if (text[at] === close) at++;
      else
        for (;;) {
          if (char === '{') {
            space();
            if (text[at] !== '"') fail();
            string();
            space();
            if (text[at] !== ':') fail();
            at++;
          }
          skip();
          space();
          if (text[at] === ',') at++;
          else if (text[at] === close) {
            at++;
            break;
          } else fail();
        }
    } else {
      const literal = /^(?:true|false|null|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(text.slice(at, at + 64));
      if (!literal) fail();
      at += literal![0].length;
    }
    return { from, to: at };
  };
  /** Finds `segment` inside the container that starts at `at`; leaves `at` at its value. */
  const enter = (segment: PathSegment): boolean => {
    space();
    const open = text[at];
    if (open === '{' && typeof segment === 'string') {
      at++;
      space();
      if (text[at] === '}') return false;
      for (;;) {
        space();
        const key = string();
        space();
        at++; // the colon
        space();
        if (key === segment) return true;
        skip();
        space();
        if (text[at] === ',') at++;
        else return false;
      }
    }
    if (open === '[' && typeof segment === 'number') {
      at++;
      space();
      if (text[at] === ']') return false;
      for (let index = 0; ; index++) {
        space();
        if (index === segment) return true;
        skip();
        space();
        if (text[at] === ',') at++;
        else return false;
      }
    }
    return false;
  };
  try {
    JSON.parse(text);
  } catch {
    return undefined;
  }
  let range = { from: 0, to: text.length };
  let matched = 0;
  for (const segment of path) {
    const start = range.from;
    at = start;
    if (!enter(segment)) break;
    const valueStart = at;
    range = skip();
    range.from = valueStart;
    matched++;
  }
  return { ...range, matched };
}

/** Line and column (1-based) of an offset, for a JSON syntax error's message. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}
