/**
 * slideCommand: one shell command set large behind a prompt, full width, with an optional
 * highlighted start, a caption, and what it prints under it. For the one command the audience
 * should run or remember, and what they will see when they do.
 */
import * as z from 'zod';
import { definePrimitive } from '../../../core/model/primitive.ts';
import { html } from '../../../core/model/markup.ts';
import { md } from '../../../core/markdown/builder.ts';
import { lineText } from '../fields.ts';
import { codeLine, preformatted, widthMessage } from '../parts/code-panel.ts';
import { isOneLine, keepSpaces, ONE_LINE_MESSAGE } from '../parts/mono.ts';
import { charLoad, largestStep, loadFits } from '../parts/type-scale.ts';
import { color, PREFIX } from '../style.ts';
import { advance, CONTENT_WIDTH, fonts, radius, space, stroke, type } from '../theme.ts';

/** The prompt drawn before the command, and the columns it takes with its space. */
const PROMPT = '$';
const PROMPT_COLUMNS = PROMPT.length + 1;

/** Command type per size step (mono), and the box around it. Full width only. */
const command = {
  size: { l: type.itemTitle.size, m: type.nodeTitle.size, s: type.body.size },
  padX: space.px32,
  padY: space.px32,
} as const;

/** Columns the command itself gets at a type size: the box's text width, less the prompt. */
const columnsAt = (px: number): number =>
  Math.floor((CONTENT_WIDTH - 2 * command.padX - 2 * stroke.panel) / (advance.mono * px)) - PROMPT_COLUMNS;

/** The longest command: one line at the smallest step. */
export const COMMAND_MAX_COLUMNS = columnsAt(command.size.s);

/**
 * What the command prints, in the box under it: mono at the code panel's size, in as many lines
 * as keep the box, with a large command, under a heading (about 530 px at ten lines).
 */
const output = { size: type.mono.size, maxLines: 10, gap: space.px16 } as const;
const OUTPUT_COLUMNS = Math.floor((CONTENT_WIDTH - 2 * command.padX - 2 * stroke.panel) / (advance.mono * output.size));

/** The prompt line and the output under it, as the text, Markdown and Slack surfaces print them. */
const transcriptOf = (node: { command: string; output?: string[] | undefined }) =>
  [`${PROMPT} ${node.command}`, ...(node.output ?? [])].join('\n');
const budgets = { l: columnsAt(command.size.l), m: columnsAt(command.size.m) };

const PREFIX_MESSAGE = 'must be the start of `command`, character for character';

export const slideCommand = definePrimitive({
  type: 'slideCommand',
  schema: z
    .object({
      type: z.literal('slideCommand'),
      label: lineText('A caption above the command, drawn in capitals: what running it does.').optional(),
      command: z
        .string()
        .min(1)
        .refine(isOneLine, { error: ONE_LINE_MESSAGE })
        .superRefine((value, ctx) => {
          const load = charLoad(value);
          if (load > COMMAND_MAX_COLUMNS)
            ctx.addIssue({
              code: 'custom',
              message:
                `must fit on one line: at most ${COMMAND_MAX_COLUMNS} ` +
                `columns (wide characters count 2), got ${load}`,
            });
        })
        .describe(
          `The command exactly as typed, without the prompt (the slide draws ` +
            `"${PROMPT}"). One line, no tabs, at most ${COMMAND_MAX_COLUMNS} columns.`,
        ),
      output: z
        .array(
          codeLine().superRefine((line, ctx) => {
            if (charLoad(line) > OUTPUT_COLUMNS)
              ctx.addIssue({ code: 'custom', message: widthMessage(line, OUTPUT_COLUMNS) });
          }),
        )
        .min(1)
        .max(output.maxLines)
        .optional()
        .describe(
          `What the command prints, verbatim, one entry per line ("" for a blank line), drawn under it: ` +
            `1–${output.maxLines} lines of at most ${OUTPUT_COLUMNS} columns, no tabs. Only what the user gave; never made up.`,
        ),
      highlightPrefix: z
        .string()
        .min(1)
        .optional()
        .describe(
          'The start of the command to draw in the primary colour, ' +
            'e.g. the tool’s name. Must be a prefix of `command`.',
        ),
    })
    .superRefine((node, ctx) => {
      if (node.highlightPrefix !== undefined && !node.command.startsWith(node.highlightPrefix))
        ctx.addIssue({ code: 'custom', path: ['highlightPrefix'], message: PREFIX_MESSAGE });
    }),
  catalog: {
    name: 'Command',
    group: 'Code',
    purpose: 'One shell command, large, behind a prompt, with an optional highlighted start and a caption.',
    useWhen: [
      'The audience should run or remember one command.',
      'Showing how short the way in is ("one line to start").',
      'A command and what it prints (test results, a version, an error): the printed lines go in output, never in a second code block.',
    ],
    avoidWhen: [
      'Several lines of code or a script: use slideCode.',
      'A long log with no one command behind it: use slideCode.',
      'A command inside a half-width column: slideCommand needs the full width; use slideCode there.',
    ],
  },
  examples: [
    {
      type: 'slideCommand',
      label: 'Start the local store',
      command: 'docker compose up --detach inventory',
      highlightPrefix: 'docker compose',
    },
    {
      name: 'with what it prints',
      node: {
        type: 'slideCommand',
        label: 'Run the tests',
        command: 'npm test -- --run tracking',
        highlightPrefix: 'npm test',
        output: [
          ' ✓ tracking/scan.test.ts (12 tests) 84ms',
          ' ✓ tracking/eta.test.ts (7 tests) 41ms',
          '',
          ' Test Files  2 passed (2)',
          '      Tests  19 passed (19)',
        ],
      },
    },
    {
      name: 'long, no label',
      node: {
        type: 'slideCommand',
        command: 'npx wrangler deploy --env production --var REGION_FALLBACK:eu-west --keep-vars',
      },
    },
  ],
  renderers: {
    html: (node) => {
      const size = largestStep(loadFits(charLoad(node.command), budgets));
      const lead = node.highlightPrefix && node.command.startsWith(node.highlightPrefix) ? node.highlightPrefix : '';
      return html`<div class="${PREFIX}-command ${PREFIX}-command-${size}">${node.label ? html`<div class="${PREFIX}-label">${node.label}</div>` : ''}<div class="${PREFIX}-command-box"><span class="${PREFIX}-command-line"><span class="${PREFIX}-command-prompt">${PROMPT}\u00A0</span>${
        lead ? html`<span class="${PREFIX}-command-lead">${keepSpaces(lead)}</span>` : ''
      }${keepSpaces(node.command.slice(lead.length))}</span>${
        node.output
          ? html`<div class="${PREFIX}-command-output">${node.output.map((line) => html`<div class="${PREFIX}-command-printed">${line === '' ? '\u00A0' : keepSpaces(line)}</div>`)}</div>`
          : ''
      }</div></div>`;
    },
    text: (node) => [node.label?.toUpperCase(), transcriptOf(node)].filter(Boolean).join('\n'),
    // `console` is the fence language for a prompt followed by what to type.
    markdown: (node) =>
      md.content(node.label && md.paragraph(md.strong(node.label)), md.codeBlock(transcriptOf(node), 'console')),
    slack: (node) => preformatted(transcriptOf(node), node.label),
  },
  css: [
    `.${PREFIX}-command{display:flex;flex-direction:column}`,
    `.${PREFIX}-command-box{display:flex;flex-direction:column;align-items:flex-start;` +
      `padding:${command.padY}px ${command.padX}px;background:${color('codeFill')};` +
      `border:${stroke.panel}px solid ${color('border')};border-radius:${radius.panel}px}`,
    `.${PREFIX}-command-line{white-space:pre;font-family:${fonts.mono};` +
      `font-weight:500;line-height:1.2;font-size:${command.size.l}px}`,
    `.${PREFIX}-command-m .${PREFIX}-command-line{font-size:${command.size.m}px}`,
    `.${PREFIX}-command-s .${PREFIX}-command-line{font-size:${command.size.s}px}`,
    `.${PREFIX}-command-prompt{color:${color('textSubtle')}}`,
    `.${PREFIX}-command-output{display:flex;flex-direction:column;align-self:stretch;` +
      `margin-top:${output.gap}px;padding-top:${output.gap}px;border-top:${stroke.hairline}px solid ${color('border')}}`,
    `.${PREFIX}-command-printed{white-space:pre;font-family:${fonts.mono};font-weight:400;` +
      `font-size:${output.size}px;line-height:${type.mono.line};color:${color('textSoft')}}`,
    `.${PREFIX}-command-lead{color:${color('primary')};font-weight:700}`,
  ].join(''),
});
