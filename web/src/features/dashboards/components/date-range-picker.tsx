import { Select } from '@mantine/core';
import { useSearchParams } from 'react-router';

import { DATE_RANGES, DEFAULT_RANGE, isDateRangeKey, type DateRangeKey } from '../date-range';

/** useDateRange returns the dashboard's date range, kept in the URL's range parameter. */
export function useDateRange(): [DateRangeKey, (r: DateRangeKey) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('range');
  const range = isDateRangeKey(raw) ? raw : DEFAULT_RANGE;
  const set = (r: DateRangeKey) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set('range', r);
        return next;
      },
      { replace: true },
    );
  return [range, set];
}

/** DateRangePicker chooses the dashboard's date range among the spec's ranges. */
export function DateRangePicker({ value, onChange }: { value: DateRangeKey; onChange: (r: DateRangeKey) => void }) {
  return (
    <Select
      label="Date range"
      data={DATE_RANGES.map((r) => ({ value: r.value, label: r.label }))}
      value={value}
      onChange={(v) => {
        if (isDateRangeKey(v)) onChange(v);
      }}
      allowDeselect={false}
      w={200}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
