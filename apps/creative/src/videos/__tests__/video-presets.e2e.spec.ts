import { applyFamilyPreset, type LoadedSceneSource, type LazySceneSource } from '@platform/creative-video';
import { createTestApp, expectStatus, TestAccount, TestApp } from '@platform/testing';
import { as, locs } from '../../__tests__/helpers';
import type { CreativeConfig } from '../../config';
import type { JobContext } from '../../jobs/job-types';
import { creativeService } from '../../service';
import { animateTimeline, type StoredAnimate, type StoredVideo } from '../video-request';
import { VideoRendererService } from '../video-renderer.service';
import { finished, scratch } from './video-fixtures';

type Node = { id?: string; animation?: { enter?: { preset: string; delay: number } }; children?: Node[] };
const byId = (ir: unknown, id: string): Node | undefined => {
  const walk = (n: Node): Node | undefined => (n.id === id ? n : (n.children ?? []).map(walk).find(Boolean));
  return walk((ir as { root: Node }).root);
};

const quoteBrief = { body: 'Make it simple, but significant.', author: 'Don Draper', title: 'On craft', format: { width: 320, height: 320 } };
const eventBrief = { title: 'Night market', eyebrow: 'Live', date: 'May 5', venue: 'Pier 9', cta: 'Get tickets' };

/** A hand-made page: its title has a typewriter of its own, the rest nothing. */
const ownIr = {
  version: 1,
  width: 320,
  height: 240,
  background: '#0f172a',
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
      { type: 'text', id: 'title', text: 'Hello', fontSize: 40, color: '#ffffff', animation: { enter: { preset: 'typewriter', duration: 1.2 } } },
      { type: 'text', id: 'body', text: 'A body line', fontSize: 18, color: '#e2e8f0' },
      { type: 'rect', id: 'bar', width: 200, height: 12, fills: [{ type: 'solid', color: '#ef4444' }] },
    ],
  },
};

describe('family motion presets through the video endpoints (issue 36)', () => {
  let t: TestApp<CreativeConfig>;
  let alice: TestAccount;
  let bob: TestAccount;
  let quote: string;
  let own: string;
  const tmp = scratch();

  /** The IR of each scene as the renderer hands it to the frame pipeline (lazy sources loaded). */
  async function pipelineIrs(who: TestAccount, v: StoredVideo): Promise<unknown[]> {
    const ctx = { accountId: who.accountId, workDir: tmp.dir, signal: new AbortController().signal } as unknown as JobContext;
    const spec = await t.app.get(VideoRendererService).spec(ctx, v);
    const out: unknown[] = [];
    for (const s of spec.scenes) {
      const src = s.source.kind === 'lazy' ? await (s.source as LazySceneSource).load() : (s.source as LoadedSceneSource);
      out.push(src.kind === 'ir' ? src.ir : null);
    }
    return out;
  }

  beforeAll(async () => {
    t = await createTestApp(creativeService);
    alice = await t.account('alice');
    bob = await t.account('bob');
    quote = expectStatus(await as(t.http.post('/v1/designs').send({ template: 'quote', brief: quoteBrief }), alice), 200).body.id;
    own = expectStatus(await as(t.http.post('/v1/designs').send({ ir: ownIr }), alice), 200).body.id;
  }, 60_000);
  afterAll(async () => {
    tmp.remove();
    await t?.close();
  });

  it("animates a design without a motion in its template family's style, and the IR the pipeline draws carries the family's entrances", async () => {
    const job = expectStatus(await as(t.http.post(`/v1/designs/${quote}/animate`).send({ duration: 2, fps: 6, width: 96, height: 96 }), alice), 202).body;
    // The job records the preset and the motion it chose (editorial: a slow Ken Burns, no lead-in transition).
    expect(job.request).toMatchObject({ motion: 'ken_burns', preset: 'editorial', transition: 'none', easing: null });
    const [ir] = await pipelineIrs(alice, animateTimeline(job.request as StoredAnimate));
    expect(byId(ir, 'quote')!.animation).toEqual({ enter: { preset: 'rise', duration: expect.any(Number), delay: expect.any(Number), easing: 'ease_out' } });
    expect(byId(ir, 'author')!.animation!.enter!.delay).toBeGreaterThan(byId(ir, 'quote')!.animation!.enter!.delay);
    expect(byId(ir, 'rule-top')!.animation!.enter!.preset).toBe('wipe');
    expect(byId(ir, 'frame')!.animation).toBeUndefined(); // the page's own frame moves with the camera
    const done = await finished(t, alice, job.id);
    expect(done.state, JSON.stringify(done.error)).toBe('succeeded');
    expect(done.result).toMatchObject({ duration: 2, frames: 12 });
  }, 120_000);

  it('keeps what the request names: a motion turns the preset off; a transition stays while the family gives the rest', async () => {
    const named = expectStatus(await as(t.http.post(`/v1/designs/${quote}/animate`).send({ motion: 'pan_left', duration: 1, fps: 6 }), alice), 202).body;
    expect(named.request).toMatchObject({ motion: 'pan_left', preset: null });
    const [plain] = await pipelineIrs(alice, animateTimeline(named.request as StoredAnimate));
    expect(byId(plain, 'quote')!.animation).toBeUndefined();

    const video = expectStatus(
      await as(
        t.http.post('/v1/videos').send({
          fps: 6,
          width: 96,
          height: 96,
          scenes: [
            { template: 'event', brief: eventBrief, duration: 1 },
            { design_id: quote, duration: 1, transition: 'circle' },
            { design_id: quote, duration: 1, motion: 'none' },
            { design_id: own, duration: 1 },
          ],
        }),
        alice,
      ),
      202,
    ).body;
    const scenes = (video.request as StoredVideo).scenes;
    expect(scenes.map((s) => [s.motion, s.transition, s.preset])).toEqual([
      ['zoom_out', 'fade_black', 'neon'],
      ['ken_burns', 'circle', 'editorial'],
      ['none', 'none', null],
      ['zoom_in', 'fade', 'minimal'],
    ]);
    const irs = await pipelineIrs(alice, video.request as StoredVideo);
    expect(byId(irs[0], 'title')!.animation!.enter!.preset).toBe('pop'); // neon
    expect(byId(irs[1], 'quote')!.animation!.enter!.preset).toBe('rise'); // editorial
    expect(byId(irs[2], 'quote')!.animation).toBeUndefined(); // motion named: no preset
    // The IR's own animation is kept as it is; the family (minimal) fills in the rest.
    expect(byId(irs[3], 'title')!.animation).toEqual({ enter: { preset: 'typewriter', duration: 1.2 } });
    expect(byId(irs[3], 'body')!.animation!.enter!.preset).toBe('fade');
    expect(byId(irs[3], 'bar')!.animation).toBeUndefined();
    // What the pipeline draws is exactly the pure function's answer on the stored revision.
    const stored = expectStatus(await as(t.http.get(`/v1/designs/${own}`), alice), 200).body.ir;
    expect(irs[3]).toEqual(applyFamilyPreset(stored, 'minimal', { duration: 1 }).ir);
    const done = await finished(t, alice, video.id);
    expect(done.state, JSON.stringify(done.error)).toBe('succeeded');
  }, 120_000);

  it("keeps an animation patched onto a node (the README's example) and moves the rest as the family does", async () => {
    const d = expectStatus(await as(t.http.post('/v1/designs').send({ template: 'quote', brief: quoteBrief }), alice), 200).body.id;
    const typewriter = { enter: { preset: 'typewriter', duration: 1.5, delay: 0.3 } };
    expectStatus(await as(t.http.patch(`/v1/designs/${d}/nodes/quote`).send({ patch: { animation: typewriter } }), alice), 200);
    const job = expectStatus(await as(t.http.post(`/v1/designs/${d}/animate`).send({ duration: 4, width: 96, height: 96, fps: 6 }), alice), 202).body;
    expect(job.request).toMatchObject({ revision: 2, motion: 'ken_burns', preset: 'editorial' });
    const [ir] = await pipelineIrs(alice, animateTimeline(job.request as StoredAnimate));
    expect(byId(ir, 'quote')!.animation).toEqual(typewriter);
    expect(byId(ir, 'author')!.animation!.enter!.preset).toBe('rise');
    expect((await finished(t, alice, job.id)).state).toBe('succeeded');
  }, 120_000);

  it('refuses a bad node animation with 422 at its path, a bad motion at its field, and nothing without a key or for another account', async () => {
    const bad = { ...ownIr, root: { ...ownIr.root, children: [{ ...ownIr.root.children[1], animation: { enter: { preset: 'spin' } } }] } };
    const res = expectStatus(await as(t.http.post('/v1/designs').send({ ir: bad }), alice), 422);
    expect(locs(res)).toEqual(['body.ir.root.children.0.animation.enter.preset']);
    const kf = { ...ownIr, root: { ...ownIr.root, children: [{ ...ownIr.root.children[1], animation: { keyframes: [{ at: 1 }, { at: 0.5, opacity: 2 }] } }] } };
    expect(locs(expectStatus(await as(t.http.post('/v1/designs').send({ ir: kf }), alice), 422)).sort()).toEqual(
      ['body.ir.root.children.0.animation.keyframes', 'body.ir.root.children.0.animation.keyframes.1.opacity'].sort(),
    );
    expect(locs(expectStatus(await as(t.http.post(`/v1/designs/${quote}/animate`).send({ motion: 'wobble' }), alice), 422))).toEqual(['body.motion']);
    expect(locs(expectStatus(await as(t.http.post('/v1/videos').send({ scenes: [{ design_id: quote, motion: 'wobble' }] }), alice), 422))).toEqual([
      'body.scenes.0.motion',
    ]);
    expect((await t.http.post(`/v1/designs/${quote}/animate`).send({})).status).toBe(401);
    expect((await t.http.post('/v1/videos').send({ scenes: [{ design_id: quote }] })).status).toBe(401);
    expect(expectStatus(await as(t.http.post(`/v1/designs/${quote}/animate`).send({}), bob), 404).body.code).toBe('not_found');
    expect(expectStatus(await as(t.http.post('/v1/videos').send({ scenes: [{ design_id: quote }] }), bob), 404).body.code).toBe('not_found');
  }, 60_000);
});
