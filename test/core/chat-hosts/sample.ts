/**
 * One small content tree with every construct a chat host converts, and model text that looks like
 * each host's markup, for the per-host message tests beside each host's folder.
 */
import { md } from '../../../src/core/markdown/builder.ts';

export const SAMPLE_HEADING = { title: 'Title', subtitle: 'Sub' };

export const sample = () =>
  md.content(
    md.heading(2, 'Plan'),
    md.paragraph('Ship ', md.strong('now'), ' & <b>tags</b> {{DATE(2020-01-01T00:00:00Z)}} _x_ @here'),
    md.list(['one', md.emphasis('two')]),
    md.blockquote(md.paragraph('quoted')),
    md.codeBlock('let a = 1;\n', 'ts'),
    md.table(['k', 'v'], [['a', '1']]),
    md.paragraph(md.link('https://example.com/docs', 'docs')),
  );
