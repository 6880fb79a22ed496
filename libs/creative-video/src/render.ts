import { randomBytes } from 'node:crypto';
import { rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import { encodePng } from '@platform/creative-ir';
import type { AudioTrack } from './audio';
import { mixAudio } from './audio/mix';
import { detectBeats, snapCuts } from './beats/beats';
import { drawTransition, prepareScene, SETTLED, transitionOffsets, type PreparedScene } from './compositor';
import { ease } from './easing';
import { encoderArgs, gifArgs, gifPlan, paletteArgs } from './encoder';
import { composable, FrameComposer, type ComposedFrame } from './compose/compose';
import { abortError, ffmpegBinary, probeMedia, runMedia, spawnMedia } from './ffmpeg';
import { backgroundProgress, planFrame, sceneState, timeline } from './timeline';
import { VIDEO_LIMITS, type RenderVideoOptions, type RenderVideoResult, type SceneSpec, type VideoFormat, type VideoOutput, type VideoSpec } from './types';
import { validateVideoSpec } from './validate';

const MIME: Record<VideoFormat, VideoOutput['mime']> = { mp4: 'video/mp4', webm: 'video/webm', gif: 'image/gif' };

export class VideoSpecError extends Error {
  constructor(readonly issues: ReturnType<typeof validateVideoSpec>) {
    super(`invalid video spec: ${issues.map((i) => `${i.loc.join('.')}: ${i.msg}`).join('; ')}`);
    this.name = 'VideoSpecError';
  }
}

/**
 * Renders a video: frames drawn by the compositor (static layers rasterized once per scene, a frame is
 * a composite) and piped as raw RGBA into ONE ffmpeg process that writes every requested format (GIF
 * through a lossless intermediate and a per-video palette), audio mixed beforehand in one pass and muxed.
 * At most two frames are in memory at once (stdin backpressure), and at most the two scenes of a
 * transition are prepared. Every file is written in `opts.workDir`; on failure or abort the files this
 * call made are removed. Throws VideoSpecError for an invalid spec, an AbortError when aborted.
 */
export async function renderVideo(spec: VideoSpec, opts: RenderVideoOptions): Promise<RenderVideoResult> {
  const issues = validateVideoSpec(spec);
  if (issues.length) throw new VideoSpecError(issues);
  const { signal, workDir } = opts;
  const ffmpeg = ffmpegBinary(opts.ffmpegPath);
  const made: string[] = [];
  const file = (name: string) => {
    const p = join(workDir, name);
    made.push(p);
    return p;
  };
  const id = randomBytes(4).toString('hex');
  const stopped = () => !!signal?.aborted || !!opts.stop?.();
  const check = () => {
    if (stopped()) throw abortError();
  };
  try {
    check();
    const { width: w, height: h, fps } = spec;
    const formats: VideoFormat[] = [...new Set<VideoFormat>(spec.formats ?? ['mp4'])];
    const hasAudio = !!spec.audio || spec.scenes.some((s) => s.audio);

    // Timeline, after beat_sync when asked.
    let tl = timeline(spec);
    let beats: number[] | undefined;
    let bpm: number | undefined;
    if (spec.beatSync && spec.audio) {
      // A looping track (the default) repeats its beats over the whole timeline, as the mixer plays it.
      const analysis = await detectBeats(spec.audio.path, {
        ffmpegPath: opts.ffmpegPath,
        ffprobePath: opts.ffprobePath,
        signal,
        loopTo: spec.audio.loop === false ? undefined : tl.duration,
      });
      beats = analysis.beats;
      bpm = analysis.bpm;
      const snapped = snapCuts(tl.cuts, beats, { minScene: VIDEO_LIMITS.minBeatSceneDuration, total: tl.duration, fps });
      snapped[0] = 0;
      tl = timeline(spec, snapped);
    }
    check();

    let audioPath: string | undefined;
    if (hasAudio) {
      const tracks: AudioTrack[] = [];
      if (spec.audio) tracks.push({ spec: spec.audio, start: 0 });
      spec.scenes.forEach((s, i) => s.audio && tracks.push({ spec: s.audio, start: tl.scenes[i].start, end: tl.scenes[i].end }));
      audioPath = await mixAudio(tracks, tl.duration, { workDir, signal, ffmpegPath: opts.ffmpegPath, ffprobePath: opts.ffprobePath });
      made.push(audioPath);
    }
    check();

    const gif = formats.includes('gif') ? gifPlan(spec.gif, w, h, fps) : undefined;
    const paths = {
      mp4: formats.includes('mp4') ? file(`video-${id}.mp4`) : undefined,
      webm: formats.includes('webm') ? file(`video-${id}.webm`) : undefined,
      gifSource: gif ? file(`gif-source-${id}.mkv`) : undefined,
    };

    // Scenes are prepared when first visible and dropped after their last frame.
    const prepared = new Map<number, PreparedScene>();
    const sceneAt = async (i: number) => {
      let s = prepared.get(i);
      if (!s) {
        s = await prepareScene(spec.scenes[i], w, h, stopped);
        prepared.set(i, s);
      }
      return s;
    };

    // The poster: its scene (default the first) settled: the background at rest and every content layer in place, the design as designed.
    // (Drawn on the frame canvas, which the first frame then overwrites: one canvas fewer held.)
    const canvas = createCanvas(w, h);
    const ctx = canvas.getContext('2d');
    ctx.imageSmoothingEnabled = true;
    // Bilinear without mipmaps: motions only enlarge (or barely reduce: pop from 85%, zoom's detail scale).
    ctx.imageSmoothingQuality = 'low';
    const posterScene = spec.posterScene ?? 0;
    (await sceneAt(posterScene)).draw(ctx, SETTLED);
    const posterPath = file(`poster-${id}.png`);
    await writeFile(
      posterPath,
      await encodePng(canvas.data(), w, h, { encoding: looksLike(spec.scenes[posterScene].source) === 'ir' ? 'flat' : 'photo' }, true),
    );
    check();

    const proc = spawnMedia(ffmpeg, encoderArgs({ width: w, height: h, fps, duration: tl.duration, formats, audioPath, paths, gif }), { signal });
    let failure: Error | undefined;
    const exited = proc.done.then(
      () => undefined,
      (e: Error) => {
        failure = e;
      },
    );
    const stdin = proc.child.stdin;
    try {
      let scratch: Canvas | undefined;
      let drain: Promise<unknown> | undefined;
      let lastKey: string | undefined;
      let lastPixels: Buffer | undefined;
      // Frames that are rasters only (whole-frame motions, entering layers) are composed without Skia (FrameComposer).
      let composer: FrameComposer | undefined;
      let lastComposed: ComposedFrame | undefined;
      const every = Math.max(1, Math.round(fps / 4));
      for (let f = 0; f < tl.frames; f++) {
        check();
        for (const [i] of prepared) if (tl.scenes[i].visibleEnd <= f) prepared.delete(i);
        const plan = planFrame(tl, f);
        let key: string | undefined;
        let composed: ComposedFrame | undefined;
        let held = false;
        if ('scene' in plan) {
          const scene = await sceneAt(plan.scene);
          const st = sceneState(tl, plan.scene, f);
          const k = scene.key(st);
          key = k === undefined ? undefined : `${plan.scene}:${k}`;
          // A frame identical to the previous one (a held scene) is the previous frame's pixels again (unless the
          // composer's memory grew since, which leaves an old view of it empty).
          held = key !== undefined && key === lastKey && lastPixels?.byteLength === w * h * 4;
          if (!held) {
            const composition = scene.compose?.(st);
            if (composition && composable(composition, w, h)) composed = await (composer ??= new FrameComposer(w, h)).draw(composition);
            else scene.draw(ctx, st);
          }
        } else {
          const { transition: t, q } = plan;
          const a = await sceneAt(t.from);
          const b = await sceneAt(t.to);
          // The backgrounds change in the middle of the window; each scene's content is gone before (or comes after).
          const sa = sceneState(tl, t.from, f);
          const sb = sceneState(tl, t.to, f);
          const qb = ease('ease_in_out', backgroundProgress(q, a.content.length > 0, b.content.length > 0));
          drawTransition(
            ctx,
            (scratch ??= createCanvas(w, h)),
            t.kind,
            qb,
            w,
            h,
            (c) => a.drawBackground(c, sa),
            (c) => b.drawBackground(c, sb),
          );
          const off = transitionOffsets(t.kind, qb, w, h);
          a.drawContent(ctx, sa, ...off.a);
          b.drawContent(ctx, sb, ...off.b);
        }
        let pixels: Buffer;
        let written: ComposedFrame | undefined;
        if (held && lastPixels) {
          pixels = lastPixels;
          written = lastComposed && composer?.retain(lastComposed);
        } else {
          pixels = composed ? composed.pixels : canvas.data();
          written = lastComposed = composed;
        }
        lastKey = key;
        lastPixels = pixels;
        if (drain) await drain;
        drain = undefined;
        if (failure) throw failure;
        check();
        // A composed frame's buffer is handed out again once ffmpeg's stdin is done with it.
        if (!stdin.write(pixels, written && (() => written.release()))) drain = Promise.race([new Promise((r) => stdin.once('drain', r)), exited]);
        if ((f + 1) % every === 0 || f + 1 === tl.frames) opts.onProgress?.({ framesDone: f + 1, framesTotal: tl.frames });
      }
      prepared.clear();
      if (drain) await drain;
      stdin.end();
      await proc.done;
    } catch (e) {
      proc.child.kill('SIGKILL');
      await exited;
      throw failure?.name === 'AbortError' ? failure : e;
    }

    if (gif && paths.gifSource) {
      const palette = file(`palette-${id}.png`);
      await runMedia(ffmpeg, paletteArgs(paths.gifSource, palette), { signal });
      await runMedia(ffmpeg, gifArgs(paths.gifSource, palette, gif, file(`video-${id}.gif`)), { signal });
      await rm(paths.gifSource, { force: true });
      await rm(palette, { force: true });
    }
    if (audioPath) await rm(audioPath, { force: true });

    const outputs: VideoOutput[] = [];
    for (const format of formats) {
      const path = join(workDir, `video-${id}.${format}`);
      const probe = await probeMedia(path, { ffprobePath: opts.ffprobePath, signal });
      const g = format === 'gif' ? gif! : undefined;
      outputs.push({
        format,
        path,
        mime: MIME[format],
        bytes: (await stat(path)).size,
        width: g?.width ?? w,
        height: g?.height ?? h,
        fps: g?.fps ?? fps,
        duration: Number(probe.format.duration ?? tl.duration),
      });
    }
    return {
      outputs,
      poster: { path: posterPath, width: w, height: h },
      frames: tl.frames,
      duration: tl.duration,
      cuts: tl.cuts,
      ...(beats ? { beats, bpm } : {}),
    };
  } catch (e) {
    await Promise.all(made.map((p) => rm(p, { force: true })));
    // A scene's drawing stopped (RenderAbortedError) or anything failing once stopped is the abort.
    if (stopped() && e?.name !== 'AbortError') throw abortError();
    throw e;
  }
}

/** What a scene's pixels are like (graphics or photographic), before a lazy source is loaded. */
function looksLike(src: SceneSpec['source']): 'ir' | 'image' | 'procedural' {
  return src.kind === 'lazy' ? (src.looks ?? 'image') : src.kind;
}
