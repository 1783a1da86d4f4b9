// Values that break naive code: reading them, or anything about them, may throw.

/** A proxy on which every operation, even Array.isArray, throws. */
export function revokedProxy(): object {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
}
