// Preloaded with --import into a measured process: at exit it records the process's own peak
// resident set size (kB) where the benchmark asked, since /usr/bin/time is not on every machine.
import { writeFileSync } from "node:fs";

const file = process.env.BENCH_RSS_FILE;
if (file !== undefined) process.on("exit", () => writeFileSync(file, String(process.resourceUsage().maxRSS)));
