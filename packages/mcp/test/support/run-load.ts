// `node <from-source.ts flags> run-load.ts <clients> <warmup> <requests>`: one load run in a process
// of its own, its result as JSON on stdout, so the heap measured holds the server and clients only.
import { runLoad } from "./load.ts";

const [clients, warmup, requests] = process.argv.slice(2).map(Number);
const result = await runLoad({ clients: clients ?? 50, warmup: warmup ?? 2_000, requests: requests ?? 10_000 });
process.stdout.write(`${JSON.stringify(result)}\n`);
