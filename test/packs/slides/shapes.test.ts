/**
 * The shapes agents reached for (issue 34), as fields of existing primitives: named speakers in a
 * transcript, two to six lanes, notes on chart points, a command with what it prints, a title's
 * date and place, owners and due dates on list rows; and the reference `crate` deck's title with a
 * fanout aside. Each validates, draws with no layout finding, prints on every text surface, keeps
 * hostile text inert, and refuses what cannot be drawn with an error that says what to do.
 */
import { describe, expect, it } from 'vitest';
import { formatValidationError, type PrimitiveNode } from '../../../src/index.ts';
import { createLayoutCheck } from '../../../src/images/index.ts';
import { AT, fixture, previewSlide, rendersEverywhere, slidesRuntime } from '../../support/slides.ts';

const { text, markdown, html, slack } = slidesRuntime.surfaces;
const layout = createLayoutCheck({ snapshot: slidesRuntime.surfaces.snapshot! });

function formatted(node: Record<string, unknown>): string[] {
  return slidesRuntime.validate(previewSlide(node as PrimitiveNode)).errors.map(formatValidationError);
}

/** Validates, renders on every surface, and draws with no layout finding, light and dark. */
function drawsClean(node: Record<string, unknown>): void {
  const composition = previewSlide(node as PrimitiveNode);
  rendersEverywhere(composition);
  for (const theme of ['light', 'dark'] as const)
    expect(layout.check(composition, { theme }).map((finding) => `${finding.path}: ${finding.message}`)).toEqual([]);
}

const slackText = (node: Record<string, unknown>) => JSON.stringify(slack.renderNode(node).blocks);

/** Every mrkdwn text in Slack blocks: the only text Slack parses (rich_text is taken as written). */
function mrkdwnTexts(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(mrkdwnTexts);
  if (typeof value !== 'object' || value === null) return [];
  const entry = value as Record<string, unknown>;
  const own = entry.type === 'mrkdwn' && typeof entry.text === 'string' ? [entry.text] : [];
  return [...own, ...Object.values(entry).flatMap(mrkdwnTexts)];
}

const conversation = {
  type: 'slideTranscript',
  label: 'A late parcel',
  speakers: [{ name: 'Customer', side: 'right' }, { name: 'Agent' }],
  turns: [
    { speaker: 0, text: 'My parcel says delivered but it is not here.' },
    { speaker: 1, text: 'The driver left it with **number 12**.' },
  ],
};

describe('slideTranscript with named speakers', () => {
  const at = (path: string, message: string) => `${AT}${path} (in slideTranscript) ${message}`;

  it('draws each speaker by name on their side, and prints the names on every text surface', () => {
    drawsClean(conversation);
    expect(text.renderNode(conversation)).toBe(
      'A LATE PARCEL\n\nCustomer: My parcel says delivered but it is not here.\n\nAgent: The driver left it with number 12.',
    );
    expect(markdown.renderNode(conversation)).toContain('**Agent:** The driver left it with **number 12**.');
    expect(slackText(conversation)).toContain('*Customer*\\nMy parcel says delivered');
    const body = html.renderNode(conversation).body;
    expect(body).toContain('sl-turn sl-turn-side-right"><div class="sl-turn-role">Customer</div>');
    expect(body).toContain('sl-turn sl-turn-side-left"><div class="sl-turn-role">Agent</div>');
  });

  it('keeps the user, model and host roles as they were', () => {
    const node = fixture('slide-transcript');
    expect(formatted(node)).toEqual([]);
    expect(html.renderNode(node).body).toContain('sl-turn sl-turn-user"><div class="sl-turn-role">User</div>');
  });

  it('refuses a turn with neither or both, a speaker past the list, and a speaker with no list', () => {
    const node = structuredClone(conversation) as Record<string, any>;
    node.turns = [{ text: 'Hello' }, { role: 'user', speaker: 0, text: 'Hi' }, { speaker: 2, text: 'Hey' }];
    expect(formatted(node)).toEqual([
      at('.turns[0].role', 'needs a role or a speaker: role for user, model and host; speaker for a named person'),
      at('.turns[1].speaker', 'must not be set together with role: a turn has a role or a speaker, not both'),
      at('.turns[2].speaker', 'must be a speaker index below 2'),
    ]);
    expect(formatted({ ...node, speakers: undefined, turns: [{ speaker: 0, text: 'Hi' }] })).toEqual([
      at('.turns[0].speaker', 'needs speakers: list the people in speakers, or give the turn a role'),
    ]);
    expect(formatted({ ...conversation, speakers: [{ name: 'Solo' }] })).toEqual([
      at('.speakers', 'must have at least 2 items'),
      at('.turns[1].speaker', 'must be a speaker index below 1'),
    ]);
  });
});

describe('slideLanes with more than two lanes', () => {
  const incident = {
    type: 'slideLanes',
    lanes: [
      { label: 'Incident lead', steps: ['Declare', 'Assign roles'], tone: 'primary' },
      { label: 'Operations', steps: ['Triage', 'Roll back'] },
      { label: 'Comms', steps: ['Status page'] },
    ],
    join: 'Resolved',
  };

  it('draws three lanes meeting the rail in a turn, a T and a turn, and prints each route', () => {
    drawsClean(incident);
    const body = html.renderNode(incident).body;
    expect(body).toContain('sl-lanes-grid sl-lanes-n3');
    expect(body.match(/sl-lanes-elbow sl-lanes-r\d sl-lanes-(first|mid|last)/g)).toEqual([
      'sl-lanes-elbow sl-lanes-r0 sl-lanes-first',
      'sl-lanes-elbow sl-lanes-r1 sl-lanes-mid',
      'sl-lanes-elbow sl-lanes-r2 sl-lanes-last',
    ]);
    expect(text.renderNode(incident)).toBe(
      'INCIDENT LEAD: Declare → Assign roles → Resolved\nOPERATIONS: Triage → Roll back → Resolved\nCOMMS: Status page → Resolved',
    );
  });

  it('fits six lanes of five steps with two notes on the slide', () => {
    const lane = (label: string) => ({ label, steps: ['Plan', 'Build', 'Test', 'Review', 'Ship'] });
    drawsClean({
      type: 'slideLanes',
      lanes: ['Design', 'Backend', 'Mobile', 'Support', 'Legal', 'Marketing'].map(lane),
      join: 'Launch',
      notes: [
        { title: 'Critical path', body: 'The load test gates the launch date.' },
        { title: 'Sign-off', body: 'Each lead signs off in the launch channel.' },
      ],
    });
  });
});

describe('slideChart notes', () => {
  const at = (path: string, message: string) => `${AT}${path} (in slideChart) ${message}`;
  const spike = {
    type: 'slideChart',
    kind: 'line',
    categories: ['May', 'Jun', 'Jul', 'Aug'],
    series: [{ name: 'Scans per hour', values: [4350, 4410, 9800, 4600] }],
    notes: [{ at: 2, text: 'The load-test cluster' }],
  };

  it('puts a numbered badge over the point and the words under the chart, on every surface', () => {
    drawsClean(spike);
    drawsClean({
      ...spike,
      kind: 'column',
      notes: [...spike.notes, { at: 0, text: 'Old scanners' }, { at: 3, text: 'Holidays' }],
    });
    const body = html.renderNode(spike).body;
    expect(body).toMatch(/<div class="sl-chart-badge" style="left:62\.500%;top:[\d.]+%">1<\/div>/);
    expect(body).toContain('<span class="sl-chart-note-at">Jul</span> The load-test cluster');
    expect(text.renderNode(spike).split('\n').at(-1)).toBe('(1) Jul · The load-test cluster');
    expect(markdown.renderNode(spike)).toContain('\n\n1. **Jul** · The load-test cluster');
  });

  it('refuses a note past the categories, two on one category, and more than three', () => {
    expect(formatted({ ...spike, notes: [{ at: 4, text: 'x' }] })).toEqual([
      at('.notes[0].at', 'must be a category index below 4'),
    ]);
    expect(
      formatted({
        ...spike,
        notes: [
          { at: 2, text: 'a' },
          { at: 2, text: 'b' },
        ],
      }),
    ).toEqual([at('.notes[1].at', 'must name a category no other note names: put both points in one note')]);
    const four = [0, 1, 2, 3].map((i) => ({ at: i, text: `Note ${i}` }));
    expect(formatted({ ...spike, notes: four })).toEqual([at('.notes', 'must have at most 3 items')]);
  });
});

describe('slideCommand output', () => {
  const at = (path: string, message: string) => `${AT}${path} (in slideCommand) ${message}`;
  const run = {
    type: 'slideCommand',
    command: 'npm test',
    output: [' ✓ scan.test.ts (12 tests)', '', ' Tests  12 passed (12)'],
  };

  it('draws what the command prints under it and prints both as one console listing', () => {
    drawsClean(run);
    const listing = '$ npm test\n ✓ scan.test.ts (12 tests)\n\n Tests  12 passed (12)';
    expect(text.renderNode(run)).toBe(listing);
    expect(markdown.renderNode(run)).toBe(`\`\`\`console\n${listing}\n\`\`\``);
    expect(slackText(run)).toContain(JSON.stringify(listing));
    expect(html.renderNode(run).body).toContain('<div class="sl-command-printed">\u00A0</div>');
  });

  it('refuses a tab, a line wider than the box, and more than ten lines', () => {
    expect(formatted({ ...run, output: ['a\tb'] })).toEqual([
      at('.output[0]', 'must be one line: no tabs or line breaks (indent with spaces)'),
    ]);
    expect(formatted({ ...run, output: ['x'.repeat(103)] })[0]).toContain(
      at('.output[0]', 'must fit in 102 columns (wide characters count 2), this line takes 103: '),
    );
    expect(formatted({ ...run, output: Array.from({ length: 11 }, (_, i) => `line ${i}`) })).toEqual([
      at('.output', 'must have at most 10 items'),
    ]);
  });
});

describe('slideTitle date, place and a fanout aside', () => {
  it('prints the date and place under the tagline on every surface', () => {
    const node = { type: 'slideTitle', title: 'Relay', tagline: 'One scan.', date: '14 May 2025', place: 'Rotterdam' };
    drawsClean(node);
    expect(text.renderNode(node)).toBe('Relay\nOne scan.\n14 May 2025 · Rotterdam');
    expect(markdown.renderNode(node)).toBe('# Relay\n\nOne scan.\n\n_14 May 2025 · Rotterdam_');
    expect(slackText({ ...node, date: undefined })).toContain('{"type":"mrkdwn","text":"Rotterdam"}');
  });

  it('draws the crate-style title with a fanout aside, upright, with no layout finding', () => {
    const deck = fixture('deck-fanout-title-slide');
    rendersEverywhere(deck);
    for (const theme of ['light', 'dark'] as const) expect(layout.check(deck, { theme })).toEqual([]);
    const body = html.render(deck, { heading: false }).body;
    expect(body).toContain('<div class="sl-title-aside sl-narrow"><div class="sl-fanout sl-fanout-l">');
  });

  it('still refuses what the aside cannot draw, naming the fanout among what it holds', () => {
    const node = { ...fixture('slide-title'), aside: fixture('slide-table') };
    expect(formatted(node)).toEqual([
      `${AT.replace('body[1]', 'body[0]')}.aside (in slideTable) slideTable does not fit the aside, a column 640 px ` +
        'wide beside the title: the aside holds a slideBulletList, slideBars, slideDefinitions, slideDelta, ' +
        'slideFanout, slideQuote, slideSource or a slideStack of them; put the slideTable on a slide of its own ' +
        'under a slideHeading',
    ]);
  });
});

describe('slideList owners and due dates', () => {
  const actions = {
    type: 'slideList',
    label: 'Actions',
    items: [
      { body: 'Add a retry to the upload', owner: 'Priya', due: 'Friday' },
      { body: 'Write the postmortem', owner: 'Tomás' },
    ],
  };

  it('draws the owner as a chip at the row’s end and prints who and when after each row', () => {
    drawsClean(actions);
    expect(text.renderNode(actions)).toBe(
      'ACTIONS\n\n• Add a retry to the upload · Priya · Friday\n• Write the postmortem · Tomás',
    );
    expect(markdown.renderNode(actions)).toContain('- Add a retry to the upload · **Priya** · Friday');
    const body = html.renderNode(actions).body;
    expect(body).toContain('sl-list-rows sl-list-untermed sl-list-owned');
    expect(body).toContain('<span class="sl-list-owner">Priya</span><span class="sl-list-due">Friday</span>');
  });
});

describe('hostile text in the new fields', () => {
  const hostile = '<script>alert(1)</script> <!channel> *bold* <https://evil.example|click>';

  it('stays inert in HTML and Slack', () => {
    const nodes = [
      { ...conversation, speakers: [{ name: hostile, side: 'right' }, { name: 'Agent' }] },
      { type: 'slideList', items: [{ body: 'Fix it', owner: hostile, due: hostile }] },
      {
        type: 'slideChart',
        kind: 'column',
        categories: ['A', 'B'],
        series: [{ name: 'n', values: [1, 2] }],
        notes: [{ at: 1, text: hostile }],
      },
      { type: 'slideCommand', command: 'ls', output: [hostile] },
      { type: 'slideTitle', title: 'T', date: hostile, place: hostile },
    ];
    for (const node of nodes) {
      expect(formatted(node)).toEqual([]);
      const body = html.renderNode(node).body;
      expect(body).not.toContain('<script>');
      expect(body).toContain('&lt;script&gt;');
      for (const mrkdwn of mrkdwnTexts(slack.renderNode(node).blocks)) expect(mrkdwn).not.toMatch(/<!channel>|<https:/);
    }
  });
});
