import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import type { DaysChartProps } from './daysChartTypes';

export type { DaysSeries } from './daysChartTypes';

/** chart.js and its bar chart, fetched with the first chart shown, never with the page that has one. */
const DaysBarChart = lazy(() => import(/* webpackChunkName: "days-chart" */ './DaysBarChart'));

/** The figures of each day, as bars; a table of the same figures for a screen reader. */
export default function DaysChart<K extends string>(props: DaysChartProps<K>) {
  return (
    <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 240 }} />}>
      <DaysBarChart {...(props as DaysChartProps<string>)} />
    </Suspense>
  );
}
