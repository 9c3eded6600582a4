/**
 * The surface tabs as data: the served formats read from a `GET /formats` answer, and one tab per
 * format (its name, title and panel), in the Worker's order. No DOM here, so the tab list a
 * Worker's formats give (an added chat host's among them) is tested without a browser;
 * `surfaces.ts` turns these into buttons and panels.
 */
/** A format as `GET /formats` lists it (the fields the page reads). */
export interface ServedFormat {
  readonly name: string;
  readonly title: string;
  readonly mimeType: string;
  readonly options: readonly string[];
}

/** One surface tab: the format it shows, its label and the ids that tie it to its panel. */
export interface FormatTab {
  readonly name: string;
  readonly title: string;
  readonly id: string;
  readonly panel: string;
}

/** The served formats, read from a `GET /formats` answer; anything not shaped as a format is left out. */
export function readFormats(answer: unknown): ServedFormat[] {
  const formats = (answer as { formats?: unknown } | null)?.formats;
  if (!Array.isArray(formats)) throw new Error('GET /formats did not list formats');
  return formats.filter(
    (format): format is ServedFormat =>
      typeof format?.name === 'string' &&
      typeof format.title === 'string' &&
      typeof format.mimeType === 'string' &&
      Array.isArray(format.options),
  );
}

/** One tab per served format, in the Worker's order, titled as the Worker titles it. */
export function formatTabs(formats: readonly ServedFormat[]): FormatTab[] {
  return formats.map(({ name, title }) => ({ name, title, id: `tab-${name}`, panel: `panel-${name}` }));
}
