import { describe, expect, it } from 'vitest';
import { clippingClasses } from '../../src/images/layout-check/tree.ts';
import { perStylesheet, STYLESHEETS_REMEMBERED } from '../../src/images/engine/per-stylesheet.ts';

describe('perStylesheet', () => {
  it('reads a stylesheet once per text, and again once it is forgotten', () => {
    const reads: string[] = [];
    const length = perStylesheet((sheet) => {
      reads.push(sheet);
      return sheet.length;
    });
    expect(length('.a{}')).toBe(4);
    expect(length(`.${'a'}{}`)).toBe(4);
    expect(reads).toEqual(['.a{}']);
    const others = Array.from({ length: STYLESHEETS_REMEMBERED }, (_, i) => `.b${i}{}`);
    for (const sheet of others) length(sheet);
    expect(length('.a{}')).toBe(4);
    expect(reads).toEqual(['.a{}', ...others, '.a{}']);
  });
});

describe('clippingClasses', () => {
  it('answers each stylesheet by its own rules, alone or together', () => {
    const first = '.pane{overflow:hidden}.label{color:red}';
    const second = '.window .view{overflow-y: clip}';
    expect([...clippingClasses([first])]).toEqual(['pane']);
    expect([...clippingClasses([second])]).toEqual(['view']);
    expect([...clippingClasses([first, { overflow: 'hidden' }, second])].sort()).toEqual(['pane', 'view']);
    expect([...clippingClasses([])]).toEqual([]);
  });
});
