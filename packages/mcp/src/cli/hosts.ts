// Which addresses count as loopback, and which Host header names a server bound to an address
// answers to. The MCP spec asks servers to check Host against DNS rebinding: a page on any site can
// make a browser send requests to a name that resolves to the server's address, but the request
// still names the attacker's host.
import { isIP } from "node:net";
import { networkInterfaces } from "node:os";
import { localhostAllowedHostnames } from "@modelcontextprotocol/server";

/** True for localhost and the loopback addresses (127.0.0.0/8, ::1, and 127/8 mapped into IPv6). */
export function isLoopback(host: string): boolean {
  const address = host.replace(/^\[(.*)\]$/, "$1").toLowerCase();
  if (address === "localhost" || address === "::1") return true;
  const v4 = address.startsWith("::ffff:") ? address.slice("::ffff:".length) : address;
  return isIP(v4) === 4 && v4.startsWith("127.");
}

const isWildcard = (host: string): boolean => host === "0.0.0.0" || host === "::" || host === "[::]";

/** The form an address takes in a Host header: IPv6 in brackets. */
const hostForm = (address: string): string => (isIP(address) === 6 ? `[${address}]` : address.toLowerCase());

/**
 * The names a Host header may give for a server bound to `host`: the bound address (every local
 * address for 0.0.0.0 and ::), localhost names on loopback, and the names configured.
 */
export function allowedHostnames(host: string, configured: readonly string[]): string[] {
  const bound = isWildcard(host)
    ? Object.values(networkInterfaces()).flatMap((addresses) => (addresses ?? []).map((address) => address.address))
    : [host.replace(/^\[(.*)\]$/, "$1")];
  const local = isWildcard(host) || bound.some(isLoopback) ? localhostAllowedHostnames() : [];
  return [...new Set([...local, ...bound.map(hostForm), ...configured.map((name) => name.toLowerCase())])];
}
