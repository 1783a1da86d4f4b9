// The call path every generated client method goes through: normalize, validate, check secrets,
// then hand the call to the transport. Everything before the transport is free of I/O.
import { MissingSecretError, TimeoutError, ValidationError } from "./errors.js";
import { isObject } from "./issues.js";
import { createSecretStore, type SecretMap } from "./secrets.js";
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
  ? { [K in keyof I]: K extends "request_body" ? I[K] | { readonly [key: string]: unknown } | readonly unknown[] : I[K] }
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
  /** Time limit of the whole call, retries included. */
  readonly timeoutMs?: number;
}

export interface ToolCaller {
  call<I>(definition: ToolDefinition<I>, input: WithObjectRequestBody<I>, options?: CallOptions): Promise<unknown>;
}

export function createToolCaller(options: ClientOptions): ToolCaller {
  const { transport } = options;
  const store = createSecretStore(options);

  return {
    async call(definition, input, callOptions = {}) {
      const result = definition.validate(stringifyRequestBody(input));
      if (!result.ok) throw new ValidationError(definition.fullName, result.issues);

      const { values, missing } = store.resolve(definition.secrets);
      if (missing.length > 0 && !transport.executesRemotely) throw new MissingSecretError(definition.fullName, missing);

      const { timeoutMs } = callOptions;
      const deadline = timeoutMs === undefined ? undefined : { ms: timeoutMs, signal: AbortSignal.timeout(timeoutMs) };
      const signals = [callOptions.signal, deadline?.signal].filter((signal) => signal !== undefined);
      try {
        return await transport.execute({
          toolName: definition.fullName,
          input: result.value,
          ...(options.userId === undefined ? {} : { userId: options.userId }),
          secrets: values,
          signal: signals.length === 0 ? new AbortController().signal : AbortSignal.any(signals),
        });
      } catch (error) {
        if (deadline?.signal.aborted === true) throw new TimeoutError(definition.fullName, deadline.ms);
        // A local handler may put a secret it was given into its error; rethrow it without.
        throw store.redactError(error);
      }
    },
  };
}

/** A copy of the input with an object request_body stringified, as the tools expect JSON text. */
function stringifyRequestBody(input: unknown): unknown {
  if (!isObject(input) || typeof input.request_body !== "object" || input.request_body === null) return input;
  return { ...input, request_body: JSON.stringify(input.request_body) };
}
