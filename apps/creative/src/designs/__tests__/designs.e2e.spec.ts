import { createTestApp, expectStatus, TestAccount, TestApp } from '@platform/testing';
import { applyPatch } from 'rfc6902';
import { as, binary, locs, sampleIr } from '../../__tests__/helpers';
import type { CreativeConfig } from '../../config';
import { creativeService } from '../../service';

describe('creative /v1/designs: designs, revisions and nodes', () => {
  let t: TestApp<CreativeConfig>;
  let alice: TestAccount;
  let bob: TestAccount;

  beforeAll(async () => {
    t = await createTestApp(creativeService);
    alice = await t.account('alice');
    bob = await t.account('bob');
  });
  afterAll(() => t?.close());

  const create = async (body: Record<string, unknown>, who = alice) => expectStatus(await as(t.http.post('/v1/designs').send(body), who), 200);
  const preview = async (id: string, who = alice, query = '') =>
    expectStatus(
      await as(t.http.get(`/v1/designs/${id}/preview${query}`), who)
        .buffer(true)
        .parse(binary),
      200,
    );

  describe('creating', () => {
    it('builds a design from a brief and a template, with the brand kit applied', async () => {
      expectStatus(
        await as(t.http.put('/v1/brand-kit').send({ name: 'Acme', colors: ['#0B1F3A', '#F2A900', '#FFFFFF'], fonts: { heading: 'Playfair Display' } }), alice),
        200,
      );
      const res = await create({
        brief: { title: 'Spring launch', subtitle: 'Everything new this season', cta: 'Shop now', format: 'instagram_story' },
        template: 'story',
      });
      const d = res.body;
      expect(d).toMatchObject({
        template: 'story',
        revision: 1,
        width: 1080,
        height: 1920,
        source: 'brief',
        title: 'Spring launch',
        change: { operation: 'create', node_id: null, restored_from: null },
      });
      expect(d.id).toMatch(/^des_[0-9a-z]{26}$/);
      expect(res.headers.etag).toBe('"rev-1"');
      expect(d.brief).toMatchObject({ title: 'Spring launch', format: 'instagram_story' });
      expect(d.preview_url).toContain(`/v1/designs/${d.id}/preview`);
      const json = JSON.stringify(d.ir);
      expect(json).toContain('Playfair Display');
      expect(json.toLowerCase()).toContain('#0b1f3a');
      // Every node has an id, so node operations can address it.
      const ids: string[] = [];
      const walk = (n: { id?: string; children?: unknown[] }) => {
        ids.push(n.id!);
        (n.children as (typeof n)[] | undefined)?.forEach(walk);
      };
      walk(d.ir.root);
      expect(ids.every((i) => typeof i === 'string' && i.length > 0)).toBe(true);
      expect(new Set(ids).size).toBe(ids.length);
      expectStatus(await as(t.http.delete('/v1/brand-kit'), alice), 200);
    });

    it('stores a raw IR, giving ids to nodes without one', async () => {
      const d = (await create({ ir: sampleIr(), title: 'Raw' })).body;
      expect(d).toMatchObject({ source: 'ir', template: null, brief: null, title: 'Raw', width: 400, height: 300 });
      expect(d.ir.root.children.map((c: { id: string }) => c.id)).toEqual(['title', 'bar', 'ellipse-1']);
    });

    it("answers 422 with the library's issue locations and stores nothing", async () => {
      const before = (await as(t.http.get('/v1/designs?limit=100'), alice)).body.data.length;
      const bad = sampleIr();
      (bad.root.children[2] as { fills: { color: string }[] }).fills[0].color = 'not-a-color';
      (bad.root.children[0] as Record<string, unknown>).fontSize = -3;
      const res = await as(t.http.post('/v1/designs').send({ ir: bad }), alice);
      expect(locs(res)).toEqual(expect.arrayContaining(['body.ir.root.children.2.fills.0.color', 'body.ir.root.children.0.fontSize']));
      expect(res.body.detail[0].loc).toEqual(expect.arrayContaining(['body', 'ir', 'root', 'children']));
      expect(res.body.detail.find((d: { loc: unknown[] }) => d.loc.join('.') === 'body.ir.root.children.2.fills.0.color').loc).toEqual([
        'body',
        'ir',
        'root',
        'children',
        2,
        'fills',
        0,
        'color',
      ]);

      expect(locs(await as(t.http.post('/v1/designs').send({ template: 'nope', brief: { title: 'x' } }), alice))).toEqual(['body.template']);
      expect(locs(await as(t.http.post('/v1/designs').send({ brief: { title: 42, items: 'a' } }), alice))).toEqual(
        expect.arrayContaining(['body.brief.title', 'body.brief.items']),
      );
      expect(locs(await as(t.http.post('/v1/designs').send({ brief: { title: 'x', format: 'instagram_reel_9000' } }), alice))).toEqual(['body.brief.format']);
      expect(locs(await as(t.http.post('/v1/designs').send({ brief: { title: 'x', format: { width: 99999, height: 100 } } }), alice))).toEqual([
        'body.brief.format.width',
      ]);
      expect(locs(await as(t.http.post('/v1/designs').send({ brief: { title: 'x'.repeat(2001) } }), alice))).toEqual(['body.brief.title']);
      expect(locs(await as(t.http.post('/v1/designs').send({ ir: sampleIr(), brief: { title: 'x' } }), alice))).toEqual(['body']);
      expect(locs(await as(t.http.post('/v1/designs').send({ ir: 'x', title: 5, render: { format: 'gif', width: 0 } }), alice))).toEqual(
        expect.arrayContaining(['body.ir', 'body.title', 'body.render.format', 'body.render.width']),
      );
      expect(locs(await as(t.http.post('/v1/designs').send({ ir: { ...sampleIr(), version: 2 } }), alice))).toEqual(['body.ir.version']);
      expect(locs(await as(t.http.post('/v1/designs').send({ bundle: { format: 'zip' } }), alice))).toEqual(
        expect.arrayContaining(['body.bundle.format', 'body.bundle.version', 'body.bundle.ir']),
      );
      expect(
        locs(
          await as(
            t.http.post('/v1/designs').send({ ir: { ...sampleIr(), root: { type: 'frame', children: [{ type: 'image', src: 'asset:ast_nope' }] } } }),
            alice,
          ),
        ),
      ).toEqual(['body.ir.root.children.0.src']);
      const malformed = await as(t.http.post('/v1/designs').set('Content-Type', 'application/json').send('{"ir":'), alice);
      expect(malformed.status).toBe(400);
      expect((await as(t.http.get('/v1/designs?limit=100'), alice)).body.data.length).toBe(before);
    });

    it('answers 401 without a credential, on every route', async () => {
      const routes: [string, string][] = [
        ['post', '/v1/designs'],
        ['get', '/v1/designs'],
        ['get', '/v1/designs/des_x'],
        ['patch', '/v1/designs/des_x'],
        ['get', '/v1/designs/des_x/revisions'],
        ['get', '/v1/designs/des_x/revisions/1'],
        ['get', '/v1/designs/des_x/revisions/1/diff/2'],
        ['post', '/v1/designs/des_x/revisions/1/restore'],
        ['post', '/v1/designs/des_x/nodes'],
        ['patch', '/v1/designs/des_x/nodes/n'],
        ['delete', '/v1/designs/des_x/nodes/n'],
        ['post', '/v1/designs/des_x/duplicate'],
        ['get', '/v1/designs/des_x/bundle'],
        ['get', '/v1/designs/des_x/preview'],
        ['get', '/v1/designs/des_x/export/html'],
      ];
      for (const [method, path] of routes) {
        const res = await (t.http as unknown as Record<string, (p: string) => import('supertest').Test>)[method](path).send({});
        expect(res.status, `${method} ${path}`).toBe(401);
        expect(res.body.code).toBe('unauthorized');
      }
    });
  });

  describe('reading', () => {
    it('lists newest first with a cursor, and checks limit and cursor', async () => {
      const carol = await t.account('carol');
      const made: string[] = [];
      for (let i = 0; i < 3; i++) made.push((await create({ ir: sampleIr(), title: `d${i}` }, carol)).body.id);
      const first = expectStatus(await as(t.http.get('/v1/designs?limit=2'), carol, 'bearer'), 200).body;
      expect(first.data.map((d: { id: string }) => d.id)).toEqual([made[2], made[1]]);
      expect(first.data[0]).not.toHaveProperty('ir');
      const second = expectStatus(await as(t.http.get(`/v1/designs?limit=2&cursor=${first.next_cursor}`), carol), 200).body;
      expect(second).toEqual({ data: [expect.objectContaining({ id: made[0] })], next_cursor: null });
      expect(expectStatus(await as(t.http.get('/v1/designs'), carol), 200).body.data).toHaveLength(3);
      expect(locs(await as(t.http.get('/v1/designs?limit=0'), carol))).toEqual(['query.limit']);
      expect(locs(await as(t.http.get('/v1/designs?limit=101'), carol))).toEqual(['query.limit']);
      expect(locs(await as(t.http.get('/v1/designs?cursor=bm9wZQ'), carol))).toEqual(['query.cursor']);
    });

    it('answers the design with its ETag, and 304 for If-None-Match', async () => {
      const d = (await create({ ir: sampleIr() })).body;
      const res = expectStatus(await as(t.http.get(`/v1/designs/${d.id}`), alice), 200);
      expect(res.headers.etag).toBe('"rev-1"');
      expect(res.body).toEqual(d);
      expectStatus(await as(t.http.get(`/v1/designs/${d.id}`).set('If-None-Match', '"rev-1"'), alice), 304);
      expectStatus(await as(t.http.get('/v1/designs/des_01missing'), alice), 404);
    });

    it("keeps each account's designs to itself", async () => {
      const d = (await create({ ir: sampleIr() })).body;
      const id = d.id;
      const attempts = [
        t.http.get(`/v1/designs/${id}`),
        t.http.patch(`/v1/designs/${id}`).send({ title: 'mine' }),
        t.http.get(`/v1/designs/${id}/revisions`),
        t.http.get(`/v1/designs/${id}/revisions/1`),
        t.http.get(`/v1/designs/${id}/revisions/1/diff/1`),
        t.http.post(`/v1/designs/${id}/revisions/1/restore`),
        t.http.post(`/v1/designs/${id}/nodes`).send({ node: { type: 'rect', width: 1, height: 1 } }),
        t.http.patch(`/v1/designs/${id}/nodes/title`).send({ patch: { text: 'x' } }),
        t.http.delete(`/v1/designs/${id}/nodes/title`),
        t.http.post(`/v1/designs/${id}/duplicate`),
        t.http.get(`/v1/designs/${id}/bundle`),
        t.http.get(`/v1/designs/${id}/preview`),
        t.http.get(`/v1/designs/${id}/export/html`),
      ];
      for (const req of attempts) {
        const res = await as(req, bob);
        expect(res.status).toBe(404);
        expect(JSON.stringify(res.body)).not.toContain('Hello');
      }
      expect((await as(t.http.get('/v1/designs?limit=100'), bob)).body.data.map((x: { id: string }) => x.id)).not.toContain(id);
      const mine = expectStatus(await as(t.http.get(`/v1/designs/${id}`), alice), 200).body;
      expect(mine).toMatchObject({ revision: 1, title: null });
      expect(mine.ir.root.children).toHaveLength(3);
    });
  });

  describe('changing', () => {
    it('PATCH rebuilds from the merged brief, replaces the IR or renames; each makes a revision', async () => {
      const d = (await create({ brief: { title: 'First title', subtitle: 'Sub', seed: 3 }, template: 'square-post' })).body;
      const retitled = expectStatus(await as(t.http.patch(`/v1/designs/${d.id}`).send({ brief: { title: 'Second title', subtitle: null } }), alice), 200);
      expect(retitled.headers.etag).toBe('"rev-2"');
      expect(retitled.body).toMatchObject({ revision: 2, brief: { title: 'Second title', seed: 3 }, change: { operation: 'patch' } });
      expect(retitled.body.brief).not.toHaveProperty('subtitle');
      expect(JSON.stringify(retitled.body.ir)).toContain('Second title');
      expect(JSON.stringify(retitled.body.ir)).not.toContain('"Sub"');

      const quote = expectStatus(
        await as(t.http.patch(`/v1/designs/${d.id}`).send({ template: 'quote', brief: { body: 'Simple things done well.', author: 'Ana' } }), alice),
        200,
      ).body;
      expect(quote).toMatchObject({ revision: 3, template: 'quote' });
      expect(JSON.stringify(quote.ir)).toContain('Simple things done well.');

      const raw = expectStatus(await as(t.http.patch(`/v1/designs/${d.id}`).send({ ir: sampleIr() }), alice), 200).body;
      expect(raw).toMatchObject({ revision: 4, width: 400, height: 300 });
      const renamed = expectStatus(await as(t.http.patch(`/v1/designs/${d.id}`).send({ title: 'Renamed' }), alice), 200).body;
      expect(renamed).toMatchObject({ revision: 5, title: 'Renamed' });
      expect(renamed.ir).toEqual(raw.ir);

      expect(locs(await as(t.http.patch(`/v1/designs/${d.id}`).send({}), alice))).toEqual(['body']);
      expect(locs(await as(t.http.patch(`/v1/designs/${d.id}`).send({ ir: sampleIr(), brief: { title: 'x' } }), alice))).toEqual(['body.ir']);
      expect(locs(await as(t.http.patch(`/v1/designs/${d.id}`).send({ template: 'nope' }), alice))).toEqual(['body.template']);
      const raw2 = (await create({ ir: sampleIr() })).body;
      expect(locs(await as(t.http.patch(`/v1/designs/${raw2.id}`).send({ brief: { title: 'x' } }), alice))).toEqual(['body.template']);
      expect((await as(t.http.get(`/v1/designs/${d.id}`), alice)).body.revision).toBe(5);
    });

    it('If-Match: 412 precondition_failed when the design moved on, and nothing changes', async () => {
      const d = (await create({ ir: sampleIr() })).body;
      expectStatus(await as(t.http.patch(`/v1/designs/${d.id}`).set('If-Match', '"rev-1"').send({ title: 'one' }), alice), 200);
      const stale = expectStatus(await as(t.http.patch(`/v1/designs/${d.id}`).set('If-Match', '"rev-1"').send({ title: 'two' }), alice), 412);
      expect(stale.body).toMatchObject({ code: 'precondition_failed', current_revision: 2 });
      const staleNode = expectStatus(
        await as(
          t.http
            .patch(`/v1/designs/${d.id}/nodes/title`)
            .set('If-Match', '"rev-1"')
            .send({ patch: { text: 'x' } }),
          alice,
        ),
        412,
      );
      expect(staleNode.body.code).toBe('precondition_failed');
      expectStatus(await as(t.http.post(`/v1/designs/${d.id}/revisions/1/restore`).set('If-Match', 'W/"rev-2"'), alice), 412);
      const now = expectStatus(await as(t.http.get(`/v1/designs/${d.id}`), alice), 200).body;
      expect(now).toMatchObject({ revision: 2, title: 'one' });
      expectStatus(await as(t.http.patch(`/v1/designs/${d.id}`).set('If-Match', '"rev-9", "rev-2"').send({ title: 'three' }), alice), 200);
      expectStatus(await as(t.http.patch(`/v1/designs/${d.id}`).set('If-Match', '*').send({ title: 'four' }), alice), 200);
    });

    it("serialises parallel changes: every one gets its own revision, each applied to the others' result", async () => {
      const d = (await create({ ir: sampleIr() })).body;
      const changes = [
        () => as(t.http.patch(`/v1/designs/${d.id}/nodes/title`).send({ patch: { text: 'Parallel' } }), alice),
        () => as(t.http.patch(`/v1/designs/${d.id}/nodes/bar`).send({ patch: { fills: [{ type: 'solid', color: '#16a34a' }] } }), alice),
        () => as(t.http.patch(`/v1/designs/${d.id}`).send({ title: 'Both' }), alice),
        () => as(t.http.post(`/v1/designs/${d.id}/nodes`).send({ node: { type: 'text', id: 'badge', text: 'New', fontSize: 20, color: '#000000' } }), alice),
        () => as(t.http.delete(`/v1/designs/${d.id}/nodes/ellipse-1`), alice),
        () => as(t.http.patch(`/v1/designs/${d.id}`).send({ title: 'Both again' }), alice),
      ];
      const results = await Promise.all(changes.map((c) => c()));
      for (const r of results) expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(results.map((r) => r.body.revision).sort()).toEqual([2, 3, 4, 5, 6, 7]);
      const final = expectStatus(await as(t.http.get(`/v1/designs/${d.id}`), alice), 200).body;
      expect(final.revision).toBe(7);
      const byId = Object.fromEntries(final.ir.root.children.map((c: { id: string }) => [c.id, c]));
      expect(byId.title.text).toBe('Parallel');
      expect(byId.bar.fills[0].color).toBe('#16a34a');
      expect(byId.badge).toBeDefined();
      expect(byId['ellipse-1']).toBeUndefined();
      const revisions = expectStatus(await as(t.http.get(`/v1/designs/${d.id}/revisions`), alice), 200).body.data;
      expect(revisions.map((r: { revision: number }) => r.revision)).toEqual([7, 6, 5, 4, 3, 2, 1]);
      expect(revisions.map((r: { operation: string }) => r.operation).sort()).toEqual([
        'create',
        'node_add',
        'node_delete',
        'node_patch',
        'node_patch',
        'patch',
        'patch',
      ]);
    });
  });

  describe('nodes', () => {
    it('adds under a parent at an index, patches by id, deletes; each answers the new revision', async () => {
      const d = (await create({ ir: sampleIr() })).body;
      const added = expectStatus(
        await as(
          t.http
            .post(`/v1/designs/${d.id}/nodes`)
            .send({ node: { type: 'frame', layoutMode: 'horizontal', children: [{ type: 'text', text: 'Inner', fontSize: 18, color: '#333333' }] }, index: 1 }),
          alice,
        ),
        200,
      ).body;
      expect(added).toMatchObject({ revision: 2, change: { operation: 'node_add', node_id: 'frame-1' } });
      expect(added.ir.root.children.map((c: { id: string }) => c.id)).toEqual(['title', 'frame-1', 'bar', 'ellipse-1']);
      expect(added.ir.root.children[1].children[0].id).toBe('text-2');

      const inner = expectStatus(
        await as(
          t.http.post(`/v1/designs/${d.id}/nodes`).send({ node: { type: 'rect', id: 'dot', width: 10, height: 10 }, parent_id: 'frame-1', index: 0 }),
          alice,
        ),
        200,
      ).body;
      expect(inner.ir.root.children[1].children.map((c: { id: string }) => c.id)).toEqual(['dot', 'text-2']);

      const patched = expectStatus(
        await as(t.http.patch(`/v1/designs/${d.id}/nodes/title`).send({ patch: { text: 'Patched', color: '#0000ff', fontWeight: null } }), alice),
        200,
      ).body;
      expect(patched).toMatchObject({ revision: 4, change: { operation: 'node_patch', node_id: 'title' } });
      expect(patched.ir.root.children[0]).toEqual({ type: 'text', id: 'title', text: 'Patched', fontSize: 40, color: '#0000ff' });

      const deleted = expectStatus(await as(t.http.delete(`/v1/designs/${d.id}/nodes/frame-1`), alice), 200).body;
      expect(deleted).toMatchObject({ revision: 5, change: { operation: 'node_delete', node_id: 'frame-1' } });
      expect(JSON.stringify(deleted.ir)).not.toContain('"dot"');
    });

    it('refuses bad node operations with 422 or 404 and changes nothing', async () => {
      const d = (await create({ ir: sampleIr() })).body;
      const nodes = `/v1/designs/${d.id}/nodes`;
      expect(locs(await as(t.http.post(nodes).send({ node: { type: 'text', text: 'x', color: 'nope' } }), alice))).toEqual(['body.node.color']);
      expect(locs(await as(t.http.post(nodes).send({ node: { type: 'star' } }), alice))).toEqual(['body.node.type']);
      expect(locs(await as(t.http.post(nodes).send({ node: { type: 'rect' }, parent_id: 'missing' }), alice))).toEqual(['body.parent_id']);
      expect(locs(await as(t.http.post(nodes).send({ node: { type: 'rect' }, parent_id: 'title' }), alice))).toEqual(['body.parent_id']);
      expect(locs(await as(t.http.post(nodes).send({ node: { type: 'rect' }, index: 4 }), alice))).toEqual(['body.index']);
      expect(locs(await as(t.http.post(nodes).send({ node: { type: 'rect', id: 'bar' } }), alice))).toEqual(['body.node.id']);
      expect(locs(await as(t.http.post(nodes).send({ index: -1 }), alice))).toEqual(expect.arrayContaining(['body.node', 'body.index']));
      expect(locs(await as(t.http.patch(`${nodes}/bar`).send({ patch: { fills: [{ type: 'solid', color: 'nope' }] } }), alice))).toEqual([
        'body.patch.fills.0.color',
      ]);
      expect(locs(await as(t.http.patch(`${nodes}/bar`).send({ patch: { id: 'renamed' } }), alice))).toEqual(['body.patch.id']);
      expect(locs(await as(t.http.patch(`${nodes}/bar`).send({ patch: 'x' }), alice))).toEqual(['body.patch']);
      expect(expectStatus(await as(t.http.patch(`${nodes}/missing`).send({ patch: { x: 1 } }), alice), 404).body.code).toBe('not_found');
      expect(expectStatus(await as(t.http.delete(`${nodes}/missing`), alice), 404).body.code).toBe('not_found');
      expect(locs(await as(t.http.delete(`${nodes}/root`), alice))).toEqual(['path.node_id']);
      expect(locs(await as(t.http.delete(`${nodes}/bar?format=gif`), alice))).toEqual(['query.format']);
      const now = expectStatus(await as(t.http.get(`/v1/designs/${d.id}`), alice), 200).body;
      expect(now.revision).toBe(1);
      expect(now.ir).toEqual(d.ir);
    });
  });

  describe('revisions, diff and restore', () => {
    it('lists and reads revisions; diffs as RFC 6902 with a readable summary; restores as a new revision', async () => {
      const d = (await create({ ir: sampleIr() })).body;
      const base = `/v1/designs/${d.id}`;
      expectStatus(
        await as(t.http.post(`${base}/nodes`).send({ node: { type: 'text', id: 'badge', text: 'New', fontSize: 20, color: '#000000' } }), alice),
        200,
      );
      expectStatus(await as(t.http.patch(`${base}/nodes/title`).send({ patch: { text: 'Changed', color: '#ff0000' } }), alice), 200);
      expectStatus(await as(t.http.delete(`${base}/nodes/bar`), alice), 200);
      const reordered = sampleIr();
      const r4 = expectStatus(await as(t.http.get(`${base}/revisions/4`), alice), 200).body;
      expect(r4).toMatchObject({ design_id: d.id, revision: 4, operation: 'node_delete', node_id: 'bar', restored_from: null });
      reordered.root.children = [...r4.ir.root.children].reverse();
      expectStatus(await as(t.http.patch(base).send({ ir: reordered }), alice), 200);

      const list = expectStatus(await as(t.http.get(`${base}/revisions?limit=2`), alice), 200).body;
      expect(list.data.map((r: { revision: number }) => r.revision)).toEqual([5, 4]);
      expect(list.data[0]).not.toHaveProperty('ir');
      const rest = expectStatus(await as(t.http.get(`${base}/revisions?limit=10&cursor=${list.next_cursor}`), alice), 200).body;
      expect(rest.data.map((r: { revision: number }) => r.revision)).toEqual([3, 2, 1]);
      expect(rest.next_cursor).toBeNull();

      const r1 = expectStatus(await as(t.http.get(`${base}/revisions/1`), alice), 200).body;
      const diff = expectStatus(await as(t.http.get(`${base}/revisions/1/diff/4`), alice), 200).body;
      expect(diff).toMatchObject({ design_id: d.id, from_revision: 1, to_revision: 4 });
      const patched = structuredClone(r1.ir);
      expect(applyPatch(patched, diff.patch).every((e: unknown) => e === null)).toBe(true);
      expect(patched).toEqual(r4.ir);
      expect(diff.summary).toMatchObject({
        nodes_added: [{ id: 'badge', type: 'text', parent_id: 'root' }],
        nodes_removed: [{ id: 'bar', type: 'rect', parent_id: 'root' }],
        nodes_moved: [],
        nodes_changed: [{ id: 'title', type: 'text', properties: ['color', 'text'] }],
        document: [],
      });
      expect(diff.summary.text).toBe('1 node added (badge); 1 node removed (bar); title changed (color, text)');

      const moved = expectStatus(await as(t.http.get(`${base}/revisions/4/diff/5`), alice), 200).body.summary;
      expect(moved.nodes_moved).toHaveLength(2); // [title, ellipse-1, badge] reversed: two moves explain it
      expect(moved.nodes_added).toEqual([]);
      expect(moved.nodes_changed).toEqual([]);

      const restored = expectStatus(await as(t.http.post(`${base}/revisions/1/restore`), alice), 200);
      expect(restored.headers.etag).toBe('"rev-6"');
      expect(restored.body).toMatchObject({ revision: 6, change: { operation: 'restore', restored_from: 1 } });
      expect(restored.body.ir).toEqual(r1.ir);
      const none = expectStatus(await as(t.http.get(`${base}/revisions/1/diff/6`), alice), 200).body;
      expect(none.patch).toEqual([]);
      expect(none.summary.text).toBe('no changes');
      // Back again: the restore's own diff is the reverse of the first one.
      const back = expectStatus(await as(t.http.get(`${base}/revisions/5/diff/6`), alice), 200).body;
      const fromFive = structuredClone(expectStatus(await as(t.http.get(`${base}/revisions/5`), alice), 200).body.ir);
      applyPatch(fromFive, back.patch);
      expect(fromFive).toEqual(r1.ir);

      expect(locs(await as(t.http.get(`${base}/revisions/abc`), alice))).toEqual(['path.revision']);
      expect(locs(await as(t.http.get(`${base}/revisions/0/diff/x`), alice))).toEqual(expect.arrayContaining(['path.from_revision', 'path.to_revision']));
      expect(expectStatus(await as(t.http.get(`${base}/revisions/99`), alice), 404).body.code).toBe('not_found');
      expect(expectStatus(await as(t.http.post(`${base}/revisions/99/restore`), alice), 404).body.code).toBe('not_found');
      expect(locs(await as(t.http.post(`${base}/revisions/1/restore?format=bmp`), alice))).toEqual(['query.format']);
      expect(locs(await as(t.http.get(`${base}/revisions?cursor=eyJ4Ijox`), alice))).toEqual(['query.cursor']);
      expect((await as(t.http.get(base), alice)).body.revision).toBe(6);
    });
  });

  describe('duplicate and bundle', () => {
    it('duplicates the current revision into a new design at revision 1 (body optional)', async () => {
      const d = (await create({ ir: sampleIr(), title: 'Original' })).body;
      await as(t.http.patch(`/v1/designs/${d.id}/nodes/title`).send({ patch: { text: 'Edited' } }), alice);
      const copy = expectStatus(await as(t.http.post(`/v1/designs/${d.id}/duplicate`), alice), 200).body;
      expect(copy).toMatchObject({ revision: 1, title: 'Original', source: 'duplicate', source_design_id: d.id, change: { operation: 'duplicate' } });
      expect(copy.id).not.toBe(d.id);
      expect(copy.ir.root.children[0].text).toBe('Edited');
      const named = expectStatus(await as(t.http.post(`/v1/designs/${d.id}/duplicate`).send({ title: 'Copy' }), alice), 200).body;
      expect(named.title).toBe('Copy');
      expect(
        expectStatus(await as(t.http.post(`/v1/designs/${d.id}/duplicate`).set('Content-Type', 'application/json').send('null'), alice), 200).body.title,
      ).toBe('Original');
      expect(locs(await as(t.http.post(`/v1/designs/${d.id}/duplicate`).send({ title: 7 }), alice))).toEqual(['body.title']);
    });

    it('bundles a design so that another account reproduces the same pixels', async () => {
      const d = (await create({ brief: { title: 'Portable', eyebrow: 'Bundle', cta: 'Open' }, template: 'announcement' })).body;
      await as(t.http.patch(`/v1/designs/${d.id}/nodes/title`).send({ patch: { text: 'Portable design' } }), alice);
      const bundle = expectStatus(await as(t.http.get(`/v1/designs/${d.id}/bundle`), alice), 200).body;
      expect(bundle).toMatchObject({ format: 'creative-design-bundle', version: 1, design: { id: d.id, template: 'announcement', revision: 2 } });
      const copy = (await create({ bundle: JSON.parse(JSON.stringify(bundle)) }, bob)).body;
      expect(copy).toMatchObject({ source: 'bundle', revision: 1, template: 'announcement', brief: d.brief, title: d.title });
      expect(copy.ir).toEqual(bundle.ir);
      const mine = (await preview(d.id, alice, '?width=1080')).body as Buffer;
      const theirs = (await preview(copy.id, bob, '?width=1080')).body as Buffer;
      expect(theirs.equals(mine)).toBe(true);
    });
  });

  describe('idempotency', () => {
    it('replays each creating route for the same key and body', async () => {
      const first = await as(t.http.post('/v1/designs').set('Idempotency-Key', 'create-1').send({ ir: sampleIr(), title: 'Once' }), alice);
      const again = await as(t.http.post('/v1/designs').set('Idempotency-Key', 'create-1').send({ ir: sampleIr(), title: 'Once' }), alice);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body.id).toBe(first.body.id);
      expect(
        expectStatus(await as(t.http.post('/v1/designs').set('Idempotency-Key', 'create-1').send({ ir: sampleIr(), title: 'Other' }), alice), 409).body.code,
      ).toBe('idempotency_key_reused');
      const id = first.body.id;
      const body = { node: { type: 'rect', id: 'once', width: 4, height: 4 }, idempotency_key: 'node-1' };
      const n1 = expectStatus(await as(t.http.post(`/v1/designs/${id}/nodes`).send(body), alice), 200);
      const n2 = expectStatus(await as(t.http.post(`/v1/designs/${id}/nodes`).send(body), alice), 200);
      expect(n2.headers['idempotent-replayed']).toBe('true');
      expect(n2.body.revision).toBe(n1.body.revision);
      const dup1 = expectStatus(await as(t.http.post(`/v1/designs/${id}/duplicate`).send({ idempotency_key: 'dup-1' }), alice), 200).body;
      const dup2 = expectStatus(await as(t.http.post(`/v1/designs/${id}/duplicate`).send({ idempotency_key: 'dup-1' }), alice), 200).body;
      expect(dup2.id).toBe(dup1.id);
      const r1 = expectStatus(await as(t.http.post(`/v1/designs/${id}/revisions/1/restore`).set('Idempotency-Key', 'restore-1'), alice), 200).body;
      const r2 = expectStatus(await as(t.http.post(`/v1/designs/${id}/revisions/1/restore`).set('Idempotency-Key', 'restore-1'), alice), 200).body;
      expect(r2.revision).toBe(r1.revision);
      expect((await as(t.http.get(`/v1/designs/${id}`), alice)).body.revision).toBe(3);
    });
  });
});
