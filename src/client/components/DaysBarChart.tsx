import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import { theme } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { DaysChartProps } from './daysChartTypes';

// Only the parts a bar chart of days uses: chart.js leaves the rest out of the download.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

const HEIGHT = 240;
/** Read by a screen reader, not drawn. */
const VISUALLY_HIDDEN = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clipPath: 'inset(50%)', whiteSpace: 'nowrap' } as const;
/** The table shown instead of the chart. */
const TABLE = { width: '100%', textAlign: 'left', fontSize: 12 } as const;

function destroyQuietly(drawn: Chart<'bar'>): void {
  try {
    drawn.destroy();
  } catch {
    // Nothing drawn, nothing to take back.
  }
}

/** Days as grouped bars (chart.js), in antd's colours and font; labels fit a phone's width. */
export default function DaysBarChart({ days, series, label }: DaysChartProps<string>) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<Chart<'bar'> | null>(null);
  const { token } = theme.useToken();
  // A browser that refuses a canvas (some block it against fingerprinting) is shown the figures' table.
  const [drawable, setDrawable] = useState(true);

  useEffect(() => {
    if (!canvas.current) return undefined;
    if (!canvas.current.getContext('2d')) {
      setDrawable(false);
      return undefined;
    }
    let drawn: Chart<'bar'>;
    try {
      drawn = new Chart(canvas.current, {
      type: 'bar',
      data: { labels: [], datasets: [] },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        // A figure is read, not watched: no animation, and none for those who asked for none.
        animation: false,
        interaction: { mode: 'index', intersect: false },
        scales: {
          x: { grid: { display: false }, ticks: { autoSkip: true, maxRotation: 0, color: token.colorTextSecondary, font: { family: token.fontFamily } } },
          y: { beginAtZero: true, ticks: { precision: 0, color: token.colorTextSecondary, font: { family: token.fontFamily } }, grid: { color: token.colorBorderSecondary } },
        },
        plugins: {
          legend: { position: 'top', align: 'start', labels: { boxWidth: 12, color: token.colorText, font: { family: token.fontFamily } } },
          tooltip: { titleFont: { family: token.fontFamily }, bodyFont: { family: token.fontFamily } },
        },
      },
      });
    } catch {
      setDrawable(false);
      return undefined;
    }
    chart.current = drawn;
    return () => {
      chart.current = null;
      destroyQuietly(drawn);
    };
  }, [token]);

  useEffect(() => {
    const drawn = chart.current;
    if (!drawn) return;
    drawn.data.labels = days.map((day) => day.day.slice(5));
    drawn.data.datasets = series.map((one) => ({ label: one.label, data: days.map((day) => day[one.key]), backgroundColor: one.color, borderRadius: 2, maxBarThickness: 18 }));
    try {
      drawn.update();
    } catch {
      // A canvas that cannot be drawn on must not take the page down with it: the table shows instead.
      chart.current = null;
      destroyQuietly(drawn);
      setDrawable(false);
    }
  }, [days, series, token]);

  return (
    <figure style={{ margin: 0, position: 'relative' }}>
      <div style={{ position: 'relative', height: HEIGHT, display: drawable ? 'block' : 'none' }}>
        <canvas ref={canvas} role="img" aria-label={label} />
      </div>
      {/* The same figures for a screen reader (and a test): a canvas has no text. */}
      <table style={drawable ? VISUALLY_HIDDEN : TABLE} aria-label={`${label}（数据表）`} data-days-table="">
        <thead>
          <tr>
            <th scope="col">日期</th>
            {series.map((one) => (
              <th key={one.key} scope="col">
                {one.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.day} data-day={day.day}>
              <th scope="row">{day.day}</th>
              {series.map((one) => (
                <td key={one.key}>{day[one.key]}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
