// A problem found in an engine's answer to mode get_request_schema, shared by the readers of the
// answer (body-schema.ts, answer-values.ts, body-refs.ts); the loader turns each into a diagnostic.
import type { DiagnosticCode } from "./diagnostics.ts";

export type AnswerPath = readonly (string | number)[];

export interface BodyProblem {
  /** Where in the answer (keys and indexes), for the loader's file:line:col. */
  readonly path: AnswerPath;
  readonly message: string;
  /** The rule broken, when it is not a plain `invalid-request-body`, and what to do about it. */
  readonly rule?: { readonly code: DiagnosticCode; readonly hint: string };
}
