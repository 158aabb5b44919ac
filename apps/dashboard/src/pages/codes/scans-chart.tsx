import { useEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { type Analytics } from '../../api/types';

/**
 * Scans by day, as a line or bars (uPlot, canvas). The x axis counts days rather than time, so the
 * dates shown are the analytics' own local dates, never shifted into the browser's zone.
 */
export function ScansChart({ days, style, label }: { days: Analytics['by_day']; style: 'line' | 'bar'; label: string }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const xs = days.map((_, i) => i);
    const width = Math.max(320, el.clientWidth);
    const bars = style === 'bar' ? uPlot.paths.bars!({ size: [0.7, 40] }) : undefined;
    const plot = new uPlot(
      {
        width,
        height: 280,
        scales: { x: { time: false }, y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.15))] } },
        axes: [
          { values: (_u, ticks) => ticks.map((t) => (Number.isInteger(t) && days[t] ? shortDate(days[t].date) : '')), space: 60 },
          { values: (_u, ticks) => ticks.map((t) => (Number.isInteger(t) ? String(t) : '')) },
        ],
        series: [
          { label: 'Day', value: (_u, v) => (v === null || !days[v] ? '' : days[v].date) },
          {
            label: 'Scans',
            stroke: '#1d4ed8',
            fill: style === 'bar' ? 'rgba(29,78,216,0.75)' : 'rgba(29,78,216,0.08)',
            width: 2,
            paths: bars,
            points: { show: style === 'line' && days.length <= 45 },
          },
          {
            label: 'Unique scanners',
            stroke: '#0f766e',
            width: 2,
            dash: style === 'bar' ? undefined : [6, 4],
            points: { show: style === 'line' && days.length <= 45 },
            paths: style === 'bar' ? uPlot.paths.bars!({ size: [0.35, 20], align: 1 }) : undefined,
            fill: style === 'bar' ? 'rgba(15,118,110,0.6)' : undefined,
          },
        ],
        legend: { show: true },
      },
      [xs, days.map((d) => d.scans), days.map((d) => d.unique_scanners)],
      el,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(320, el.clientWidth), height: 280 }));
    resize.observe(el);
    return () => (resize.disconnect(), plot.destroy());
  }, [JSON.stringify(days), style]);
  return <div ref={host} class="chart" role="img" aria-label={label} data-testid="scans-chart" />;
}

function shortDate(iso: string): string {
  const [, m, d] = iso.split('-');
  return `${Number(d)} ${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][Number(m) - 1]}`;
}
