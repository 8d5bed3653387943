/** One series of the chart: the figure of each day under `key`. */
export interface DaysSeries<K extends string> {
  key: K;
  label: string;
  color: string;
}

export interface DaysChartProps<K extends string> {
  days: Array<{ day: string } & Record<K, number>>;
  series: ReadonlyArray<DaysSeries<K>>;
  /** What the chart shows, as a screen reader says it (近7天浏览量与访客). */
  label: string;
}
