import { Injectable } from '@nestjs/common';
import { ColorSchema, getTemplate, listTemplates } from '@platform/creative-ir';
import { EASINGS, MOTIONS, TRANSITIONS, VIDEO_FORMATS, VIDEO_LIMITS, scenePreset } from '@platform/creative-video';
import { DomainException, ErrorDetail, ValidationError } from '@platform/errors';
import { assetNotFound } from '../assets/asset-errors';
import { assetKindNoun } from '../assets/media/media-types';
import { AssetsService } from '../assets/assets.service';
import { briefOrThrow, type Loc } from '../common/creative-input';
import { DesignsService } from '../designs/designs.service';
import type { AnimateDto } from './dto/animate.dto';
import type { ProceduralVideoDto } from './dto/procedural-video.dto';
import type { VideoCreateDto, VideoSceneDto } from './dto/video-create.dto';
import { VIDEO_DEFAULTS, type GifOptionsDto, type VideoAudioDto } from './dto/video-options.dto';
import {
  animateLead,
  type StoredAnimate,
  type StoredAudio,
  type StoredCampaignScene,
  type StoredCampaignVideo,
  type StoredGif,
  type StoredProceduralVideo,
  type StoredScene,
  type StoredVideo,
} from './video-request';

const L = VIDEO_LIMITS;

/** The `video` options of a full campaign, as the body carries them (checked here, not by a DTO: the field is a free object). */
export interface CampaignVideoInput {
  duration?: unknown;
  motion?: unknown;
  easing?: unknown;
  transition?: unknown;
  transition_duration?: unknown;
  width?: unknown;
  height?: unknown;
  fps?: unknown;
  formats?: unknown;
  gif?: unknown;
  audio?: unknown;
  beat_sync?: unknown;
}

/**
 * How a full campaign's scene of `template` moves: its family preset (motion, transition unless one is named, entrances)
 * when the request names no motion, as animate and scenes do; what it names otherwise, with the campaign's transition.
 */
export function campaignScene(v: { motion: string | null; transition: string | null }, template: string): StoredCampaignScene {
  const chosen = scenePreset(v, template);
  return {
    template,
    motion: chosen.motion ?? VIDEO_DEFAULTS.scene.motion,
    transition: chosen.transition ?? VIDEO_DEFAULTS.campaign.transition,
    preset: chosen.preset,
  };
}

/** 1 to 8 colors separated by commas or spaces, or a 422 at `loc`. */
export function paletteProblems(palette: string | null | undefined, loc: Loc): ErrorDetail[] {
  if (palette == null) return [];
  const colors = palette.split(/[\s,;]+/).filter(Boolean);
  const bad = colors.filter((c) => !ColorSchema.safeParse(c).success);
  if (!colors.length || colors.length > 8 || bad.length) {
    return [
      {
        loc,
        msg: `must be 1 to 8 colors (#rrggbb, rgb(), hsl()…) separated by commas${bad.length ? `; not colors: ${bad.slice(0, 3).join(', ')}` : ''}`,
        type: 'value_error',
      },
    ];
  }
  return [];
}

export function paletteColors(palette: string | null): string[] | undefined {
  return palette == null ? undefined : palette.split(/[\s,;]+/).filter(Boolean);
}

/** The largest size with the aspect ratio of `w`x`h` within the video limits, made even when mp4 or webm is asked. */
export function fitSize(w: number, h: number, even: boolean): { width: number; height: number } {
  const s = Math.min(1, L.maxWidth / w, L.maxHeight / h);
  let width = Math.max(L.minSide, Math.round(w * s));
  let height = Math.max(L.minSide, Math.round(h * s));
  if (even) {
    width -= width % 2;
    height -= height % 2;
  }
  return { width: Math.min(width, L.maxWidth), height: Math.min(height, L.maxHeight) };
}

/** The long side of a video sized after an image scene (a 6000x4000 photo makes a 1920x1280 video). */
export const IMAGE_DEFAULT_SIDE = 1920;

const needsEven = (formats: string[]) => formats.includes('mp4') || formats.includes('webm');

/** A video's size: both sides given, or one and the other from `natural`'s aspect ratio, or `natural` fitted to the limits; even when mp4/webm is asked. */
export function videoSize(
  width: number | null | undefined,
  height: number | null | undefined,
  natural: { width: number; height: number },
  formats: string[],
  loc: Loc,
  details: ErrorDetail[],
): { width: number; height: number } {
  const even = needsEven(formats);
  if (width == null && height == null) return fitSize(natural.width, natural.height, even);
  let w = width ?? Math.round((height! * natural.width) / natural.height);
  let h = height ?? Math.round((width! * natural.height) / natural.width);
  if (width == null && even) w -= w % 2;
  if (height == null && even) h -= h % 2;
  const derived = (given: 'width' | 'height', side: number, max: number, other: string) => {
    if (side > max || side < L.minSide)
      details.push({
        loc: [...loc, given],
        msg: `with the source's aspect ratio the ${other} would be ${side} px (${L.minSide} to ${max}); give both width and height`,
        type: 'value_error',
      });
  };
  if (width == null) derived('height', w, L.maxWidth, 'width');
  if (height == null) derived('width', h, L.maxHeight, 'height');
  if (even) {
    if (width != null && width % 2)
      details.push({ loc: [...loc, 'width'], msg: 'must be even for mp4 and webm (H.264 and VP9 in yuv420p)', type: 'value_error' });
    if (height != null && height % 2)
      details.push({ loc: [...loc, 'height'], msg: 'must be even for mp4 and webm (H.264 and VP9 in yuv420p)', type: 'value_error' });
  }
  return { width: w, height: h };
}

/**
 * What an animate of a design of `design`'s size is priced by: the seconds, size and frame rate `animate` stores with
 * its job (the same defaults, the same fitting). The planner prices its video steps with it, so its estimate is what
 * the job then reserves.
 */
export function animateShape(
  body: Pick<AnimateDto, 'width' | 'height' | 'duration' | 'fps' | 'formats'>,
  design: { width: number; height: number },
  details: ErrorDetail[] = [],
): { duration: number; width: number; height: number; fps: number } {
  const formats = [...new Set(body.formats ?? VIDEO_DEFAULTS.formats)];
  const size = videoSize(body.width, body.height, design, formats, [], details);
  return { duration: body.duration ?? VIDEO_DEFAULTS.animate.duration, ...size, fps: body.fps ?? VIDEO_DEFAULTS.fps };
}

/**
 * The pre-202 half of the video endpoints: every request is checked completely (shape, limits,
 * names, the account's designs and assets) and stored with its defaults applied, so that a job
 * fails only for reasons that arise while it runs. Never sees HTTP.
 */
@Injectable()
export class VideoRequestsService {
  constructor(
    private readonly designs: DesignsService,
    private readonly assets: AssetsService,
  ) {}

  // ---------------------------------------------------------------------------------------------
  // Shared parts

  private formats(input: string[] | null | undefined, loc: Loc, details: ErrorDetail[]): string[] {
    const formats = input ?? [...VIDEO_DEFAULTS.formats];
    formats.forEach((f, i) => {
      if (formats.indexOf(f) !== i) details.push({ loc: [...loc, i], msg: `${f} is listed twice`, type: 'value_error' });
    });
    return [...new Set(formats)];
  }

  private gif(g: GifOptionsDto | null | undefined): StoredGif | null {
    return g ? { fps: g.fps ?? null, width: g.width ?? null, loop: g.loop ?? null } : null;
  }

  /** An explicit size: both sides given, or one and the other from `aspect`; even when mp4/webm is asked. */
  private size(
    width: number | null | undefined,
    height: number | null | undefined,
    natural: { width: number; height: number },
    formats: string[],
    loc: Loc,
    details: ErrorDetail[],
  ): { width: number; height: number } {
    return videoSize(width, height, natural, formats, loc, details);
  }

  private audio(a: VideoAudioDto): StoredAudio {
    const d = VIDEO_DEFAULTS.audio;
    return {
      asset_id: a.asset_id,
      volume: a.volume ?? d.volume,
      loop: a.loop ?? d.loop,
      fade_in: a.fade_in ?? d.fade_in,
      fade_out: a.fade_out ?? d.fade_out,
      normalize: a.normalize ?? d.normalize,
    };
  }

  /** The account's asset of the kind asked: 404 `not_found`, or 422 at `loc` when it is another kind. */
  private async assetOf(accountId: string, id: string, kind: 'image' | 'audio', loc: Loc): Promise<{ width: number | null; height: number | null }> {
    const asset = await this.assets.find(accountId, id);
    if (!asset) throw assetNotFound();
    if (asset.kind !== kind) {
      const msg = `asset ${id} is ${assetKindNoun(asset.kind)}, not ${assetKindNoun(kind)}`;
      throw new DomainException(kind === 'audio' ? 'not_audio' : 'not_image', msg, 'invalid', { details: [{ loc, msg, type: 'value_error' }] });
    }
    return { width: asset.width, height: asset.height };
  }

  /** A scene shorter than one frame would be dropped from the video without a word: refused before the 202. */
  private frameProblems(durations: number[], fps: unknown, loc: (i: number) => Loc): ErrorDetail[] {
    if (typeof fps !== 'number' || !(fps >= L.minFps)) return [];
    const out: ErrorDetail[] = [];
    for (const [i, d] of durations.entries())
      if (d * fps < 1) out.push({ loc: loc(i), msg: `must last at least one frame: ${1 / fps} s at ${fps} fps`, type: 'value_error' });
    return out;
  }

  private totalProblems(durations: number[], loc: Loc): ErrorDetail[] {
    const total = durations.reduce((a, b) => a + b, 0);
    return total > L.maxDuration ? [{ loc, msg: `the video would last ${+total.toFixed(3)} s; at most ${L.maxDuration} s`, type: 'value_error' }] : [];
  }

  // ---------------------------------------------------------------------------------------------
  // POST /v1/designs/{design_id}/animate

  async animate(accountId: string, designId: string, body: AnimateDto): Promise<StoredAnimate> {
    const D = VIDEO_DEFAULTS.animate;
    const details: ErrorDetail[] = [];
    const formats = this.formats(body.formats, ['formats'], details);
    const design = await this.designs.outline(accountId, designId);
    const { duration, ...size } = animateShape({ ...body, formats }, design, details);
    const transition = body.transition ?? D.transition;
    const transitionDuration = body.transition_duration ?? L.defaultTransitionDuration;
    details.push(...this.frameProblems([duration], body.fps ?? VIDEO_DEFAULTS.fps, () => ['duration']));
    if (transition !== 'none' && duration - animateLead({ transition_duration: transitionDuration }) < L.minDuration) {
      details.push({
        loc: ['transition'],
        msg: `entering through a transition needs a duration of at least ${animateLead({ transition_duration: transitionDuration }) + L.minDuration} s`,
        type: 'value_error',
      });
    }
    if (details.length) throw new ValidationError(details);
    if (body.audio_asset_id != null) await this.assetOf(accountId, body.audio_asset_id, 'audio', ['audio_asset_id']);
    // No motion named: the design's template family moves it (its camera motion, its entrances). Animate's `transition`
    // is how the design enters from black, so it stays the request's: the family's entrances are the design's own.
    const chosen = body.motion == null ? scenePreset({}, (await this.designs.briefOf(accountId, design.id)).template) : null;
    return {
      design_id: design.id,
      revision: design.revision,
      duration,
      ...size,
      motion: body.motion ?? chosen?.motion ?? D.motion,
      preset: chosen?.preset ?? null,
      easing: body.easing ?? null,
      transition,
      transition_duration: transitionDuration,
      focal: body.focal ? { x: body.focal.x, y: body.focal.y } : null,
      audio_asset_id: body.audio_asset_id ?? null,
      audio_volume: body.audio_volume ?? D.audio_volume,
      audio_loop: body.audio_loop ?? D.audio_loop,
      audio_fade_in: body.audio_fade_in ?? D.audio_fade_in,
      audio_fade_out: body.audio_fade_out ?? D.audio_fade_out,
      audio_normalize: body.audio_normalize ?? D.audio_normalize,
      formats,
      gif: this.gif(body.gif),
    };
  }

  // ---------------------------------------------------------------------------------------------
  // POST /v1/videos

  async video(accountId: string, body: VideoCreateDto): Promise<StoredVideo> {
    const details: ErrorDetail[] = [];
    const formats = this.formats(body.formats, ['formats'], details);
    const sources = body.scenes.map((s, i) => this.sceneSource(s, ['scenes', i], details));
    details.push(
      ...this.totalProblems(
        body.scenes.map((s) => s.duration ?? VIDEO_DEFAULTS.scene.duration),
        ['scenes'],
      ),
    );
    details.push(
      ...this.frameProblems(
        body.scenes.map((s) => s.duration ?? VIDEO_DEFAULTS.scene.duration),
        body.fps ?? VIDEO_DEFAULTS.fps,
        (i) => ['scenes', i, 'duration'],
      ),
    );
    if (body.beat_sync && !body.audio)
      details.push({ loc: ['beat_sync'], msg: "needs `audio`: the beats are detected in the video's audio", type: 'value_error' });
    if (details.length) throw new ValidationError(details);

    // References, in order: the first missing one answers 404.
    let natural: { width: number; height: number } | null = null;
    const scenes: StoredScene[] = [];
    for (const [i, s] of body.scenes.entries()) {
      const loc: Loc = ['scenes', i];
      const src = sources[i]!;
      let source: Record<string, unknown>;
      /** Designs and templates without a motion of their own move as their template family does. */
      let chosen: ReturnType<typeof scenePreset> | null = null;
      if (src === 'design_id') {
        const d = await this.designs.outline(accountId, s.design_id!);
        natural ??= { width: d.width, height: d.height };
        source = { design_id: d.id, revision: d.revision };
        if (s.motion == null) chosen = scenePreset({ transition: s.transition }, (await this.designs.briefOf(accountId, d.id)).template);
      } else if (src === 'asset_id') {
        const a = await this.assetOf(accountId, s.asset_id!, 'image', [...loc, 'asset_id']);
        // A photo's pixels are not a video size: its shape, at most IMAGE_DEFAULT_SIDE on the long side.
        if (a.width && a.height) {
          const k = Math.min(1, IMAGE_DEFAULT_SIDE / Math.max(a.width, a.height));
          natural ??= { width: Math.max(L.minSide, Math.round(a.width * k)), height: Math.max(L.minSide, Math.round(a.height * k)) };
        }
        source = { asset_id: s.asset_id! };
      } else if (src === 'template') {
        source = { template: s.template!, brief: briefOrThrow(s.brief ?? {}, [...loc, 'brief']) as Record<string, unknown> };
        if (s.motion == null) chosen = scenePreset({ transition: s.transition }, s.template);
      } else {
        const p = s.procedural!;
        source = {
          procedural: {
            style: p.style,
            seed: p.seed ?? VIDEO_DEFAULTS.procedural.seed,
            density: p.density ?? VIDEO_DEFAULTS.procedural.density,
            palette: p.palette ?? null,
            tone: p.tone ?? null,
            title: p.title ?? null,
            eyebrow: p.eyebrow ?? null,
          },
        };
      }
      if (s.audio) await this.assetOf(accountId, s.audio.asset_id, 'audio', [...loc, 'audio', 'asset_id']);
      scenes.push({
        ...source,
        duration: s.duration ?? VIDEO_DEFAULTS.scene.duration,
        motion: s.motion ?? chosen?.motion ?? VIDEO_DEFAULTS.scene.motion,
        easing: s.easing ?? null,
        transition: s.transition ?? chosen?.transition ?? VIDEO_DEFAULTS.scene.transition,
        transition_duration: s.transition_duration ?? L.defaultTransitionDuration,
        focal: s.focal ? { x: s.focal.x, y: s.focal.y } : null,
        audio: s.audio ? this.audio(s.audio) : null,
        preset: chosen?.preset ?? null,
      } as unknown as StoredScene);
    }
    if (body.audio) await this.assetOf(accountId, body.audio.asset_id, 'audio', ['audio', 'asset_id']);
    const size = this.size(body.width, body.height, natural ?? { width: VIDEO_DEFAULTS.size, height: VIDEO_DEFAULTS.size }, formats, [], details);
    if (details.length) throw new ValidationError(details);
    return {
      ...size,
      fps: body.fps ?? VIDEO_DEFAULTS.fps,
      scenes,
      audio: body.audio ? this.audio(body.audio) : null,
      beat_sync: body.beat_sync ?? false,
      formats,
      gif: this.gif(body.gif),
    };
  }

  /** Which source a scene has (exactly one), with the problems of its template and palette. */
  private sceneSource(s: VideoSceneDto, loc: Loc, details: ErrorDetail[]): 'design_id' | 'template' | 'asset_id' | 'procedural' | null {
    const given = (['design_id', 'template', 'asset_id', 'procedural'] as const).filter((k) => s[k] != null);
    if (given.length !== 1) {
      details.push({
        loc,
        msg: given.length ? `give one source; got ${given.join(', ')}` : 'give one source: design_id, template (with brief), asset_id or procedural',
        type: given.length ? 'value_error' : 'missing',
      });
      return null;
    }
    if (s.brief != null && given[0] !== 'template') details.push({ loc: [...loc, 'brief'], msg: 'goes with template', type: 'value_error' });
    if (given[0] === 'template' && !getTemplate(s.template!)) {
      details.push({
        loc: [...loc, 'template'],
        msg: `unknown template ${JSON.stringify(s.template)}; one of ${listTemplates()
          .map((t) => t.id)
          .join(', ')}`,
        type: 'value_error',
      });
    }
    if (given[0] === 'procedural') details.push(...paletteProblems(s.procedural!.palette, [...loc, 'procedural', 'palette']));
    return given[0];
  }

  // ---------------------------------------------------------------------------------------------
  // POST /v1/videos/procedural

  procedural(body: ProceduralVideoDto): StoredProceduralVideo {
    const D = VIDEO_DEFAULTS.procedural;
    const details: ErrorDetail[] = [];
    if (body.styles != null && body.style != null) details.push({ loc: ['style'], msg: 'give styles or style, not both', type: 'value_error' });
    const styles = body.styles ?? [body.style ?? D.style];
    const formats = this.formats(body.formats, ['formats'], details);
    const duration = body.duration ?? D.duration;
    details.push(
      ...this.totalProblems(
        styles.map(() => duration),
        ['duration'],
      ),
    );
    details.push(...this.frameProblems([duration], body.fps ?? VIDEO_DEFAULTS.fps, () => ['duration']));
    details.push(...paletteProblems(body.palette, ['palette']));
    const size = this.size(body.width, body.height, { width: D.size, height: D.size }, formats, [], details);
    if (details.length) throw new ValidationError(details);
    return {
      styles,
      duration,
      ...size,
      fps: body.fps ?? VIDEO_DEFAULTS.fps,
      seed: body.seed ?? D.seed,
      density: body.density ?? D.density,
      title: body.title ?? null,
      eyebrow: body.eyebrow ?? null,
      tone: body.tone ?? null,
      palette: body.palette ?? null,
      transition: body.transition ?? D.transition,
      transition_duration: body.transition_duration ?? L.defaultTransitionDuration,
      motion: body.motion ?? 'none',
      easing: body.easing ?? null,
      formats,
      gif: this.gif(body.gif),
    };
  }

  // ---------------------------------------------------------------------------------------------
  // POST /v1/campaigns/full → `video`

  /**
   * The `video` options of a full campaign, checked at `loc`; `templates`: its scenes' templates in order (one scene a
   * distinct template, `videoScenes`). A request that names no motion gets each scene's family preset (its motion, its
   * transition unless the request names one, its entrances), as animate and scenes do; a named motion turns them off.
   */
  async campaignVideo(accountId: string, input: unknown, templates: string[], loc: Loc): Promise<StoredCampaignVideo> {
    const pieceCount = templates.length;
    const D = VIDEO_DEFAULTS.campaign;
    const details: ErrorDetail[] = [];
    const v = (input ?? {}) as CampaignVideoInput;
    if (typeof v !== 'object' || Array.isArray(v)) throw new ValidationError([{ loc, msg: 'must be an object', type: 'dict_type' }]);
    const at = (k: string): Loc => [...loc, k];
    const num = (k: keyof CampaignVideoInput, min: number, max: number, dflt: number, int = false): number => {
      const x = v[k];
      if (x == null) return dflt;
      if (typeof x !== 'number' || !Number.isFinite(x) || (int && !Number.isInteger(x)))
        details.push({ loc: at(k), msg: `must be ${int ? 'an integer' : 'a number'}`, type: int ? 'int_type' : 'number_type' });
      else if (x < min || x > max) details.push({ loc: at(k), msg: `must be from ${min} to ${max}`, type: 'value_error' });
      else return x;
      return dflt;
    };
    const oneOf = (k: keyof CampaignVideoInput, names: readonly string[], dflt: string | null): string | null => {
      const x = v[k];
      if (x == null) return dflt;
      if (typeof x !== 'string' || !names.includes(x)) {
        details.push({ loc: at(k), msg: `must be one of ${names.join(', ')}`, type: 'enum' });
        return dflt;
      }
      return x;
    };
    const duration = num('duration', L.minDuration, L.maxSceneDuration, D.duration);
    const motion = oneOf('motion', MOTIONS, null);
    const easing = oneOf('easing', EASINGS, null);
    const transition = oneOf('transition', TRANSITIONS, null);
    const transitionDuration = num('transition_duration', 0, L.maxSceneDuration / 2, L.defaultTransitionDuration);
    const fps = num('fps', L.minFps, L.maxFps, VIDEO_DEFAULTS.fps, true);
    let formats: string[] = [...VIDEO_DEFAULTS.formats];
    if (v.formats != null) {
      if (!Array.isArray(v.formats) || v.formats.length < 1 || v.formats.length > 3)
        details.push({ loc: at('formats'), msg: `must be a list of 1 to 3 of ${VIDEO_FORMATS.join(', ')}`, type: 'list_type' });
      else {
        v.formats.forEach((f, i) => {
          if (typeof f !== 'string' || !(VIDEO_FORMATS as readonly string[]).includes(f))
            details.push({ loc: [...at('formats'), i], msg: `must be one of ${VIDEO_FORMATS.join(', ')}`, type: 'enum' });
        });
        formats = this.formats(v.formats as string[], at('formats'), details);
      }
    }
    const width = v.width == null ? null : num('width', L.minSide, L.maxWidth, 0, true);
    const height = v.height == null ? null : num('height', L.minSide, L.maxHeight, 0, true);
    if ((width == null) !== (height == null))
      details.push({ loc, msg: "give both width and height, or neither (the first piece's size)", type: 'value_error' });
    if (width && height && needsEven(formats)) {
      if (width % 2) details.push({ loc: at('width'), msg: 'must be even for mp4 and webm (H.264 and VP9 in yuv420p)', type: 'value_error' });
      if (height % 2) details.push({ loc: at('height'), msg: 'must be even for mp4 and webm (H.264 and VP9 in yuv420p)', type: 'value_error' });
    }
    let gif: StoredGif | null = null;
    if (v.gif != null) {
      if (typeof v.gif !== 'object' || Array.isArray(v.gif)) details.push({ loc: at('gif'), msg: 'must be an object', type: 'dict_type' });
      else {
        const g = v.gif as Record<string, unknown>;
        const gnum = (k: string, min: number, max: number) => {
          const x = g[k];
          if (x == null) return null;
          if (typeof x !== 'number' || !Number.isInteger(x) || x < min || x > max) {
            details.push({ loc: [...at('gif'), k], msg: `must be an integer from ${min} to ${max}`, type: 'value_error' });
            return null;
          }
          return x;
        };
        gif = { fps: gnum('fps', 1, L.gifMaxFps), width: gnum('width', L.minSide, L.gifMaxWidth), loop: gnum('loop', -1, 65535) };
      }
    }
    let audio: StoredAudio | null = null;
    if (v.audio != null) {
      if (typeof v.audio !== 'object' || Array.isArray(v.audio)) details.push({ loc: at('audio'), msg: 'must be an object', type: 'dict_type' });
      else {
        const a = v.audio as Record<string, unknown>;
        const aloc = at('audio');
        const d = VIDEO_DEFAULTS.audio;
        const anum = (k: string, max: number, dflt: number) => {
          const x = a[k];
          if (x == null) return dflt;
          if (typeof x !== 'number' || !Number.isFinite(x) || x < 0 || x > max) {
            details.push({ loc: [...aloc, k], msg: `must be a number from 0 to ${max}`, type: 'value_error' });
            return dflt;
          }
          return x;
        };
        const abool = (k: string, dflt: boolean) => {
          const x = a[k];
          if (x == null) return dflt;
          if (typeof x !== 'boolean') details.push({ loc: [...aloc, k], msg: 'must be a boolean', type: 'bool_type' });
          return typeof x === 'boolean' ? x : dflt;
        };
        if (typeof a.asset_id !== 'string' || !a.asset_id) details.push({ loc: [...aloc, 'asset_id'], msg: 'Field required', type: 'missing' });
        audio = {
          asset_id: String(a.asset_id ?? ''),
          volume: anum('volume', 2, d.volume),
          loop: abool('loop', d.loop),
          fade_in: anum('fade_in', L.maxDuration, d.fade_in),
          fade_out: anum('fade_out', L.maxDuration, d.fade_out),
          normalize: abool('normalize', d.normalize),
        };
      }
    }
    if (v.beat_sync != null && typeof v.beat_sync !== 'boolean') details.push({ loc: at('beat_sync'), msg: 'must be a boolean', type: 'bool_type' });
    const beatSync = v.beat_sync === true;
    if (beatSync && !audio) details.push({ loc: at('beat_sync'), msg: "needs `audio`: the beats are detected in the video's audio", type: 'value_error' });
    details.push(
      ...this.totalProblems(
        Array.from({ length: pieceCount }, () => duration),
        at('duration'),
      ),
    );
    details.push(...this.frameProblems([duration], fps, () => at('duration')));
    if (details.length) throw new ValidationError(details);
    if (audio) await this.assetOf(accountId, audio.asset_id, 'audio', [...at('audio'), 'asset_id']);
    const scenes = templates.map((template) => campaignScene({ motion, transition }, template));
    return {
      duration,
      motion,
      easing,
      transition,
      transition_duration: transitionDuration,
      width,
      height,
      fps,
      audio,
      beat_sync: beatSync,
      formats,
      gif,
      scenes,
    };
  }
}
