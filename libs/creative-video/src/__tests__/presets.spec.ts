import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AnimationSchema, buildTemplate, listTemplates, validateIr } from '@platform/creative-ir';
import { MOTIONS, TRANSITIONS } from '../types';
import { FAMILY_PRESETS, PRESET_FAMILIES, TEMPLATE_FAMILIES, applyFamilyPreset, familyPreset, nodeRole, scenePreset } from '../presets';

type Node = { id?: string; type: string; animation?: unknown; children?: Node[]; [k: string]: unknown };
type Doc = { width: number; height: number; root: Node };

const byId = (doc: Doc, id: string): Node | undefined => {
  const walk = (n: Node): Node | undefined => (n.id === id ? n : (n.children ?? []).map(walk).find(Boolean));
  return walk(doc.root);
};

const brief = {
  title: 'Fresh roast, every morning',
  eyebrow: 'New season',
  subtitle: 'Single origin',
  body: 'Small batches, roasted weekly',
  cta: 'Order now',
  author: 'Ann Lee',
  items: ['Beans', 'Grinders'],
  date: 'May 5',
  venue: 'Hall 2',
  stat: '42%',
  image: 'asset:photo',
  data: [
    { label: 'a', value: 1 },
    { label: 'b', value: 2 },
  ],
};

/** A page of our own: a full-bleed photo, a title with an animation of its own, a body and a cut-out. */
const handMade = (): Doc => ({
  width: 400,
  height: 400,
  root: {
    type: 'frame',
    id: 'root',
    width: 400,
    height: 400,
    children: [
      { type: 'image', id: 'hero', name: 'Photo', src: 'asset:p', x: 0, y: 0, width: 400, height: 400 },
      { type: 'text', id: 'title', text: 'Hi', animation: { enter: { preset: 'typewriter', duration: 1.5 } } },
      { type: 'text', id: 'body', text: 'There' },
      {
        type: 'frame',
        id: 'cta',
        name: 'Call to action',
        children: [{ type: 'text', id: 'cta-text', name: 'cta', text: 'Go', animation: { keyframes: [{ at: 0, opacity: 0 }] } }],
      },
      { type: 'image', id: 'product', name: 'Photo', src: 'asset:q', x: 20, y: 20, width: 100, height: 100 },
      { type: 'rect', id: 'shape', width: 10, height: 10 },
    ],
  },
});

describe('family motion presets', () => {
  it('gives every template of the catalogue a family, and every family a motion, a transition and entrances that the IR accepts', () => {
    for (const t of listTemplates()) expect([t.id, PRESET_FAMILIES.includes(TEMPLATE_FAMILIES[t.id])]).toEqual([t.id, true]);
    expect(FAMILY_PRESETS.map((p) => p.id).sort()).toEqual([...PRESET_FAMILIES].sort());
    for (const p of FAMILY_PRESETS) {
      expect(MOTIONS).toContain(p.motion);
      expect(TRANSITIONS).toContain(p.transition);
      for (const r of Object.values(p.roles)) expect(AnimationSchema.safeParse({ enter: { ...r, delay: 0 } }).success).toBe(true);
    }
    // Families move in their own styles.
    expect(new Set(FAMILY_PRESETS.map((p) => `${p.motion}/${p.transition}/${p.roles.title?.preset}`)).size).toBe(FAMILY_PRESETS.length);
    expect(familyPreset('quote')).toMatchObject({ id: 'editorial', motion: 'ken_burns', transition: 'fade' });
    expect(familyPreset('event').roles.title?.preset).toBe('pop');
    expect(familyPreset(null).id).toBe('minimal');
    expect(familyPreset('not-a-template').id).toBe('minimal');
  });

  it('picks the family motion and transition only when the request names no motion, never over what it names', () => {
    expect(scenePreset({}, 'story')).toEqual({ preset: 'photo-led', motion: 'ken_burns', transition: 'fade' });
    expect(scenePreset({ motion: null, transition: null }, 'event')).toEqual({ preset: 'neon', motion: 'zoom_out', transition: 'fade_black' });
    // A named transition stays; the family still gives the motion and the entrances.
    expect(scenePreset({ transition: 'circle' }, 'event')).toEqual({ preset: 'neon', motion: 'zoom_out', transition: 'circle' });
    // A named motion (even `none`) means no preset at all.
    expect(scenePreset({ motion: 'none' }, 'event')).toEqual({ preset: null, motion: 'none', transition: null });
    expect(scenePreset({ motion: 'pan_left', transition: 'wipe_up' }, 'quote')).toEqual({ preset: null, motion: 'pan_left', transition: 'wipe_up' });
    expect(scenePreset({}, undefined)).toEqual({ preset: 'minimal', motion: 'zoom_in', transition: 'fade' });
  });

  it('reads roles from the ids and names the templates use; full-page photos and textures stay with the camera', () => {
    const page = { width: 1000, height: 1000 };
    expect(nodeRole({ type: 'image', id: 'logo', width: 100, height: 40 }, page)).toBe('logo');
    expect(nodeRole({ type: 'image', id: 'hero', name: 'Photo', width: 1000, height: 1000 }, page)).toBeNull();
    expect(nodeRole({ type: 'image', id: 'photo', name: 'Photo', width: 1000, height: 500 }, page)).toBeNull();
    expect(nodeRole({ type: 'image', id: 'product', name: 'Photo', width: 400, height: 400 }, page)).toBe('image');
    expect(nodeRole({ type: 'procedural', id: 'texture', name: 'Texture' }, page)).toBeNull();
    expect(nodeRole({ type: 'frame', id: 'cta', name: 'Call to action', children: [] }, page)).toBe('cta');
    expect(nodeRole({ type: 'frame', id: 'eyebrow-badge', name: 'Badge', children: [] }, page)).toBe('eyebrow');
    expect(nodeRole({ type: 'frame', id: 'headline', children: [] }, page)).toBeNull();
    expect(nodeRole({ type: 'frame', id: 'content', name: 'Content', children: [] }, page)).toBeNull();
    expect(nodeRole({ type: 'text', id: 'x1', name: 'display' }, page)).toBe('title');
    expect(nodeRole({ type: 'frame', id: 'x2', name: 'display' }, page)).toBeNull();
    expect(nodeRole({ type: 'rect', id: 'divider', name: 'Divider' }, page)).toBe('rule');
    expect(nodeRole({ type: 'rect', id: 'x3', name: 'Rule' }, page)).toBe('rule');
    expect(nodeRole({ type: 'rect', id: 'offset' }, page)).toBeNull();
  });

  it('animates the content of every template in reading order, all in by 60% of the scene, and the result is a valid IR', async () => {
    for (const t of listTemplates()) {
      const built = await buildTemplate(t.id, {
        brief: brief as never,
        format: { width: 1080, height: 1080 } as never,
        brand: { logo: readFileSync(join(__dirname, '../../../creative-ir/src/__tests__/corpus/assets/logo-teal-wordmark.png')) } as never,
      });
      const before = JSON.stringify(built.ir);
      const out = applyFamilyPreset(built.ir, familyPreset(t.id), { duration: 3 });
      expect(JSON.stringify(built.ir)).toBe(before); // the input is left alone
      const doc = out.ir as Doc;
      const v = validateIr(doc);
      expect([t.id, v.ok ? [] : v.issues]).toEqual([t.id, []]);
      const roles = out.animated.map((a) => a.role);
      expect([t.id, roles.includes('title')]).toEqual([t.id, true]);
      expect([t.id, roles.includes('logo')]).toEqual([t.id, true]);
      for (const a of out.animated) {
        const enter = (byId(doc, a.node)!.animation as { enter: { delay: number; duration: number; preset: string } }).enter;
        expect(enter.preset).toBe(familyPreset(t.id).roles[a.role]!.preset);
        expect(enter.delay + enter.duration).toBeLessThanOrEqual(1.8 + 1e-9);
      }
      // Backgrounds are left to the camera.
      for (const id of ['hero', 'texture', 'veil', 'scrim', 'offset', 'blob-1'])
        if (byId(doc, id)) expect([t.id, id, byId(doc, id)!.animation]).toEqual([t.id, id, undefined]);
    }
    // Reading order: eyebrow, then title, then the body, then the button.
    const story = applyFamilyPreset((await buildTemplate('story', { brief: brief as never, format: { width: 1080, height: 1920 } as never })).ir, 'photo-led', {
      duration: 4,
    });
    expect(story.animated.map((a) => a.node)).toEqual(['eyebrow-badge', 'title', 'subtitle', 'cta']);
    const delays = story.animated.map((a) => (byId(story.ir as Doc, a.node)!.animation as { enter: { delay: number } }).enter.delay);
    expect(delays).toEqual([0.25, 0.41, 0.57, 0.73]);
  });

  it('never overrides an animation the IR names, nor animates around or inside it', () => {
    const ir = handMade();
    const out = applyFamilyPreset(ir, 'neon', { duration: 10 });
    const doc = out.ir as Doc;
    expect(byId(doc, 'title')!.animation).toEqual({ enter: { preset: 'typewriter', duration: 1.5 } });
    expect(byId(doc, 'cta')!.animation).toBeUndefined(); // its label has keyframes of its own
    expect(byId(doc, 'cta-text')!.animation).toEqual({ keyframes: [{ at: 0, opacity: 0 }] });
    expect(byId(doc, 'hero')!.animation).toBeUndefined();
    expect(byId(doc, 'shape')!.animation).toBeUndefined();
    expect(byId(doc, 'body')!.animation).toEqual({ enter: { preset: 'fade', duration: 0.5, delay: 0.1, easing: 'ease_out' } });
    expect(byId(doc, 'product')!.animation).toEqual({ enter: { preset: 'scale', duration: 0.6, delay: 0.1, easing: 'ease_out_back' } });
    expect(out.animated).toEqual([
      { node: 'body', role: 'body' },
      { node: 'product', role: 'image' },
    ]);
    // Applying twice changes nothing more.
    expect(applyFamilyPreset(doc, 'bold', { duration: 10 }).ir).toEqual(doc);
  });

  it('squeezes the entrances of a short scene into its first 60%', () => {
    const ir = handMade();
    delete byId(ir, 'title')!.animation;
    const out = applyFamilyPreset(ir, 'editorial', { duration: 1 });
    const enters = out.animated.map((a) => (byId(out.ir as Doc, a.node)!.animation as { enter: { delay: number; duration: number } }).enter);
    expect(Math.max(...enters.map((e) => e.delay + e.duration))).toBeCloseTo(0.6, 2);
    expect(enters.every((e) => e.duration >= 0.05)).toBe(true);
  });
});
