// Loops posting a 1 MB body nested 520,000 levels deep to /sandbox/pay (no login needed), back to back, until a
// line arrives on stdin; then prints {"sent","refused","cut"} and exits. It runs in its own process so that what
// it costs to send the bodies is not taken from the load generator measuring the catalogue beside it.
import http from 'node:http';

const [url, loopsArg] = process.argv.slice(2);
const body = Buffer.from('['.repeat(520_000) + ']'.repeat(520_000));
let running = true;
const counts = { sent: 0, refused: 0, cut: 0 };

function post() {
  return new Promise((resolve) => {
    const req = http.request(`${url}/sandbox/pay`, {
      method: 'POST',
      agent: false,
      headers: { 'content-type': 'application/json', 'content-length': body.length },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => {
        if (res.statusCode === 400) counts.refused += 1;
        resolve();
      });
    });
    // The shop closes the connection once it has refused the body, sometimes before this side has written it all.
    req.on('error', () => {
      counts.cut += 1;
      resolve();
    });
    counts.sent += 1;
    req.end(body);
  });
}

async function loop() {
  while (running) await post();
}

const loops = Array.from({ length: Number(loopsArg ?? 4) }, loop);
process.stdin.once('data', async () => {
  running = false;
  await Promise.all(loops);
  process.stdout.write(`${JSON.stringify(counts)}\n`);
  process.exit(0);
});
