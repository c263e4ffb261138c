// The top navigation's scroll arrows (SPEC §4, §9): src/header/NavScroller.tsx.
import { describe, expect, it } from 'vitest';
import { scrollEdges } from '../../src/header/NavScroller.tsx';

describe('nav scroll arrows (SPEC §4, §9)', () => {
  it('show only on the overflowing sides', () => {
    expect(scrollEdges(0, 500, 500)).toEqual({ start: false, end: false });
    expect(scrollEdges(0, 300, 500)).toEqual({ start: false, end: true });
    expect(scrollEdges(100, 300, 500)).toEqual({ start: true, end: true });
    expect(scrollEdges(200, 300, 500)).toEqual({ start: true, end: false });
  });
});
