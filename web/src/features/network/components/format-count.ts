/** 1234 → '1,234'; anything not a finite number → '—'. */
export const formatCount = (value: number | undefined | null) =>
  typeof value === 'number' && Number.isFinite(value) ? value.toLocaleString('en-US') : '—';
