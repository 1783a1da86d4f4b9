// @toolcat/runtime/internal: what generated packages and the sibling toolcat packages (mcp, code)
// call: issue builders, format predicates, pointers, the tool caller, redaction of result texts. Not
// for users: it may change with any generator release. It also re-exports the public API, so the
// built runtime is one module that generated packages import once (see tools/build/build-package.js).
export * from "../index.js";
export * from "../formats.js";
export * from "./issues.js";
export * from "./body-issues.js";
export { canonicalJson, codePointLength, duplicateItems, isMultipleOf } from "./json-values.js";
export { describeValue, pointer } from "../validation.js";
export { callByName, clientRedaction, createToolCaller } from "../client.js";
export { modelCaller, type ModelCaller } from "../model-call.js";
export { answerText, failureText, invalidText, toolcatCode } from "./result-text.js";
export { cleanJson, type Clean } from "./scrub.js";
export { searchIndexText } from "../search/index-text.js";
export { manifestChatTools } from "../search-routes.js";
export { lazyManifest, manifestToolSchemas } from "./lazy-manifest.js";
export { withExample } from "./example-text.js";
export { editDistance } from "./edit-distance.js";
export * from "../lowering/index.js";
