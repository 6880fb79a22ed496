import type { TestAccount } from '@platform/testing';
import { expectStatus } from '@platform/testing';
import { existsSync } from 'node:fs';
import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Browser, BrowserContext, chromium } from 'playwright-core';
import sharp from 'sharp';
import { ArtifactsService } from '../../artifacts/artifacts.service';
import { CONTENT_SECURITY_POLICY } from '../../common/content-delivery';
import { BACKENDS, CreativeOnBackend, startCreative } from '../../storage/__tests__/creative-backends';

// Debian's Chromium (apt-get install chromium); the test never downloads a browser.
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** An SVG that tries every way to run script: a script element, onload, onerror, a javascript: link. */
const evilSvg = (beacon: string) =>
  Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="240" height="120" onload="document.title='pwned';fetch('${beacon}/onload')">
  <script type="text/javascript"><![CDATA[ document.title = 'pwned'; new Image().src = '${beacon}/script'; ]]></script>
  <rect width="240" height="120" fill="#dc2626"/>
  <image width="1" height="1" href="data:image/png;base64,broken" onerror="fetch('${beacon}/onerror')"/>
  <a xlink:href="javascript:fetch('${beacon}/link')"><text x="10" y="60">click</text></a>
</svg>`);

(!existsSync(CHROMIUM) ? describe.skip : describe)('uploaded SVG runs no script in a real browser (Chromium through playwright-core)', () => {
  let browser: Browser;
  let beaconServer: Server;
  let beacon: string;
  const hits: string[] = [];
  /** Pages the beacon server serves: a control copy of the SVG, and pages embedding URLs. */
  const pages = new Map<string, { type: string; body: Buffer | string; headers?: Record<string, string> }>();

  beforeAll(async () => {
    beaconServer = createServer((req, res) => {
      const page = pages.get(req.url ?? '');
      if (page) return void res.writeHead(200, { 'content-type': page.type, ...page.headers }).end(page.body);
      if (req.url !== '/favicon.ico') hits.push(req.url ?? ''); // the browser asks for the host page's icon by itself
      res.writeHead(204, { 'access-control-allow-origin': '*' }).end();
    });
    await new Promise<void>((resolve) => beaconServer.listen(0, '127.0.0.1', resolve));
    beacon = `http://127.0.0.1:${(beaconServer.address() as AddressInfo).port}`;
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => beaconServer?.close(resolve));
  });

  /** Opens `url` (a download or a document), waits for anything the page would do, and returns its title. */
  async function open(context: BrowserContext, url: string): Promise<string> {
    const page = await context.newPage();
    await page.goto(url).catch(() => undefined); // attachments abort the navigation ("Download is starting")
    await page.waitForTimeout(700);
    const title = await page.title().catch(() => '');
    await page.close();
    return title;
  }

  it('the control: the same SVG served plainly does run its script (so the test can see it)', async () => {
    pages.set('/control.svg', { type: 'image/svg+xml', body: evilSvg(beacon) });
    hits.length = 0;
    const context = await browser.newContext();
    expect(await open(context, `${beacon}/control.svg`)).toBe('pwned');
    await context.close();
    expect(hits).toEqual(expect.arrayContaining(['/script', '/onload']));
    // With only the service's Content-Security-Policy (inline, no attachment), nothing runs.
    pages.set('/sandboxed.svg', { type: 'image/svg+xml', body: evilSvg(beacon), headers: { 'content-security-policy': CONTENT_SECURITY_POLICY } });
    hits.length = 0;
    const sandboxed = await browser.newContext();
    expect(await open(sandboxed, `${beacon}/sandboxed.svg`)).not.toBe('pwned');
    await sandboxed.close();
    expect(hits).toEqual([]);
  });

  describe.each(BACKENDS)('on %s storage', (backend) => {
    let c: CreativeOnBackend;
    let alice: TestAccount;

    beforeAll(async () => {
      c = await startCreative(backend);
      alice = await c.t.account('alice');
    });
    afterAll(() => c?.close());

    it('opened from its content URL, from an artifact signed URL, or embedded in another page', async () => {
      const svg = evilSvg(beacon);
      const asset = expectStatus(await c.t.http.post('/v1/assets').set('x-api-key', alice.key).attach('file', svg, 'evil.svg'), 200).body;
      expect(asset).toMatchObject({ kind: 'image', format: 'svg', mime: 'image/svg+xml', width: 240, height: 120 });
      const artifact = await c.t.app.get(ArtifactsService).store(alice.accountId, { data: svg, kind: 'export', mime: 'image/svg+xml', filename: 'evil.svg' });
      const signed = expectStatus(await c.t.http.get(`/v1/artifacts/${artifact.id}/signed-url`).set('x-api-key', alice.key), 200).body.url.replace(
        c.t.config.publicBaseUrl,
        c.t.url,
      );
      const contentUrl = `${c.t.url}/v1/assets/${asset.id}/content`;
      hits.length = 0;

      // Directly, with the credential (as a logged-in tool would open it) and through the signed URL.
      const withKey = await browser.newContext({ extraHTTPHeaders: { 'x-api-key': alice.key }, acceptDownloads: false });
      expect(await open(withKey, contentUrl)).not.toBe('pwned');
      expect(await open(withKey, `${c.t.url}/v1/artifacts/${artifact.id}/content`)).not.toBe('pwned');
      await withKey.close();
      const anonymous = await browser.newContext({ acceptDownloads: false });
      expect(await open(anonymous, signed)).not.toBe('pwned');

      // Embedded by another site in every way a page can embed a document.
      pages.set(`/embed-${backend}.html`, {
        type: 'text/html',
        body: `<!doctype html><title>host</title>
          <iframe src="${signed}"></iframe><object data="${signed}" type="image/svg+xml"></object><embed src="${signed}" type="image/svg+xml"><img src="${signed}">`,
      });
      expect(await open(anonymous, `${beacon}/embed-${backend}.html`)).toBe('host');
      await anonymous.close();
      expect(hits).toEqual([]);
    });

    it('raster images still show in the browser under the sandbox policy', async () => {
      const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#16a34a' } })
        .png()
        .toBuffer();
      const artifact = await c.t.app.get(ArtifactsService).store(alice.accountId, { data: png, kind: 'render', mime: 'image/png' });
      const signed = expectStatus(await c.t.http.get(`/v1/artifacts/${artifact.id}/signed-url`).set('x-api-key', alice.key), 200).body.url.replace(
        c.t.config.publicBaseUrl,
        c.t.url,
      );
      const context = await browser.newContext();
      const page = await context.newPage();
      const res = await page.goto(signed);
      expect(res?.status()).toBe(200);
      expect(await page.evaluate('document.images[0] && document.images[0].naturalWidth')).toBe(64);
      // And in another site's <img>.
      pages.set(`/img-${backend}.html`, { type: 'text/html', body: `<!doctype html><img id="i" src="${signed}">` });
      await page.goto(`${beacon}/img-${backend}.html`);
      await page.waitForFunction('document.getElementById("i").complete');
      expect(await page.evaluate('document.getElementById("i").naturalWidth')).toBe(64);
      await context.close();
    });
  });
});
