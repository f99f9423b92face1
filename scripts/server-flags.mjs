// How the server's Node process is started, wherever it is started (npm start, tests, bench).
// - The baseline WebAssembly compiler only: optimising the embedded database's large module
//   costs some 500 MB at start and gains little on short queries.
// - A capped old generation: Node 24 otherwise lets garbage from module loading and request
//   bursts sit in hundreds of megabytes of heap it never gives back. The young generation keeps
//   V8's own size (16 MB semi-spaces): a page allocates some 2 MB, and with 4 MB semi-spaces the
//   server collected 60 times a second, copying the pages under way each time; measured with two
//   builds loaded side by side on one machine, the room post served 8-13 % more and the room home
//   2-20 % more with 16 MB (8 MB: no change), for up to 36 MB more heap.
// - An old generation that starts at 88 MB: under a steady load of pages the old generation
//   filled by some 60 MB a second, promoted from the young one (32 MB semi-spaces halved the
//   young collections and left this as it was), and, sized by what had survived the last full
//   collection (some 45 MB), it was marked and compacted three times a second. Measured on the
//   room home at 50 connections, full collections in 8 s and V8's helper thread per page: none
//   31-37 and 0.64-0.89 ms, 64 MB the same, 80 MB 16-20 and 0.74-0.89, 88 MB 14-15 and
//   0.61-0.65, 96 MB 12-18 and 0.35-0.54. 96 MB took the bench's peak RSS to 513 MB (464 before,
//   goal 512), so 88.
// - No allocation-site pretenuring: under a steady stream of small API requests V8 decided to
//   allocate request objects straight into the old generation, which then filled and was
//   marked and compacted every 0.4 s, each time holding every request for 10-20 ms (48 full
//   collections of the main thread in 20 s of the notification poll at 3,000 req/s, 9 without).
// - One thread for V8's background work (concurrent marking and sweeping, compilation) instead of
//   four: on a small machine four of them took the cores from the server's and the database's
//   threads in bursts. Measured with the bench on two cores: the poll's p99 at 3,000 req/s 8.6 and
//   12.6 ms in two runs (16-25 ms without the flag; runs in which the machine held up the load
//   generator measure 25-40 ms either way), the square pages 10-20 % faster, the start 0.4 s
//   quicker; the peak RSS while pages render rises by some 25 MB, the garbage swept later.
export const SERVER_NODE_FLAGS = [
  '--liftoff-only',
  '--max-semi-space-size=16',
  '--max-old-space-size=192',
  '--initial-old-space-size=88',
  '--no-allocation-site-pretenuring',
  '--v8-pool-size=1',
];

export const SERVER_ENTRY = 'dist/server/entry.mjs';
