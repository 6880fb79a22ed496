import { startFakeVendorServer, type FakeVendorServer } from '@platform/conversation/testing';
import { createTestApp, expectStatus, TestAccount, TestApp } from '@platform/testing';
import sharp from 'sharp';
import { as, locs } from '../../__tests__/helpers';
import type { CreativeConfig } from '../../config';
import { creativeService } from '../../service';

/** 600x400: a navy field, an orange band on the right and a bright disc in the upper right (the salient part). */
async function picture(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400">
    <rect width="600" height="400" fill="#14213d"/>
    <rect x="420" width="180" height="400" fill="#fca311"/>
    <circle cx="470" cy="110" r="55" fill="#ffffff"/>
    <circle cx="470" cy="110" r="25" fill="#e63946"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const MODEL_BRIEF = {
  intent: 'launch',
  eyebrow: 'Novo',
  title: 'Noite laranja',
  subtitle: 'A coleção que acende a cidade.',
  body: 'Peças em azul profundo e laranja, feitas para a noite.',
  cta: 'Veja a coleção',
  insight: null,
  items: null,
  tone: 'bold',
  palette: ['#14213d', '#fca311', '#ffffff'],
};

describe('creative POST /v1/briefs/from-image, POST /v1/planning/brief and GET /v1/llm/providers', () => {
  let vendor: FakeVendorServer;
  let plain: TestApp<CreativeConfig>;
  let openai: TestApp<CreativeConfig>;
  let anthropic: TestApp<CreativeConfig>;
  let compatible: TestApp<CreativeConfig>;
  let alice: TestAccount;
  let bob: TestAccount;
  let olga: TestAccount;
  let ana: TestAccount;
  let cid: TestAccount;
  let png: Buffer;
  const assets = new Map<TestAccount, string>();

  const upload = async (t: TestApp<CreativeConfig>, who: TestAccount) => {
    const res = expectStatus(
      await t.http.post('/v1/assets').set('x-api-key', who.key).attach('file', png, { filename: 'night.png', contentType: 'image/png' }),
      200,
    );
    assets.set(who, res.body.id);
    return res.body.id as string;
  };

  beforeAll(async () => {
    vendor = await startFakeVendorServer();
    png = await picture();
    plain = await createTestApp(creativeService);
    openai = await createTestApp(creativeService, {
      env: { LLM_PROVIDER: 'openai', OPENAI_API_KEY: 'sk-test-llm', LLM_BASE_URL: vendor.baseUrl, LLM_TIMEOUT_MS: '700' },
    });
    anthropic = await createTestApp(creativeService, { env: { LLM_PROVIDER: 'anthropic', ANTHROPIC_API_KEY: 'sk-ant-test', LLM_BASE_URL: vendor.baseUrl } });
    compatible = await createTestApp(creativeService, { env: { LLM_PROVIDER: 'openai-compatible', LLM_BASE_URL: vendor.baseUrl, LLM_MODEL: 'llava-test' } });
    alice = await plain.account('alice');
    bob = await plain.account('bob');
    olga = await openai.account('olga');
    ana = await anthropic.account('ana');
    cid = await compatible.account('cid');
    for (const [t, who] of [
      [plain, alice],
      [plain, bob],
      [openai, olga],
      [anthropic, ana],
      [compatible, cid],
    ] as const)
      await upload(t, who);
  }, 90_000);
  afterAll(async () => {
    for (const t of [plain, openai, anthropic, compatible]) await t?.close();
    await vendor?.close();
  });

  const fromImage = (t: TestApp<CreativeConfig>, who: TestAccount, body: Record<string, unknown>) =>
    as(t.http.post('/v1/briefs/from-image').send({ asset_id: assets.get(who), ...body }), who);
  const plan = (t: TestApp<CreativeConfig>, who: TestAccount, body: unknown) => as(t.http.post('/v1/planning/brief').send(body as object), who);

  describe('briefs from images', () => {
    it('reads the picture (palette, contrast, brightness, busyness, focal point, formats) and writes a pt-BR brief from the goal', async () => {
      const r = expectStatus(await fromImage(plain, alice, { goal: 'Lançar a nova coleção de inverno' }), 200).body;
      expect(r).toMatchObject({ provider: 'builtin', model: null, warnings: [] });
      const a = r.analysis;
      expect(a).toMatchObject({ width: 600, height: 400, orientation: 'landscape', aspect_ratio: 1.5 });
      expect(a.brightness).toBeLessThan(0.5);
      expect(a.palette[0]).toMatchObject({ color: '#14213d', text_color: '#ffffff' });
      expect(a.palette[0].share).toBeGreaterThan(0.5);
      expect(a.palette[0].contrast).toBeGreaterThan(10);
      const dist = (hex: string) => {
        const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
        return Math.hypot(r - 0xfc, g - 0xa3, b - 0x11);
      };
      const orange = [...a.palette].sort((x: { color: string }, y: { color: string }) => dist(x.color) - dist(y.color))[0];
      expect(dist(orange.color)).toBeLessThan(30);
      expect(orange).toMatchObject({ text_color: '#111111' });
      // The disc in the upper right is where the eye goes.
      expect(a.focal_point.x).toBeGreaterThan(0.6);
      expect(a.focal_point.y).toBeLessThan(0.5);
      expect(a.busyness).toBeGreaterThan(0);
      expect(a.busyness).toBeLessThan(0.6);
      expect(a.formats).toHaveLength(3);
      expect(a.templates.length).toBeGreaterThan(0);
      expect(r.brief).toMatchObject({
        language: 'pt-BR',
        intent: 'launch',
        eyebrow: 'Novidade',
        title: 'Nova coleção de inverno',
        cta: 'Conheça agora',
        format: { name: a.formats[0] },
      });
      expect(r.brief.palette.split(', ')[0]).toBe('#14213d');
      expect(r.brief.seed).toEqual(expect.any(Number));
      expect(typeof r.brief.tone).toBe('string');
      // Deterministic.
      expect(expectStatus(await fromImage(plain, alice, { goal: 'Lançar a nova coleção de inverno' }), 200).body).toEqual(r);
    });

    it('writes English when asked, takes the tone given, and gives the same result when a provider is configured', async () => {
      const en = expectStatus(await fromImage(plain, alice, { goal: 'Launch the new winter collection', language: 'en', tone: 'elegant' }), 200).body;
      expect(en.brief).toMatchObject({ language: 'en', eyebrow: 'New', cta: 'Discover now', tone: 'elegant', title: 'New winter collection' });
      const same = expectStatus(
        await fromImage(openai, olga, { goal: 'Launch the new winter collection', language: 'en', tone: 'elegant', provider: 'builtin' }),
        200,
      ).body;
      expect(same).toEqual(en);
      const noGoal = expectStatus(await fromImage(plain, alice, {}), 200).body;
      expect(noGoal.brief.title).toBeTruthy();
    });

    it('asks an OpenAI vision model for a structured brief, showing it the image', async () => {
      vendor.behave({ kind: 'json', value: MODEL_BRIEF });
      const before = vendor.requests.length;
      const r = expectStatus(await fromImage(openai, olga, { goal: 'Lançar a coleção' }), 200).body;
      expect(r).toMatchObject({ provider: 'openai', model: 'gpt-4o-mini', warnings: [] });
      expect(r.brief).toMatchObject({ title: 'Noite laranja', cta: 'Veja a coleção', palette: '#14213d, #fca311, #ffffff', language: 'pt-BR' });
      expect(r.brief.format.name).toBe(r.analysis.formats[0]);
      expect(vendor.requests.length).toBe(before + 1);
      const req = vendor.requests.at(-1)!;
      expect(req.url).toBe('/v1/chat/completions');
      expect(req.headers.authorization).toBe('Bearer sk-test-llm');
      expect((req.body.response_format as { type: string }).type).toBe('json_schema');
      const content = (req.body.messages as { role: string; content: unknown }[]).find((m) => m.role === 'user')!.content as {
        type: string;
        image_url?: { url: string };
      }[];
      expect(content.some((c) => c.type === 'image_url' && c.image_url!.url.startsWith('data:image/jpeg;base64,'))).toBe(true);
    });

    it('asks again once when the answer does not validate, then falls back to the built-in brief with a warning', async () => {
      vendor.queue({ kind: 'json', value: { title: '' } }, { kind: 'json', value: MODEL_BRIEF });
      const second = expectStatus(await fromImage(openai, olga, { goal: 'x' }), 200).body;
      expect(second.provider).toBe('openai');
      const builtin = expectStatus(await fromImage(openai, olga, { goal: 'Lançar a coleção', provider: 'builtin' }), 200).body;
      const before = vendor.requests.length;
      vendor.behave({ kind: 'json', value: 'not json at all' });
      const r = expectStatus(await fromImage(openai, olga, { goal: 'Lançar a coleção' }), 200).body;
      expect(vendor.requests.length).toBe(before + 2);
      expect(r).toMatchObject({ provider: 'builtin', model: null, brief: builtin.brief });
      expect(r.warnings[0]).toContain('did not validate');
    });

    it('maps provider failures and timeouts to 502/503/504', async () => {
      vendor.behave({ kind: 'status', status: 401 });
      expect(expectStatus(await fromImage(openai, olga, {}), 502).body).toMatchObject({ code: 'openai_error', provider: 'openai' });
      vendor.behave({ kind: 'status', status: 503 });
      expect(expectStatus(await fromImage(openai, olga, {}), 503).body.code).toBe('openai_unavailable');
      vendor.behave({ kind: 'slow', delayMs: 3000, then: { kind: 'json', value: MODEL_BRIEF } });
      expect(expectStatus(await fromImage(openai, olga, {}), 504).body.code).toBe('openai_timeout');
      vendor.behave({ kind: 'json', value: MODEL_BRIEF });
    });

    it('asks Anthropic (the json tool of structured output, the image as a base64 block)', async () => {
      vendor.behave({ kind: 'json', value: MODEL_BRIEF });
      const r = expectStatus(await fromImage(anthropic, ana, { goal: 'Lançar a coleção' }), 200).body;
      expect(r).toMatchObject({ provider: 'anthropic', brief: { title: 'Noite laranja' } });
      const req = vendor.requests.at(-1)!;
      expect(req.url).toBe('/v1/messages');
      expect(req.headers['x-api-key']).toBe('sk-ant-test');
      const blocks = (req.body.messages as { content: { type: string; source?: { type: string; media_type: string } }[] }[])[0].content;
      expect(blocks.find((b) => b.type === 'image')!.source).toMatchObject({ type: 'base64', media_type: 'image/jpeg' });
      vendor.behave({ kind: 'status', status: 529 });
      expect(expectStatus(await fromImage(anthropic, ana, {}), 503).body.code).toBe('anthropic_unavailable');
    });

    it('asks an OpenAI-compatible server (Ollama, vLLM)', async () => {
      vendor.behave({ kind: 'json', value: MODEL_BRIEF });
      const r = expectStatus(await fromImage(compatible, cid, { goal: 'x' }), 200).body;
      expect(r).toMatchObject({ provider: 'openai-compatible', model: 'llava-test' });
      expect(vendor.requests.at(-1)!.body.model).toBe('llava-test');
      vendor.behave({ kind: 'status', status: 500 });
      expect(expectStatus(await fromImage(compatible, cid, { goal: 'x' }), 503).body.code).toBe('openai_compatible_unavailable');
    });

    it('answers 404 for an asset of another account (or none), 422 for bad fields and providers, 401 without a key', async () => {
      expect(expectStatus(await as(plain.http.post('/v1/briefs/from-image').send({ asset_id: assets.get(bob) }), alice), 404).body.code).toBe('not_found');
      expect(expectStatus(await as(plain.http.post('/v1/briefs/from-image').send({ asset_id: 'ast_nope' }), alice), 404).body.code).toBe('not_found');
      expect(locs(await as(plain.http.post('/v1/briefs/from-image').send({ goal: 5, language: 'português!', tone: 7 }), alice))).toEqual([
        'body.asset_id',
        'body.goal',
        'body.language',
        'body.tone',
      ]);
      expect(locs(await fromImage(plain, alice, { provider: 'anthropic' }))).toEqual(['body.provider']);
      expect(locs(await fromImage(plain, alice, { provider: 'gemini' }))).toEqual(['body.provider']);
      expectStatus(await plain.http.post('/v1/briefs/from-image').send({ asset_id: assets.get(alice) }), 401);
    });
  });

  describe('planning', () => {
    const goal = 'Lançar o cold brew de verão com 20% de desconto';

    it('writes the brief and a deterministic plan in the workflow step language, with estimates', async () => {
      const r = expectStatus(await plan(plain, alice, { goal }), 200).body;
      expect(r).toMatchObject({ provider: 'builtin', model: null, video: false, warnings: [] });
      expect(r.brief).toMatchObject({ language: 'pt-BR', intent: 'sale', eyebrow: 'Oferta especial', insight: '20%', cta: 'Aproveite' });
      expect(r.brief.title).toMatch(/^Cold brew de verão/);
      expect(r.formats.map((f: { name: string }) => f.name)).toEqual(['square', 'story', 'landscape']);
      expect(r.formats.map((f: { template: string }) => f.template)).toEqual(['square-post', 'story', 'landscape-banner']);
      expect(r.workflow.steps.map((s: { id: string; operation: string }) => `${s.id}:${s.operation}`)).toEqual([
        'design_square:design.create',
        'render_square:design.render',
        'design_story:design.create',
        'render_story:design.render',
        'design_landscape:design.create',
        'render_landscape:design.render',
      ]);
      expect(r.workflow.steps[1].params).toEqual({ design_id: '$steps.design_square.design_id', format: 'png' });
      expect(r.workflow.outputs).toEqual(['render_square.artifact', 'render_story.artifact', 'render_landscape.artifact']);
      expect(r.estimate.steps[1]).toMatchObject({ id: 'render_square', billed_as: 'render', credits: expect.any(Number) });
      expect(r.estimate.credits).toBe(r.estimate.steps.reduce((s: number, x: { credits: number }) => s + x.credits, 0));
      expect(expectStatus(await plan(plain, alice, { goal }), 200).body).toEqual(r);
      // A provider configured for something else changes nothing.
      expect(expectStatus(await plan(openai, olga, { goal, provider: 'builtin' }), 200).body).toEqual(r);
    });

    it('plans one format when asked, a video when the goal asks for one, and English copy', async () => {
      const story = expectStatus(
        await plan(plain, alice, { goal: 'Announce our spring webinar with a reel', language: 'en', format: { name: 'story' } }),
        200,
      ).body;
      expect(story).toMatchObject({ video: true, brief: { language: 'en', intent: 'event', cta: 'Register now' } });
      expect(story.workflow.steps.map((s: { operation: string }) => s.operation)).toEqual(['design.create', 'design.render', 'video.animate']);
      expect(story.workflow.steps[2].params).toMatchObject({ design_id: '$steps.design_story.design_id' });
      expect(story.estimate.steps[2].billed_as).toBe('video');
      const sized = expectStatus(await plan(plain, alice, { goal: 'x', format: { width: 800, height: 800 } }), 200).body;
      expect(sized.formats).toEqual([{ name: null, width: 800, height: 800, template: 'square-post' }]);
    });

    it('asks a model for the brief, and keeps the plan deterministic', async () => {
      vendor.behave({ kind: 'json', value: { ...MODEL_BRIEF, intent: 'sale', insight: '20%' } });
      const r = expectStatus(await plan(openai, olga, { goal }), 200).body;
      expect(r).toMatchObject({ provider: 'openai', model: 'gpt-4o-mini', brief: { title: 'Noite laranja', insight: '20%' } });
      expect(r.workflow.steps[0].params.brief.title).toBe('Noite laranja');
      vendor.behave({ kind: 'json', value: { nope: true } });
      const fallback = expectStatus(await plan(openai, olga, { goal }), 200).body;
      expect(fallback.provider).toBe('builtin');
      expect(fallback.warnings).toHaveLength(1);
      vendor.behave({ kind: 'slow', delayMs: 3000, then: { kind: 'json', value: MODEL_BRIEF } });
      expect(expectStatus(await plan(openai, olga, { goal }), 504).body.code).toBe('openai_timeout');
      vendor.behave({ kind: 'json', value: MODEL_BRIEF });
    });

    it('answers 422 for bad fields, formats and providers, 401 without a key', async () => {
      expect(locs(await plan(plain, alice, { tone: 3, language: '', format: 'story', provider: 1 }))).toEqual([
        'body.goal',
        'body.tone',
        'body.language',
        'body.format',
        'body.provider',
      ]);
      expect(locs(await plan(plain, alice, { goal: 'x', format: { name: 'hologram' } }))).toEqual(['body.format.name']);
      expect(locs(await plan(plain, alice, { goal: 'x', format: { width: 5, height: 'tall' } }))).toEqual(['body.format.width', 'body.format.height']);
      expect(locs(await plan(plain, alice, { goal: 'x', provider: 'openai' }))).toEqual(['body.provider']);
      expectStatus(await plain.http.post('/v1/planning/brief').send({ goal: 'x' }), 401);
    });
  });

  it('lists the LLM providers with what is configured, the model and the active one', async () => {
    const none = expectStatus(await as(plain.http.get('/v1/llm/providers'), alice), 200).body.data;
    expect(none.map((p: { id: string; configured: boolean; active: boolean }) => [p.id, p.configured, p.active])).toEqual([
      ['builtin', true, true],
      ['openai', false, false],
      ['anthropic', false, false],
      ['openai-compatible', false, false],
    ]);
    const o = expectStatus(await as(openai.http.get('/v1/llm/providers'), olga), 200).body.data;
    expect(o[1]).toMatchObject({ id: 'openai', configured: true, active: true, model: 'gpt-4o-mini', vision: true, structured_output: true });
    const c = expectStatus(await as(compatible.http.get('/v1/llm/providers'), cid), 200).body.data;
    expect(c[3]).toMatchObject({ id: 'openai-compatible', configured: true, active: true, model: 'llava-test' });
  });
});
