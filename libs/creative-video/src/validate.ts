import { PROCEDURAL_STYLE_IDS, validateIr } from '@platform/creative-ir';
import { EASINGS, MOTIONS, TRANSITIONS, VIDEO_FORMATS, VIDEO_LIMITS, type AudioSpec, type VideoSpec, type VideoSpecIssue } from './types';

type Loc = (string | number)[];
const L = VIDEO_LIMITS;

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

type Add = (loc: Loc, msg: string, type?: string) => void;

/** Bound and name checks that report to `add` (and answer whether the value passed). */
function checkers(add: Add) {
  const int = (loc: Loc, v: unknown, min: number, max: number, what = 'an integer') => {
    if (!isNum(v) || !Number.isInteger(v)) return (add(loc, `must be ${what}`, 'type_error'), false);
    if (v < min || v > max) return (add(loc, `must be from ${min} to ${max}`), false);
    return true;
  };
  const num = (loc: Loc, v: unknown, min: number, max: number) => {
    if (!isNum(v)) return (add(loc, 'must be a number', 'type_error'), false);
    if (v < min || v > max) return (add(loc, `must be from ${min} to ${max}`), false);
    return true;
  };
  const oneOf = (loc: Loc, v: unknown, names: readonly string[]) => {
    if (typeof v !== 'string' || !names.includes(v)) add(loc, `must be one of ${names.join(', ')}`, 'enum');
  };
  return { int, num, oneOf };
}

/**
 * Everything wrong with a video spec, shaped like the service's 422 items (`loc` is a path inside the
 * spec, e.g. ['scenes', 2, 'duration']). Empty when the spec can be rendered. Checks the bounds of
 * VIDEO_LIMITS, the names of motions, transitions, easings, formats and procedural styles, IR documents
 * (with `validateIr`), audio and GIF options. H.264 and VP9 in yuv420p need even sides, so mp4 and webm
 * ask for an even width and height.
 */
export function validateVideoSpec(spec: VideoSpec): VideoSpecIssue[] {
  const issues: VideoSpecIssue[] = [];
  const add = (loc: Loc, msg: string, type = 'value_error') => issues.push({ loc, msg, type });
  if (!isObj(spec)) {
    add([], 'must be an object', 'type_error');
    return issues;
  }
  const s = spec as unknown as Record<string, unknown>;
  const { int, num, oneOf } = checkers(add);

  int(['width'], s.width, L.minSide, L.maxWidth);
  int(['height'], s.height, L.minSide, L.maxHeight);
  num(['fps'], s.fps, L.minFps, L.maxFps);

  let formats: unknown[] = ['mp4'];
  if (s.formats !== undefined) {
    if (!Array.isArray(s.formats) || s.formats.length === 0) add(['formats'], `must be a non-empty list of ${VIDEO_FORMATS.join(', ')}`, 'type_error');
    else {
      formats = s.formats;
      const seen = new Set<unknown>();
      s.formats.forEach((f, i) => {
        oneOf(['formats', i], f, VIDEO_FORMATS);
        if (seen.has(f)) add(['formats', i], 'is listed twice');
        seen.add(f);
      });
    }
  }
  if ((formats.includes('mp4') || formats.includes('webm')) && isNum(s.width) && isNum(s.height)) {
    if (s.width % 2) add(['width'], 'must be even for mp4 and webm (H.264 and VP9 in yuv420p)');
    if (s.height % 2) add(['height'], 'must be even for mp4 and webm (H.264 and VP9 in yuv420p)');
  }

  if (s.gif !== undefined) {
    if (!isObj(s.gif)) add(['gif'], 'must be an object', 'type_error');
    else {
      const g = s.gif;
      if (g.fps !== undefined) int(['gif', 'fps'], g.fps, 1, L.gifMaxFps);
      if (g.width !== undefined) int(['gif', 'width'], g.width, L.minSide, L.gifMaxWidth);
      if (g.loop !== undefined) int(['gif', 'loop'], g.loop, -1, 65535);
    }
  }

  if (s.audio !== undefined) audioIssues(s.audio, ['audio'], add);
  if (s.beatSync !== undefined && typeof s.beatSync !== 'boolean') add(['beatSync'], 'must be a boolean', 'type_error');
  if (s.beatSync === true && s.audio === undefined) add(['beatSync'], 'needs audio: beats are detected in the video’s audio');

  if (!Array.isArray(s.scenes) || s.scenes.length === 0) {
    add(['scenes'], 'must be a non-empty list', 'type_error');
    return issues;
  }
  if (s.scenes.length > L.maxScenes) add(['scenes'], `must hold at most ${L.maxScenes} scenes`);
  let total = 0;
  s.scenes.forEach((sc: unknown, i: number) => {
    const at = (...rest: Loc): Loc => ['scenes', i, ...rest];
    if (!isObj(sc)) return add(at(), 'must be an object', 'type_error');
    if (num(at('duration'), sc.duration, L.minDuration, L.maxSceneDuration)) {
      total += sc.duration as number;
      // A scene shorter than a frame would be cut out of the video without a word.
      if (isNum(s.fps) && s.fps >= L.minFps && (sc.duration as number) * s.fps < 1)
        add(at('duration'), `must last at least one frame: ${1 / s.fps} s at ${s.fps} fps`);
    }
    if (sc.motion !== undefined) oneOf(at('motion'), sc.motion, MOTIONS);
    if (sc.easing !== undefined) oneOf(at('easing'), sc.easing, EASINGS);
    if (sc.transition !== undefined) oneOf(at('transition'), sc.transition, TRANSITIONS);
    if (sc.transitionDuration !== undefined) num(at('transitionDuration'), sc.transitionDuration, 0, L.maxSceneDuration / 2);
    if (sc.focal !== undefined) {
      if (!isObj(sc.focal)) add(at('focal'), 'must be an object with x and y from 0 to 1', 'type_error');
      else {
        num(at('focal', 'x'), sc.focal.x, 0, 1);
        num(at('focal', 'y'), sc.focal.y, 0, 1);
      }
    }
    if (sc.audio !== undefined) audioIssues(sc.audio, at('audio'), add);
    if (isObj(sc.source) && sc.source.kind === 'lazy') {
      if (typeof sc.source.load !== 'function') add(at('source', 'load'), 'must be a function that loads the source', 'type_error');
      if (sc.source.looks !== undefined) oneOf(at('source', 'looks'), sc.source.looks, ['ir', 'image', 'procedural']);
    } else for (const it of validateSceneSource(sc.source)) add(at('source', ...it.loc), it.msg, it.type);
  });
  if (total > L.maxDuration) add(['scenes'], `last ${+total.toFixed(3)} s; a video lasts at most ${L.maxDuration} s`);
  if (s.posterScene !== undefined && (!Number.isInteger(s.posterScene) || (s.posterScene as number) < 0 || (s.posterScene as number) >= s.scenes.length))
    add(['posterScene'], `must be the index of a scene, from 0 to ${s.scenes.length - 1}`);
  return issues;
}

/** What is wrong with a loaded scene source (`loc` inside the source): checked with the spec, and again when a lazy source loads. */
export function validateSceneSource(src: unknown): VideoSpecIssue[] {
  const issues: VideoSpecIssue[] = [];
  const add = (loc: Loc, msg: string, type = 'value_error') => void issues.push({ loc, msg, type });
  const { num, oneOf } = checkers(add);
  if (!isObj(src)) {
    add([], 'must be an object with kind ir, image or procedural', 'type_error');
    return issues;
  }
  switch (src.kind) {
    case 'ir': {
      const r = validateIr(src.ir);
      if (!r.ok) for (const it of r.issues.slice(0, 20)) add(['ir', ...it.loc], it.message, it.code);
      if (src.assets !== undefined && !isObj(src.assets)) add(['assets'], 'must map asset ids to bytes', 'type_error');
      break;
    }
    case 'image':
      if (!(src.image instanceof Uint8Array) || src.image.byteLength === 0) add(['image'], 'must be the bytes of an image', 'type_error');
      break;
    case 'procedural':
      oneOf(['style'], src.style, PROCEDURAL_STYLE_IDS);
      if (src.seed !== undefined && !(isNum(src.seed) && Number.isInteger(src.seed))) add(['seed'], 'must be an integer', 'type_error');
      if (src.density !== undefined) num(['density'], src.density, 0.1, 4);
      if (src.tone !== undefined) oneOf(['tone'], src.tone, ['light', 'dark', 'vivid', 'muted']);
      if (src.palette !== undefined && !(Array.isArray(src.palette) && src.palette.every((c) => typeof c === 'string')))
        add(['palette'], 'must be a list of colors', 'type_error');
      for (const k of ['title', 'eyebrow'] as const) if (src[k] != null && typeof src[k] !== 'string') add([k], 'must be a string', 'type_error');
      break;
    default:
      add(['kind'], 'must be one of ir, image, procedural', 'enum');
  }
  return issues;
}

function audioIssues(a: unknown, loc: Loc, add: (loc: Loc, msg: string, type?: string) => void): void {
  if (!isObj(a)) return add(loc, 'must be an object', 'type_error');
  const x = a as Partial<Record<keyof AudioSpec, unknown>>;
  if (typeof x.path !== 'string' || !x.path) add([...loc, 'path'], 'must be the path of an audio file', 'type_error');
  if (x.volume !== undefined && !(isNum(x.volume) && x.volume >= 0 && x.volume <= 2)) add([...loc, 'volume'], 'must be from 0 to 2');
  for (const k of ['fadeIn', 'fadeOut'] as const)
    if (x[k] !== undefined && !(isNum(x[k]) && (x[k] as number) >= 0 && (x[k] as number) <= VIDEO_LIMITS.maxDuration))
      add([...loc, k], `must be from 0 to ${VIDEO_LIMITS.maxDuration} seconds`);
  for (const k of ['loop', 'normalize'] as const) if (x[k] !== undefined && typeof x[k] !== 'boolean') add([...loc, k], 'must be a boolean', 'type_error');
}
