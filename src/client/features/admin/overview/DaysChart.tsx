import { Space, Tag } from 'antd';
import type { DayFigures } from '../../../../contract/consoleQueue';

/** The series of the chart, in the order of their bars within a day. */
const SERIES = [
  { key: 'newUsers', label: '新用户', color: '#1677ff' },
  { key: 'renders', label: '生成', color: '#52c41a' },
  { key: 'failures', label: '失败', color: '#ff4d4f' },
] as const;

const HEIGHT = 160;
const LABEL = 18;
const DAY_WIDTH = 36;
const BAR = 8;

/**
 * The last 14 days as grouped bars, drawn as SVG: three series and fourteen days need no chart
 * library in the console's download, and the figures stay readable (each bar's title names them).
 * It scales to the card's width, down to a phone's.
 */
export default function DaysChart({ days }: { days: DayFigures[] }) {
  const top = Math.max(1, ...days.flatMap((day) => SERIES.map((series) => day[series.key])));
  const width = days.length * DAY_WIDTH;
  return (
    <div>
      <Space size={4} wrap style={{ marginBottom: 8 }}>
        {SERIES.map((series) => (
          <Tag key={series.key} color={series.color}>
            {series.label}
          </Tag>
        ))}
      </Space>
      <svg role="img" aria-label="近14天新用户、生成与失败" viewBox={`0 0 ${width} ${HEIGHT + LABEL}`} width="100%" style={{ maxHeight: 240, display: 'block' }}>
        {days.map((day, n) => (
          <g key={day.day} transform={`translate(${n * DAY_WIDTH}, 0)`} data-day={day.day}>
            {SERIES.map((series, s) => {
              const value = day[series.key];
              const height = Math.round((value / top) * (HEIGHT - 12));
              return (
                <rect key={series.key} x={6 + s * BAR} y={HEIGHT - height} width={BAR - 1} height={height} fill={series.color}>
                  <title>{`${day.day} ${series.label} ${value}`}</title>
                </rect>
              );
            })}
            {/* Every other day is labelled, so that the dates fit a phone's width. */}
            {n % 2 === days.length % 2 || n === days.length - 1 ? (
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
