// The issue objects validators return. Building a message (describing the value, joining a
// parameter list) costs more than finding the problem, and many callers only count issues or read
// their paths, so the message is built the first time it is read, once. An issue still reads as
// `{ path, code, message }`: `JSON.stringify` and `util.inspect` show all three (a spread copy
// carries only `path` and `code`, as with any getter on a class).
import type { IssueCode, ValidationIssue } from "../validation.js";

/** The issue class; constructors call it directly, since each call level costs an invalid input. */
export class LazyIssue<A = unknown, B = unknown, C = unknown> implements ValidationIssue {
  // `declare`: assigned in the constructor, not defined by a field initializer, which costs a call.
  declare readonly path: string;
  declare readonly code: IssueCode;
  /** The builder until the message is read, then the message: one field fewer to set per issue. */
  #lazy: ((a: A, b: B, c: C) => string) | string;
  #a: A | undefined;
  #b: B | undefined;
  #c: C | undefined;

  /** `build(a, b, c)` makes the message when it is first read; it must not throw. */
  constructor(path: string, code: IssueCode, build: (a: A, b: B, c: C) => string, a: A, b: B, c: C) {
    this.path = path;
    this.code = code;
    this.#lazy = build;
    this.#a = a;
    this.#b = b;
    this.#c = c;
  }

  get message(): string {
    // A deep clone made by copying own properties onto the prototype (lodash cloneDeep) has no builder.
    if (!(#lazy in this)) return fallbackMessage(this);
    if (typeof this.#lazy !== "string") {
      try {
        this.#lazy = this.#lazy(this.#a as A, this.#b as B, this.#c as C);
      } catch {
        // Builders only format values they describe safely; this keeps "never throws" true regardless.
        this.#lazy = fallbackMessage(this);
      }
      // Drop the arguments: an issue kept around must not keep a large input value alive.
      this.#a = this.#b = this.#c = undefined;
    }
    return this.#lazy;
  }

  /** Code that rewrites messages (translation, redaction) may assign one, as on a plain object. */
  set message(text: string) {
    if (#lazy in this) {
      this.#lazy = String(text);
      this.#a = this.#b = this.#c = undefined;
    }
  }

  toJSON(): { path: string; code: IssueCode; message: string } {
    return { path: this.path, code: this.code, message: this.message };
  }

  /** `console.log` and `util.inspect` show the plain `{ path, code, message }` form. */
  [Symbol.for("nodejs.util.inspect.custom")](): { path: string; code: IssueCode; message: string } {
    return this.toJSON();
  }
}

/** `<path>: <code>` from whatever `issue` holds; never throws. */
function fallbackMessage(issue: { readonly path?: unknown; readonly code?: unknown }): string {
  try {
    const { path, code } = issue;
    if (typeof path === "string" && typeof code === "string") return `${path === "" ? "input" : path}: ${code}`;
  } catch {
    // A hostile `this`: no message rather than a throw.
  }
  return "";
}
