// The Host names a bound address answers to: loopback binds take localhost's names, a specific
// address only itself, a wildcard bind every local address; configured names always, in lower case.
import { networkInterfaces } from "node:os";
import { describe, expect, it } from "vitest";
import { allowedHostnames } from "../../src/cli/hosts.ts";

const local = ["localhost", "127.0.0.1", "[::1]"];

describe("allowedHostnames", () => {
  it.each([
    ["127.0.0.1", [], [...local]],
    ["localhost", ["MCP.example.com"], [...local, "mcp.example.com"]],
    ["::1", [], [...local]],
    ["192.168.1.20", [], ["192.168.1.20"]],
    ["fd00::7", ["mcp.example.com"], ["[fd00::7]", "mcp.example.com"]],
  ])("%s with %j", (host, configured, expected) => {
    expect(new Set(allowedHostnames(host, configured))).toEqual(new Set(expected));
  });

  it.each([["0.0.0.0"], ["::"]])("%s answers to every local address and localhost", (host) => {
    const addresses = Object.values(networkInterfaces()).flatMap((list) =>
      (list ?? []).map((entry) => (entry.family === "IPv6" ? `[${entry.address}]` : entry.address)),
    );
    const allowed = allowedHostnames(host, ["mcp.example.com"]);
    expect(allowed).toEqual(expect.arrayContaining([...local, ...addresses, "mcp.example.com"]));
    expect(allowed).not.toContain("evil.example.com");
  });
});
