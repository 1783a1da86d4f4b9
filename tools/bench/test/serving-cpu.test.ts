// The serving bench's CPU accounting: the ceiling 2 cores put on --workers 2, from one process's CPU
// per call, and a process's CPU time read from /proc. Arithmetic and counters, no timings.
import { describe, expect, it } from "vitest";
import { ceiling, cpuWindow, totalPerCall, type CpuPerCall } from "../serving-cpu.ts";

const one = (all: number, main: number, engine: number, clients: number): CpuPerCall => ({
  servers: [{ all, main }],
  engine,
  clients,
  bench: 0,
  calls: 10_000,
});

describe("ceiling", () => {
  // [server CPU per call (µs), its main thread, engine, wrk] → one process, two workers, ratio
  const cases = [
    // Everything on the main thread and nothing else on the machine: a second core doubles it.
    { cpu: one(500, 500, 0, 0), onePerSecond: 2000, twoPerSecond: 4000, ratio: 2 },
    // Helper threads, engine and clients add a third to what the main thread does: 1.5×.
    { cpu: one(850, 750, 50, 100), onePerSecond: 1e6 / 750, twoPerSecond: 2000, ratio: 1.5 },
    // The other core is full already: one process is held by 2 cores, not by its main thread.
    { cpu: one(1200, 500, 400, 400), onePerSecond: 1000, twoPerSecond: 1000, ratio: 1 },
  ];
  it.each(cases)("$ratio× at most", ({ cpu, onePerSecond, twoPerSecond, ratio }) => {
    const c = ceiling(cpu);
    expect(c.onePerSecond).toBeCloseTo(onePerSecond, 6);
    expect(c.twoPerSecond).toBeCloseTo(twoPerSecond, 6);
    expect(c.ratio).toBeCloseTo(ratio, 6);
  });

  it("adds every process a call costs", () => {
    const cpu = {
      ...one(300, 200, 20, 40),
      bench: 7,
      servers: [
        { all: 300, main: 200 },
        { all: 310, main: 220 },
      ],
      primary: 5,
      balancer: 60,
    };
    expect(totalPerCall(cpu)).toBe(300 + 310 + 5 + 20 + 60 + 40 + 7);
  });
});

describe("cpuWindow", () => {
  it("divides this process's CPU time by the calls counted in the window", async () => {
    let calls = 0;
    const window = cpuWindow({ servers: [process.pid], engine: process.pid }, () => calls, 2.2);
    window.start(process.pid);
    // Count calls while spinning, so the window sees both grow.
    const until = Date.now() + 1_500;
    while (Date.now() < until) {
      calls += 1;
      await new Promise((resolve) => setImmediate(resolve));
    }
    const cpu = await window.result();
    expect(cpu.calls).toBeGreaterThan(0);
    const server = cpu.servers[0]!;
    expect(server.all).toBeGreaterThan(0);
    // The kernel counts each in whole clock ticks (1/100 s), so the main thread may read up to one
    // tick more than the whole process did at either end of the window.
    expect(server.main).toBeLessThanOrEqual(server.all + (2 * 0.01 * 1e6) / cpu.calls);
    expect(cpu.engine).toBe(server.all);
  });
});
