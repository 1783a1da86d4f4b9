import { describe as suite, expect, it } from "vitest";
import { TransportError } from "../src/errors.js";
import { createMemoryTransport } from "../src/memory-transport.js";

const request = (toolName: string, signal = new AbortController().signal) => ({
  toolName,
  input: { x: 1 },
  secrets: { KEY: "v" },
  userId: "u1",
  signal,
});

suite("createMemoryTransport", () => {
  it("runs the handler registered under the full name", async () => {
    const transport = createMemoryTransport({
      "Demo.Echo": (input, context) => ({ input, secrets: context.secrets, userId: context.userId }),
    });
    expect(transport.executesRemotely).toBe(false);
    await expect(transport.execute(request("Demo.Echo"))).resolves.toEqual({
      input: { x: 1 },
      secrets: { KEY: "v" },
      userId: "u1",
    });
  });

  it("rejects an unknown tool with the names it knows", async () => {
    const transport = createMemoryTransport({ "Demo.Echo": () => 1, "Demo.Other": () => 2 });
    const error = await transport.execute(request("Demo.Missing")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect((error as Error).message).toBe(
      "no handler for Demo.Missing in the memory transport; it has Demo.Echo, Demo.Other",
    );
  });

  it("does not treat inherited properties as handlers", async () => {
    await expect(createMemoryTransport({}).execute(request("toString"))).rejects.toBeInstanceOf(TransportError);
  });

  it("passes handler failures through", async () => {
    const transport = createMemoryTransport({ "Demo.Fail": () => Promise.reject(new Error("nope")) });
    await expect(transport.execute(request("Demo.Fail"))).rejects.toThrow("nope");
  });

  it("stops waiting when the signal aborts", async () => {
    const controller = new AbortController();
    const transport = createMemoryTransport({ "Demo.Slow": () => new Promise(() => undefined) });
    const pending = transport.execute(request("Demo.Slow", controller.signal));
    controller.abort(new Error("gave up"));
    await expect(pending).rejects.toThrow("gave up");
  });
});
