import { describe, expect, it } from 'vitest';
import { inlineMarks } from '../../../src/core/markdown/inline-marks.ts';

describe('inlineMarks', () => {
  it('parses strong', () => {
    expect(inlineMarks('a **b** c')).toEqual([
      { type: 'text', value: 'a ' },
      { type: 'strong', children: [{ type: 'text', value: 'b' }] },
      { type: 'text', value: ' c' },
    ]);
  });

  it('parses code spans', () => {
    expect(inlineMarks('`x`')).toEqual([{ type: 'code', value: 'x' }]);
    expect(inlineMarks('run ``a ` b`` now')).toEqual([
      { type: 'text', value: 'run ' },
      { type: 'code', value: 'a ` b' },
      { type: 'text', value: ' now' },
    ]);
    expect(inlineMarks('`` `tick` ``')).toEqual([{ type: 'code', value: '`tick`' }]);
  });

  it('leaves unmatched delimiters literal', () => {
    expect(inlineMarks('a ** b')).toEqual([{ type: 'text', value: 'a ** b' }]);
    expect(inlineMarks('**open')).toEqual([{ type: 'text', value: '**open' }]);
    expect(inlineMarks('`open')).toEqual([{ type: 'text', value: '`open' }]);
    expect(inlineMarks('****')).toEqual([{ type: 'text', value: '****' }]);
    expect(inlineMarks('** spaced **')).toEqual([{ type: 'text', value: '** spaced **' }]);
    expect(inlineMarks('')).toEqual([]);
  });

  it('handles mixed marks, with code inside strong and `**` inside code', () => {
    expect(inlineMarks('Run `npm **test**` **now `x`** ok')).toEqual([
      { type: 'text', value: 'Run ' },
      { type: 'code', value: 'npm **test**' },
      { type: 'text', value: ' ' },
      {
        type: 'strong',
        children: [
          { type: 'text', value: 'now ' },
          { type: 'code', value: 'x' },
        ],
      },
      { type: 'text', value: ' ok' },
    ]);
  });

  it('keeps other Markdown literal', () => {
    expect(inlineMarks('# _a_ [b](c)')).toEqual([{ type: 'text', value: '# _a_ [b](c)' }]);
  });
});
