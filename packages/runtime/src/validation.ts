export type IssueCode = string;
export interface ValidationIssue { path: string; code: IssueCode; message: string }
export type ValidationResult<T> = { ok: true; value: T } | { ok: false; issues: ValidationIssue[] };
export function describe(v: unknown): string { return JSON.stringify(v) ?? String(v); }
