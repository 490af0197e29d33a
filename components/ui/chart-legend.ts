/**
 * The legend entries of a line chart: each series as a short line drawn as its series is, solid or dashed (a filled
 * box would turn a dashed series into a blob), in its colour; "you are here" markers have no entry. Pure: the
 * colours come resolved.
 */
interface LegendSeries {
  readonly label: string;
  readonly dashed?: boolean;
  readonly marker?: boolean;
}

interface LegendEntry {
  text: string;
  datasetIndex: number;
  fillStyle: string;
  strokeStyle: string;
  fontColor: string;
  lineWidth: number;
  lineDash: number[];
  pointStyle: 'line';
  hidden: boolean;
}

/** The dash pattern of a dashed series, on the line and in its legend entry, in CSS pixels. */
export const DASH: readonly number[] = [6, 4];
/** How long a legend entry's line sample is, in CSS pixels (long enough to show two dashes). */
export const LEGEND_LINE_PX = 28;

export function legendEntries(
  series: readonly LegendSeries[],
  colorOf: (index: number) => string,
  fg: string,
  visible: (index: number) => boolean = () => true,
): LegendEntry[] {
  return series.flatMap((s, i) =>
    s.marker
      ? []
      : [
          {
            text: s.label,
            datasetIndex: i,
            fillStyle: colorOf(i),
            strokeStyle: colorOf(i),
            fontColor: fg,
            lineWidth: 3,
            lineDash: s.dashed ? [...DASH] : [],
            pointStyle: 'line' as const,
            hidden: !visible(i),
          },
        ],
  );
}
