/**
 * The slides pack's authoring guide and deck rules, ready for `createIsomerTools({ guide, rules })`.
 */
export const SLIDES_GUIDE = [
  'Write for a room: each composition is one 16:9 slide, read from a distance, one idea at a time.',
  'Every composition’s body is exactly one `slideFrame`; everything the slide shows ' +
    'goes inside it, and the composition’s `title` only names the slide for navigation.',
  'Pick the primitive whose shape matches the idea (a comparison, a ' +
    'sequence, a number, code) rather than writing it out as bullets.',
  'Numbers the user gives over time or across categories are a `slideChart` (kind line for a trend, ' +
    'column for amounts side by side), a ranking of a few is `slideBars`; who reports to whom is a ' +
    '`slideOrgChart`, a folder is `slideTree`.',
  'With more items than a primitive holds, group them (by month, by team) or split them over slides; ' +
    'never drop some silently.',
].join(' ');

export const SLIDES_RULES = [
  'One idea per slide. A deck is five kinds of slide: a title slide first (an inverse frame holding ' +
    '`slideTitle`), section dividers (inverse, `slideSection`, with its slides’ titles if known), content slides ' +
    '(`slideHeading`, then one main primitive, then an optional `slideSource`), statement or quote slides (a ' +
    'lone `slideStatement` or `slideQuote`, no heading), and a closing slide last (inverse, `slideClosing`).',
  'Write headings as claims in full sentences (“Refunds settle in two days”), not topic labels (“Refunds”).',
  'Several slides are one deck (`compositions`): split a crowded slide into two rather than shrink it. A talk ' +
    'opens with a title slide and ends with a closing slide; a deck of three needs neither unless asked. Number ' +
    'sections 01, 02… in order, each once: its divider and every slide in it carry the same number and name.',
  'Keep `brand`, `url` and `logo` the same on every frame. A footer section (`sectionNumber`, `section`) ' +
    'belongs only to a deck that has sections (then on every slide but the title; the closing slide keeps ' +
    'the last) or to a slide whose section the user names; a lone slide has none.',
  'Use the tones `primary` (yours, in focus) and `accent` (the other ' +
    'party) only where ownership or focus matters; never name colours.',
  'The canvas is fixed at 1920×1080 and nothing is set under 24 px: schema limits are ceilings, ' +
    'not targets. If a render overflows, set `size` one step lower, then shorten the copy.',
  'Use typographic punctuation (’ “ ” – —): the same strings appear verbatim in text, Markdown and Slack.',
  'Never invent numbers, quotes or screenshots. Leave a stat’s `value` out to show a placeholder instead.',
  'Draw only what the user said: omit optional fields they did not give (a quadrant’s name, a body, how a ' +
    'before/after was measured, a section’s slides, a link’s caption); slides look intended without them. ' +
    'A channel is a link’s `text`, not an href. Facts have fields: a title’s `date` and `place`, a list item’s ' +
    '`owner` and `due`, a command’s `output`, a chart point’s `notes`, a transcript’s named `speakers`.',
];
