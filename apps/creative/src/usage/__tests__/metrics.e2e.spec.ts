import { createTestApp, expectStatus, TestAccount, TestApp } from '@platform/testing';
import { as } from '../../__tests__/helpers';
import type { CreativeConfig } from '../../config';
import { creativeService } from '../../service';
import { finished } from '../../videos/__tests__/video-fixtures';

/** GET /v1/metrics `video_seconds`: the seconds of video the account's jobs made, full-campaign videos included. */
describe('creative metrics: video seconds', () => {
  let t: TestApp<CreativeConfig>;
  let alice: TestAccount;

  beforeAll(async () => {
    t = await createTestApp(creativeService);
    alice = await t.account('alice');
  });
  afterAll(() => t?.close());

  it('counts the video of a full campaign as made, as the job reports it; another account sees none of it', async () => {
    const job = expectStatus(
      await as(
        t.http.post('/v1/campaigns/full').send({
          brief: { title: 'Spring launch', subtitle: 'Everything new', cta: 'Shop now', seed: 3 },
          formats: [
            { width: 160, height: 120 },
            { width: 120, height: 160, template: 'story' },
          ],
          video: { duration: 1, fps: 6, transition: 'fade', transition_duration: 0.5, formats: ['mp4'] },
        }),
        alice,
      ),
      202,
    ).body;
    const done = await finished(t, alice, job.id);
    expect(done.state, JSON.stringify(done.error)).toBe('succeeded');
    const made = (done.result as { video: { duration: number } }).video.duration;
    expect(made).toBeGreaterThan(0);
    const m = expectStatus(await as(t.http.get('/v1/metrics'), alice), 200).body;
    expect(m.video_seconds).toBeCloseTo(made, 3);
    expect(m.jobs.succeeded).toBe(1);
    const bob = await t.account('bob');
    expect(expectStatus(await as(t.http.get('/v1/metrics'), bob), 200).body.video_seconds).toBe(0);
  }, 180_000);
});
