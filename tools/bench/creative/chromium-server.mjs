#!/usr/bin/env node
// The usual alternative to a CPU renderer: a render server that holds one headless Chromium
// (playwright-core, Debian's /usr/bin/chromium) and screenshots the HTML it is sent, one page per
// request in flight (pages are reused). POST / with {html, width, height} answers the PNG.
//
//   node tools/bench/creative/chromium-server.mjs --port 3392 --pages 4
import { createServer } from 'node:http';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { chromium } = require('playwright-core');
const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : dflt;
};
const port = Number(arg('port', 3392));
const pagesMax = Number(arg('pages', 4));
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const browser = await chromium.launch({ executablePath, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
const idle = [];
const waiting = [];
let made = 0;
async function takePage() {
  if (idle.length) return idle.pop();
  if (made < pagesMax) {
    made++;
    return browser.newPage();
  }
  return new Promise((resolve) => waiting.push(resolve));
}
function givePage(page) {
  const next = waiting.shift();
  if (next) next(page);
  else idle.push(page);
}

const server = createServer(async (req, res) => {
  if (req.method === 'GET' && req.url === '/healthz') return res.end('ok');
  const chunks = [];
  for await (const c of req) chunks.push(c);
  let page;
  try {
    const { html, width, height } = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    page = await takePage();
    await page.setViewportSize({ width, height });
    await page.setContent(html, { waitUntil: 'load' });
    const png = await page.screenshot({ type: 'png', fullPage: false });
    res.writeHead(200, { 'content-type': 'image/png', 'content-length': png.length });
    res.end(png);
  } catch (e) {
    res.writeHead(500, { 'content-type': 'text/plain' });
    res.end(String(e?.message ?? e));
  } finally {
    if (page) givePage(page);
  }
});
server.listen(port, '127.0.0.1', () => process.stdout.write(`chromium render server on ${port}\n`));
const stop = async () => {
  server.close();
  await browser.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
