// The call entry for what a model produced: a tool name in any of its three forms and arguments as
// parsed JSON or JSON text. Every outcome becomes a result ready to send back to the model, never
// an exception: invalid arguments, missing secrets (by name), authorization URLs, tool failures.
import {
  AuthorizationRequiredError,
  ToolcatError,
  ToolExecutionError,
  ValidationError,
  type ToolcatErrorCode,
} from "./errors.js";
import { describeThrown, isObject, issueUnknownTool } from "./issues.js";
import {
  createToolCaller,
  resolveToolName,
  type CallOptions,
  type ClientOptions,
  type ModelToolIndex,
  type ToolCaller,
} from "./client.js";
import type { ValidationIssue } from "./validation.js";

/** A tool result in the shape MCP and the model providers take back. */
export interface ModelToolResult {
  readonly isError: boolean;
  readonly content: readonly [{ readonly type: "text"; readonly text: string }];
  /** The tool's answer when it is a JSON object. */
  readonly structuredContent?: Readonly<Record<string, unknown>>;
  /** What was wrong with the arguments, each with a JSON pointer. */
  readonly issues?: readonly ValidationIssue[];
  /** Why the call failed, for code that branches on it. */
  readonly code?: ToolcatErrorCode;
}

/** A generated client, as far as model calls need it: `call` by name. */
export interface NamedToolClient {
  call(toolName: string, input: never, options?: CallOptions): Promise<unknown>;
}

/** What a package's model call entry runs through: a client already built, or the options to build one. */
export type ModelCallTarget = NamedToolClient | ClientOptions;

/** A caller for callTool from a client (calls go through its `call`) or from client options. */
export function modelCaller(target: ModelCallTarget): ToolCaller {
  if ("transport" in target) return createToolCaller(target);
  return { call: (definition, input, options) => target.call(definition.name, input as never, options) };
}

/**
 * Calls the tool a model asked for and returns the result to send back. `args` may be JSON text
 * (OpenAI sends arguments as a string). Top-level nulls are dropped before validation: OpenAI strict
 * mode sends null for an optional parameter left out, and no toolcat parameter takes null.
 */
export async function callTool(
  caller: ToolCaller,
  index: ModelToolIndex,
  name: unknown,
  args: unknown,
  options?: CallOptions,
): Promise<ModelToolResult> {
  const short = resolveToolName(index, name);
  if (short === undefined) return invalid(index.server, [issueUnknownTool(name, index.server, Object.keys(index.tools))]);
  const tool = index.tools[short]!;
  const parsed = parseArguments(args);
  if (!parsed.ok) return invalid(tool.fullName, [parsed.issue]);
  try {
    return answer(await caller.call(tool, parsed.value as never, options));
  } catch (error) {
    return failure(tool.fullName, error);
  }
}

type Parsed = { ok: true; value: unknown } | { ok: false; issue: ValidationIssue };

function parseArguments(args: unknown): Parsed {
  let value = args;
  if (typeof args === "string") {
    if (args.trim() === "") return { ok: true, value: {} };
    try {
      value = JSON.parse(args) as unknown;
    } catch {
      return { ok: false, issue: { path: "", code: "invalid_type", message: "arguments must be a JSON object; the text given is not JSON" } };
    }
  }
  try {
    if (!isObject(value)) return { ok: true, value };
    return { ok: true, value: Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null)) };
  } catch (error) {
    // A proxy or throwing getter: the validator reports it with the input as given.
    return { ok: false, issue: { path: "", code: "invalid_type", message: `arguments could not be read: ${describeThrown(error)}` } };
  }
}

function text(value: string, isError: boolean, extra: Omit<ModelToolResult, "isError" | "content"> = {}): ModelToolResult {
  return { isError, content: [{ type: "text", text: value }], ...extra };
}

function answer(value: unknown): ModelToolResult {
  if (typeof value === "string") return text(value, false);
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } catch (error) {
    return text(`the tool answered with a value that is not JSON: ${describeThrown(error)}`, true, { code: "unexpected" });
  }
  return text(json ?? "null", false, isObject(value) ? { structuredContent: value } : {});
}

function invalid(label: string, issues: readonly ValidationIssue[]): ModelToolResult {
  const lines = issues.map((issue) => `- ${issue.path === "" ? "(arguments)" : issue.path}: ${issue.message}`);
  return text(`Invalid arguments for ${label}:\n${lines.join("\n")}\nFix these and call the tool again.`, true, { issues, code: "validation_failed" });
}

/** Error messages are already free of secret values (errors.ts, scrub.ts); they are the model's text. */
function failure(label: string, error: unknown): ModelToolResult {
  if (error instanceof ValidationError) return invalid(label, error.issues);
  if (error instanceof AuthorizationRequiredError) {
    const message = `${label} needs the user's authorization. Ask the user to open ${error.url} and then call the tool again.`;
    return text(message, true, { code: error.code });
  }
  if (error instanceof ToolExecutionError) {
    const hint = error.canRetry ? " Calling again may succeed." : " Calling again with the same arguments will not help.";
    return text(`${error.message}${hint}`, true, { code: error.code });
  }
  if (error instanceof ToolcatError) return text(error.message, true, { code: error.code });
  return text(`${label} failed: ${describeThrown(error)}`, true, { code: "unexpected" });
}
