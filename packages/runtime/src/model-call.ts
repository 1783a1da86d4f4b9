// The call entry for what a model produced: a tool name in any of its three forms and arguments as
// parsed JSON or JSON text. Every outcome becomes a result ready to send back to the model, never
// an exception: invalid arguments, missing secrets (by name), authorization URLs, tool failures.
import { ValidationError, type ToolcatErrorCode } from "./errors.js";
import { isObject } from "./internal/issues.js";
import { answerText, failureText, invalidText, toolcatCode } from "./internal/result-text.js";
import {
  callByName,
  clientRedaction,
  createToolCaller,
  resolveToolName,
  type CallOptions,
  type ClientOptions,
  type ModelToolIndex,
} from "./client.js";
import { stripStrictNulls } from "./lowering/strict-nulls.js";
import { cleanJson, redactIssues, type Clean } from "./internal/scrub.js";
import type { Redact } from "./secrets.js";
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

/** A generated client, as far as model calls need it: `call` by name, and the redaction of its results. */
export interface NamedToolClient {
  call(toolName: string, input: never, options?: CallOptions): Promise<unknown>;
  /**
   * Every secret the client knows replaced by [REDACTED]; every text of a result passes through it.
   * A generated client has it from its creation; without it, texts are shown as the client gave them.
   */
  readonly redact?: Redact;
}

/** What a package's model call entry runs through: a client already built, or the options to build one. */
export type ModelCallTarget = NamedToolClient | ClientOptions;

/** What callTool calls through: a tool by any name form, and the redaction of every secret known. */
export interface ModelCaller {
  call(index: ModelToolIndex, name: unknown, input: unknown, options?: CallOptions): Promise<unknown>;
  /** The redaction of the caller built from options, or of the client given (see clientRedaction). */
  readonly redact: Clean;
}

/** A caller for callTool from a client or from client options. Never throws: JavaScript callers may pass anything. */
export function modelCaller(target: unknown): ModelCaller {
  try {
    if (isObject(target) && "transport" in target) {
      const caller = createToolCaller(target as unknown as ClientOptions);
      return {
        redact: caller.redact,
        call: (index, name, input, options) => callByName(caller, index.server, index.tools, name, input, options),
      };
    }
    const call = isObject(target) ? target.call : undefined;
    if (typeof call === "function") return clientCaller(target as object, call as NamedToolClient["call"]);
  } catch {
    // A throwing getter or proxy trap; what it threw is not shown, as it may quote a key.
    return unusable("options whose properties could not be read");
  }
  return unusable(
    target === null
      ? "null"
      : Array.isArray(target)
        ? "an array"
        : isObject(target)
          ? "an object without call or transport"
          : typeof target,
  );
}

function clientCaller(client: object, call: NamedToolClient["call"]): ModelCaller {
  return {
    redact: clientRedaction(client),
    call: async (_index, name, input, options) => call.call(client, name as string, input as never, options),
  };
}

function unusable(got: string): ModelCaller {
  const error = new TypeError(
    `the tool call needs a client (create<Server>Client) or client options ({ transport }), got ${got}`,
  );
  return { redact: (text) => text, call: () => Promise.reject(error) };
}

/**
 * Calls the tool a model asked for and returns the result to send back. `args` may be JSON text
 * (OpenAI sends arguments as a string). OpenAI strict mode sends null for an optional parameter
 * left out: nulls at the tool's `strictNulls` pointers are dropped before the full validator runs,
 * which checks everything a provider form leaves out. Never rejects; every text in the result is
 * redacted of the secrets the client knows.
 */
export async function callTool(
  caller: ModelCaller,
  index: ModelToolIndex,
  name: unknown,
  args: unknown,
  options?: CallOptions,
): Promise<ModelToolResult> {
  const short = resolveToolName(index, name);
  // An unknown name goes to the client too, which reports it (redacted).
  const label = short === undefined ? index.server : (index.tools[short]?.fullName ?? index.server);
  try {
    const parsed = parseArguments(args, short === undefined ? [] : (index.strictNulls?.[short] ?? []));
    if (!parsed.ok && short !== undefined) return invalid(label, [parsed.issue], caller.redact);
    return answer(await caller.call(index, name, parsed.ok ? parsed.value : {}, options), caller.redact);
  } catch (error) {
    return failure(label, error, caller.redact);
  }
}

type Parsed = { ok: true; value: unknown } | { ok: false; issue: ValidationIssue };

function parseArguments(args: unknown, strictNulls: readonly string[]): Parsed {
  let value = args;
  if (typeof args === "string") {
    if (args.trim() === "") return { ok: true, value: {} };
    try {
      value = JSON.parse(args) as unknown;
    } catch {
      return {
        ok: false,
        issue: {
          path: "",
          code: "invalid_type",
          message: "arguments must be a JSON object; the text given is not JSON",
        },
      };
    }
  }
  return { ok: true, value: stripStrictNulls(value, strictNulls) };
}

function text(
  value: string,
  isError: boolean,
  extra: Omit<ModelToolResult, "isError" | "content"> = {},
): ModelToolResult {
  return { isError, content: [{ type: "text", text: value }], ...extra };
}

function answer(value: unknown, redact: Clean): ModelToolResult {
  if (typeof value === "string") return text(redact(value), false);
  const json = cleanJson(value, redact);
  if (!json.ok)
    return text(`the tool answered with a value that is not JSON: ${json.problem}`, true, { code: "unexpected" });
  return text(answerText(json.value), false, isObject(json.value) ? { structuredContent: json.value } : {});
}

function invalid(label: string, issues: readonly ValidationIssue[], redact: Clean): ModelToolResult {
  const clean = redactIssues(issues, redact);
  return text(invalidText(label, clean), true, { issues: clean, code: "validation_failed" });
}

/** Error texts are redacted here as well: a client passed as the target may not be a toolcat client. */
function failure(label: string, error: unknown, redact: Clean): ModelToolResult {
  if (error instanceof ValidationError) return invalid(label, error.issues, redact);
  return text(redact(failureText(label, error)), true, { code: toolcatCode(error) ?? "unexpected" });
}
