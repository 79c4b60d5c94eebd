import { Text, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';

/** ChartItem is one value of a chart: a bar with its label. */
export type ChartItem = { label: string; value: number };

/**
 * ChartTable is a chart's numbers as a table screen readers read (the drawing itself is hidden
 * from them): the title as its caption, one row per item.
 */
function ChartTable({ title, items, valueLabel }: { title: string; items: ChartItem[]; valueLabel: string }) {
  return (
    <VisuallyHidden>
      <table>
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">{valueLabel}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((it) => (
            <tr key={it.label}>
              <th scope="row">{it.label}</th>
              <td>{it.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </VisuallyHidden>
  );
}

/**
 * HorizontalBars draws one labelled bar per item (the funnel, the per-person counts), longest
 * value full width. Each bar's number is printed beside it; the table behind it carries them for
 * screen readers.
 */
export function HorizontalBars({ title, items, valueLabel = 'Count', color = 'var(--mantine-color-blue-6)' }: { title: string; items: ChartItem[]; valueLabel?: string; color?: string }) {
  const max = Math.max(1, ...items.map((i) => i.value));
  const row = 26;
  const labelWidth = 150;
  const width = 420;
  const barSpace = width - labelWidth - 48;
  return (
    <figure style={{ margin: 0 }}>
      <svg viewBox={`0 0 ${width} ${items.length * row}`} width="100%" aria-hidden="true" focusable="false" style={{ maxWidth: width }}>
        {items.map((it, i) => {
          const w = Math.max(it.value > 0 ? 2 : 0, (it.value / max) * barSpace);
          return (
            <g key={it.label} transform={`translate(0 ${i * row})`}>
              <text x={labelWidth - 8} y={row / 2 + 4} textAnchor="end" fontSize="12" fill="currentColor">
                {it.label.length > 22 ? `${it.label.slice(0, 21)}…` : it.label}
              </text>
              <rect x={labelWidth} y={4} width={w} height={row - 8} rx={3} fill={color} />
              <text x={labelWidth + w + 6} y={row / 2 + 4} fontSize="12" fill="currentColor">
                {it.value}
              </text>
            </g>
          );
        })}
      </svg>
      <ChartTable title={title} items={items} valueLabel={valueLabel} />
    </figure>
  );
}

/**
 * TrendChart draws one column per day of the range with the day's value; the first and last
 * days are named under the columns. The table behind it lists every day's number.
 */
export function TrendChart({ title, items }: { title: string; items: ChartItem[] }) {
  const id = useId();
  const max = Math.max(1, ...items.map((i) => i.value));
  const width = 420;
  const height = 110;
  const step = width / Math.max(1, items.length);
  const total = items.reduce((n, i) => n + i.value, 0);
  return (
    <figure style={{ margin: 0 }} aria-labelledby={id}>
      <Text id={id} size="xs" c="dimmed">
        {title}: {total} in all
      </Text>
      <svg viewBox={`0 0 ${width} ${height + 16}`} width="100%" aria-hidden="true" focusable="false" style={{ maxWidth: width }}>
        <line x1={0} y1={height} x2={width} y2={height} stroke="var(--mantine-color-gray-4)" />
        {items.map((it, i) => {
          const h = (it.value / max) * (height - 4);
          return <rect key={it.label} x={i * step + step * 0.15} y={height - h} width={Math.max(1, step * 0.7)} height={h} fill="var(--mantine-color-teal-6)" />;
        })}
        <text x={0} y={height + 13} fontSize="11" fill="currentColor">
          {items[0]?.label}
        </text>
        <text x={width} y={height + 13} fontSize="11" textAnchor="end" fill="currentColor">
          {items.at(-1)?.label}
        </text>
      </svg>
      <ChartTable title={title} items={items} valueLabel="Count" />
    </figure>
  );
}
