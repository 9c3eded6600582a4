/**
 * Generated compositions for the layout agreement (issue 34): content cut off inside a box that hides
 * its overflow — a transcript in a chat window, a long table or listing in a window, a window in a
 * split pane, a code line too wide for its pane — each beside a well-drawn counterpart of the same
 * shape that fits. Named `clipped-…` and `fits-…`; the agreement test holds Chromium to flag every
 * `clipped-` one and neither side to flag a `fits-` one.
 */

const TURN = [
  'My refund from last Tuesday still has not arrived. Can you check where it is? I called twice and waited on hold.',
  'I found it: the refund was approved on Tuesday and waits for the nightly settlement batch at your bank.',
  'Why does it wait for a batch? The purchase was instant, so why should the refund take days to reach my card?',
  'Refunds are settled in the bank’s overnight run; yours goes out tonight and shows by tomorrow morning at the latest.',
];
const SHORT_TURN = ['Where is my refund?', 'It goes out tonight.', 'Thanks!', 'You are welcome.'];
const CHROMES = ['chat', 'slack', 'browser', 'terminal'] as const;

type Node = Record<string, unknown>;

function slide(heading: Node | undefined, ...nodes: Node[]): Record<string, unknown> {
  return {
    type: 'view',
    title: 'Case',
    body: [{ type: 'slideFrame', brand: 'Ledger', body: heading ? [heading, ...nodes] : nodes }],
  };
}

const heading = (lede: boolean): Node => ({
  type: 'slideHeading',
  title: 'What the support chat said',
  ...(lede ? { lede: 'A customer asked where a refund was; the assistant answered from the ledger.' } : {}),
});

const window = (chrome: string, body: Node[]): Node => ({ type: 'slideWindow', chrome, title: 'Support', body });

const transcript = (turns: readonly string[]): Node => ({
  type: 'slideTranscript',
  turns: turns.map((text, i) => ({ role: i % 2 === 0 ? 'user' : 'model', text })),
});

const table = (rows: number, long: boolean): Node => ({
  type: 'slideTable',
  columns: ['Depot', 'Status', 'Note'],
  rows: Array.from({ length: rows }, (_, i) => [
    `Depot ${i + 1}`,
    long ? 'Waiting for the nightly settlement batch at the bank' : 'Settled',
    long ? 'The refund was approved and is queued for the overnight run at the partner bank' : 'On time',
  ]),
});

/** A line of about `width` characters (a short statement for 0): a statement, then a comment that fills the rest. */
function codeLine(i: number, width: number): string {
  if (width === 0) return `await settle(${i});`;
  const statement = `const batch${i} = await ledger.settle({ day: ${i} });`;
  const room = width - statement.length - 4;
  return room <= 0
    ? statement
    : `${statement} // ${'runs after the nightly batch '.repeat(8).slice(0, room).trimEnd()}`;
}

const code = (lines: number, width: number): Node => ({
  type: 'slideCode',
  panels: [
    {
      file: 'settle.ts',
      language: 'ts',
      lines: Array.from({ length: lines }, (_, i) => codeLine(i, width)),
    },
  ],
});

const bullets = (items: number, long: boolean): Node => ({
  type: 'slideBulletList',
  items: Array.from({ length: items }, (_, i) =>
    long
      ? `Refund ${i + 1} waits for the nightly settlement batch at the partner bank, which runs after midnight and posts by morning.`
      : `Refund ${i + 1} settled.`,
  ),
});

/** Two lines of code in a pane, the second `line`: padded text (the line's 32 px sides) near its edge. */
const paneCode = (line: string): Node =>
  split([{ type: 'slideCode', panels: [{ file: 'settle.ts', language: 'ts', lines: ['const day = 1;', line] }] }]);

const split = (aside: Node[]): Node => ({
  type: 'slideSplit',
  panes: [{ items: [bullets(2, false)] }, { items: aside }],
});

/** Every generated case: `clipped-…` cut off inside a box, `fits-…` the same shape drawn whole. */
export function clippingCases(): { name: string; composition: Record<string, unknown> }[] {
  const cases: { name: string; composition: Record<string, unknown> }[] = [];
  const add = (name: string, composition: Record<string, unknown>) => cases.push({ name, composition });
  for (const chrome of CHROMES) {
    // The case: the last message half gone at the window's bottom edge.
    add(`clipped-transcript-in-${chrome}-window`, slide(heading(true), window(chrome, [transcript(TURN)])));
    add(
      `fits-transcript-in-${chrome}-window`,
      slide(heading(true), window(chrome, [transcript(SHORT_TURN.slice(0, 2))])),
    );
  }
  add('clipped-four-turns-under-title', slide(heading(false), window('chat', [transcript(TURN)])));
  add('fits-two-turns-under-title', slide(heading(false), window('chat', [transcript(TURN.slice(0, 2))])));
  add('clipped-three-turns-under-lede', slide(heading(true), window('chat', [transcript(TURN.slice(0, 3))])));
  add('fits-two-turns-under-lede', slide(heading(true), window('chat', [transcript(TURN.slice(0, 2))])));
  for (const lede of [false, true]) {
    const under = lede ? 'under-lede' : 'under-title';
    add(`clipped-long-table-in-window-${under}`, slide(heading(lede), window('browser', [table(6, true)])));
    add(`fits-short-table-in-window-${under}`, slide(heading(lede), window('browser', [table(3, false)])));
    add(`clipped-long-list-in-window-${under}`, slide(heading(lede), window('slack', [bullets(6, true)])));
    add(`fits-short-list-in-window-${under}`, slide(heading(lede), window('slack', [bullets(3, false)])));
  }
  add('clipped-long-code-in-window', slide(heading(true), window('terminal', [code(16, 40)])));
  add('fits-short-code-in-window', slide(heading(true), window('terminal', [code(4, 40)])));
  add(
    'clipped-two-nodes-in-window',
    slide(heading(true), window('chat', [transcript(TURN.slice(0, 2)), table(3, true)])),
  );
  add(
    'fits-two-nodes-in-window',
    slide(heading(true), window('chat', [transcript(SHORT_TURN.slice(0, 2)), table(1, false)])),
  );
  add('clipped-window-in-split-pane', slide(heading(false), split([window('chat', [transcript(TURN)])])));
  add(
    'fits-window-in-split-pane',
    slide(heading(false), split([window('chat', [transcript(SHORT_TURN.slice(0, 2))])])),
  );
  add('clipped-wide-code-in-split-pane', slide(heading(false), split([code(3, 90)])));
  add('fits-narrow-code-in-split-pane', slide(heading(false), split([code(3, 0)])));
  // Text is laid out from its box's content edge: a line past its right padding by a few pixels is
  // cut, one that ends a few pixels short of the padding is whole (both missed when text was placed
  // from the border edge, 68 px further left).
  add(
    'clipped-code-line-past-padding-in-split-pane',
    slide(heading(false), paneCode('const settled = await ledger.settleBatch(batchId);')),
  );
  add(
    'fits-code-line-filling-split-pane',
    slide(heading(false), paneCode('const settled = await ledger.settle(batchIds);')),
  );
  return cases;
}
