// The sandbox's own JavaScript, run before the program: console, one frozen namespace per package
// whose functions are the only way out (each call becomes JSON text handed to the host), no code
// from strings, and the two helpers the host uses to read the outcome. Host functions arrive as
// arguments and stay in this closure, out of the program's reach.

/**
 * A function expression taking `(host, packages)`: `host.call(tool, inputJson)` returns a promise of
 * the answer's JSON text, `host.log(level, line)` records a line; `packages` is JSON text of
 * `[namespace, [[function, tool], …]][]`. It returns `{ exportValue, describe }`.
 */
export const prelude = String.raw`(function (host, packagesJson) {
  "use strict";
  const call = host.call, log = host.log;
  const stringify = JSON.stringify, parse = JSON.parse, toText = String, define = Object.defineProperty;
  const freeze = Object.freeze, getPrototypeOf = Object.getPrototypeOf, BaseError = Error;

  function text(value) {
    if (typeof value === "string") return value;
    try {
      const json = stringify(value);
      if (typeof json === "string") return json;
    } catch {}
    try {
      return toText(value);
    } catch {
      return "[a value that cannot be shown]";
    }
  }

  function describe(error) {
    try {
      if (error instanceof BaseError) return toText(error.name) + ": " + toText(error.message);
    } catch {}
    return "uncaught " + text(error);
  }

  const consoleObject = {};
  for (const level of ["log", "info", "warn", "error", "debug"]) {
    consoleObject[level] = function (...data) {
      let line = "";
      for (let i = 0; i < data.length; i++) line += (i === 0 ? "" : " ") + text(data[i]);
      log(level, line);
    };
  }
  define(globalThis, "console", { value: freeze(consoleObject) });

  class ToolError extends BaseError {
    constructor(tool, failure) {
      super(failure.message);
      this.name = "ToolError";
      this.tool = tool;
      this.code = failure.code;
      this.issues = freeze(failure.issues.map(freeze));
    }
  }

  async function invoke(tool, input) {
    let json;
    try {
      json = stringify(input === undefined ? {} : input);
    } catch (error) {
      throw new TypeError(tool + ": the input cannot be sent as JSON: " + describe(error));
    }
    if (typeof json !== "string") throw new TypeError(tool + ": the input cannot be sent as JSON");
    const answer = parse(await call(tool, json));
    if (answer.ok) return answer.value;
    throw new ToolError(tool, answer.error);
  }

  for (const [namespace, functions] of parse(packagesJson)) {
    const api = {};
    for (const [name, tool] of functions) api[name] = (input) => invoke(tool, input);
    define(globalThis, namespace, { value: freeze(api) });
  }

  // No code from strings: eval is gone and every function constructor throws. The sandbox is the
  // boundary either way; this keeps programs to what they were type-checked as.
  const blocked = function Function() {
    throw new EvalError("code from strings (eval, Function) is not available in the sandbox");
  };
  for (const sample of [function () {}, async function () {}, function* () {}, async function* () {}]) {
    define(getPrototypeOf(sample), "constructor", { value: blocked });
  }
  blocked.prototype = getPrototypeOf(function () {});
  define(globalThis, "Function", { value: blocked });
  delete globalThis.eval;

  return {
    exportValue(value, maxLength) {
      let json;
      try {
        json = stringify(value);
      } catch (error) {
        throw new TypeError("the returned value cannot be sent as JSON: " + describe(error));
      }
      if (json === undefined) return "";
      if (typeof json !== "string") throw new TypeError("the returned value cannot be sent as JSON");
      return json.length > maxLength ? json.length : json;
    },
    describe,
  };
})`;
