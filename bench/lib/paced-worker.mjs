// The open-loop generator of paced.ts, on a thread of its own: its clock must not stop while the
// bench runner collects its own garbage (fills, autocannon's histograms), or the pause would be
// timed as the server's.
import { Agent, request } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

/** How often the pacer wakes to send what has fallen due. */
const TICK_MS = 1;

const { url, rate, seconds, warmupSeconds, connections, headers, heldUpMs } = workerData;
const agent = new Agent({ keepAlive: true, maxSockets: connections });
const latencies = [];
const statusCodes = {};
let errors = 0;
let sent = 0;
// One open loop through the warm-up and the recorded run: the recorded requests go out on the
// warm-up's connections, as a steady rate's would, instead of opening fifty new ones at once.
const warmupDue = rate * warmupSeconds;
const due = warmupDue + rate * seconds;
const started = performance.now();
const recordedFrom = started + warmupSeconds * 1000;
const inFlight = new Set();
const heldUp = [];
let lastWake = started;

function send(dueAt, recorded) {
  const done = new Promise((resolve) => {
    const req = request(url, { agent, headers }, (res) => {
      res.resume();
      res.on('end', () => {
        if (recorded) {
          latencies.push(performance.now() - dueAt);
          const code = String(res.statusCode ?? 0);
          statusCodes[code] = (statusCodes[code] ?? 0) + 1;
        }
        resolve();
      });
    });
    req.on('error', () => {
      if (recorded) errors += 1;
      resolve();
    });
    req.end();
  });
  inFlight.add(done);
  void done.then(() => inFlight.delete(done));
}

await new Promise((finished) => {
  const timer = setInterval(() => {
    const now = performance.now();
    if (now - lastWake > heldUpMs && now > recordedFrom) heldUp.push(now - lastWake);
    lastWake = now;
    const elapsed = now - started;
    const shouldHaveSent = Math.min(due, Math.floor((elapsed / 1000) * rate));
    while (sent < shouldHaveSent) {
      send(started + (sent / rate) * 1000, sent >= warmupDue);
      sent += 1;
    }
    if (sent >= due) {
      clearInterval(timer);
      finished();
    }
  }, TICK_MS);
});
await Promise.all(inFlight);
const elapsedSeconds = (performance.now() - recordedFrom) / 1000;
agent.destroy();
parentPort.postMessage({ latencies: Float64Array.from(latencies), elapsedSeconds, statusCodes, errors, heldUp });
