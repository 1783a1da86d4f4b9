// Reads a response of the HTTP transport: the body within a size limit, the details errors carry,
// and the wire protocol's envelope (see wire-protocol.schema.json) turned into a value or an error.
import { AuthorizationRequiredError, ToolExecutionError, TransportError, type ResponseInfo } from "../errors.js";
import { isObject } from "../internal/issues.js";
import type { Clean } from "../internal/scrub.js";

const BODY_SNIPPET_LENGTH = 200;

/** The status, redacted headers and request ID of a response. */
export function responseInfo(response: Response, clean: Clean): ResponseInfo {
  const headers: Record<string, string> = {};
  // Cookies are credentials; they stay out of errors whatever their value.
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") headers[name] = clean(value);
  });
  const requestId = response.headers.get("x-request-id");
  return { status: response.status, headers, requestId: requestId === null ? undefined : clean(requestId) };
}

/** A short, redacted piece of a body for an error message; redacted before cutting, so no part of a key is left. */
export function snippet(text: string, clean: Clean): string {
  const cleaned = clean(text);
  if (cleaned === "") return "";
  return `: ${cleaned.length > BODY_SNIPPET_LENGTH ? `${cleaned.slice(0, BODY_SNIPPET_LENGTH)}…` : cleaned}`;
}

/**
 * The body as text, counting bytes as they stream in and cancelling past `maxBytes`, so a huge
 * answer is never buffered whole.
 */
export async function readBody(
  response: Response,
  maxBytes: number,
  where: string,
  info: ResponseInfo,
): Promise<string> {
  const tooLarge = (): TransportError =>
    new TransportError(
      `${where} answered ${response.status} with a body over ${maxBytes} bytes (maxResponseBytes); it was not read`,
      {
        retryable: false,
        response: info,
      },
    );
  const declared = Number(response.headers.get("content-length") ?? Number.NaN);
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw tooLarge();
  }
  if (response.body === null) return "";
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    bytes += value.byteLength;
    if (bytes > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    text += decoder.decode(value, { stream: true });
  }
}

/** Turns a 2xx body into the tool's value, or the error it reports. */
export function readOutput(toolName: string, where: string, text: string, info: ResponseInfo, clean: Clean): unknown {
  const fail = (problem: string): TransportError =>
    new TransportError(`${where} answered ${info.status} ${problem}${snippet(text, clean)}`, {
      retryable: false,
      response: info,
    });
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch {
    // The parser's own message quotes the body, which may be nothing but a key: it is not kept.
    throw fail("with a body that is not JSON");
  }
  if (!isObject(payload) || typeof payload.success !== "boolean") throw fail('without a boolean "success"');
  const output = isObject(payload.output) ? payload.output : {};
  const { authorization, error } = output;
  if (isObject(authorization) && typeof authorization.url === "string" && authorization.status !== "completed") {
    const status = typeof authorization.status === "string" ? clean(authorization.status) : "pending";
    throw withResponse(new AuthorizationRequiredError(toolName, clean(authorization.url), status), info);
  }
  if (!payload.success || isObject(error)) {
    const message =
      isObject(error) && typeof error.message === "string" ? error.message : "the service gave no error message";
    throw withResponse(
      new ToolExecutionError(toolName, clean(message), isObject(error) && error.can_retry === true),
      info,
    );
  }
  return output.value;
}

function withResponse<E extends { response?: ResponseInfo }>(error: E, info: ResponseInfo): E {
  error.response = info;
  return error;
}
