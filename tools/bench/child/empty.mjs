// An ES module with nothing in it: the cold-import floor, what a fresh process spends on its first
// `import()` before any package code is read.
export {};
