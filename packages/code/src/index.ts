// @toolcat/code: run a model's program against generated tool packages. Type-checked first
// against the packages' code-mode declarations, then run in a QuickJS WebAssembly sandbox whose only
// way out is the tool functions.
export { runCode } from "./run.js";
export { limitSandboxes } from "./pool.js";
export type { RunCodeOptions } from "./options.js";
export { defaultLimits, resolveLimits, type CodeLimits, type LimitName } from "./limits.js";
export type { CodeApi, CodePackage } from "./packages.js";
export type { CodeCall, CodeError, CodeErrorKind, JsonValue, RunCodeResult } from "./result.js";
export { codeDeclarations, declareNamespace, functionDeclarations, narrowCodeApi } from "./declarations.js";
