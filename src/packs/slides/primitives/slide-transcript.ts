/**
 * slideTranscript: a short exchange as chat bubbles, each turn prose or code: between a user, a
 * model and the host app (the user's on the right), or between named speakers, each on the side
 * given. For what a model was asked and answered, a tool call and the retry, or a conversation
 * between people (a customer and an agent).
 */
import * as z from 'zod';
import { definePrimitive } from '../../../core/model/primitive.ts';
import { html } from '../../../core/model/markup.ts';
import { md } from '../../../core/markdown/builder.ts';
import { escapeMrkdwn, mrkdwnBold, mrkdwnSection } from '../../../core/chat-hosts/slack/mrkdwn.ts';
import { lineText, wrappedText } from '../fields.ts';
import { preformatted } from '../parts/code-panel.ts';
import { charLoad, largestStep, type SlideSize } from '../parts/type-scale.ts';
import { marksHtml, marksMarkdown, marksMrkdwn, marksText } from '../marks.ts';
import { color, font, PREFIX } from '../style.ts';
import { advance, CONTENT_WIDTH, fonts, MIN_FONT_SIZE, radius, space, stroke, type } from '../theme.ts';

const ROLES = ['user', 'model', 'host'] as const;
type Role = (typeof ROLES)[number];
const FORMATS = ['prose', 'code'] as const;

/** How every surface names a role. */
const ROLE_LABEL: Record<Role, string> = { user: 'User', model: 'Model', host: 'Host' };

/** Type per size step, the bubble's geometry, and the room the turns may take under a heading. */
const transcript = {
  prose: { l: type.bodyL.size, m: type.body.size, s: type.bodyS.size },
  code: { l: type.body.size, m: type.mono.size, s: MIN_FONT_SIZE },
  line: type.body.line,
  bubble: { maxWidth: Math.round(CONTENT_WIDTH * 0.8), padX: space.px24, padY: space.px16 },
  turnGap: space.px20,
  roleGap: space.px8,
  room: 640,
} as const;

const roleHeight = Math.round(type.label.size * type.label.line);

/** Estimated height of the turns at a step: wrapped rows in bubbles as wide as they may grow. */
function heightAt(turns: readonly Turn[], label: boolean, step: SlideSize): number {
  const inner = transcript.bubble.maxWidth - 2 * transcript.bubble.padX - 2 * stroke.panel;
  let height = label ? roleHeight + space.px16 : 0;
  turns.forEach((turn, i) => {
    const isCode = turn.format === 'code';
    const px = isCode ? transcript.code[step] : transcript.prose[step];
    const perRow = Math.floor(inner / ((isCode ? advance.mono : advance.regular) * px));
    const text = isCode ? turn.text : marksText(turn.text);
    const rows = text.split('\n').reduce((sum, line) => sum + Math.max(1, Math.ceil(charLoad(line) / perRow)), 0);
    height +=
      (i > 0 ? transcript.turnGap : 0) +
      roleHeight +
      transcript.roleGap +
      2 * transcript.bubble.padY +
      rows * Math.round(px * transcript.line);
  });
  return height;
}

const SIDES = ['left', 'right'] as const;
type Side = (typeof SIDES)[number];
/** Named speakers a transcript may have: two to four people still read as one conversation. */
const SPEAKERS = { min: 2, max: 4 } as const;

const speakerSchema = z.strictObject({
  name: lineText(
    'The speaker’s name or role as the user gave it ("Customer", "Dana"), drawn over each of their turns.',
  ),
  side: z
    .enum(SIDES)
    .optional()
    .describe('left (default) or right: the side their bubbles sit on; put the person the story follows on the right.'),
});

const ROLE_OR_SPEAKER = 'needs a role or a speaker: role for user, model and host; speaker for a named person';
const ONE_OF = 'must not be set together with role: a turn has a role or a speaker, not both';

const turnSchema = z.strictObject({
  role: z
    .enum(ROLES)
    .optional()
    .describe(
      'user (drawn on the right), model, or host (the app or tool answering the model). Every turn has a role or a speaker, not both.',
    ),
  speaker: z
    .number()
    .int()
    .min(0)
    .optional()
    .describe('Index (from 0) into speakers: who says this turn. Only with speakers; instead of role.'),
  format: z.enum(FORMATS).optional().describe('prose (default) or code (mono, for JSON, tool calls and errors).'),
  text: wrappedText(
    'What was said, verbatim; line breaks are kept. Not blank. Inline marks apply to prose turns only.',
  ).refine((value) => value.trim() !== '', {
    error: 'must not be blank',
  }),
});

type Turn = z.output<typeof turnSchema>;
type Speaker = z.output<typeof speakerSchema>;

/** Who says a turn, as every surface names them: the speaker's name, or the role's label. */
function whoSays(turn: Turn, speakers: readonly Speaker[] | undefined): string {
  if (turn.speaker !== undefined) return speakers?.[turn.speaker]?.name ?? '';
  return ROLE_LABEL[turn.role ?? 'user'];
}

/** The class that places a turn: its role's, or its speaker's side. */
function placeOf(turn: Turn, speakers: readonly Speaker[] | undefined): Role | `side-${Side}` {
  if (turn.speaker !== undefined) return `side-${speakers?.[turn.speaker]?.side ?? 'left'}`;
  return turn.role ?? 'user';
}

/** `User: text` on one line for a short prose turn; the role on its own line otherwise. */
function turnText(turn: Turn, speakers: readonly Speaker[] | undefined): string {
  const text = turn.format === 'code' ? turn.text : marksText(turn.text);
  const role = `${whoSays(turn, speakers)}:`;
  return turn.format !== 'code' && !text.includes('\n') ? `${role} ${text}` : `${role}\n${text}`;
}

export const slideTranscript = definePrimitive({
  type: 'slideTranscript',
  schema: z
    .object({
      type: z.literal('slideTranscript'),
      label: lineText('A caption above the turns, drawn in capitals.').optional(),
      speakers: z
        .array(speakerSchema)
        .min(SPEAKERS.min)
        .max(SPEAKERS.max)
        .optional()
        .describe(
          `${SPEAKERS.min}–${SPEAKERS.max} named people in a conversation (a customer and an agent); turns name them by index in speaker.`,
        ),
      turns: z.array(turnSchema).min(1).max(4).describe('The exchange in order, one to four turns.'),
    })
    .superRefine((node, ctx) => {
      const count = node.speakers?.length ?? 0;
      node.turns.forEach((turn, i) => {
        if (turn.role === undefined && turn.speaker === undefined)
          ctx.addIssue({ code: 'custom', path: ['turns', i, 'role'], message: ROLE_OR_SPEAKER });
        if (turn.role !== undefined && turn.speaker !== undefined)
          ctx.addIssue({ code: 'custom', path: ['turns', i, 'speaker'], message: ONE_OF });
        if (turn.speaker !== undefined && turn.speaker >= count)
          ctx.addIssue({
            code: 'custom',
            path: ['turns', i, 'speaker'],
            message:
              count === 0
                ? 'needs speakers: list the people in speakers, or give the turn a role'
                : `must be a speaker index below ${count}`,
          });
      });
    }),
  catalog: {
    name: 'Transcript',
    group: 'Code',
    purpose:
      'A short exchange between a user, a model and the host app, as chat bubbles: user on the right, prose or code.',
    useWhen: [
      'Showing what a model was asked and what it answered.',
      'A tool call, the host’s error, and the model’s retry.',
      'A conversation between people (a customer and an agent, two colleagues): name them in speakers, give each a side.',
    ],
    avoidWhen: [
      'A single code listing: use slideCode.',
      'Calls between services over time: use slideSequence.',
      'A quotation from a person: use slideQuote.',
    ],
    example: {
      type: 'slideTranscript',
      turns: [
        { role: 'user', text: 'Deliver my groceries tomorrow morning.' },
        { role: 'model', format: 'code', text: '{"action":"book","window":{"start":"08:00","end":"10:00"}}' },
      ],
    },
  },
  examples: [
    {
      type: 'slideTranscript',
      label: 'Booking a delivery slot',
      turns: [
        { role: 'user', text: 'Deliver my groceries tomorrow morning.' },
        { role: 'model', format: 'code', text: '{"action":"book","window":"tomorrow"}' },
        { role: 'host', format: 'code', text: 'window: expected a start and end time' },
        { role: 'model', format: 'code', text: '{"action":"book","window":{"start":"08:00","end":"10:00"}}' },
      ],
    },
    {
      name: 'named speakers',
      node: {
        type: 'slideTranscript',
        label: 'A late parcel',
        speakers: [
          { name: 'Customer', side: 'right' },
          { name: 'Agent', side: 'left' },
        ],
        turns: [
          { speaker: 0, text: 'My parcel says delivered but it is not here.' },
          { speaker: 1, text: 'The driver left it with your neighbour at **number 12**.' },
          { speaker: 0, text: 'Found it, thanks!' },
        ],
      },
    },
    {
      name: 'prose with line breaks',
      node: {
        type: 'slideTranscript',
        turns: [
          { role: 'user', text: 'Why was my refund late?' },
          {
            role: 'model',
            text:
              'Your refund waited for the nightly **fraud check** before the ledger was ' +
              'written.\nSince March the ledger is written first, so refunds now settle in two days.',
          },
          { role: 'user', text: 'So the next one will be faster?' },
        ],
      },
    },
  ],
  renderers: {
    html: (node) => {
      const step = largestStep((s) => heightAt(node.turns, Boolean(node.label), s) <= transcript.room);
      const { speakers } = node;
      return html`<div class="${PREFIX}-transcript ${PREFIX}-transcript-${step}">${node.label ? html`<div class="${PREFIX}-label">${node.label}</div>` : ''}<div class="${PREFIX}-transcript-turns">${node.turns.map(
        (turn) =>
          html`<div class="${PREFIX}-turn ${PREFIX}-turn-${placeOf(turn, speakers)}"><div class="${PREFIX}-turn-role">${whoSays(turn, speakers)}</div><div class="${PREFIX}-turn-bubble"><div class="${PREFIX}-turn-${turn.format ?? 'prose'}">${
            turn.format === 'code' ? turn.text : marksHtml(turn.text)
          }</div></div></div>`,
      )}</div></div>`;
    },
    text: (node) =>
      [node.label?.toUpperCase(), ...node.turns.map((turn) => turnText(turn, node.speakers))]
        .filter(Boolean)
        .join('\n\n'),
    markdown: (node) =>
      md.content(
        node.label && md.paragraph(md.strong(node.label)),
        node.turns.map((turn) => {
          const role = md.strong(`${whoSays(turn, node.speakers)}:`);
          if (turn.format === 'code') return [md.paragraph(role), md.codeBlock(turn.text)];
          const lines = turn.text
            .split('\n')
            .flatMap((line, i) => (i === 0 ? [marksMarkdown(line)] : [md.break(), marksMarkdown(line)]));
          return md.paragraph(role, ' ', lines);
        }),
      ),
    // One block per turn, the role on its own line above the words, so the fitter's spacing
    // falls between turns rather than between a role and what it said.
    slack: (node) => [
      ...(node.label
        ? [{ type: 'context', elements: [{ type: 'mrkdwn', text: escapeMrkdwn(node.label.toUpperCase()) }] }]
        : []),
      ...node.turns.map((turn) =>
        turn.format === 'code'
          ? preformatted(turn.text, whoSays(turn, node.speakers))
          : mrkdwnSection(`${mrkdwnBold(whoSays(turn, node.speakers))}\n${marksMrkdwn(turn.text)}`),
      ),
    ],
  },
  css: [
    `.${PREFIX}-transcript{display:flex;flex-direction:column}`,
    `.${PREFIX}-transcript-turns{display:flex;flex-direction:column;gap:${transcript.turnGap}px}`,
    `.${PREFIX}-turn{display:flex;flex-direction:column;align-items:flex-start;gap:${transcript.roleGap}px}`,
    `.${PREFIX}-turn-user,.${PREFIX}-turn-side-right{align-items:flex-end}`,
    `.${PREFIX}-turn-role{${font('label')};color:${color('textSubtle')}}`,
    `.${PREFIX}-turn-host .${PREFIX}-turn-role{color:${color('accent')}}`,
    `.${PREFIX}-turn-bubble{display:flex;max-width:${transcript.bubble.maxWidth}px;` +
      `padding:${transcript.bubble.padY}px ${transcript.bubble.padX}px;` +
      `border:${stroke.panel}px solid ${color('border')};` +
      `border-radius:${radius.panel}px;background:${color('bgSurface')}}`,
    `.${PREFIX}-turn-user .${PREFIX}-turn-bubble,.${PREFIX}-turn-side-right .${PREFIX}-turn-bubble{background:${color('primaryBg')};` +
      `border-color:${color('primaryBorder')}}`,
    `.${PREFIX}-turn-host .${PREFIX}-turn-bubble{background:${color('bgMuted')};` +
      `border-style:dashed;border-color:${color('borderDashed')}}`,
    `.${PREFIX}-turn-prose{min-width:0;white-space:pre-wrap;${font('bodyL')}}`,
    `.${PREFIX}-turn-code{min-width:0;white-space:pre-wrap;font-family:${fonts.mono};` +
      `font-weight:400;font-size:${transcript.code.l}px;line-height:${transcript.line}}`,
    ...(['m', 's'] as const).map(
      (step) =>
        `.${PREFIX}-transcript-${step} .${PREFIX}-turn-prose{font-size:${transcript.prose[step]}px}` +
        `.${PREFIX}-transcript-${step} .${PREFIX}-turn-code{font-size:${transcript.code[step]}px}`,
    ),
  ].join(''),
});
