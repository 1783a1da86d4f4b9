// The results table's row shape and the number formats its cells share.

export type Row = readonly [
  section: string,
  measure: string,
  toolcat: string,
  comparedWith: string,
  ratio: string,
  target: string,
  met: string,
];

export const n = (value: number, digits = 0) =>
  value.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
export const kb = (bytes: number) => `${n(bytes / 1024, 1)} kB`;
export const mark = (ok: boolean) => (ok ? "yes" : "**no**");
