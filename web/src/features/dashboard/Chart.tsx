/**
 * The dashboard's charts (recharts): loaded lazily by DashboardPage, so the chart library is a
 * chunk of its own that the shell and the other screens never download.
 */
import {
  Bar,
  BarChart,
  CartesianGrid,
  LabelList,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatMinutes } from '../../lib/format';

/** Colour-blind-safe palette (Okabe–Ito), darkened where needed for contrast on white. */
const COLOURS = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#8a6d00', '#56B4E9', '#000000'];

export interface ChartProps {
  kind: 'stacked' | 'lines' | 'bars' | 'horizontal';
  data: Record<string, unknown>[];
  /** The series (data keys) to draw, in legend order. */
  series: string[];
  /** The y (or, horizontal, x) axis label. */
  unit: string;
  /** Values are minutes (axis ticks and tooltips read "1 h 05 min"). */
  minutes?: boolean;
  /** Values are percentages 0..100: each bar is labelled, and 0 % is a thin bar, not none. */
  percent?: boolean;
  /** The axis top when outliers would flatten the rest (figures `chartCeiling`); they run off it. */
  ceiling?: number | null;
}

export default function Chart({ kind, data, series, unit, minutes, percent, ceiling }: ChartProps) {
  const format = (v: unknown) =>
    typeof v !== 'number' ? '—' : minutes ? formatMinutes(v) : percent ? `${v} %` : String(v);
  // No accessibility layer: the chart is hidden from assistive technology (its table beside it
  // says the same), so its tooltip must not be an assertive live region either.
  const common = {
    data,
    margin: { top: 8, right: 16, bottom: 8, left: 8 },
    accessibilityLayer: false,
  };
  const grid = <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />;
  const tooltip = <Tooltip formatter={(v) => format(v)} />;
  // Series in the order given (recharts sorts the legend by name otherwise).
  const legend = <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={null} />;
  // Axis ticks are plain numbers (the axis label names the unit); tooltips spell minutes out.
  const yAxis = (
    <YAxis
      tick={{ fontSize: 12 }}
      allowDecimals={false}
      domain={percent ? [0, 100] : ceiling ? [0, ceiling] : undefined}
      allowDataOverflow={Boolean(ceiling)}
      width={56}
      label={{ value: unit, angle: -90, position: 'insideLeft', fontSize: 12, dy: 40 }}
    />
  );
  const xAxis = <XAxis dataKey="label" tick={{ fontSize: 12 }} minTickGap={16} />;
  let chart;
  if (kind === 'lines') {
    chart = (
      <LineChart {...common}>
        {grid}
        {xAxis}
        {yAxis}
        {tooltip}
        {legend}
        {series.map((key, i) => (
          <Line
            key={key}
            dataKey={key}
            stroke={COLOURS[i % COLOURS.length]}
            strokeDasharray={key.startsWith('P90') ? '5 3' : undefined}
            dot={{ r: 2 }}
            connectNulls
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    );
  } else if (kind === 'horizontal') {
    chart = (
      <BarChart {...common} layout="vertical">
        {grid}
        <XAxis type="number" tick={{ fontSize: 12 }} allowDecimals={false} />
        <YAxis type="category" dataKey="label" tick={{ fontSize: 12 }} width={120} interval={0} />
        {tooltip}
        {legend}
        {series.map((key, i) => (
          <Bar
            key={key}
            dataKey={key}
            fill={COLOURS[i % COLOURS.length]}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    );
  } else {
    chart = (
      <BarChart {...common}>
        {grid}
        {xAxis}
        {yAxis}
        {tooltip}
        {legend}
        {series.map((key, i) => (
          <Bar
            key={key}
            dataKey={key}
            stackId={kind === 'stacked' ? 'all' : undefined}
            fill={COLOURS[i % COLOURS.length]}
            minPointSize={percent ? (value) => (value === 0 ? 2 : 0) : undefined}
            isAnimationActive={false}
          >
            {percent && <LabelList dataKey={key} position="top" fontSize={11} formatter={format} />}
          </Bar>
        ))}
      </BarChart>
    );
  }
  return (
    <div className="h-64 w-full" aria-hidden>
      <ResponsiveContainer width="100%" height="100%">
        {chart}
      </ResponsiveContainer>
    </div>
  );
}
