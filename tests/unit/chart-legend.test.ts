import { describe, expect, it } from 'vitest';
import { DASH, legendEntries } from '../../components/ui/chart-legend.ts';

describe('chart legend entries: each series drawn as its line is', () => {
  const series = [
    { label: 'epoll' },
    { label: 'SQPOLL', dashed: true },
    { label: 'Now', marker: true },
    { label: 'hidden one' },
  ];
  const entries = legendEntries(
    series,
    (i) => `c${i}`,
    'fg',
    (i) => i !== 3,
  );

  it('a dashed series gets a dashed line sample, a solid one a solid line: never a filled box', () => {
    expect(entries.map((e) => [e.text, e.pointStyle, e.lineDash])).toEqual([
      ['epoll', 'line', []],
      ['SQPOLL', 'line', [...DASH]],
      ['hidden one', 'line', []],
    ]);
  });

  it('markers have no entry; colours, dataset indices and visibility follow the series', () => {
    expect(entries.map((e) => [e.datasetIndex, e.strokeStyle, e.hidden])).toEqual([
      [0, 'c0', false],
      [1, 'c1', false],
      [3, 'c3', true],
    ]);
    expect(entries.every((e) => e.fontColor === 'fg' && e.lineWidth > 0)).toBe(true);
  });
});
