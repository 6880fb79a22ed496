import { EASING_CURVES, ease } from '../easing';
import { MOTION_INFO, TRANSITION_INFO } from '../catalogue';
import { planFrame, sceneProgress, timeline } from '../timeline';
import { EASINGS, MOTIONS, TRANSITIONS, type VideoSpec } from '../types';
import { validateVideoSpec } from '../validate';
import { flatDoc } from './helpers';

const ir = flatDoc(320, 240, '#ff0000');
const base = (over: Partial<VideoSpec> = {}): VideoSpec => ({
  width: 320,
  height: 240,
  fps: 10,
  scenes: [{ source: { kind: 'ir', ir }, duration: 2 }],
  ...over,
});
const locs = (spec: unknown) => validateVideoSpec(spec as VideoSpec).map((i) => i.loc.join('.'));

describe('validateVideoSpec', () => {
  it('accepts a well-formed spec with every kind of scene', () => {
    const spec = base({
      formats: ['mp4', 'webm', 'gif'],
      gif: { fps: 10, width: 200, loop: -1 },
      scenes: [
        {
          source: { kind: 'ir', ir },
          duration: 1,
          motion: 'stagger',
          easing: 'ease_out_back',
          transition: 'circle',
          transitionDuration: 0.4,
          focal: { x: 0.2, y: 0.9 },
        },
        { source: { kind: 'image', image: new Uint8Array([1, 2, 3]) }, duration: 0.5, motion: 'ken_burns' },
        { source: { kind: 'procedural', style: 'aurora', seed: 3, title: 'Hi' }, duration: 60 },
      ],
    });
    expect(validateVideoSpec(spec)).toEqual([]);
  });

  it('names every bound and unknown name with its path in the spec', () => {
    const spec = {
      width: 3842,
      height: 8,
      fps: 61,
      formats: ['mp4', 'mov', 'mp4'],
      gif: { fps: 31, width: 2000, loop: -2 },
      beatSync: true,
      scenes: [
        { source: { kind: 'ir', ir }, duration: 0.2, motion: 'spin', transition: 'dissolve', easing: 'bouncy', focal: { x: 2, y: 0.5 } },
        { source: { kind: 'procedural', style: 'plasma' }, duration: 61 },
        { source: { kind: 'video' }, duration: 1 },
        { source: { kind: 'ir', ir: { version: 1, width: 10 } }, duration: 1, audio: { path: '', volume: 3 } },
      ],
    };
    const l = locs(spec);
    for (const want of [
      'width',
      'height',
      'fps',
      'formats.1',
      'formats.2',
      'gif.fps',
      'gif.width',
      'gif.loop',
      'beatSync',
      'scenes.0.duration',
      'scenes.0.motion',
      'scenes.0.transition',
      'scenes.0.easing',
      'scenes.0.focal.x',
      'scenes.1.duration',
      'scenes.1.source.style',
      'scenes.2.source.kind',
      'scenes.3.audio.path',
      'scenes.3.audio.volume',
    ])
      expect(l, want).toContain(want);
    expect(l.some((x) => x.startsWith('scenes.3.source.ir'))).toBe(true);
    expect(l).not.toContain('scenes.1.motion');
  });

  it('refuses odd sides for mp4/webm but not for a GIF alone, too many scenes and too long a video', () => {
    expect(locs(base({ width: 321 }))).toEqual(['width']);
    expect(locs(base({ width: 321, formats: ['gif'] }))).toEqual([]);
    const scene = { source: { kind: 'ir' as const, ir }, duration: 60 };
    expect(locs(base({ scenes: Array(6).fill(scene) }))).toEqual(['scenes']);
    expect(locs(base({ scenes: Array(51).fill({ ...scene, duration: 1 }) }))).toEqual(['scenes']);
    expect(locs(base({ scenes: [] }))).toEqual(['scenes']);
    expect(locs(null)).toEqual(['']);
  });

  it('refuses a scene shorter than one frame, which the timeline would otherwise drop, and every scene it accepts gets frames', () => {
    const scenes = (...d: number[]) => d.map((duration) => ({ source: { kind: 'ir' as const, ir }, duration }));
    expect(locs(base({ fps: 1, scenes: scenes(1, 0.5, 1) }))).toEqual(['scenes.1.duration']);
    expect(validateVideoSpec(base({ fps: 1, scenes: scenes(1, 0.5) }))[0].msg).toBe('must last at least one frame: 1 s at 1 fps');
    expect(locs(base({ fps: 2, scenes: scenes(0.5, 0.5, 0.6) }))).toEqual([]);
    for (const [fps, d] of [
      [1, [1, 1.4, 1.2, 1]],
      [2, [0.5, 0.6, 0.7, 0.5, 0.5]],
      [3, [0.5, 0.5, 0.5]],
    ] as const) {
      const spec = base({ fps, scenes: scenes(...d) });
      expect(validateVideoSpec(spec)).toEqual([]);
      for (const s of timeline(spec).scenes) expect(s.endFrame - s.startFrame, `fps ${fps}, ${d}`).toBeGreaterThanOrEqual(1);
    }
  });
});

describe('timeline', () => {
  it('counts round(duration × fps) frames and puts scenes end to end', () => {
    const tl = timeline(base({ fps: 30, scenes: [1.5, 1, 0.55].map((d) => ({ source: { kind: 'ir', ir }, duration: d })) }));
    expect(tl.frames).toBe(Math.round(3.05 * 30));
    expect(tl.scenes.map((s) => [s.startFrame, s.endFrame])).toEqual([
      [0, 45],
      [45, 75],
      [75, 92],
    ]);
    expect(tl.cuts).toEqual([0, 1.5, 2.5]);
    expect(tl.transitions).toEqual([]);
  });

  it('centres a transition window on the cut, clamped to half the shorter scene, and extends both scenes into it', () => {
    const tl = timeline(
      base({
        fps: 10,
        scenes: [
          { source: { kind: 'ir', ir }, duration: 2, transition: 'fade', transitionDuration: 1 },
          { source: { kind: 'ir', ir }, duration: 1, transition: 'wipe_left', transitionDuration: 5 },
          { source: { kind: 'ir', ir }, duration: 1 },
        ],
      }),
    );
    expect(tl.transitions.map((t) => [t.kind, t.startFrame, t.endFrame])).toEqual([
      ['fade', 18, 22],
      ['wipe_left', 28, 32],
    ]);
    expect(tl.scenes[1].visibleStart).toBe(18);
    expect(tl.scenes[1].visibleEnd).toBe(32);
    expect(planFrame(tl, 17)).toEqual({ scene: 0 });
    const mid = planFrame(tl, 19);
    expect('transition' in mid && mid.q).toBeCloseTo(0.375, 5);
    expect(sceneProgress(tl.scenes[0], 0)).toBe(0);
    expect(sceneProgress(tl.scenes[0], 21)).toBe(1);
  });

  it('takes cuts (beat-synced) instead of durations, keeping the total', () => {
    const tl = timeline(base({ fps: 10, scenes: [2, 2].map((d) => ({ source: { kind: 'ir', ir }, duration: d })) }), [0, 1.73]);
    expect(tl.frames).toBe(40);
    expect(tl.scenes.map((s) => [s.startFrame, s.endFrame])).toEqual([
      [0, 17],
      [17, 40],
    ]);
  });
});

describe('catalogues', () => {
  it('describe every motion, transition and easing the contract names', () => {
    expect(MOTION_INFO.map((m) => m.id)).toEqual([...MOTIONS]);
    expect(TRANSITION_INFO.map((m) => m.id)).toEqual([...TRANSITIONS]);
    expect(EASING_CURVES.map((m) => m.id)).toEqual([...EASINGS]);
    for (const e of EASINGS) {
      expect(ease(e, 0)).toBeCloseTo(0, 9);
      expect(ease(e, 1)).toBeCloseTo(1, 9);
    }
    expect(ease('ease_out_back', 0.7)).toBeGreaterThan(1);
    expect(ease('ease_in', 0.5)).toBeLessThan(0.5);
  });
});
