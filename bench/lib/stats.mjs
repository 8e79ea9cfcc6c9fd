// Small statistics and table helpers for the benchmark reports.

/** The q-quantile (0..1) of `values` by nearest rank; NaN for none. */
export function quantile(values, q) {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

export const median = (values) => quantile(values, 0.5);

/** A number for a table: one decimal below 10, none above; '–' for NaN. */
export function fmt(value, unit = '') {
  if (!Number.isFinite(value)) return '–';
  const text = Math.abs(value) < 10 ? value.toFixed(1) : Math.round(value).toString();
  return unit ? `${text} ${unit}` : text;
}

/** A Markdown table from a header row and rows of cells. */
export function table(header, rows) {
  const line = (cells) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}
