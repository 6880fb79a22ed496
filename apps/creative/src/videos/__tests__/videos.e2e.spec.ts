import { createTestApp, expectStatus, TestAccount, TestApp } from '@platform/testing';
import { as, locs } from '../../__tests__/helpers';
import type { CreativeConfig } from '../../config';
import { creativeService } from '../../service';
import { artifact, checkVideo, clicks, download, drawing, finished, integratedLoudness, pngOf, probeMedia, rms, scratch, tone, upload } from './video-fixtures';

/** A small design: a colored page with a title, a bar and a dot (three top-level nodes for stagger). */
const smallIr = (w = 320, h = 240) => ({
  version: 1,
  width: w,
  height: h,
  background: '#1e293b',
  root: {
    type: 'frame',
    id: 'root',
    width: w,
    height: h,
    layoutMode: 'vertical',
    paddingTop: 24,
    paddingLeft: 24,
    itemSpacing: 12,
    children: [
      { type: 'text', id: 'title', text: 'Hello', fontSize: 40, fontWeight: 700, color: '#ffffff' },
      { type: 'rect', id: 'bar', width: 200, height: 24, fills: [{ type: 'solid', color: '#ef4444' }] },
      { type: 'ellipse', id: 'dot', width: 60, height: 60, fills: [{ type: 'solid', color: '#22c55e' }] },
    ],
  },
});

describe('creative videos', () => {
  let t: TestApp<CreativeConfig>;
  let alice: TestAccount;
  let bob: TestAccount;
  let design: string;
  let oddDesign: string;
  let bobDesign: string;
  let toneAsset: string;
  let image: string;
  let bobAudio: string;
  const tmp = scratch();

  beforeAll(async () => {
    t = await createTestApp(creativeService);
    alice = await t.account('alice');
    bob = await t.account('bob');
    design = expectStatus(await as(t.http.post('/v1/designs').send({ ir: smallIr() }), alice), 200).body.id;
    oddDesign = expectStatus(await as(t.http.post('/v1/designs').send({ ir: smallIr(301, 201) }), alice), 200).body.id;
    bobDesign = expectStatus(await as(t.http.post('/v1/designs').send({ ir: smallIr() }), bob), 200).body.id;
    toneAsset = await upload(t, alice, tone(3), 'tone.wav', '/v1/assets/audio');
    image = await upload(t, alice, await pngOf(640, 480, '#f59e0b'), 'amber.png', '/v1/assets');
    bobAudio = await upload(t, bob, tone(1), 'bob.wav', '/v1/assets/audio');
  }, 60_000);
  afterAll(async () => {
    tmp.remove();
    await t?.close();
  });

  it('animates a design with every default of the spec, into an H.264 MP4 of its size and a poster', async () => {
    const job = expectStatus(await as(t.http.post(`/v1/designs/${design}/animate`).send({}), alice), 202).body;
    expect(job).toMatchObject({ kind: 'animate', state: 'queued' });
    expect(job.request).toEqual({
      design_id: design,
      revision: 1,
      duration: 4,
      width: 320,
      height: 240,
      fps: 30,
      // No motion asked: the family preset's (a design made without a template moves as `minimal`: a gentle zoom, fades).
      motion: 'zoom_in',
      preset: 'minimal',
      easing: null,
      transition: 'none',
      transition_duration: 0.6,
      focal: null,
      audio_asset_id: null,
      audio_volume: 1.0,
      audio_loop: true,
      audio_fade_in: 0.0,
      audio_fade_out: 1.0,
      audio_normalize: false,
      formats: ['mp4'],
      gif: null,
    });
    const done = await finished(t, alice, job.id);
    expect(done.state, JSON.stringify(done.error)).toBe('succeeded');
    expect(done.result).toMatchObject({ duration: 4, fps: 30, width: 320, height: 240, frames: 120, cuts: [0] });
    expect(done.artifacts.map((a) => a.role).sort()).toEqual(['mp4', 'poster']);
    await download(t, artifact(done, 'mp4').url!, tmp.file('animate.mp4'));
    checkVideo(await probeMedia(tmp.file('animate.mp4')), { width: 320, height: 240, fps: 30, duration: 4, audio: null });
    const poster = await download(t, artifact(done, 'poster').url!, tmp.file('poster.png'));
    expect(poster.subarray(1, 4).toString()).toBe('PNG');
    const art = expectStatus(await as(t.http.get(`/v1/artifacts/${artifact(done, 'mp4').artifact_id}`), alice), 200).body;
    expect(art).toMatchObject({ kind: 'video', mime: 'video/mp4', width: 320, height: 240, source: { design_id: design, revision: 1 } });
  }, 120_000);

  it('animates with stagger, a lead-in transition, audio with a fade-in, and webm and gif outputs', async () => {
    const job = expectStatus(
      await as(
        t.http.post(`/v1/designs/${oddDesign}/animate`).send({
          duration: 2,
          fps: 12,
          motion: 'stagger',
          transition: 'fade_black',
          audio_asset_id: toneAsset,
          audio_fade_in: 1.0,
          audio_fade_out: 0,
          formats: ['mp4', 'webm', 'gif'],
          gif: { fps: 6, width: 160 },
        }),
        alice,
      ),
      202,
    ).body;
    // An odd-sized design gives an even video (H.264 and VP9 in yuv420p need it).
    expect(job.request).toMatchObject({
      width: 300,
      height: 200,
      fps: 12,
      audio_asset_id: toneAsset,
      audio_fade_in: 1,
      formats: ['mp4', 'webm', 'gif'],
      gif: { fps: 6, width: 160, loop: null },
    });
    const done = await finished(t, alice, job.id);
    expect(done.state, JSON.stringify(done.error)).toBe('succeeded');
    expect(done.artifacts.map((a) => a.role).sort()).toEqual(['gif', 'mp4', 'poster', 'webm']);
    // The design enters after a lead-in as long as the transition (0.6 s), to the frame.
    const cuts = (done.result as { cuts: number[] }).cuts;
    expect(cuts[0]).toBe(0);
    expect(Math.abs(cuts[1] - 0.6)).toBeLessThanOrEqual(1 / 12);
    await download(t, artifact(done, 'mp4').url!, tmp.file('stagger.mp4'));
    checkVideo(await probeMedia(tmp.file('stagger.mp4')), { width: 300, height: 200, fps: 12, duration: 2, audio: 'aac' });
    await download(t, artifact(done, 'webm').url!, tmp.file('stagger.webm'));
    checkVideo(await probeMedia(tmp.file('stagger.webm')), { width: 300, height: 200, fps: 12, duration: 2, codec: 'vp9', audio: 'opus' });
    await download(t, artifact(done, 'gif').url!, tmp.file('stagger.gif'));
    const gif = (await probeMedia(tmp.file('stagger.gif'))).streams[0];
    expect([gif.codec_name, gif.width]).toEqual(['gif', 160]);
    // The fade-in: loudness rises over the first second.
    const [a, b, c] = [await rms(tmp.file('stagger.mp4'), 0, 0.2), await rms(tmp.file('stagger.mp4'), 0.4, 0.6), await rms(tmp.file('stagger.mp4'), 1.2, 1.6)];
    expect(a).toBeLessThan(b);
    expect(b).toBeLessThan(c);
    expect(c).toBeGreaterThan(0.2);
  }, 120_000);

  it('normalizes the audio to -16 LUFS when asked (within 1 LU), and leaves it alone otherwise', async () => {
    const run = async (normalize: boolean) => {
      const job = expectStatus(
        await as(
          t.http
            .post(`/v1/designs/${design}/animate`)
            .send({ duration: 3, fps: 6, width: 64, height: 48, motion: 'none', audio_asset_id: toneAsset, audio_fade_out: 0, audio_normalize: normalize }),
          alice,
        ),
        202,
      ).body;
      const done = await finished(t, alice, job.id);
      expect(done.state, JSON.stringify(done.error)).toBe('succeeded');
      const path = tmp.file(`loud-${normalize}.mp4`);
      await download(t, artifact(done, 'mp4').url!, path);
      checkVideo(await probeMedia(path), { width: 64, height: 48, fps: 6, duration: 3, audio: 'aac' });
      return integratedLoudness(path);
    };
    const normalized = await run(true);
    expect(Math.abs(normalized - -16), `${normalized} LUFS`).toBeLessThanOrEqual(1);
    // The tone as recorded (half of full scale) is far louder than -16 LUFS.
    expect(await run(false)).toBeGreaterThan(-12);
  }, 120_000);

  it('assembles scenes of every source, with beat-synced cuts landing on the beats of a click track', async () => {
    // 120 bpm from 0.25 s: beats at 0.25, 0.75, 1.25, …; the cuts asked (1.4, 2.7, 3.8) move to 1.25, 2.75, 3.75.
    const truth = Array.from({ length: 10 }, (_, i) => 0.25 + 0.5 * i);
    const track = await upload(t, alice, clicks(truth, 5), 'clicks.wav', '/v1/assets/audio');
    const job = expectStatus(
      await as(
        t.http.post('/v1/videos').send({
          width: 320,
          height: 240,
          fps: 12,
          scenes: [
            { design_id: design, duration: 1.4, motion: 'ken_burns', focal: { x: 0.8, y: 0.2 }, transition: 'fade' },
            { procedural: { style: 'waves', title: 'Waves' }, duration: 1.3, transition: 'slide_left' },
            { asset_id: image, duration: 1.1, motion: 'pop', transition: 'circle', transition_duration: 0.4 },
            { template: 'announcement', brief: { title: 'Launch day', subtitle: 'Everything new' }, duration: 1.2, motion: 'zoom_out' },
          ],
          audio: { asset_id: track },
          beat_sync: true,
        }),
        alice,
      ),
      202,
    ).body;
    expect(job.request.scenes[0]).toEqual({
      design_id: design,
      revision: 1,
      duration: 1.4,
      motion: 'ken_burns',
      easing: null,
      transition: 'fade',
      transition_duration: 0.6,
      focal: { x: 0.8, y: 0.2 },
      audio: null,
      preset: null, // a motion was asked: no family preset
    });
    expect(job.request.scenes[1]).toMatchObject({ procedural: { style: 'waves', seed: 7, density: 1, palette: null, title: 'Waves' }, motion: 'none' });
    expect(job.request.audio).toEqual({ asset_id: track, volume: 1, loop: true, fade_in: 0, fade_out: 1, normalize: false });
    const done = await finished(t, alice, job.id);
    expect(done.state, JSON.stringify(done.error)).toBe('succeeded');
    const result = done.result as { cuts: number[]; beats: number[]; bpm: number; duration: number; frames: number };
    expect(result.duration).toBe(5);
    expect(result.frames).toBe(60);
    expect(result.bpm).toBeGreaterThan(115);
    expect(result.bpm).toBeLessThan(125);
    for (const b of truth.slice(0, 9))
      expect(Math.min(...result.beats.map((x) => Math.abs(x - b))), `beat ${b} in ${result.beats}`).toBeLessThanOrEqual(1 / 12);
    expect(result.cuts).toHaveLength(4);
    expect(result.cuts[0]).toBe(0);
    [1.25, 2.75, 3.75].forEach((want, i) => expect(Math.abs(result.cuts[i + 1] - want), `cut ${i + 1}: ${result.cuts}`).toBeLessThanOrEqual(1 / 12));
    await download(t, artifact(done, 'mp4').url!, tmp.file('scenes.mp4'));
    checkVideo(await probeMedia(tmp.file('scenes.mp4')), { width: 320, height: 240, fps: 12, duration: 5, audio: 'aac' });
  }, 120_000);

  it("plays a scene's own audio from that scene's start to its end", async () => {
    const job = expectStatus(
      await as(
        t.http.post('/v1/videos').send({
          width: 64,
          height: 48,
          fps: 6,
          scenes: [
            { design_id: design, duration: 1 },
            { design_id: design, duration: 1, audio: { asset_id: toneAsset, fade_out: 0 } },
            { design_id: design, duration: 1 },
          ],
        }),
        alice,
      ),
      202,
    ).body;
    expect(job.request.scenes[1].audio).toEqual({ asset_id: toneAsset, volume: 1, loop: true, fade_in: 0, fade_out: 0, normalize: false });
    const done = await finished(t, alice, job.id);
    expect(done.state, JSON.stringify(done.error)).toBe('succeeded');
    await download(t, artifact(done, 'mp4').url!, tmp.file('scene-audio.mp4'));
    checkVideo(await probeMedia(tmp.file('scene-audio.mp4')), { width: 64, height: 48, fps: 6, duration: 3, audio: 'aac' });
    const [before, during, after] = [
      await rms(tmp.file('scene-audio.mp4'), 0.1, 0.9),
      await rms(tmp.file('scene-audio.mp4'), 1.1, 1.9),
      await rms(tmp.file('scene-audio.mp4'), 2.1, 2.9),
    ];
    expect(before).toBeLessThan(0.01);
    expect(during).toBeGreaterThan(0.2);
    expect(after).toBeLessThan(0.01);
  }, 60_000);

  it('cancels a running video job within a second (ffmpeg killed, nothing stored)', async () => {
    const job = expectStatus(
      await as(t.http.post('/v1/videos/procedural').send({ styles: ['mesh', 'waves'], duration: 20, width: 640, height: 640 }), alice),
      202,
    ).body;
    const running = await drawing(t, alice, job.id);
    expect(running.state).toBe('running');
    const asked = Date.now();
    expectStatus(await as(t.http.post(`/v1/jobs/${job.id}/cancel`), alice), 200);
    const done = await finished(t, alice, job.id, 5_000);
    expect(done.state).toBe('cancelled');
    expect(Date.now() - asked).toBeLessThan(1_500);
    expect(done.artifacts).toEqual([]);
  }, 60_000);

  it('makes a procedural video of several styles, and stores the defaults of the spec', async () => {
    const dflt = expectStatus(await as(t.http.post('/v1/videos/procedural').send({}), alice), 202).body;
    expect(dflt.request).toEqual({
      styles: ['mesh'],
      duration: 3,
      width: 1080,
      height: 1080,
      fps: 30,
      seed: 7,
      density: 1.0,
      title: null,
      eyebrow: null,
      tone: null,
      palette: null,
      transition: 'fade',
      transition_duration: 0.6,
      motion: 'none',
      easing: null,
      formats: ['mp4'],
      gif: null,
    });
    await as(t.http.post(`/v1/jobs/${dflt.id}/cancel`), alice);
    const job = expectStatus(
      await as(
        t.http
          .post('/v1/videos/procedural')
          .send({ styles: ['waves', 'mesh'], duration: 1, fps: 12, width: 320, height: 320, title: 'Loop', palette: '#0b1f3a, #f2a900' }),
        alice,
      ),
      202,
    ).body;
    const done = await finished(t, alice, job.id);
    expect(done.state, JSON.stringify(done.error)).toBe('succeeded');
    expect(done.result).toMatchObject({ duration: 2, frames: 24, cuts: [0, 1] });
    await download(t, artifact(done, 'mp4').url!, tmp.file('procedural.mp4'));
    checkVideo(await probeMedia(tmp.file('procedural.mp4')), { width: 320, height: 320, fps: 12, duration: 2, audio: null });
  }, 120_000);

  it('answers a repeated request with the same idempotency key with the same job, and another body with 409', async () => {
    const body = { style: 'noise', duration: 1, fps: 6, width: 64, height: 64, idempotency_key: 'video-once' };
    const first = expectStatus(await as(t.http.post('/v1/videos/procedural').send(body), alice), 202).body;
    const again = expectStatus(await as(t.http.post('/v1/videos/procedural').send(body), alice), 202).body;
    expect(again.id).toBe(first.id);
    expect(expectStatus(await as(t.http.post('/v1/videos/procedural').send({ ...body, duration: 2 }), alice), 409).body.code).toBe('idempotency_key_reused');
    expect((await finished(t, alice, first.id)).state).toBe('succeeded');
  }, 60_000);

  it('sizes a video after its first design or image scene (an image at most 1920 px long), else 1080x1080', async () => {
    const photo = await upload(t, alice, await pngOf(4000, 3000, '#334155'), 'photo.png', '/v1/assets');
    const sized = async (scenes: Record<string, unknown>[]) => {
      const job = expectStatus(await as(t.http.post('/v1/videos').send({ scenes, formats: ['gif'] }), alice), 202).body;
      await as(t.http.post(`/v1/jobs/${job.id}/cancel`), alice);
      return [job.request.width, job.request.height];
    };
    expect(await sized([{ procedural: { style: 'mesh' } }, { asset_id: photo }])).toEqual([1920, 1440]);
    expect(await sized([{ design_id: oddDesign }, { asset_id: photo }])).toEqual([301, 201]);
    expect(await sized([{ procedural: { style: 'mesh' } }])).toEqual([1080, 1080]);
  }, 60_000);

  it('refuses every bad request with 422 at its loc, before any job exists', async () => {
    const before = expectStatus(await as(t.http.get('/v1/jobs?limit=100'), alice), 200).body.data.length;
    const scene = { design_id: design, duration: 1 };
    const cases: [string, Record<string, unknown>, string[]][] = [
      ['/v1/videos', {}, ['body.scenes']],
      ['/v1/videos', { scenes: [] }, ['body.scenes']],
      ['/v1/videos', { scenes: [{ duration: 3 }] }, ['body.scenes.0']],
      ['/v1/videos', { scenes: [{ design_id: design, asset_id: image }] }, ['body.scenes.0']],
      [
        '/v1/videos',
        {
          scenes: [
            { ...scene, duration: 0.1 },
            { ...scene, duration: 61 },
            { ...scene, motion: 'spin' },
            { ...scene, transition: 'dissolve' },
            { ...scene, focal: { x: 2, y: 0 } },
          ],
        },
        ['body.scenes.0.duration', 'body.scenes.1.duration', 'body.scenes.2.motion', 'body.scenes.3.transition', 'body.scenes.4.focal.x'],
      ],
      ['/v1/videos', { scenes: [{ template: 'nope', brief: {} }] }, ['body.scenes.0.template']],
      ['/v1/videos', { scenes: [{ procedural: { style: 'nope' } }] }, ['body.scenes.0.procedural.style']],
      ['/v1/videos', { scenes: [{ procedural: { style: 'mesh', palette: 'not-a-color' } }] }, ['body.scenes.0.procedural.palette']],
      ['/v1/videos', { scenes: [scene], formats: ['mov'] }, ['body.formats']],
      ['/v1/videos', { scenes: [scene], formats: ['mp4', 'mp4'] }, ['body.formats.1']],
      ['/v1/videos', { scenes: [scene], width: 5000, height: 100 }, ['body.width']],
      ['/v1/videos', { scenes: [scene], width: 321, height: 240 }, ['body.width']],
      ['/v1/videos', { scenes: [scene], fps: 61 }, ['body.fps']],
      // Shorter than a frame: the scene would vanish from the video.
      ['/v1/videos', { scenes: [scene, { ...scene, duration: 0.5 }, scene], fps: 1 }, ['body.scenes.1.duration']],
      [`/v1/designs/${design}/animate`, { duration: 0.5, fps: 1 }, ['body.duration']],
      ['/v1/videos/procedural', { duration: 0.5, fps: 1 }, ['body.duration']],
      ['/v1/videos', { scenes: Array.from({ length: 6 }, () => ({ ...scene, duration: 60 })) }, ['body.scenes']],
      ['/v1/videos', { scenes: [scene], beat_sync: true }, ['body.beat_sync']],
      ['/v1/videos', { scenes: [scene], gif: { width: 5000 } }, ['body.gif.width']],
      ['/v1/videos', { scenes: [scene], audio: { volume: 1 } }, ['body.audio.asset_id']],
      ['/v1/videos', { scenes: [scene], audio: { asset_id: image } }, ['body.audio.asset_id']],
      ['/v1/videos', { scenes: [{ asset_id: toneAsset }] }, ['body.scenes.0.asset_id']],
      ['/v1/videos', { scenes: [scene], callback_url: 'ftp://example.com/x' }, ['body.callback_url']],
      [
        `/v1/designs/${design}/animate`,
        { motion: 'spin', duration: 0, transition: 'x', audio_volume: 3 },
        ['body.duration', 'body.motion', 'body.transition', 'body.audio_volume'],
      ],
      [`/v1/designs/${design}/animate`, { width: 301, height: 200 }, ['body.width']],
      [`/v1/designs/${design}/animate`, { duration: 0.8, transition: 'fade' }, ['body.transition']],
      [`/v1/designs/${design}/animate`, { audio_asset_id: image }, ['body.audio_asset_id']],
      [`/v1/designs/${design}/animate`, { width: 3840 }, ['body.width']],
      ['/v1/videos/procedural', { style: 'nope' }, ['body.style']],
      ['/v1/videos/procedural', { styles: ['mesh', 'nope'] }, ['body.styles']],
      ['/v1/videos/procedural', { styles: ['mesh'], style: 'waves' }, ['body.style']],
      ['/v1/videos/procedural', { duration: 61, width: 5000 }, ['body.duration', 'body.width']],
      ['/v1/videos/procedural', { palette: 'nope', width: 321 }, ['body.palette', 'body.width']],
      ['/v1/videos/procedural', { styles: Array.from({ length: 40 }, () => 'mesh'), duration: 10 }, ['body.duration']],
    ];
    for (const [path, body, want] of cases) {
      const res = await as(t.http.post(path).send(body), alice);
      expect(res.status, `${path} ${JSON.stringify(body)}: ${JSON.stringify(res.body)}`).toBe(422);
      expect(locs(res).sort(), `${path} ${JSON.stringify(body)}: ${JSON.stringify(res.body)}`).toEqual([...want].sort());
    }
    expect(expectStatus(await as(t.http.get('/v1/jobs?limit=100'), alice), 200).body.data.length).toBe(before);
  }, 60_000);

  it("answers 404 for designs and assets the account does not have (another account's included), and 401 without a key", async () => {
    const nf = async (path: string, body: Record<string, unknown>, code: string) => {
      const res = expectStatus(await as(t.http.post(path).send(body), alice), 404);
      expect(res.body.code, JSON.stringify(res.body)).toBe(code);
    };
    await nf('/v1/designs/des_nope/animate', {}, 'not_found');
    await nf(`/v1/designs/${bobDesign}/animate`, {}, 'not_found');
    await nf(`/v1/designs/${design}/animate`, { audio_asset_id: bobAudio }, 'not_found');
    await nf('/v1/videos', { scenes: [{ design_id: bobDesign }] }, 'not_found');
    await nf('/v1/videos', { scenes: [{ asset_id: 'ast_nope' }] }, 'not_found');
    await nf('/v1/videos', { scenes: [{ design_id: design }], audio: { asset_id: bobAudio } }, 'not_found');
    await nf('/v1/videos', { scenes: [{ design_id: design, audio: { asset_id: bobAudio } }] }, 'not_found');
    for (const path of [`/v1/designs/${design}/animate`, '/v1/videos', '/v1/videos/procedural']) {
      const res = await t.http.post(path).send({ scenes: [{ design_id: design }] });
      expect(res.status, path).toBe(401);
    }
    // Bob sees none of Alice's jobs, nor their artifacts.
    const job = expectStatus(await as(t.http.post(`/v1/designs/${design}/animate`).send({ duration: 1, fps: 6, width: 64, height: 48 }), alice), 202).body;
    expect(expectStatus(await as(t.http.get(`/v1/jobs/${job.id}`), bob), 404).body.code).toBe('not_found');
    const done = await finished(t, alice, job.id);
    expect(done.state).toBe('succeeded');
    expect((await as(t.http.get(`/v1/artifacts/${artifact(done, 'mp4').artifact_id}`), bob)).status).toBe(404);
    expect(expectStatus(await as(t.http.get('/v1/jobs?limit=100'), bob), 200).body.data).toEqual([]);
  }, 60_000);
});
