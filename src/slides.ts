/** The slides pack: `slidesPack`, `slideDeckFrame`, and the guide and rules for agent tools. */
export * from './core/packs/slides/index.ts';
