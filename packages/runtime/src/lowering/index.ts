// Provider lowering: one function per provider form, each from a tool's full input schema, each
// returning the form's schema and what it does not enforce. The generators emit the tool files
// with them; Standard JSON Schema targets and framework adapters lower the same way at run time.
export { annotations, meaning, type DroppedKeyword, type Lowered } from "./lowered.js";
export { executeView } from "./execute-view.js";
export { lowerAnthropic, lowerMcp, lowerOpenAiNonStrict } from "./loose.js";
export { lowerOpenAiStrict, strictFormats, strictKeywords, type OpenAiLowered } from "./openai-strict.js";
export {
  geminiFormats,
  geminiJsonSchemaKeywords,
  geminiSchemaFields,
  lowerGeminiJsonSchema,
  lowerGeminiParameters,
  type GeminiParametersLowered,
} from "./gemini.js";
export { stripStrictNulls } from "./strict-nulls.js";
