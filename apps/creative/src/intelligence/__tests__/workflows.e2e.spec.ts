import { createTestApp, expectStatus, TestAccount, TestApp } from '@platform/testing';
import sharp from 'sharp';
import { as, binary, locs, sampleIr } from '../../__tests__/helpers';
import type { CreativeConfig } from '../../config';
import { creativeService } from '../../service';

describe('creative POST /v1/workflows/run', () => {
  let t: TestApp<CreativeConfig>;
  let alice: TestAccount;
  let bob: TestAccount;

  beforeAll(async () => {
    t = await createTestApp(creativeService);
    alice = await t.account('alice');
    bob = await t.account('bob');
  }, 60_000);
  afterAll(() => t?.close());

  const run = (who: TestAccount, body: unknown) => as(t.http.post('/v1/workflows/run').send(body as object), who);
  const designCount = async (who: TestAccount) => expectStatus(await as(t.http.get('/v1/designs?limit=100'), who), 200).body.data.length;
  const bytes = async (url: string) => {
    const u = new URL(url);
    return expectStatus(await t.http.get(`${u.pathname}${u.search}`).buffer(true).parse(binary), 200).body as Buffer;
  };

  it('goes from a goal to rendered pieces in one call', async () => {
    const r = expectStatus(
      await run(alice, {
        steps: [
          { id: 'plan', operation: 'planning.brief', params: { goal: 'Lançar o cold brew de verão com 20% de desconto' } },
          { id: 'pieces', operation: 'campaign.create', params: { brief: '$steps.plan.brief', formats: [{ name: 'square' }, { name: 'story' }] } },
        ],
        outputs: ['pieces.pieces', 'plan.brief'],
      }),
      200,
    ).body;
    expect(r).toMatchObject({ status: 'succeeded', failed_step: null });
    expect(r.steps.map((s: { status: string; result: unknown }) => [s.status, s.result])).toEqual([
      ['succeeded', null],
      ['succeeded', null],
    ]);
    const pieces = r.outputs['pieces.pieces'];
    expect(pieces).toHaveLength(2);
    expect(r.outputs['plan.brief'].insight).toBe('20%');
    const png = await bytes(pieces[1].signed_url.url);
    expect(await sharp(png).metadata()).toMatchObject({ width: 1080, height: 1920 });
    // Each step is billed as its REST call: the plan and the campaign are in the ledger, captured.
    const ledger = expectStatus(await as(t.http.get('/v1/billing/ledger?limit=50'), alice), 200).body.data as { type: string; operation: string | null }[];
    for (const operation of ['planning', 'campaign'])
      expect(
        ledger
          .filter((e) => e.operation === operation)
          .map((e) => e.type)
          .sort(),
        operation,
      ).toEqual(['capture', 'reserve']);
  });

  it('runs a plan from POST /v1/planning/brief as is', async () => {
    const planned = expectStatus(
      await as(t.http.post('/v1/planning/brief').send({ goal: 'Announce our new app', language: 'en', format: { name: 'square' } }), alice),
      200,
    ).body;
    const r = expectStatus(await run(alice, planned.workflow), 200).body;
    expect(r.status).toBe('succeeded');
    expect(r.outputs['render_square.artifact']).toMatchObject({ kind: 'render', mime: 'image/png', width: 1080, height: 1080 });
  });

  it('passes results between steps: design, node, render, generation, brief from image, video job', async () => {
    const r = expectStatus(
      await run(alice, {
        steps: [
          { id: 'hero', operation: 'design.create', params: { ir: sampleIr(), title: 'Hero' } },
          { id: 'badge', operation: 'node.add', params: { design_id: '$steps.hero.design_id', node: { type: 'rect', id: 'badge', width: 40, height: 40 } } },
          {
            id: 'recolor',
            operation: 'node.patch',
            params: { design_id: '$steps.hero.design_id', node_id: 'badge', patch: { fills: [{ type: 'solid', color: '#22c55e' }] } },
          },
          { id: 'png', operation: 'design.render', params: { design_id: '$steps.hero.design_id', format: 'webp', width: 200 } },
          { id: 'art', operation: 'generation.create', params: { prompt: 'Galaxy with a ringed planet', width: 256, height: 256 } },
          { id: 'look', operation: 'brief.from_image', params: { asset_id: '$steps.art.asset_id', goal: 'Launch the space camp', language: 'en' } },
          { id: 'poster', operation: 'design.create', params: { brief: '$steps.look.brief', template: 'square-post' } },
          { id: 'small', operation: 'asset.transform', params: { asset_id: '$steps.art.asset.id', operations: [{ type: 'resize', width: 64 }] } },
          { id: 'clip', operation: 'video.animate', params: { design_id: '$steps.poster.design_id', duration: 1, fps: 4, width: 64, height: 64 } },
        ],
      }),
      200,
    ).body;
    expect(r.status, JSON.stringify(r.failed_step)).toBe('succeeded');
    const by = Object.fromEntries(r.steps.map((s: { id: string; result: Record<string, unknown> }) => [s.id, s.result]));
    expect(by.badge.revision).toBe(2);
    expect(by.recolor.revision).toBe(3);
    expect(by.png).toMatchObject({ design_id: by.hero.design_id, revision: 3, format: 'webp', width: 200 });
    expect(by.look.brief.language).toBe('en');
    expect(by.poster.brief.title).toBe(by.look.brief.title);
    expect(by.small).toMatchObject({ width: 64, source_asset_id: by.art.asset_id });
    expect(by.clip).toMatchObject({ job_id: expect.stringMatching(/^job_/), kind: 'animate' });
  });

  it('validates the whole workflow before anything runs (422 with loc into the steps)', async () => {
    const before = await designCount(alice);
    const res = await run(alice, {
      steps: [
        { id: 'ok', operation: 'design.create', params: { ir: sampleIr() } },
        { id: 'Bad Id', operation: 'design.create', params: {} },
        { id: 'ok', operation: 'design.render', params: { design_id: '$steps.ok.design_id' } },
        { id: 'fly', operation: 'design.fly', params: {} },
        { id: 'later', operation: 'design.render', params: { design_id: '$steps.future.design_id' } },
        { id: 'field', operation: 'design.render', params: { design_id: '$steps.ok.colour' } },
        { id: 'fmt', operation: 'design.render', params: { design_id: '$steps.ok.design_id', format: 'gif', width: -3 } },
        { id: 'nodes', operation: 'node.patch', params: { design_id: '$steps.ok.design_id', patch: 'x' } },
        { id: 'gen', operation: 'generation.create', params: { prompt: '', width: 10 }, extra: 1 },
        { id: 'future', operation: 'design.create', params: 'nope' },
      ],
      outputs: ['nobody.design_id', 'ok.nothing', 'ok'],
    });
    expect(locs(res)).toEqual([
      'body.steps.1.id',
      'body.steps.2.id',
      'body.steps.3.operation',
      'body.steps.4.params.design_id',
      'body.steps.5.params.design_id',
      'body.steps.6.params.format',
      'body.steps.6.params.width',
      'body.steps.7.params.node_id',
      'body.steps.7.params.patch',
      'body.steps.8.extra',
      'body.steps.9.params',
      'body.outputs.0',
      'body.outputs.1',
    ]);
    expect(await designCount(alice)).toBe(before);
    expect(locs(await run(alice, { steps: [] }))).toEqual(['body.steps']);
    expect(locs(await run(alice, { steps: [{ id: 'g', operation: 'generation.create', params: { prompt: 'x', width: 10 } }] }))).toEqual([
      'body.steps.0.params.width',
    ]);
    expect(locs(await run(alice, { steps: ['x'], outputs: 'all' }))).toEqual(['body.steps', 'body.outputs']);
  });

  it("stops at a failing step, says which and what the earlier steps produced; another account's design is a 404 there", async () => {
    const theirs = expectStatus(await as(t.http.post('/v1/designs').send({ ir: sampleIr() }), bob), 200).body.id;
    const r = expectStatus(
      await run(alice, {
        steps: [
          { id: 'mine', operation: 'design.create', params: { ir: sampleIr(), title: 'Kept' } },
          { id: 'steal', operation: 'design.render', params: { design_id: theirs } },
          { id: 'never', operation: 'design.render', params: { design_id: '$steps.mine.design_id' } },
        ],
        outputs: ['never.artifact'],
      }),
      200,
    ).body;
    expect(r.status).toBe('failed');
    expect(r.failed_step).toMatchObject({ index: 1, id: 'steal', operation: 'design.render', status: 404, code: 'not_found' });
    expect(r.steps.map((s: { status: string }) => s.status)).toEqual(['succeeded', 'failed', 'skipped']);
    expect(r.steps[0].result.title).toBe('Kept');
    expect(r.outputs).toEqual({ 'never.artifact': null });
    expectStatus(await as(t.http.get(`/v1/designs/${r.steps[0].result.design_id}`), alice), 200);

    const invalid = expectStatus(
      await run(alice, { steps: [{ id: 'x', operation: 'design.create', params: { template: 'no-such-template', brief: { title: 'x' } } }] }),
      200,
    ).body;
    expect(invalid.failed_step).toMatchObject({ status: 422, code: 'validation_error' });
    expect(invalid.failed_step.errors[0].loc).toEqual(['body', 'steps', 0, 'params', 'template']);
  });

  it('is idempotent by key, and needs credentials', async () => {
    const body = { steps: [{ id: 'd', operation: 'design.create', params: { ir: sampleIr() } }], idempotency_key: 'wf-1' };
    const before = await designCount(alice);
    const a = expectStatus(await run(alice, body), 200);
    const b = expectStatus(await run(alice, body), 200);
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect(b.body).toEqual(a.body);
    expect(await designCount(alice)).toBe(before + 1);
    expectStatus(await t.http.post('/v1/workflows/run').send(body), 401);
  });
});
