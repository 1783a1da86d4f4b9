// What a sandbox worker and the host share while a run goes on: the engine time the run has used,
// when the engine's current slice began (so the host sees a slice stuck inside one built-in while it
// runs) and the host's stop flag, which the engine's interrupt handler reads. Times are milliseconds
// of the process-wide monotonic clock, which every thread reads alike.

/** Index of each value in the shared Float64Array. */
export const slot = Object.freeze({ cpuUsed: 0, sliceStart: 1, stop: 2 });

export const meterBytes = 3 * Float64Array.BYTES_PER_ELEMENT;

/** @returns {number} */
export function monotonicMs() {
  const [seconds, nanoseconds] = process.hrtime();
  return seconds * 1e3 + nanoseconds / 1e6;
}

/**
 * Engine time used so far, the current slice included. The worker clears the slice start before it
 * adds the slice to the total, and the total is read first, so a slice is never counted twice.
 * @param {Float64Array} meter
 * @returns {number}
 */
export function cpuUsed(meter) {
  const used = meter[slot.cpuUsed] ?? 0;
  const sliceStart = meter[slot.sliceStart] ?? 0;
  return used + (sliceStart > 0 ? monotonicMs() - sliceStart : 0);
}
