/**
 * slideCommand: one shell command set large behind a prompt, full width, with an optional
 * highlighted start and a caption. For the one command the audience should run or remember.
 */
import * as z from 'zod';
import { definePrimitive } from '../../../core/model/primitive.ts';
import { html } from '../../../core/model/markup.ts';
import { md } from '../../../core/markdown/builder.ts';
import { lineText } from '../fields.ts';
import { preformatted } from '../parts/code-panel.ts';
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
    ],
    avoidWhen: [
      'Several lines of code or a script: use slideCode.',
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
      }${keepSpaces(node.command.slice(lead.length))}</span></div></div>`;
    },
    text: (node) => [node.label?.toUpperCase(), `${PROMPT} ${node.command}`].filter(Boolean).join('\n'),
    // `console` is the fence language for a prompt followed by what to type.
    markdown: (node) =>
      md.content(
        node.label && md.paragraph(md.strong(node.label)),
        md.codeBlock(`${PROMPT} ${node.command}`, 'console'),
      ),
    slack: (node) => preformatted(`${PROMPT} ${node.command}`, node.label),
  },
  css: [
    `.${PREFIX}-command{display:flex;flex-direction:column}`,
    `.${PREFIX}-command-box{display:flex;align-items:center;` +
      `padding:${command.padY}px ${command.padX}px;background:${color('codeFill')};` +
      `border:${stroke.panel}px solid ${color('border')};border-radius:${radius.panel}px}`,
    `.${PREFIX}-command-line{white-space:pre;font-family:${fonts.mono};` +
      `font-weight:500;line-height:1.2;font-size:${command.size.l}px}`,
    `.${PREFIX}-command-m .${PREFIX}-command-line{font-size:${command.size.m}px}`,
    `.${PREFIX}-command-s .${PREFIX}-command-line{font-size:${command.size.s}px}`,
    `.${PREFIX}-command-prompt{color:${color('textSubtle')}}`,
    `.${PREFIX}-command-lead{color:${color('primary')};font-weight:700}`,
  ].join(''),
});
