// A tool's Standard Schema as LangChain's `tool()` takes it. LangChain core 1 types a tool's schema
// as Zod or JSON Schema, yet at run time reads a Standard JSON Schema's `~standard.jsonSchema` for
// the model, and its own JSON Schema check finds no keyword to check in the object, so the package
// validator (in handleToolCall) answers an invalid call with its message, not LangChain's generic
// "did not match expected schema". The optional `description` is the JSON Schema annotation
// LangChain's type looks for; the object does not set it.
import type { ToolStandardSchema } from "./standard-schema.js";

export type LangChainSchema<I> = ToolStandardSchema<I> & { readonly description?: string };

/** `schema` itself, typed so LangChain's `tool()` takes it without a cast. */
export function langChainSchema<I>(schema: ToolStandardSchema<I>): LangChainSchema<I> {
  return schema;
}
