/**
 * The format registry: every format a Worker can answer, declared once with its name, media type,
 * what it renders from, whether it takes a stored picture and whether it can be stored as an
 * image. The runtime's surfaces, the tools, the HTTP routes, the `?image=` rule, the OpenAPI
 * document, the format table in docs/http.md (checked by a test) and the test sweeps all read it.
 */
import type { ChatHost } from './chat-hosts/host.ts';
import { BUILT_IN_HOSTS } from './chat-hosts/registry.ts';

export interface FormatEntry {
  readonly name: string;
  /** How people name it (a tab, a table row): `Google Chat`, `PNG`. */
  readonly title: string;
  readonly mimeType: string;
  /**
   * What it is drawn from: a runtime surface (text, Markdown, HTML, Slack's per-primitive
   * renderers), the Markdown content tree (the chat hosts), or the snapshot markup drawn by the
   * image engine.
   */
  readonly from: 'surface' | 'markdown' | 'snapshot';
  /** Its messages can carry a stored picture of the composition (`?image=above|only`). */
  readonly picture: boolean;
  /** It can be stored and served as a stored image (`POST /images/{format}`). */
  readonly hosted: boolean;
  /** The query options its render route reads, in the order they are documented. */
  readonly options: readonly FormatOption[];
  /** The chat host behind it, when it is one. */
  readonly host?: ChatHost;
}

/**
 * What a render route's query may say: the colour scheme, whether the title is drawn, the image
 * scale, a stored picture in the message (`image`), and the layout findings header.
 */
export const FORMAT_OPTIONS = ['theme', 'heading', 'scale', 'image', 'layout'] as const;
export type FormatOption = (typeof FORMAT_OPTIONS)[number];

/** The options in documented order: `FORMAT_OPTIONS` that `read` keeps. */
const optionsOf = (read: (option: FormatOption) => boolean): FormatOption[] => FORMAT_OPTIONS.filter(read);

/** The runtime's own surfaces besides Slack's, which is a host. */
const PAGE_FORMATS = {
  text: 'text/plain; charset=utf-8',
  markdown: 'text/markdown; charset=utf-8',
  html: 'text/html; charset=utf-8',
} as const;

/** The titles of the formats that are not hosts (a host declares its own). */
const TITLES: Readonly<Record<keyof typeof PAGE_FORMATS | ImageFormatName, string>> = {
  text: 'Text',
  markdown: 'Markdown',
  html: 'HTML',
  png: 'PNG',
  webp: 'WebP',
  svg: 'SVG',
  pdf: 'PDF',
};

/** What the image engine draws (the `isomer-edge/images` entry), each storable as a stored image. */
export const IMAGE_FORMATS = {
  png: 'image/png',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
} as const;

export type ImageFormatName = keyof typeof IMAGE_FORMATS;
export const IMAGE_FORMAT_NAMES = Object.keys(IMAGE_FORMATS) as ImageFormatName[];

/** The surface hosts among the built-in ones: the runtime draws them itself. */
type SurfaceHostName = Extract<(typeof BUILT_IN_HOSTS)[number], { from: 'surface' }>['name'];

/** The formats a runtime renders itself, with the media type each is served as. */
export const BUILT_IN_FORMATS = {
  ...PAGE_FORMATS,
  ...(Object.fromEntries(BUILT_IN_HOSTS.filter((host) => host.from === 'surface').map((h) => [h.name, h.mimeType])) as {
    [K in SurfaceHostName]: string;
  }),
};

export type BuiltInFormat = keyof typeof BUILT_IN_FORMATS;

/** The built-in format names, in the order tools and routes list them. */
export const BUILT_IN_FORMAT_NAMES = Object.keys(BUILT_IN_FORMATS) as readonly BuiltInFormat[];

export function isBuiltInFormat(name: string): name is BuiltInFormat {
  return Object.hasOwn(BUILT_IN_FORMATS, name);
}

/**
 * Every format, in listing order: the runtime's surfaces (Slack among them), the image formats,
 * then the hosts converted from the Markdown tree, in registry order.
 * @example
 * ```ts
 * import { BUILT_IN_HOSTS, formatRegistry } from 'isomer-edge/chat';
 *
 * declare const zulipHost: (typeof BUILT_IN_HOSTS)[number];
 * const pictured = formatRegistry([...BUILT_IN_HOSTS, zulipHost])
 *   .filter((entry) => entry.picture)
 *   .map((entry) => entry.name); // ['slack', 'teams', 'googlechat']
 * ```
 */
export function formatRegistry(hosts: readonly ChatHost[] = BUILT_IN_HOSTS): readonly FormatEntry[] {
  // Every host draws the title unless `heading=false`; a picture reads `theme` and `scale`.
  const entry = (host: ChatHost): FormatEntry => {
    const picture = host.picture !== undefined;
    return {
      name: host.name,
      title: host.title,
      mimeType: host.mimeType,
      from: host.from,
      picture,
      hosted: false,
      options: optionsOf((option) => option === 'heading' || option === 'layout' || picture),
      host,
    };
  };
  return [
    ...Object.entries(PAGE_FORMATS).map(([name, mimeType]) => ({
      name,
      title: TITLES[name as keyof typeof PAGE_FORMATS],
      mimeType,
      from: 'surface' as const,
      picture: false,
      hosted: false,
      options: optionsOf(
        (option) => option === 'heading' || option === 'layout' || (option === 'theme' && name === 'html'),
      ),
    })),
    ...hosts.filter((host) => host.from === 'surface').map(entry),
    ...Object.entries(IMAGE_FORMATS).map(([name, mimeType]) => ({
      name,
      title: TITLES[name as ImageFormatName],
      mimeType,
      from: 'snapshot' as const,
      picture: false,
      hosted: true,
      options: optionsOf((option) => option === 'theme' || option === 'scale' || option === 'layout'),
    })),
    ...hosts.filter((host) => host.from === 'markdown').map(entry),
  ];
}

/** What a client learns of a served format (`GET /formats`): its registry entry, or a host format given in code. */
export type ServedFormat = Pick<FormatEntry, 'name' | 'title' | 'mimeType' | 'picture' | 'hosted' | 'options'>;

/**
 * What a format given in code may be called: it is a path segment of `/render/{format}`, a word in
 * `isomer_render`'s enum and part of an OpenAPI operation name, each as it stands.
 */
export const CODE_FORMAT_NAME = /^[a-z][a-z0-9-]{0,39}$/;

/** A format a host gives in code (`createIsomerTools({ formats })`): it is handed every option but a picture. */
export function codeFormat(name: string, mimeType: string): ServedFormat {
  return {
    name,
    title: name,
    mimeType,
    picture: false,
    hosted: false,
    options: optionsOf((option) => option !== 'image'),
  };
}

/** The built-in formats. */
export const FORMATS: readonly FormatEntry[] = formatRegistry();
