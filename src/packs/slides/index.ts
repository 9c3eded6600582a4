/**
 * isomer-edge/slides: the slides pack — its primitives (`slidesPack`), the deck frame, the guide
 * and rules, the theme and fonts. The built-in Worker serves it (`src/built-in/options.ts`).
 */
export { SLIDE_GROUP_TITLES, SLIDE_GROUPS, slidesPack } from './pack.ts';
export { slideDeckFrame } from './deck-frame.ts';
export { slideDeckRule } from './deck-rule.ts';
export { slideThemes, type SlideFrameTheme } from './frame-theme.ts';
export { SLIDES_GUIDE, SLIDES_RULES } from './guide.ts';
export { fontFaces, fonts } from './theme.ts';
