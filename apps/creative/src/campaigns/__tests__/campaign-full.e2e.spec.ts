import { ffmpegBinary, runMedia } from '@platform/creative-video';
import { createTestApp, expectStatus, TestAccount, TestApp } from '@platform/testing';
import { as, locs } from '../../__tests__/helpers';
import type { CreativeConfig } from '../../config';
import { creativeService } from '../../service';
import { artifact, checkVideo, download, finished, pngOf, probeMedia, scratch, tone, upload } from '../../videos/__tests__/video-fixtures';

const brief = { title: 'Spring launch', subtitle: 'Everything new this season', cta: 'Shop now', seed: 11 };

/** The frame of `path` at `at` seconds, as RGB bytes (decoded by ffmpeg). */
async function frameAt(path: string, at: number): Promise<Buffer> {
  return runMedia(ffmpegBinary(), ['-v', 'error', '-ss', String(at), '-i', path, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-']);
}

/**
 * Which opposite edges of an RGB frame are bars: strips of `fraction` of the side, each of one color (within the codec's
 * noise). A design contained in a frame of another shape leaves such a pair: left and right (pillarbox) or top and bottom.
 */
function bars(rgb: Buffer, width: number, height: number, fraction = 0.08): { pillarbox: boolean; letterbox: boolean } {
  const uniform = (x0: number, y0: number, x1: number, y1: number) => {
    const at = (x: number, y: number) => (y * width + x) * 3;
    const ref = [rgb[at(x0, y0)], rgb[at(x0, y0) + 1], rgb[at(x0, y0) + 2]];
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) for (let c = 0; c < 3; c++) if (Math.abs(rgb[at(x, y) + c] - ref[c]) > 16) return false;
    return true;
  };
  const sx = Math.max(2, Math.round(width * fraction));
  const sy = Math.max(2, Math.round(height * fraction));
  return {
    pillarbox: uniform(0, 0, sx, height) && uniform(width - sx, 0, width, height),
    letterbox: uniform(0, 0, width, sy) && uniform(0, height - sy, width, height),
  };
}

describe('creative full campaigns (pieces and a video, one job)', () => {
  let t: TestApp<CreativeConfig>;
  let alice: TestAccount;
  let bob: TestAccount;
  let audio: string;
  let image: string;
  const tmp = scratch();

  beforeAll(async () => {
    t = await createTestApp(creativeService);
    alice = await t.account('alice');
    bob = await t.account('bob');
    audio = await upload(t, alice, tone(2), 'tone.wav', '/v1/assets/audio');
    image = await upload(t, alice, await pngOf(64, 64, '#0ea5e9'), 'sky.png', '/v1/assets');
  }, 60_000);
  afterAll(async () => {
    tmp.remove();
    await t?.close();
  });

  it('renders the campaign and a video of its pieces, both in the result of one job', async () => {
    const job = expectStatus(
      await as(
        t.http.post('/v1/campaigns/full').send({
          brief,
          formats: [
            { width: 320, height: 240 },
            { width: 240, height: 320, template: 'story' },
          ],
          video: { duration: 1, fps: 12, motion: 'pop', transition: 'wipe_left', audio: { asset_id: audio, fade_out: 0.5 }, formats: ['mp4', 'gif'] },
        }),
        alice,
      ),
      202,
    ).body;
    expect(job).toMatchObject({ kind: 'campaign_full', state: 'queued' });
    expect(job.request.video).toEqual({
      duration: 1,
      motion: 'pop',
      easing: null,
      transition: 'wipe_left',
      transition_duration: 0.6,
      width: null,
      height: null,
      fps: 12,
      audio: { asset_id: audio, volume: 1, loop: true, fade_in: 0, fade_out: 0.5, normalize: false },
      beat_sync: false,
      formats: ['mp4', 'gif'],
      gif: null,
      // A named motion turns the family presets off; the named transition is every scene's.
      scenes: [
        { template: 'landscape-banner', motion: 'pop', transition: 'wipe_left', preset: null },
        { template: 'story', motion: 'pop', transition: 'wipe_left', preset: null },
      ],
    });
    const done = await finished(t, alice, job.id);
    expect(done.state, JSON.stringify(done.error)).toBe('succeeded');
    const result = done.result as {
      campaign_id: string;
      pieces: { design_id: string; artifact_id: string; width: number; height: number }[];
      video: Record<string, unknown>;
    };
    expect(result.pieces.map((p) => [p.width, p.height])).toEqual([
      [320, 240],
      [240, 320],
    ]);
    // The video takes the first piece's size; the campaign reads back as a campaign.
    expect(result.video).toMatchObject({ width: 320, height: 240, fps: 12, duration: 2, frames: 24, cuts: [0, 1] });
    const campaign = expectStatus(await as(t.http.get(`/v1/campaigns/${result.campaign_id}`), alice), 200).body;
    expect(campaign.seed).toBe(11);
    expect(campaign.pieces.map((p: { artifact: { id: string } }) => p.artifact.id)).toEqual(result.pieces.map((p) => p.artifact_id));
    expect(done.artifacts.filter((a) => a.role === 'piece').map((a) => a.artifact_id)).toEqual(result.pieces.map((p) => p.artifact_id));
    expect(done.artifacts.map((a) => a.role).sort()).toEqual(['gif', 'mp4', 'piece', 'piece', 'poster']);
    await download(t, artifact(done, 'mp4').url!, tmp.file('campaign.mp4'));
    checkVideo(await probeMedia(tmp.file('campaign.mp4')), { width: 320, height: 240, fps: 12, duration: 2, audio: 'aac' });
  }, 120_000);

  it('makes one scene a distinct piece, each laid out for the frame (no bars), and charges the seconds it renders', async () => {
    // The default formats: a square post, a story and three landscape formats that all lay out `landscape-banner`.
    const job = expectStatus(
      await as(
        t.http.post('/v1/campaigns/full').send({ brief, video: { duration: 1, fps: 6, motion: 'none', transition: 'none', width: 320, height: 320 } }),
        alice,
      ),
      202,
    ).body;
    const done = await finished(t, alice, job.id);
    expect(done.state, JSON.stringify(done.error)).toBe('succeeded');
    const result = done.result as {
      pieces: { position: number; format: string; template: string }[];
      video: { duration: number; frames: number; cuts: number[]; scenes: { template: string; pieces: number[] }[] };
    };
    expect(result.pieces.map((p) => p.template)).toEqual(['square-post', 'story', 'landscape-banner', 'landscape-banner', 'landscape-banner']);
    expect(result.video.scenes).toEqual([
      { template: 'square-post', pieces: [0] },
      { template: 'story', pieces: [1] },
      { template: 'landscape-banner', pieces: [2, 3, 4] },
    ]);
    expect(result.video).toMatchObject({ duration: 3, frames: 18, cuts: [0, 1, 2] });
    const file = tmp.file('default-formats.mp4');
    await download(t, artifact(done, 'mp4').url!, file);
    checkVideo(await probeMedia(file), { width: 320, height: 320, fps: 6, duration: 3, audio: null });
    // The middle of every scene: the piece fills the square frame (the story was pillarboxed, the banners letterboxed).
    const middles: Buffer[] = [];
    for (let i = 0; i < 3; i++) {
      const rgb = await frameAt(file, i + 0.5);
      expect(rgb.length).toBe(320 * 320 * 3);
      expect(bars(rgb, 320, 320), `scene ${i} (${result.video.scenes[i].template})`).toEqual({ pillarbox: false, letterbox: false });
      middles.push(rgb);
    }
    // Three different pictures: no scene repeats another.
    const differ = (a: Buffer, b: Buffer) => a.reduce((n, v, k) => n + (Math.abs(v - b[k]) > 24 ? 1 : 0), 0) / a.length;
    expect(differ(middles[0], middles[1])).toBeGreaterThan(0.05);
    expect(differ(middles[1], middles[2])).toBeGreaterThan(0.05);
    expect(differ(middles[0], middles[2])).toBeGreaterThan(0.05);
    // The charge is what was rendered: 3 scenes of 1 s (not 5 pieces), and it is what the price book estimates for it.
    const reservation = expectStatus(await as(t.http.get('/v1/billing/reservations?limit=50'), alice), 200).body.data.find(
      (r: { job_id: string | null }) => r.job_id === job.id,
    );
    expect(reservation).toMatchObject({
      operation: 'campaign',
      state: 'captured',
      params: { video: { seconds: result.video.duration, width: 320, height: 320, fps: 6 } },
    });
    const estimate = expectStatus(await as(t.http.post('/v1/billing/estimate').send({ operation: 'campaign', params: reservation.params }), alice), 200).body;
    expect(reservation.credits).toBe(estimate.credits);
  }, 180_000);

  it("shows the brief's photos in the scenes laid out for the frame (their asset bytes are loaded)", async () => {
    const job = expectStatus(
      await as(
        t.http.post('/v1/campaigns/full').send({
          brief: { ...brief, images: [`asset:${image}`] },
          formats: [{ width: 240, height: 320, template: 'story' }],
          video: { duration: 1, fps: 6, motion: 'none', transition: 'none', width: 240, height: 240 },
        }),
        alice,
      ),
      202,
    ).body;
    const done = await finished(t, alice, job.id);
    expect(done.state, JSON.stringify(done.error)).toBe('succeeded');
    const file = tmp.file('photo.mp4');
    await download(t, artifact(done, 'mp4').url!, file);
    // The photo is sky blue (#0ea5e9) and the story lays it under its text: much of the frame is that blue.
    const rgb = await frameAt(file, 0.5);
    let blue = 0;
    for (let k = 0; k < rgb.length; k += 3) if (rgb[k + 2] > rgb[k] + 90 && rgb[k + 2] > 120) blue++;
    expect(blue / (rgb.length / 3)).toBeGreaterThan(0.2);
  }, 120_000);

  it("moves each scene as its template's family preset when the request names no motion; what it names wins", async () => {
    // Two templates of two families: the request records each scene's preset, motion and transition, as animate does.
    const two = [
      { width: 240, height: 240 },
      { width: 240, height: 240, template: 'quote' },
    ];
    const recorded = async (video: Record<string, unknown>) => {
      const job = expectStatus(await as(t.http.post('/v1/campaigns/full').send({ brief, formats: two, video }), alice), 202).body;
      await as(t.http.post(`/v1/jobs/${job.id}/cancel`), alice);
      return job.request.video as { motion: string | null; transition: string | null; scenes: unknown[] };
    };
    const byFamily = await recorded({ duration: 1 });
    expect(byFamily).toMatchObject({ motion: null, transition: null });
    expect(byFamily.scenes).toEqual([
      { template: 'square-post', motion: 'zoom_in', transition: 'slide_left', preset: 'bold' },
      { template: 'quote', motion: 'ken_burns', transition: 'fade', preset: 'editorial' },
    ]);
    // A named transition stays while the families give the rest.
    expect((await recorded({ transition: 'circle' })).scenes).toEqual([
      { template: 'square-post', motion: 'zoom_in', transition: 'circle', preset: 'bold' },
      { template: 'quote', motion: 'ken_burns', transition: 'circle', preset: 'editorial' },
    ]);
    // A named motion (even none) turns the presets off; without a transition it gets the campaign's fade.
    expect((await recorded({ motion: 'none' })).scenes).toEqual([
      { template: 'square-post', motion: 'none', transition: 'fade', preset: null },
      { template: 'quote', motion: 'none', transition: 'fade', preset: null },
    ]);

    // Rendered: under its family preset (bold: zoom_in) the piece's text enters, so its first frame lacks the text that
    // the same camera motion named in the request (no preset) shows from the start; once in, the two agree.
    const frames = async (video: Record<string, unknown>, name: string) => {
      const job = expectStatus(
        await as(t.http.post('/v1/campaigns/full').send({ brief, formats: [{ width: 240, height: 240 }], video: { duration: 1, fps: 10, ...video } }), alice),
        202,
      ).body;
      const done = await finished(t, alice, job.id);
      expect(done.state, JSON.stringify(done.error)).toBe('succeeded');
      const file = tmp.file(name);
      await download(t, artifact(done, 'mp4').url!, file);
      const got = [await frameAt(file, 0), await frameAt(file, 0.85)];
      for (const f of got) expect(f.length).toBe(240 * 240 * 3);
      return got;
    };
    const differ = (a: Buffer, b: Buffer) => a.reduce((n, v, k) => n + (Math.abs(v - b[k]) > 40 ? 1 : 0), 0) / a.length;
    const [presetFirst, presetLast] = await frames({}, 'preset.mp4');
    const [namedFirst, namedLast] = await frames({ motion: 'zoom_in' }, 'named.mp4');
    expect(differ(presetFirst, namedFirst)).toBeGreaterThan(0.01);
    expect(differ(presetLast, namedLast)).toBeLessThan(0.002);
  }, 180_000);

  it('applies the video defaults, and refuses bad campaigns and bad video options before any job exists', async () => {
    const dflt = expectStatus(await as(t.http.post('/v1/campaigns/full').send({ brief, formats: ['instagram_post'] }), alice), 202).body;
    expect(dflt.request).toMatchObject({
      brief,
      formats: ['instagram_post'],
      template: null,
      video: {
        duration: 3,
        motion: null,
        transition: null,
        fps: 30,
        formats: ['mp4'],
        width: null,
        height: null,
        scenes: [{ template: 'square-post', motion: 'zoom_in', transition: 'slide_left', preset: 'bold' }],
      },
    });
    await as(t.http.post(`/v1/jobs/${dflt.id}/cancel`), alice);
    const before = expectStatus(await as(t.http.get('/v1/jobs?limit=100'), alice), 200).body.data.length;
    const cases: [Record<string, unknown>, string[]][] = [
      [{}, ['body.brief']],
      [{ brief, formats: ['nope'] }, ['body.formats.0']],
      [{ brief, template: 'nope' }, ['body.template']],
      [
        { brief, video: { duration: 0, motion: 'spin', transition: 'x', fps: 100 } },
        ['body.video.duration', 'body.video.motion', 'body.video.transition', 'body.video.fps'],
      ],
      [{ brief, video: { width: 320 } }, ['body.video']],
      [{ brief, video: { width: 321, height: 240 } }, ['body.video.width']],
      [{ brief, video: { formats: ['mov'] } }, ['body.video.formats.0']],
      [{ brief, video: { beat_sync: true } }, ['body.video.beat_sync']],
      [{ brief, video: { audio: { volume: 1 } } }, ['body.video.audio.asset_id']],
      [{ brief, video: { audio: { asset_id: image } } }, ['body.video.audio.asset_id']],
      [{ brief, formats: ['instagram_post', 'x_post'], video: { duration: 60 }, template: 'quote' }, []],
      [{ brief, video: 'fast' }, ['body.video']],
    ];
    for (const [body, want] of cases) {
      const res = await as(t.http.post('/v1/campaigns/full').send(body), alice);
      if (!want.length) {
        // 2 pieces of 60 s are within the limits: accepted (then cancelled).
        expect(res.status, JSON.stringify(res.body)).toBe(202);
        await as(t.http.post(`/v1/jobs/${res.body.id}/cancel`), alice);
        continue;
      }
      expect(locs(res).sort(), `${JSON.stringify(body)}: ${JSON.stringify(res.body)}`).toEqual([...want].sort());
    }
    expect(expectStatus(await as(t.http.get('/v1/jobs?limit=100'), alice), 200).body.data.length).toBe(before + 1);
    // The length limit counts the scenes the video will have: six distinct pieces of 60 s are too long, six identical ones
    // are one scene of 60 s (accepted, then cancelled).
    const templates = ['square-post', 'announcement', 'minimal-type', 'quote', 'listicle', 'event'];
    const tooLong = await as(
      t.http.post('/v1/campaigns/full').send({ brief, formats: templates.map((template) => ({ name: 'instagram_post', template })), video: { duration: 60 } }),
      alice,
    );
    expect(locs(tooLong)).toEqual(['body.video.duration']);
    const same = await as(
      t.http.post('/v1/campaigns/full').send({ brief, formats: Array.from({ length: 6 }, () => 'instagram_post'), video: { duration: 60 } }),
      alice,
    );
    expect(same.status, JSON.stringify(same.body)).toBe(202);
    await as(t.http.post(`/v1/jobs/${same.body.id}/cancel`), alice);
  }, 60_000);

  it("answers 404 for another account's audio, 401 without a key, and hides the job from other accounts", async () => {
    const bobAudio = await upload(t, bob, tone(1), 'bob.wav', '/v1/assets/audio');
    expect(expectStatus(await as(t.http.post('/v1/campaigns/full').send({ brief, video: { audio: { asset_id: bobAudio } } }), alice), 404).body.code).toBe(
      'not_found',
    );
    expect((await t.http.post('/v1/campaigns/full').send({ brief })).status).toBe(401);
    const job = expectStatus(
      await as(t.http.post('/v1/campaigns/full').send({ brief, formats: [{ width: 64, height: 64 }], video: { duration: 1, fps: 6 } }), alice),
      202,
    ).body;
    expect(expectStatus(await as(t.http.get(`/v1/jobs/${job.id}`), bob), 404).body.code).toBe('not_found');
    expect((await finished(t, alice, job.id)).state).toBe('succeeded');
  }, 60_000);
});
