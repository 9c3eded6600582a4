/**
 * The slides theme: the one source of every colour, size, space and glyph the pack draws.
 * Colours are `[light, dark]` pairs; the stylesheet turns each into a custom property holding
 * `light-dark(…)`, and the inverse tone redeclares every one for its subtree.
 */

type Pair = readonly [light: string, dark: string];

export const palette = {
  bgPage: ['#F7F6F1', '#07101F'],
  bgSurface: ['#FFFFFF', '#0E1A2E'],
  bgMuted: ['#F2F1EC', '#14233A'],
  bgTableHead: ['#F4F5F8', '#15253D'],
  codeFill: ['#ECEAE3', '#1A2B47'],
  text: ['#1A1C21', '#F3F7FC'],
  textSoft: ['#475467', '#B7C4D7'],
  textSubtle: ['#6A717D', '#8697AD'],
  border: ['#D9DEE8', '#25364F'],
  borderDashed: ['#C4CAD6', '#3A4D6A'],
  primary: ['#0B64DD', '#63A7FF'],
  onPrimary: ['#FFFFFF', '#07101F'],
  primaryTint: ['#DCEBFF', '#163A6B'],
  primaryBg: ['#EEF6FF', '#102A4C'],
  primaryBorder: ['#C9DDF8', '#1F4A80'],
  accent: ['#BC1E70', '#FF6BB0'],
  accentBg: ['#FBEAF3', '#3A1630'],
  placeholderStripe: ['#EEECE5', '#0C1728'],
  add: ['#1F7A3D', '#6FD39A'],
  addBg: ['#E6F4EA', '#12301F'],
  remove: ['#B42318', '#FF8A80'],
  removeBg: ['#FDECEA', '#3A1512'],
} as const satisfies Record<string, Pair>;

export type PaletteToken = keyof typeof palette;

/**
 * The inverse tone (title, section and closing slides). In light mode it is the dark page; in
 * dark mode it is lifted off the dark page so the slide still reads as inverse.
 */
export const inversePalette = {
  bgPage: ['#07101F', '#12213A'],
  bgSurface: ['#0E1A2E', '#1A2B45'],
  bgMuted: ['#14233A', '#203452'],
  bgTableHead: ['#15253D', '#203452'],
  codeFill: ['#1A2B47', '#263D60'],
  text: ['#F3F7FC', '#F3F7FC'],
  textSoft: ['#B7C4D7', '#C3CFE0'],
  textSubtle: ['#8697AD', '#93A4BA'],
  border: ['#25364F', '#30466A'],
  borderDashed: ['#3A4D6A', '#48608A'],
  primary: ['#63A7FF', '#7DB6FF'],
  onPrimary: ['#07101F', '#07101F'],
  primaryTint: ['#163A6B', '#1F4A80'],
  primaryBg: ['#102A4C', '#173760'],
  primaryBorder: ['#1F4A80', '#2A5C99'],
  accent: ['#FF6BB0', '#FF85C0'],
  accentBg: ['#3A1630', '#48203D'],
  placeholderStripe: ['#0C1728', '#172A45'],
  add: ['#6FD39A', '#7FDCA6'],
  addBg: ['#12301F', '#173B27'],
  remove: ['#FF8A80', '#FF9A91'],
  removeBg: ['#3A1512', '#481C18'],
} as const satisfies Record<PaletteToken, Pair>;

export const fonts = {
  sans: "Inter, 'Inter Variable', system-ui, -apple-system, 'Segoe UI', sans-serif",
  mono: "'Roboto Mono', ui-monospace, 'SFMono-Regular', Menlo, monospace",
} as const;

/** Font files the image formats register: family, weight, style. Nothing is drawn under 24 px. */
export const fontFaces = [
  ...[400, 500, 600, 700, 800].map((weight) => ({ family: 'Inter', weight, style: 'normal' as const })),
  { family: 'Inter', weight: 400, style: 'italic' as const },
  ...[400, 500, 600, 700].map((weight) => ({ family: 'Roboto Mono', weight, style: 'normal' as const })),
];

/** Type roles: size in px, weight, line height. */
export const type = {
  display: { size: 240, weight: 800, line: 0.9 },
  sectionNumber: { size: 280, weight: 800, line: 0.85 },
  sectionTitle: { size: 120, weight: 800, line: 0.95 },
  closingTitle: { size: 160, weight: 800, line: 0.9 },
  stat: { size: 200, weight: 800, line: 0.9 },
  statUnit: { size: 72, weight: 700, line: 1 },
  statInline: { size: 112, weight: 800, line: 0.95 },
  statement: { size: 104, weight: 800, line: 1.02 },
  quote: { size: 72, weight: 700, line: 1.12 },
  heading: { size: 76, weight: 800, line: 1.05 },
  lede: { size: 36, weight: 400, line: 1.35 },
  itemTitle: { size: 44, weight: 800, line: 1.1 },
  nodeTitle: { size: 36, weight: 800, line: 1.15 },
  bodyL: { size: 32, weight: 400, line: 1.4 },
  body: { size: 28, weight: 400, line: 1.4 },
  bodyS: { size: 26, weight: 400, line: 1.4 },
  label: { size: 24, weight: 700, line: 1.2, tracking: '0.14em' },
  mono: { size: 26, weight: 400, line: 1.45 },
  chrome: { size: 24, weight: 500, line: 1.2 },
} as const;

/** The smallest size anything on a slide is set in (slides are read at about half scale). */
export const MIN_FONT_SIZE = 24;

export const space = {
  px4: 4,
  px8: 8,
  px12: 12,
  px16: 16,
  px20: 20,
  px24: 24,
  px32: 32,
  px40: 40,
  px48: 48,
  px56: 56,
  px64: 64,
  px72: 72,
  px96: 96,
  px128: 128,
} as const;
export const radius = { chipSmall: 8, chip: 10, panel: 12 } as const;
export const stroke = { panel: 1.5, chip: 2, hairline: 2, rail: 3, bar: 4 } as const;

/** The 16:9 canvas and its margins. */
export const frame = {
  width: 1920,
  height: 1080,
  padTop: 112,
  padSide: 128,
  padBottom: 120,
  bodyGap: 48,
  footerBottom: 48,
  footerGap: 14,
  logo: 28,
} as const;

/**
 * A slideWindow's chrome: its title bar's padding, the browser's address field's (the tallest bar)
 * and the body's. The window draws with them and the diagrams subtract them from their room.
 */
export const windowChrome = {
  barPadY: space.px16,
  barPadX: space.px24,
  addressPadY: space.px8,
  addressPadX: space.px20,
  bodyPad: space.px40,
  bodyGap: space.px32,
} as const;

export const CONTENT_WIDTH = frame.width - 2 * frame.padSide;
const BODY_HEIGHT = frame.height - frame.padTop - frame.padBottom;

/** Width estimates without a browser: Inter ExtraBold advances in em. */
export const advance = {
  narrow: 0.3,
  wide: 0.9,
  upper: 0.7,
  digit: 0.62,
  other: 0.58,
  regular: 0.5,
  mono: 0.6,
} as const;
const TIGHTEST_LINE = 0.85;

/** Longest one-line field: the content width in the narrowest glyphs at the smallest size. */
export const FRAME_LINE_CHARACTERS = Math.floor(CONTENT_WIDTH / (advance.narrow * MIN_FONT_SIZE));
/** Longest wrapping field: that many characters on every line the body can hold. */
export const FRAME_BODY_CHARACTERS = FRAME_LINE_CHARACTERS * Math.floor(BODY_HEIGHT / (MIN_FONT_SIZE * TIGHTEST_LINE));

/** Glyphs every surface prints, so text, Markdown and Slack agree with the picture. */
export const glyphs = {
  separator: '·',
  sourcePrefix: 'Source',
  arrow: '→',
  check: '✓',
  cross: '✗',
  dot: '•',
  quoteOpen: '“',
  quoteClose: '”',
  current: 'You are here',
  ellipsis: '…',
} as const;
