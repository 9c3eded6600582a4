/**
 * A valid one-slide composition from the primitives the slides pack registers today (slideFrame,
 * slideHeading, slideBulletList), shared by the workerd tests, the end-to-end run and the bench.
 */
export function oneSlide(
  overrides: { title?: string; lede?: string; points?: string[]; brand?: string; url?: string } = {},
) {
  return {
    type: 'view',
    title: overrides.title ?? 'Refunds settle in two days',
    body: [
      {
        type: 'slideFrame',
        brand: overrides.brand ?? 'Ledger',
        section: 'Settlement',
        sectionNumber: '02',
        ...(overrides.url !== undefined ? { url: overrides.url } : {}),
        body: [
          {
            type: 'slideHeading',
            title: overrides.title ?? 'Refunds settle in **two days**, not five',
            lede: overrides.lede ?? 'Moving the ledger write ahead of the fraud check removed three batch windows.',
          },
          {
            type: 'slideBulletList',
            items: overrides.points ?? [
              'Search tolerates typos',
              'Carts survive a lost connection',
              'Checkout saves a card in one tap',
            ],
          },
        ],
      },
    ],
  };
}
