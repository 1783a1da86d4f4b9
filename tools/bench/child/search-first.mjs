// Child process for the cost of the first search: a fresh node process imports one package (which
// loads MiniSearch and the stemmer with the runtime), then searches once, which parses the package's
// search data and builds the index. Plain JavaScript, so no loader hook sits in the measured path.
const specifier = process.argv[2];
const start = performance.now();
const pkg = await import(specifier);
const imported = performance.now();
pkg.searchTools("list items");
const searched = performance.now();
process.stdout.write(JSON.stringify({ importMs: imported - start, firstSearchMs: searched - imported }));
