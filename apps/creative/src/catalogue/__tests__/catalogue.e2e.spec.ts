import { AnimationEasingSchema, AnimationKeyframeSchema, AnimationPresetSchema } from '@platform/creative-ir';
import { createTestApp, expectStatus, TestAccount, TestApp } from '@platform/testing';
import sharp from 'sharp';
import { as, binary, locs } from '../../__tests__/helpers';
import type { CreativeConfig } from '../../config';
import { creativeService } from '../../service';

describe('creative catalogues', () => {
  let t: TestApp<CreativeConfig>;
  let alice: TestAccount;

  beforeAll(async () => {
    t = await createTestApp(creativeService);
    alice = await t.account('alice');
  });
  afterAll(() => t?.close());

  it('lists the bundled font families with their weights and styles', async () => {
    const fonts = expectStatus(await as(t.http.get('/v1/fonts'), alice), 200).body.data;
    const inter = fonts.find((f: { family: string }) => f.family === 'Inter');
    expect(inter).toMatchObject({ source: 'bundled', category: 'sans', weights: [400, 500, 600, 700, 800, 900], styles: ['normal', 'italic'] });
    expect(inter.faces).toContainEqual({ weight: 700, style: 'italic', asset_id: null });
    expect(inter.aliases).toContain('sans');
    expect(fonts.map((f: { family: string }) => f.family)).toEqual(expect.arrayContaining(['Lora', 'Playfair Display', 'JetBrains Mono']));
    const mono = fonts.find((f: { family: string }) => f.family === 'JetBrains Mono');
    expect(mono).toMatchObject({
      weights: [400, 700],
      faces: [
        { weight: 400, style: 'normal', asset_id: null },
        { weight: 700, style: 'normal', asset_id: null },
        { weight: 400, style: 'italic', asset_id: null },
      ],
    });
  });

  it('lists templates with the brief fields each uses, recommended formats and a preview that renders', async () => {
    const templates = expectStatus(await as(t.http.get('/v1/templates'), alice, 'bearer'), 200).body.data;
    expect(templates.length).toBeGreaterThanOrEqual(14);
    const story = templates.find((x: { id: string }) => x.id === 'story');
    expect(story).toMatchObject({ name: 'Story', fields: expect.arrayContaining(['title', 'cta']), required: ['title'] });
    expect(story.formats[0]).toEqual({ name: 'instagram_story', width: 1080, height: 1920 });
    expect(story.preview_url).toMatch(/\/v1\/templates\/story\/preview$/);

    const res = expectStatus(await as(t.http.get('/v1/templates/story/preview?width=270'), alice).buffer(true).parse(binary), 200);
    expect(res.headers['content-type']).toBe('image/png');
    const meta = await sharp(res.body as Buffer).metadata();
    expect([meta.width, meta.height]).toEqual([270, 480]);
    const again = expectStatus(await as(t.http.get('/v1/templates/story/preview?width=270'), alice).buffer(true).parse(binary), 200);
    expect((again.body as Buffer).equals(res.body as Buffer)).toBe(true);
    expect((await as(t.http.get('/v1/templates/story/preview?width=270').set('If-None-Match', res.headers.etag), alice)).status).toBe(304);
    expect(expectStatus(await as(t.http.get('/v1/templates/nope/preview'), alice), 404).body.code).toBe('not_found');
    expect(locs(await as(t.http.get('/v1/templates/story/preview?width=1&format=tiff'), alice))).toEqual(['query.width', 'query.format']);
  });

  it('lists procedural styles with the render defaults', async () => {
    const body = expectStatus(await as(t.http.get('/v1/procedural/styles'), alice), 200).body;
    expect(body.data.map((s: { id: string }) => s.id)).toEqual([
      'mesh',
      'noise',
      'waves',
      'grain',
      'aurora',
      'grid',
      'blobs',
      'rays',
      'topography',
      'halftone',
    ]);
    expect(body.data[0]).toEqual({ id: 'mesh', name: 'Mesh gradient', description: expect.any(String), default_tone: 'vivid' });
    expect(body.defaults).toEqual({ style: 'mesh', seed: 7, density: 1, phase: 0, format: 'png' });
  });

  it('names the providers and whether each is configured', async () => {
    expect(expectStatus(await as(t.http.get('/v1/providers'), alice), 200).body.data).toEqual([
      expect.objectContaining({ id: 'builtin', kind: 'image', configured: true, default: true }),
      expect.objectContaining({ id: 'openai', kind: 'image', configured: false, default: false }),
      expect.objectContaining({ id: 'openai-compatible', kind: 'image', configured: false, default: false }),
    ]);
    const llm = expectStatus(await as(t.http.get('/v1/llm/providers'), alice), 200).body.data;
    expect(llm.map((p: { id: string; configured: boolean; active: boolean }) => [p.id, p.configured, p.active])).toEqual([
      ['builtin', true, true],
      ['openai', false, false],
      ['anthropic', false, false],
      ['openai-compatible', false, false],
    ]);

    const other = await createTestApp(creativeService, { env: { LLM_PROVIDER: 'anthropic', ANTHROPIC_API_KEY: 'sk-ant-test', OPENAI_API_KEY: 'sk-test' } });
    try {
      const bob = await other.account('bob');
      const rows = expectStatus(await as(other.http.get('/v1/llm/providers'), bob), 200).body.data;
      expect(rows.find((p: { id: string }) => p.id === 'anthropic')).toMatchObject({ configured: true, active: true, model: 'claude-3-5-haiku-latest' });
      // Configured but not active: briefs and plans that name it use its default model.
      expect(rows.find((p: { id: string }) => p.id === 'openai')).toMatchObject({ configured: true, active: false, model: 'gpt-4o-mini' });
      expect(rows.find((p: { id: string }) => p.id === 'builtin')).toMatchObject({ configured: true, active: false });
      expect(JSON.stringify(rows)).not.toContain('sk-');
    } finally {
      await other.close();
    }
  });

  it('answers one capabilities document', async () => {
    const c = expectStatus(await as(t.http.get('/v1/capabilities'), alice), 200).body;
    expect(c).toMatchObject({
      version: '0.58.0',
      ir_version: 1,
      output_formats: ['png', 'jpeg', 'webp', 'avif', 'svg', 'pdf'],
      preview_formats: ['png', 'jpeg', 'webp'],
      procedural_defaults: { style: 'mesh', seed: 7, density: 1, phase: 0, format: 'png' },
      limits: { max_page_side: 8192, list_limit_default: 25, list_limit_max: 100, preview_width_default: 480 },
    });
    expect(c.node_types).toEqual(expect.arrayContaining(['frame', 'text', 'image', 'procedural']));
    expect(c.formats).toContainEqual({ name: 'instagram_story', width: 1080, height: 1920, orientation: 'story' });
    expect(c.formats).toContainEqual({ name: 'leaderboard', width: 728, height: 90, orientation: 'wide' });
    expect(c.templates.find((x: { id: string }) => x.id === 'quote').formats).toContain('instagram_post');
    expect(c.procedural_styles).toHaveLength(10);
    expect(c.fonts.map((f: { family: string }) => f.family)).toContain('Inter');
    expect(c.providers.image).toEqual([
      { id: 'builtin', configured: true },
      { id: 'openai', configured: false },
      { id: 'openai-compatible', configured: false },
    ]);
    // The video catalogue: every motion and transition named, described, with easings and limits.
    expect(c.motions).toEqual(['none', 'zoom_in', 'zoom_out', 'pan_left', 'pan_right', 'pan_up', 'pan_down', 'ken_burns', 'rise', 'pop', 'stagger']);
    expect(c.transitions).toEqual([
      'none',
      'fade',
      'fade_black',
      'slide_left',
      'slide_right',
      'slide_up',
      'slide_down',
      'wipe_left',
      'wipe_right',
      'wipe_up',
      'wipe_down',
      'zoom',
      'circle',
    ]);
    expect(c.video.motions.map((m: { id: string }) => m.id)).toEqual(c.motions);
    expect(c.video.transitions.map((m: { id: string }) => m.id)).toEqual(c.transitions);
    for (const e of [...c.video.motions, ...c.video.transitions, ...c.video.easings]) expect(e.description.length, e.id).toBeGreaterThan(10);
    expect(c.video.motions.find((m: { id: string }) => m.id === 'pop').default_easing).toBe('ease_out_back');
    expect(c.video.easings.map((e: { id: string }) => e.id)).toEqual(['linear', 'ease_in', 'ease_out', 'ease_in_out', 'ease_out_back']);
    expect(c.video.formats).toEqual(['mp4', 'webm', 'gif']);
    // Node animations (issue 36): the IR's presets described, the keyframe fields, and each template family's preset.
    expect(c.video.animation_presets.map((a: { id: string }) => a.id)).toEqual([...AnimationPresetSchema.options]);
    for (const a of c.video.animation_presets) expect(a.description.length, a.id).toBeGreaterThan(10);
    expect(c.video.keyframe_properties.map((k: { id: string }) => k.id)).toEqual(Object.keys(AnimationKeyframeSchema.shape));
    expect(c.video.easings.map((e: { id: string }) => e.id)).toEqual([...AnimationEasingSchema.options]);
    const families = c.video.family_presets as {
      id: string;
      templates: string[];
      motion: string;
      transition: string;
      roles: Record<string, { preset: string }>;
    }[];
    expect(families.map((f) => f.id)).toEqual(['bold', 'photo-led', 'editorial', 'neon', 'pastel', 'minimal']);
    expect(families.flatMap((f) => f.templates).sort()).toEqual(c.templates.map((t: { id: string }) => t.id).sort());
    expect(families.find((f) => f.id === 'editorial')).toMatchObject({ motion: 'ken_burns', transition: 'fade', roles: { title: { preset: 'rise' } } });
    for (const f of families) {
      expect(c.motions).toContain(f.motion);
      expect(c.transitions).toContain(f.transition);
      for (const r of Object.values(f.roles)) expect(AnimationPresetSchema.options).toContain(r.preset);
    }
    expect(c.video.limits).toMatchObject({
      max_duration: 300,
      max_scene_duration: 60,
      min_fps: 1,
      max_fps: 60,
      default_fps: 30,
      max_width: 3840,
      max_height: 2160,
    });
    expect(c.providers.llm[0]).toEqual({ id: 'builtin', configured: true, active: true });
  });

  it('answers 401 without a credential', async () => {
    for (const path of [
      '/v1/providers',
      '/v1/llm/providers',
      '/v1/fonts',
      '/v1/templates',
      '/v1/templates/story/preview',
      '/v1/procedural/styles',
      '/v1/capabilities',
    ]) {
      expect((await t.http.get(path)).status, path).toBe(401);
    }
  });
});
