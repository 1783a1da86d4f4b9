// Redirects are followed by hand (fetch's `redirect: "manual"`): only a same-origin 307 or 308,
// which keep the method and body, and only a few times. A redirect to another origin is never
// followed, so neither the body nor the Authorization header reaches a host the caller did not name.
import { TransportError } from "../errors.js";
import type { Clean } from "../internal/scrub.js";

const MAX_REDIRECTS = 5;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export async function fetchFollowingSameOrigin(
  fetchImpl: typeof globalThis.fetch,
  url: string,
  init: RequestInit,
  clean: Clean,
): Promise<Response> {
  let current = new URL(url);
  for (let redirects = 0; ; redirects++) {
    const response = await fetchImpl(current, { ...init, redirect: "manual" });
    if (!REDIRECT_STATUSES.has(response.status)) return response;
    await response.body?.cancel();
    const location = response.headers.get("location");
    const target = location === null ? undefined : URL.parse(location, current);
    const refuse = (why: string): TransportError =>
      new TransportError(
        clean(`${current.origin} redirected (${response.status}) ${why}; the call was not sent there`),
        {
          status: response.status,
          retryable: false,
        },
      );
    if (target === undefined || target === null) throw refuse("without a usable Location");
    if (target.origin !== current.origin) throw refuse(`to another origin, ${target.origin}`);
    if (response.status !== 307 && response.status !== 308)
      throw refuse("with a status that would turn the POST into a GET");
    if (redirects >= MAX_REDIRECTS) throw refuse(`more than ${MAX_REDIRECTS} times`);
    current = target;
  }
}
