import { TRANSITIONS } from '@platform/creative-video';
import { createTestApp, expectStatus, TestAccount, TestApp } from '@platform/testing';
import sharp from 'sharp';
import { as, binary } from '../../__tests__/helpers';
import type { CreativeConfig } from '../../config';
import { creativeService } from '../../service';
import { artifact, download, finished, scratch } from './video-fixtures';

const W = 96;
const H = 72;

/** A light page with three top-level nodes (stagger brings them in one by one). */
const ir = {
  version: 1,
  width: 320,
  height: 240,
  background: '#f8fafc',
  root: {
    type: 'frame',
    id: 'root',
    width: 320,
    height: 240,
    layoutMode: 'vertical',
    paddingTop: 24,
    paddingLeft: 24,
    itemSpacing: 12,
    children: [
      { type: 'rect', id: 'bar', width: 200, height: 40, fills: [{ type: 'solid', color: '#ef4444' }] },
      { type: 'rect', id: 'band', width: 260, height: 40, fills: [{ type: 'solid', color: '#2563eb' }] },
      { type: 'ellipse', id: 'dot', width: 60, height: 60, fills: [{ type: 'solid', color: '#22c55e' }] },
    ],
  },
};

/** RGB pixels of a PNG. */
async function pixels(png: Buffer): Promise<Buffer> {
  return sharp(png).removeAlpha().raw().toBuffer();
}

/** Mean absolute difference per channel (0–255) between two same-sized RGB rasters. */
function meanDiff(a: Buffer, b: Buffer): number {
  expect(a.length).toBe(b.length);
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i] - b[i]);
  return sum / a.length;
}

/** Share of pixels that are (nearly) black. */
function blackShare(rgb: Buffer): number {
  let n = 0;
  for (let i = 0; i < rgb.length; i += 3) if (rgb[i] < 24 && rgb[i + 1] < 24 && rgb[i + 2] < 24) n++;
  return n / (rgb.length / 3);
}

describe('animate posters (issue 34: the poster is the settled design, whatever the transition)', () => {
  let t: TestApp<CreativeConfig>;
  let alice: TestAccount;
  let design: string;
  let rendered: Buffer;
  const tmp = scratch();

  beforeAll(async () => {
    t = await createTestApp(creativeService);
    alice = await t.account('alice');
    design = expectStatus(await as(t.http.post('/v1/designs').send({ ir }), alice), 200).body.id;
    const render = expectStatus(await as(t.http.post(`/v1/designs/${design}/render`).send({ format: 'png', width: W, height: H }), alice), 200).body;
    const u = new URL(render.signed_url.url);
    const png = expectStatus(
      await as(t.http.get(`${u.pathname}${u.search}`), alice)
        .buffer(true)
        .parse(binary),
      200,
    ).body as Buffer;
    rendered = await pixels(png);
    expect(blackShare(rendered)).toBe(0);
  }, 60_000);
  afterAll(async () => {
    tmp.remove();
    await t?.close();
  });

  it('shows the design, not the black lead-in, for every transition with and without stagger', async () => {
    const cases = TRANSITIONS.flatMap((transition) => (['none', 'stagger'] as const).map((motion) => ({ transition, motion })));
    const jobs = [];
    for (const c of cases) {
      const body = { duration: 2, fps: 6, width: W, height: H, motion: c.motion, transition: c.transition, transition_duration: 0.5 };
      jobs.push({ ...c, id: expectStatus(await as(t.http.post(`/v1/designs/${design}/animate`).send(body), alice), 202).body.id as string });
    }
    const seen: string[] = [];
    for (const j of jobs) {
      const done = await finished(t, alice, j.id, 120_000);
      expect(done.state).toBe('succeeded');
      const poster = await pixels(await download(t, artifact(done, 'poster').url!, tmp.file(`${j.transition}-${j.motion}.png`)));
      const black = blackShare(poster);
      const diff = meanDiff(poster, rendered);
      seen.push(`${j.transition}/${j.motion}: black ${black.toFixed(3)}, diff ${diff.toFixed(2)}`);
      expect({ case: `${j.transition}/${j.motion}`, black: black < 0.01, close: diff < 6 }).toEqual({
        case: `${j.transition}/${j.motion}`,
        black: true,
        close: true,
      });
    }
    expect(seen).toHaveLength(TRANSITIONS.length * 2);
  }, 300_000);
});
