// The default bound on code-mode sandboxes per process: half the memory over every process, at the
// memory limit plus a thread's budget per sandbox, within 1 to 8.
import { describe, expect, it } from "vitest";
import { sandboxesPerProcess } from "../../src/cli/sandboxes.ts";

const GiB = 1024 ** 3;
const MiB = 1024 ** 2;

describe("sandboxesPerProcess", () => {
  it.each([
    [16 * GiB, 1, {}, 8],
    [4 * GiB, 2, {}, 8],
    [2 * GiB, 2, {}, 5],
    [1 * GiB, 2, {}, 2],
    [1 * GiB, 8, {}, 1],
    [512 * MiB, 1, {}, 2],
    [256 * MiB, 4, {}, 1],
    [2 * GiB, 1, { memoryBytes: 480 * MiB }, 2],
    [2 * GiB, 1, { memoryBytes: 16 * MiB }, 8],
  ])("%d bytes, %d workers, limits %j -> %d", (memory, workers, limits, expected) => {
    expect(sandboxesPerProcess(workers, limits, memory)).toBe(expected);
  });
});
