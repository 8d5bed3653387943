import { Space, Tag } from 'antd';

/** One series of the chart: the figure of each day under `key`. */
export interface DaysSeries<K extends string> {
  key: K;
  label: string;
  color: string;
}

const HEIGHT = 160;
const LABEL = 18;
const DAY_WIDTH = 36;
/** Labels every `n`th day (and the last), so that the dates fit a phone's width. */
const labelEvery = (days: number) => Math.max(2, Math.ceil(days / 7));

/**
 * Days as grouped bars, drawn as SVG: a few series over two weeks or a month need no chart library
 * in the page's download (a chart library would be most of it), and the figures stay readable (each
 * bar's title names them). It scales to the card's width, down to a phone's.
 */
export default function DaysChart<K extends string>({ days, series, label }: { days: Array<{ day: string } & Record<K, number>>; series: ReadonlyArray<DaysSeries<K>>; label: string }) {
  const top = Math.max(1, ...days.flatMap((day) => series.map((one) => day[one.key])));
  const width = days.length * DAY_WIDTH;
  const bar = Math.floor((DAY_WIDTH - 12) / series.length);
  const every = labelEvery(days.length);
  return (
    <div>
      <Space size={4} wrap style={{ marginBottom: 8 }}>
        {series.map((one) => (
          <Tag key={one.key} color={one.color}>
            {one.label}
          </Tag>
        ))}
      </Space>
      <svg role="img" aria-label={label} viewBox={`0 0 ${width} ${HEIGHT + LABEL}`} width="100%" style={{ maxHeight: 240, display: 'block' }}>
        {days.map((day, n) => (
          <g key={day.day} transform={`translate(${n * DAY_WIDTH}, 0)`} data-day={day.day}>
            {series.map((one, s) => {
              const value = day[one.key];
              const height = Math.round((value / top) * (HEIGHT - 12));
              return (
                <rect key={one.key} x={6 + s * bar} y={HEIGHT - height} width={bar - 1} height={height} fill={one.color}>
                  <title>{`${day.day} ${one.label} ${value}`}</title>
                </rect>
              );
            })}
            {(days.length - 1 - n) % every === 0 ? (
              <text x={DAY_WIDTH / 2} y={HEIGHT + 13} fontSize={10} textAnchor="middle" fill="#888">
                {day.day.slice(5)}
              </text>
            ) : null}
          </g>
        ))}
      </svg>
    </div>
  );
}
