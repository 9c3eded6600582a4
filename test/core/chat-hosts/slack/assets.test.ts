import { describe, expect, it } from 'vitest';
import { createSlackAssetCollector } from '../../../../src/core/chat-hosts/slack/assets.ts';

describe('createSlackAssetCollector', () => {
  it('allocates numbered refs with the default prefix', () => {
    const collector = createSlackAssetCollector();
    const first = { type: 'image', src: 'a.png' };
    const second = { type: 'image', src: 'b.png' };
    expect(collector.allocate(first, 'A')).toBe('asset-0');
    expect(collector.allocate(second, 'B')).toBe('asset-1');
    expect(collector.requests()).toEqual([
      { ref: 'asset-0', node: first, altText: 'A' },
      { ref: 'asset-1', node: second, altText: 'B' },
    ]);
  });

  it('uses a custom prefix and keeps collectors independent', () => {
    const a = createSlackAssetCollector('img');
    const b = createSlackAssetCollector('img');
    expect(a.allocate(null, '')).toBe('img-0');
    expect(a.allocate(null, '')).toBe('img-1');
    expect(b.allocate(null, '')).toBe('img-0');
  });

  it('clamps alt text to 2000 characters', () => {
    const collector = createSlackAssetCollector();
    collector.allocate({}, 'x'.repeat(2500));
    expect(collector.requests()[0]?.altText).toBe(`${'x'.repeat(1999)}…`);
  });

  it('returns a fresh list each time', () => {
    const collector = createSlackAssetCollector();
    collector.allocate({}, 'A');
    collector.requests().pop();
    expect(collector.requests()).toHaveLength(1);
  });
});
