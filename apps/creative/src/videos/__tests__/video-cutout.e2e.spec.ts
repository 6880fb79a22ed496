import { ffmpegBinary, runMedia } from '@platform/creative-video';
import { createTestApp, expectStatus, TestAccount, TestApp } from '@platform/testing';
import { writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { as } from '../../__tests__/helpers';
import type { CreativeConfig } from '../../config';
import { creativeService } from '../../service';
import { artifact, download, finished, scratch, upload } from './video-fixtures';

const SIZE = 480;

/** The frame at `at` seconds of a video, as RGB bytes. */
async function frameAt(path: string, at: number): Promise<Buffer> {
  return runMedia(ffmpegBinary(), ['-v', 'error', '-ss', String(at), '-i', path, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-']);
}

/**
 * The product's outline in an RGB frame: for each row holding the cut-out's orange, how many orange pixels it has.
 * The cut-out is an orange bar as wide as its image, so laid out as a cut-out (contained) its rows are all as wide, its
 * ends straight; cropped round like a photo its top and bottom rows are cut short by the circle.
 */
function orangeRows(rgb: Buffer, width: number, height: number): number[] {
  const rows: number[] = [];
  for (let y = 0; y < height; y++) {
    let n = 0;
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      if (Math.abs(rgb[i] - 0xf9) < 28 && Math.abs(rgb[i + 1] - 0x73) < 28 && Math.abs(rgb[i + 2] - 0x16) < 28) n++;
    }
    if (n > 4) rows.push(n);
  }
  return rows;
}

/** The shortest of the bar's rows (its outer tenth left aside: edges blend with the ground) over its widest. */
function endsRatio(rows: number[]): number {
  const inner = rows.slice(Math.floor(rows.length * 0.1), Math.ceil(rows.length * 0.9));
  return Math.min(...inner) / Math.max(...inner);
}

/**
 * A video's template scene lays out the brief's uploaded cut-out (a PNG on a transparent ground) as a cut-out, as a
 * design made from the same brief does: the video pipeline hands the brief's `asset:` images' bytes to the template
 * build. Both the scenes of POST /v1/videos and a campaign's video (POST /v1/campaigns/full) are drawn this way.
 */
describe("video template scenes with a brief's uploaded cut-out", () => {
  let t: TestApp<CreativeConfig>;
  let alice: TestAccount;
  let cutout: string;
  const tmp = scratch();

  beforeAll(async () => {
    t = await createTestApp(creativeService);
    alice = await t.account('alice');
    // A product shape as wide as its image (an orange bar) with a transparent ground above and below.
    const bar = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><rect x="0" y="80" width="400" height="240" fill="#f97316"/></svg>',
    );
    const png = await sharp({ create: { width: 400, height: 400, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([{ input: bar }])
      .png()
      .toBuffer();
    cutout = await upload(t, alice, png, 'bar.png', '/v1/assets');
  }, 60_000);
  afterAll(async () => {
    tmp.remove();
    await t?.close();
  });

  const brief = () => ({ title: 'Trail runner', body: 'Light, grippy, made for mud.', image: `asset:${cutout}` });

  async function middleFrame(jobId: string, name: string, seconds: number): Promise<number[]> {
    const done = await finished(t, alice, jobId);
    expect(done.state, JSON.stringify(done.error)).toBe('succeeded');
    const file = tmp.file(`${name}.mp4`);
    await download(t, artifact(done, 'mp4').url!, file);
    const rgb = await frameAt(file, seconds / 2);
    if (process.env.VIDEOS_E2E_KEEP)
      writeFileSync(
        tmp.file(`${name}.png`),
        await sharp(rgb, { raw: { width: SIZE, height: SIZE, channels: 3 } })
          .png()
          .toBuffer(),
      );
    return orangeRows(rgb, SIZE, SIZE);
  }

  it('POST /v1/videos: the product template scene keeps the cut-out whole (straight ends), not cropped round', async () => {
    const job = expectStatus(
      await as(
        t.http.post('/v1/videos').send({
          width: SIZE,
          height: SIZE,
          fps: 6,
          scenes: [{ template: 'product', brief: brief(), duration: 1, motion: 'none', transition: 'none' }],
        }),
        alice,
      ),
      202,
    ).body;
    const rows = await middleFrame(job.id, 'videos', 1);
    expect(rows.length).toBeGreaterThan(20);
    expect(endsRatio(rows), `orange rows ${rows.join(',')}`).toBeGreaterThan(0.93);
  }, 120_000);

  it("POST /v1/campaigns/full: the campaign's product scene keeps the cut-out whole too", async () => {
    const job = expectStatus(
      await as(
        t.http.post('/v1/campaigns/full').send({
          brief: brief(),
          template: 'product',
          formats: ['instagram_post'],
          video: { duration: 1, fps: 6, motion: 'none', transition: 'none', width: SIZE, height: SIZE },
        }),
        alice,
      ),
      202,
    ).body;
    const rows = await middleFrame(job.id, 'campaign', 1);
    expect(rows.length).toBeGreaterThan(20);
    expect(endsRatio(rows), `orange rows ${rows.join(',')}`).toBeGreaterThan(0.93);
  }, 120_000);
});
