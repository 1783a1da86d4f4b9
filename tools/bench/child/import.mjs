// Child process for cold import time: a fresh node process importing one package, as a consumer's
// process does at startup. Plain JavaScript, so no loader hook sits in the measured path.
const specifier = process.argv[2];
const start = performance.now();
await import(specifier);
process.stdout.write(JSON.stringify({ importMs: performance.now() - start }));
