export { SLIDE_GROUP_TITLES, SLIDE_GROUPS, slidesPack } from './pack.ts';
export { slideDeckFrame } from './deck-frame.ts';
export { slideThemes, type SlideFrameTheme } from './frame-theme.ts';
export { SLIDES_GUIDE, SLIDES_RULES } from './guide.ts';
export { fontFaces, fonts } from './theme.ts';
