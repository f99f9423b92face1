// How the server's Node process is started, wherever it is started (npm start, tests, bench).
// - The baseline WebAssembly compiler only: optimising the embedded database's large module
//   costs some 500 MB at start and gains little on short queries.
// - A small young generation and a capped old one: Node 24 otherwise lets garbage from module
//   loading and request bursts sit in hundreds of megabytes of heap it never gives back.
export const SERVER_NODE_FLAGS = ['--liftoff-only', '--max-semi-space-size=4', '--max-old-space-size=192'];

export const SERVER_ENTRY = 'dist/server/entry.mjs';
