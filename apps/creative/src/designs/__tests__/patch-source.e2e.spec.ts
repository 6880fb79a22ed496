import { createTestApp, expectStatus, TestAccount, TestApp } from '@platform/testing';
import { as, sampleIr } from '../../__tests__/helpers';
import type { CreativeConfig } from '../../config';
import { creativeService } from '../../service';

/** A design says what it is: a raw IR patched over a template's design clears `template`/`brief` and sets `source: ir`. */
describe('creative designs: PATCH with a raw ir updates template and source', () => {
  let t: TestApp<CreativeConfig>;
  let alice: TestAccount;

  beforeAll(async () => {
    t = await createTestApp(creativeService);
    alice = await t.account('alice');
  });
  afterAll(() => t?.close());

  it('clears template and brief and sets source to ir; a brief with a template afterwards makes it a brief design again', async () => {
    const d = expectStatus(
      await as(
        t.http.post('/v1/designs').send({ template: 'announcement', brief: { title: 'Hello', body: 'World' }, size: { width: 400, height: 300 } }),
        alice,
      ),
      200,
    ).body;
    expect(d).toMatchObject({ template: 'announcement', source: 'brief' });
    const patched = expectStatus(await as(t.http.patch(`/v1/designs/${d.id}`).send({ ir: sampleIr() }), alice), 200).body;
    expect(patched).toMatchObject({ template: null, brief: null, source: 'ir', revision: 2 });
    const read = expectStatus(await as(t.http.get(`/v1/designs/${d.id}`), alice), 200).body;
    expect(read).toMatchObject({ template: null, brief: null, source: 'ir' });
    // Without a template now, a brief alone is refused; with one it is rebuilt from it.
    expectStatus(await as(t.http.patch(`/v1/designs/${d.id}`).send({ brief: { title: 'Again' } }), alice), 422);
    const rebuilt = expectStatus(await as(t.http.patch(`/v1/designs/${d.id}`).send({ template: 'announcement', brief: { title: 'Again' } }), alice), 200).body;
    expect(rebuilt).toMatchObject({ template: 'announcement', source: 'brief', brief: { title: 'Again' } });
  });
});
