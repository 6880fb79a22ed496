import { createTestApp, expectStatus, TestAccount, TestApp } from '@platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as } from '../../__tests__/helpers';
import type { CreativeConfig } from '../../config';
import { creativeService } from '../../service';
import { artifact, checkVideo, clicks, download, finished, pngOf, probeMedia, rms, scratch, tone, upload } from './video-fixtures';

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
      motion: 'zoom_in',
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
    expect(job.request).toMatchObject({ width: 300, height: 200, fps: 12, audio_asset_id: toneAsset, audio_fade_in: 1, formats: ['mp4', 'webm', 'gif'], gif: { fps: 6, width: 160, loop: null } });
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
});
