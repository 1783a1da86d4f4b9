// Between node:http and the web-standard handlers: bodies read within their bound, parsed once,
// headers carried over, and answers written whole (JSON, with their length) or as a stream (SSE).
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { parseBody, readBody, toWebRequest, writeResponse } from "../../src/cli/exchange.ts";
import { raw } from "../support/http.ts";

const servers: ReturnType<typeof createServer>[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((server) => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    }),
  );
});

/** A server on 127.0.0.1 that hands each request to `handle`; its URL. */
async function serve(handle: (request: IncomingMessage, response: ServerResponse) => Promise<void>): Promise<string> {
  const server = createServer((request, response) => void handle(request, response));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
}

describe("readBody", () => {
  it.each([
    ["an empty body", "", 10, ""],
    ["a body under the bound", "x".repeat(9), 10, "x".repeat(9)],
    ["a body at the bound", "x".repeat(10), 10, "x".repeat(10)],
    ["a body one byte over", "x".repeat(11), 10, undefined],
    ["multi-byte text at the bound", "é".repeat(5), 10, "é".repeat(5)],
    ["multi-byte text over it", "é".repeat(6), 10, undefined],
  ])("%s, with Content-Length and chunked", async (_, body, maxBytes, expected) => {
    const read: (string | undefined)[] = [];
    const url = await serve(async (request, response) => {
      read.push(await readBody(request, maxBytes));
      response.end("done");
    });
    await raw(url, "POST", {}, body);
    await raw(url, "POST", { "transfer-encoding": "chunked" }, body);
    expect(read).toEqual([expected, expected]);
  });

  it("answers 413 to a large chunked upload over the bound", async () => {
    const url = await serve(async (request, response) => {
      const body = await readBody(request, 1_000);
      response.writeHead(body === undefined ? 413 : 200, { connection: "close" }).end();
    });
    expect((await raw(url, "POST", { "transfer-encoding": "chunked" }, "x".repeat(1_000_000))).status).toBe(413);
  });

  it("fails when the client leaves before the whole body arrived", async () => {
    const outcome = new Promise<unknown>((resolve) => {
      void serve(async (request) => {
        resolve(await readBody(request, 1_000).catch((error: unknown) => error));
      }).then((url) => {
        const { hostname, port } = new URL(url);
        const socket = connect(Number(port), hostname, () =>
          socket.end(`POST /mcp HTTP/1.1\r\nHost: ${hostname}\r\nContent-Length: 100\r\n\r\n{"json`),
        );
      });
    });
    expect(await outcome).toBeInstanceOf(Error);
  });
});

describe("parseBody", () => {
  it.each([
    ["", undefined],
    ["{", undefined],
    ["not json", undefined],
    ["null", null],
    ['{"jsonrpc":"2.0","id":1}', { jsonrpc: "2.0", id: 1 }],
    ["[1,2]", [1, 2]],
    ['"__proto__"', "__proto__"],
  ])("%j -> %j", (text, expected) => {
    expect(parseBody(text)).toEqual(expected);
  });
});

describe("toWebRequest", () => {
  it("carries the method, URL, headers (repeated ones too) and body, and the abort signal", async () => {
    const seen: Request[] = [];
    const abort = new AbortController();
    const url = await serve(async (request, response) => {
      const body = (await readBody(request, 1_000)) ?? "";
      seen.push(toWebRequest(request, body, abort.signal));
      response.end();
    });
    await raw(url, "POST", { "x-one": "1", "mcp-method": "tools/call", cookie: "a=1" }, '{"a":1}');
    await raw(url, "GET", { accept: "text/event-stream" });
    const [post, get] = seen;
    expect(post?.method).toBe("POST");
    expect(post?.url).toBe(url);
    expect(post?.headers.get("mcp-method")).toBe("tools/call");
    expect(post?.headers.get("x-one")).toBe("1");
    expect(await post?.json()).toEqual({ a: 1 });
    expect(get?.method).toBe("GET");
    expect(get?.body).toBeNull();
    expect(get?.headers.get("accept")).toBe("text/event-stream");
    abort.abort();
    expect(post?.signal.aborted).toBe(true);
  });
});

describe("writeResponse", () => {
  it("writes a JSON answer whole, with its length, status and headers", async () => {
    const body = JSON.stringify({ jsonrpc: "2.0", id: 1, result: { text: "é".repeat(100) } });
    const url = await serve((_, response) =>
      writeResponse(
        new Response(body, { status: 200, headers: { "content-type": "application/json", "x-request-id": "r" } }),
        response,
      ),
    );
    const answer = await raw(url, "GET", {});
    expect(answer.status).toBe(200);
    expect(answer.headers["content-length"]).toBe(String(Buffer.byteLength(body)));
    expect(answer.headers["transfer-encoding"]).toBeUndefined();
    expect(answer.headers["x-request-id"]).toBe("r");
    expect(answer.body).toBe(body);
  });

  it("writes an answer without a body as its status alone", async () => {
    const url = await serve((_, response) => writeResponse(new Response(null, { status: 202 }), response));
    const answer = await raw(url, "POST", {}, "{}");
    expect([answer.status, answer.body]).toEqual([202, ""]);
  });

  it("streams an event stream as its events come", async () => {
    let release: () => void = () => undefined;
    const second = new Promise<void>((resolve) => (release = resolve));
    const encoder = new TextEncoder();
    const stream = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(encoder.encode("data: one\n\n"));
        await second;
        controller.enqueue(encoder.encode("data: two\n\n"));
        controller.close();
      },
    });
    const url = await serve((_, response) =>
      writeResponse(new Response(stream, { headers: { "content-type": "text/event-stream" } }), response),
    );
    const events: string[] = [];
    const response = await fetch(url);
    expect(response.headers.get("content-length")).toBeNull();
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    events.push((await reader.read()).value ?? "");
    // The first event arrived while the second was still held back.
    release();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) events.push(chunk.value);
    expect(events.join("")).toBe("data: one\n\ndata: two\n\n");
    expect(events[0]).toBe("data: one\n\n");
  });
});
