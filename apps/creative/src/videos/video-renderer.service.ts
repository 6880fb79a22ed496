import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '@platform/config';
import {
  applyFamilyPreset,
  FfmpegError,
  presetById,
  VideoSpecError,
  type AudioSpec,
  type Easing,
  type Motion,
  type SceneSpec,
  type Transition,
  type VideoFormat,
  type VideoSpec,
} from '@platform/creative-video';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { AssetsService } from '../assets/assets.service';
import { ArtifactsService } from '../artifacts/artifacts.service';
import { BrandKitService } from '../brand-kit/brand-kit.service';
import type { CreativeConfig } from '../config';
import { DesignsService } from '../designs/designs.service';
import { JobFailure, type JobArtifactRef, type JobContext, type JobOutcome } from '../jobs/job-types';
import { DesignAssetsService } from '../rendering/design-assets.service';
import { RenderPool } from '../rendering/render-pool.service';
import { paletteColors } from './video-requests.service';
import type { StoredAudio, StoredScene, StoredVideo } from './video-request';
import { VideoThreads } from './video-thread';

/** An IR page of one color (animate's lead-in before a transition). */
export function blackIr(width: number, height: number): Record<string, unknown> {
  return { version: 1, width, height, background: '#000000', root: { type: 'frame', id: 'root', width, height, children: [] } };
}

/**
 * A scene's IR with the entrances of its family motion preset on the nodes that have no animation of their own (the
 * stored scene names the preset when its request named no motion); otherwise as it is.
 */
export function withPreset(ir: unknown, s: Pick<StoredScene, 'preset' | 'duration'>): unknown {
  const preset = s.preset ? presetById(s.preset) : undefined;
  return preset ? applyFamilyPreset(ir, preset, { duration: s.duration }).ir : ir;
}

/** What the video is made from, recorded on its artifacts. */
export interface VideoSource {
  designId?: string | null;
  revision?: number | null;
}

export interface RenderedVideo extends JobOutcome {
  result: { duration: number; fps: number; width: number; height: number; frames: number; cuts: number[]; beats?: number[]; bpm?: number };
}

const ROLE_KIND = { mp4: 'video', webm: 'video', gif: 'gif' } as const;

/**
 * The run-time half of the video jobs: loads what a stored request names (design revisions with
 * their assets' bytes, template layouts, images, audio copied into the job's directory), builds the
 * `VideoSpec`, renders it with @platform/creative-video in a thread of its own (`VideoThreads`;
 * lazy scenes are still loaded here) and stores each output and the poster as artifacts. A reference
 * that disappeared after the job was accepted fails the job with its code.
 */
@Injectable()
export class VideoRendererService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: CreativeConfig,
    private readonly designs: DesignsService,
    private readonly designAssets: DesignAssetsService,
    private readonly assets: AssetsService,
    private readonly pool: RenderPool,
    private readonly brandKits: BrandKitService,
    private readonly artifacts: ArtifactsService,
    private readonly threads: VideoThreads,
  ) {}

  /** Copies an audio asset's bytes into the job's directory (once per asset) and describes it for the mixer. */
  private async audioSpec(ctx: JobContext, a: StoredAudio, files: Map<string, string>): Promise<AudioSpec> {
    let path = files.get(a.asset_id);
    if (!path) {
      const asset = await this.assets.find(ctx.accountId, a.asset_id, 'audio');
      if (!asset) throw new JobFailure('not_found', `The audio asset ${a.asset_id} was deleted after the job was accepted`);
      path = join(ctx.workDir, `audio-${files.size}.${asset.format}`);
      await pipeline(await this.assets.open(asset), createWriteStream(path, { flags: 'wx' }), { signal: ctx.signal });
      files.set(a.asset_id, path);
    }
    return { path, volume: a.volume, loop: a.loop, fadeIn: a.fade_in, fadeOut: a.fade_out, normalize: a.normalize };
  }

  /**
   * A scene's source. Designs, templates and images are read when the scene is first drawn, not before the video
   * starts (`lazy`): a video of many photo scenes holds one or two of them in memory at a time.
   */
  private async sceneSource(
    ctx: JobContext,
    s: StoredScene,
    v: StoredVideo,
    brand: () => Promise<Awaited<ReturnType<BrandKitService['templateBrand']>>>,
  ): Promise<SceneSpec['source']> {
    if ('design_id' in s) {
      return {
        kind: 'lazy',
        looks: 'ir',
        load: async () => {
          const head = await this.designs.outline(ctx.accountId, s.design_id).catch(() => null);
          const ir = head ? await this.designs.revisionIr(s.design_id, s.revision).catch(() => null) : null;
          if (!ir) throw new JobFailure('not_found', `The design ${s.design_id} was deleted after the job was accepted`);
          return { kind: 'ir', ir: withPreset(ir, s), assets: await this.designAssets.bytes(ctx.accountId, ir) };
        },
      };
    }
    if ('template' in s) {
      return {
        kind: 'lazy',
        looks: 'ir',
        load: async () => {
          const kit = await brand();
          // The brief's images' bytes go with it (the caller's only, within upload limits), as for a design made from a
          // brief: without them a transparent product cut-out is laid out as a photo and cropped round.
          const assets = await this.designAssets.briefBytes(ctx.accountId, s.brief);
          let built;
          try {
            built = await this.pool.run({
              kind: 'template',
              template: s.template,
              brief: { ...s.brief, format: { width: v.width, height: v.height } } as never,
              brand: kit?.brand,
              assets,
            });
          } catch (e) {
            throw new JobFailure('template_failed', `The template ${s.template} could not be laid out: ${(e as Error).message}`);
          }
          // The brief's photos stay `asset:<id>` references in the laid-out IR (as in a design made from it): their bytes.
          return { kind: 'ir', ir: withPreset(built.ir, s), assets: await this.designAssets.bytes(ctx.accountId, built.ir) };
        },
      };
    }
    if ('asset_id' in s) {
      return {
        kind: 'lazy',
        looks: 'image',
        load: async () => {
          const image = await this.assets.readBytes(ctx.accountId, s.asset_id, 'image');
          if (!image) throw new JobFailure('not_found', `The image asset ${s.asset_id} was deleted after the job was accepted`);
          return { kind: 'image', image };
        },
      };
    }
    if ('procedural' in s) {
      const p = s.procedural;
      return {
        kind: 'procedural',
        style: p.style,
        seed: p.seed,
        density: p.density,
        palette: paletteColors(p.palette),
        tone: (p.tone ?? undefined) as never,
        title: p.title,
        eyebrow: p.eyebrow,
      };
    }
    return { kind: 'ir', ir: blackIr(v.width, v.height), assets: {} };
  }

  /** The spec of a stored video, its inputs loaded. */
  async spec(ctx: JobContext, v: StoredVideo): Promise<VideoSpec> {
    const files = new Map<string, string>();
    let kit: Promise<Awaited<ReturnType<BrandKitService['templateBrand']>>> | undefined;
    const brand = () => (kit ??= this.brandKits.templateBrand(ctx.accountId));
    const scenes: SceneSpec[] = [];
    for (const s of v.scenes) {
      scenes.push({
        source: await this.sceneSource(ctx, s, v, brand),
        duration: s.duration,
        motion: s.motion as Motion,
        ...(s.easing ? { easing: s.easing as Easing } : {}),
        transition: s.transition as Transition,
        transitionDuration: s.transition_duration,
        ...(s.focal ? { focal: s.focal } : {}),
        ...(s.audio ? { audio: await this.audioSpec(ctx, s.audio, files) } : {}),
      });
    }
    const gif = v.gif ? Object.fromEntries(Object.entries({ fps: v.gif.fps, width: v.gif.width, loop: v.gif.loop }).filter(([, x]) => x != null)) : undefined;
    return {
      width: v.width,
      height: v.height,
      fps: v.fps,
      scenes,
      ...(v.audio ? { audio: await this.audioSpec(ctx, v.audio, files) } : {}),
      beatSync: v.beat_sync,
      formats: v.formats as VideoFormat[],
      ...(gif ? { gif } : {}),
      // The poster is the settled design: animate's black lead-in (an entrance through a transition) is never it.
      posterScene: Math.max(
        0,
        v.scenes.findIndex((s) => !('black' in s)),
      ),
    };
  }

  /** Renders the stored video and stores its outputs (roles mp4, webm, gif) and poster (role poster). */
  async render(ctx: JobContext, v: StoredVideo, source: VideoSource = {}): Promise<RenderedVideo> {
    const spec = await this.spec(ctx, v);
    let out;
    try {
      out = await this.threads.render(spec, {
        workDir: ctx.workDir,
        signal: ctx.signal,
        onProgress: (p) => ctx.progress(p.framesTotal ? p.framesDone / p.framesTotal : 0, { done: p.framesDone, total: p.framesTotal }),
        ffmpegPath: this.config.media.ffmpegPath,
        ffprobePath: this.config.media.ffprobePath,
      });
    } catch (e) {
      if (e instanceof VideoSpecError) throw new JobFailure('invalid_video', e.message);
      // ffmpeg refusing an input (a damaged audio or image asset) is a reason the client can act on; its paths stay ours.
      if (e instanceof FfmpegError)
        throw new JobFailure('media_error', 'ffmpeg could not process the media of this video (is an audio or image asset damaged?)');
      throw e;
    }
    const src = { designId: source.designId ?? null, revision: source.revision ?? null, jobId: ctx.jobId };
    const artifacts: JobArtifactRef[] = [];
    for (const o of out.outputs) {
      const a = await this.artifacts.store(ctx.accountId, {
        data: { path: o.path },
        kind: ROLE_KIND[o.format],
        mime: o.mime,
        filename: `${ctx.jobId}.${o.format}`,
        width: o.width,
        height: o.height,
        duration: o.duration,
        source: src,
      });
      artifacts.push({ artifact_id: a.id, role: o.format });
    }
    const poster = await this.artifacts.store(ctx.accountId, {
      data: { path: out.poster.path },
      kind: 'thumbnail',
      mime: 'image/png',
      filename: `${ctx.jobId}-poster.png`,
      width: out.poster.width,
      height: out.poster.height,
      source: src,
    });
    artifacts.push({ artifact_id: poster.id, role: 'poster' });
    const result: RenderedVideo['result'] = { duration: out.duration, fps: v.fps, width: v.width, height: v.height, frames: out.frames, cuts: out.cuts };
    if (out.beats) result.beats = out.beats;
    if (out.bpm !== undefined) result.bpm = out.bpm;
    return { artifacts, result };
  }
}
