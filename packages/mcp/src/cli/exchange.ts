// Between node:http and the SDK's web-standard handlers. A request's body is read once, within its
// bound, and parsed once; the parsed message is handed to the request log, the era check and the
// handler, so none of them clones the request or parses it again. A JSON answer is written in one
// piece with its length; a stream (SSE) is written as it comes, waiting when the client reads slowly.
// This is the per-request path of every call, so it stays lean: the SDK's generic Node adapter
// re-serializes a parsed body and writes every answer as a chunked stream.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AuthInfo } from "@modelcontextprotocol/server";

/** A JSON-RPC error answer without an id, for a request refused before any server reads it. */
export const refusal = (status: number, message: string, headers: Record<string, string> = {}): Response =>
  Response.json({ jsonrpc: "2.0", error: { code: -32000, message }, id: null }, { status, headers });

/** The SDK handlers' options for one request: its auth and its parsed body, each only when present. */
export const handlerOptions = (
  authInfo: AuthInfo | undefined,
  parsedBody: unknown,
): { authInfo?: AuthInfo; parsedBody?: unknown } => ({
  ...(authInfo === undefined ? {} : { authInfo }),
  ...(parsedBody === undefined ? {} : { parsedBody }),
});

/** A request body read to its end: its text, or `undefined` when it went over `maxBytes`. */
export function readBody(request: IncomingMessage, maxBytes: number): Promise<string | undefined> {
  if (Number(request.headers["content-length"]) > maxBytes) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size <= maxBytes) {
        chunks.push(chunk);
        return;
      }
      // The rest is read and dropped: the answer (413) closes the connection.
      request.off("data", onData).off("end", onEnd).off("error", reject).off("close", onClose);
      request.resume();
      resolve(undefined);
    };
    const onEnd = (): void => resolve(Buffer.concat(chunks, size).toString("utf8"));
    // A client that leaves mid-body: nothing will follow (a no-op once the body was read).
    const onClose = (): void => reject(new Error("the client closed the connection before sending the whole body"));
    request.on("data", onData).once("end", onEnd).once("error", reject).once("close", onClose);
  });
}

/** The JSON a body holds, or `undefined` (empty or not JSON: the SDK answers that itself). */
export function parseBody(text: string): unknown {
  if (text.length === 0) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const single = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

/** `request` as a web Request with the body already read; `signal` aborts when the client leaves. */
export function toWebRequest(request: IncomingMessage, body: string, signal: AbortSignal): Request {
  const method = (request.method ?? "GET").toUpperCase();
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name.startsWith(":")) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  const url = `http://${single(request.headers.host) ?? "localhost"}${request.url ?? "/"}`;
  const withBody = method !== "GET" && method !== "HEAD" && body.length > 0;
  return new Request(url, { method, headers, signal, ...(withBody ? { body } : {}) });
}

const isEventStream = (contentType: string | null): boolean =>
  contentType?.split(";")[0]?.trim().toLowerCase() === "text/event-stream";

/** Writes `answer` to `to`; a stream stops early when `signal` aborts (the client left). */
export async function writeResponse(answer: Response, to: ServerResponse, signal?: AbortSignal): Promise<void> {
  const headers: Record<string, string> = {};
  answer.headers.forEach((value, name) => (headers[name] = value));
  if (answer.body === null) {
    to.writeHead(answer.status, headers).end();
    return;
  }
  if (!isEventStream(answer.headers.get("content-type"))) {
    const body = Buffer.from(await answer.arrayBuffer());
    headers["content-length"] = String(body.length);
    to.writeHead(answer.status, headers).end(body);
    return;
  }
  to.writeHead(answer.status, headers);
  try {
    for await (const chunk of answer.body) {
      if (signal?.aborted === true) break;
      if (!to.write(chunk)) await drained(to, signal);
    }
  } catch {
    // The stream failed or the client left: end what was sent.
  }
  to.end();
}

/** Resolves once `to` can take more, or `signal` aborts. */
function drained(to: ServerResponse, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted === true) return resolve();
    const done = (): void => {
      to.off("drain", done);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    to.once("drain", done);
    signal?.addEventListener("abort", done, { once: true });
  });
}
