// The call path every generated client method goes through: normalize, validate, check secrets,
// then hand the call to the transport. Everything before the transport is free of I/O.
import { MissingSecretError, TimeoutError } from "./errors.js";
import { deadline } from "./internal/deadline.js";
import { describeThrown, isObject, issueUnknownTool, issueUnreadable } from "./internal/issues.js";
import { scrubError, type Clean, redactedValidationError } from "./internal/scrub.js";
import { createSecretStore, REDACTED, type SecretMap } from "./secrets.js";
import type { Transport } from "./transport.js";
import type { ValidationResult } from "./validation.js";

/** What a generated package knows about one tool. */
export interface ToolDefinition<I> {
  readonly name: string;
  /** `<Server>.<Tool>`. */
  readonly fullName: string;
  /** Secret names the tool declares. */
  readonly secrets: readonly string[];
  /** Checks an input, reporting every problem; never throws. */
  readonly validate: (input: unknown) => ValidationResult<I>;
}

/** An input whose `request_body` may also be given as an object; the client stringifies it. */
export type WithObjectRequestBody<I> = "request_body" extends keyof I
  ? {
      [K in keyof I]: K extends "request_body" ? I[K] | { readonly [key: string]: unknown } | readonly unknown[] : I[K];
    }
  : I;

export interface ClientOptions {
  readonly transport: Transport;
  /** Secrets by name; they win over environment variables of the same name. */
  readonly secrets?: SecretMap;
  /** Environment to read secrets from; process.env by default, false to never read it. */
  readonly env?: SecretMap | false;
  /** The user calls act for, when the transport needs one. */
  readonly userId?: string;
}

export interface CallOptions {
  readonly signal?: AbortSignal;
  /** Time limit of the whole call, retries included; also the limit of each attempt. */
  readonly timeoutMs?: number;
  /** Extra attempts for this call, overriding the transport's `retries`. */
  readonly retries?: number;
}

export interface ToolCaller {
  call<I>(definition: ToolDefinition<I>, input: WithObjectRequestBody<I>, options?: CallOptions): Promise<unknown>;
  /** Every secret and credential this caller knows, in any encoding, replaced by [REDACTED]. */
  readonly redact: Clean;
}

export function createToolCaller(options: ClientOptions): ToolCaller {
  const { transport } = options;
  const store = createSecretStore({ ...options, redactions: transport.redact === undefined ? [] : [transport.redact] });

  return {
    redact: store.redact,
    async call(definition, input, callOptions = {}) {
      // Resolved first, so a secret from the environment is redacted from validation messages too.
      const { values, missing } = store.resolve(definition.secrets);
      const prepared = stringifyRequestBody(input);
      if (!prepared.ok) throw redactedValidationError(definition.fullName, prepared.issues, store.redact);
      const result = definition.validate(prepared.value);
      if (!result.ok) throw redactedValidationError(definition.fullName, result.issues, store.redact);

      if (missing.length > 0 && !transport.executesRemotely) throw new MissingSecretError(definition.fullName, missing);

      const { timeoutMs } = callOptions;
      const limit = deadline(callOptions.signal, timeoutMs);
      try {
        return await transport.execute({
          toolName: definition.fullName,
          input: result.value,
          ...(options.userId === undefined ? {} : { userId: options.userId }),
          ...(callOptions.retries === undefined ? {} : { retries: callOptions.retries }),
          ...(timeoutMs === undefined ? {} : { timeoutMs }),
          secrets: values,
          signal: limit.signal,
        });
      } catch (error) {
        if (limit.timedOut && timeoutMs !== undefined) throw new TimeoutError(definition.fullName, timeoutMs);
        // The caller's own abort reason is theirs to read as it is.
        if (callOptions.signal?.aborted === true && error === callOptions.signal.reason) throw error;
        // A handler, hook or custom fetch may put a secret into what it throws.
        throw scrubError(error, definition.fullName, store.redact);
      } finally {
        limit.release();
      }
    },
  };
}

/** A server's tools by short name, as each generated package exports them. */
export interface ModelToolIndex {
  /** The server name, such as `CloudSheets`. */
  readonly server: string;
  readonly tools: Readonly<Record<string, ToolDefinition<unknown>>>;
  /**
   * By short tool name, the argument pointers of the optional parameters OpenAI strict forms make
   * nullable (the manifest's `lowering.strictNulls`): callTool drops a null there before validating.
   */
  readonly strictNulls?: Readonly<Record<string, readonly string[]>>;
}

/**
 * The short name for `name` given as `CloudSheets.GetSpreadsheet`, `CloudSheets_GetSpreadsheet`
 * (the provider-safe model name) or `GetSpreadsheet`; undefined when the server has no such tool.
 */
export function resolveToolName(index: ModelToolIndex, name: unknown): string | undefined {
  if (typeof name !== "string") return undefined;
  for (const separator of [".", "_"]) {
    const prefix = `${index.server}${separator}`;
    if (name.startsWith(prefix) && Object.hasOwn(index.tools, name.slice(prefix.length)))
      return name.slice(prefix.length);
  }
  return Object.hasOwn(index.tools, name) ? name : undefined;
}

/**
 * Calls a tool by short, full or model name for a generated client's `call()`. Never throws synchronously:
 * a name that is not a known tool (or not a string at all) rejects with a ValidationError, redacted.
 */
export function callByName(
  caller: ToolCaller,
  server: string,
  tools: Readonly<Record<string, ToolDefinition<unknown>>>,
  toolName: unknown,
  input: unknown,
  options?: CallOptions,
): Promise<unknown> {
  const name = resolveToolName({ server, tools }, toolName);
  const tool = name === undefined ? undefined : tools[name];
  if (tool === undefined) {
    // Tool names are at most 64 characters; a longer string is not echoed whole.
    const label = typeof toolName === "string" && toolName.length <= 64 ? toolName : `${server}.(invalid name)`;
    return Promise.reject(
      redactedValidationError(label, [issueUnknownTool(toolName, server, Object.keys(tools))], caller.redact),
    );
  }
  return caller.call(tool, input as WithObjectRequestBody<unknown>, options);
}

/**
 * The redaction of a client's results, for the entries that show them (model calls, MCP): its own
 * `redact`, which a generated client takes from its caller when it is created; the text unchanged
 * for a client without one. Never throws: a `redact` that throws or returns no string withholds
 * the whole text rather than show it unredacted.
 */
export function clientRedaction(client: unknown): Clean {
  let redact: unknown;
  try {
    redact = isObject(client) || typeof client === "function" ? (client as { redact?: unknown }).redact : undefined;
  } catch {
    return () => REDACTED;
  }
  if (redact === undefined) return (text) => text;
  if (typeof redact !== "function") return () => REDACTED;
  return (text) => {
    try {
      const cleaned: unknown = Reflect.apply(redact, client, [text]);
      return typeof cleaned === "string" ? cleaned : REDACTED;
    } catch {
      return REDACTED;
    }
  };
}

/**
 * A copy of the input with an object request_body stringified, as the tools expect JSON text. The
 * input is read here, before the validator, so a throwing getter or proxy becomes an issue too.
 */
function stringifyRequestBody(input: unknown): ValidationResult<unknown> {
  let body: unknown;
  try {
    if (!isObject(input)) return { ok: true, value: input };
    body = input.request_body;
    if (typeof body !== "object" || body === null) return { ok: true, value: input };
  } catch (error) {
    return { ok: false, issues: [issueUnreadable(error)] };
  }
  try {
    return { ok: true, value: { ...input, request_body: JSON.stringify(body) } };
  } catch (error) {
    // A BigInt, a cycle, or a throwing getter or toJSON inside the body.
    const message = `request_body could not be turned into JSON: ${describeThrown(error)}`;
    return { ok: false, issues: [{ path: "/request_body", code: "invalid_type", message }] };
  }
}
