import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { AudioTrack, MixAudioOptions } from '../audio';
import { ffmpegBinary, ffprobeBinary, probeMedia, runMedia, spawnMedia, abortError } from '../ffmpeg';
import type { AudioSpec } from '../types';

/** Sample rate and layout of the mix (what the encoder muxes). */
export const MIX_SAMPLE_RATE = 48_000;
export const MIX_CHANNELS = 2;

/** EBU R128 targets of `normalize` (ffmpeg loudnorm). */
export const LOUDNESS_TARGET = { I: -16, TP: -1.5, LRA: 11 } as const;

/** An AudioSpec with every default of its comments applied. */
export interface ResolvedAudioSpec {
  path: string;
  volume: number;
  loop: boolean;
  fadeIn: number;
  fadeOut: number;
  normalize: boolean;
}

export function resolveAudioSpec(spec: AudioSpec): ResolvedAudioSpec {
  return {
    path: spec.path,
    volume: spec.volume ?? 1,
    loop: spec.loop ?? true,
    fadeIn: spec.fadeIn ?? 0,
    fadeOut: spec.fadeOut ?? 1,
    normalize: spec.normalize ?? false,
  };
}

/** What loudnorm's first pass measured (its JSON summary), fed back into the second pass. */
export interface LoudnessMeasurement {
  input_i: number;
  input_tp: number;
  input_lra: number;
  input_thresh: number;
  target_offset: number;
}

const finite = (n: number, name: string) => {
  if (!Number.isFinite(n)) throw new RangeError(`${name} must be a finite number`);
};

function checkTrack(t: AudioTrack, i: number, duration: number): void {
  const at = `tracks[${i}]`;
  if (!t || !t.spec || typeof t.spec.path !== 'string' || !t.spec.path) throw new TypeError(`${at}.spec.path is required`);
  finite(t.start, `${at}.start`);
  if (t.start < 0) throw new RangeError(`${at}.start must be ≥ 0`);
  if (t.end !== undefined) {
    finite(t.end, `${at}.end`);
    if (t.end <= t.start) throw new RangeError(`${at}.end must be after its start`);
  }
  const s = resolveAudioSpec(t.spec);
  finite(s.volume, `${at}.spec.volume`);
  if (s.volume < 0 || s.volume > 2) throw new RangeError(`${at}.spec.volume must be within 0..2`);
  finite(s.fadeIn, `${at}.spec.fadeIn`);
  finite(s.fadeOut, `${at}.spec.fadeOut`);
  if (s.fadeIn < 0 || s.fadeOut < 0) throw new RangeError(`${at}.spec fades must be ≥ 0`);
  void duration;
}

/**
 * loudnorm's first pass over exactly what the track will play (looped or trimmed to `seconds`): the
 * measured integrated loudness, true peak, range and threshold that let the second pass apply one linear
 * gain (accurate to a fraction of a LU) instead of its dynamic mode (which misses the target on short clips).
 */
export async function measureLoudness(
  path: string,
  seconds: number,
  loop: boolean,
  opts: { ffmpegPath?: string; signal?: AbortSignal } = {},
): Promise<LoudnessMeasurement | null> {
  const { I, TP, LRA } = LOUDNESS_TARGET;
  const args = ['-hide_banner', '-nostdin', '-nostats'];
  if (loop) args.push('-stream_loop', '-1');
  args.push('-i', path, '-t', seconds.toFixed(6), '-map', '0:a:0', '-af', `${PREP},loudnorm=I=${I}:TP=${TP}:LRA=${LRA}:print_format=json`, '-f', 'null', '-');
  const p = spawnMedia(ffmpegBinary(opts.ffmpegPath), args, { signal: opts.signal });
  let err = '';
  p.child.stderr.on('data', (b: Buffer) => (err += b.toString('utf8')));
  p.child.stdin.end();
  await p.done;
  const start = err.lastIndexOf('{');
  const end = err.lastIndexOf('}');
  if (start < 0 || end < start) throw new Error(`loudnorm printed no measurement for ${path}`);
  const raw = JSON.parse(err.slice(start, end + 1)) as Record<string, string>;
  const m: LoudnessMeasurement = {
    input_i: Number(raw.input_i),
    input_tp: Number(raw.input_tp),
    input_lra: Number(raw.input_lra),
    input_thresh: Number(raw.input_thresh),
    target_offset: Number(raw.target_offset),
  };
  // Silence (or near silence) has no loudness to bring to the target: the track is left as it is.
  if (!Number.isFinite(m.input_i) || m.input_i <= -70 || !Number.isFinite(m.input_tp) || !Number.isFinite(m.input_thresh)) return null;
  if (!Number.isFinite(m.input_lra)) m.input_lra = 0;
  if (!Number.isFinite(m.target_offset)) m.target_offset = 0;
  return m;
}

/** Every source is brought to the mix's rate and layout first (the loudness measurement sees the same signal: a mono file played on both channels is 3 LU louder). */
const PREP = `aresample=${MIX_SAMPLE_RATE},aformat=sample_fmts=fltp:channel_layouts=stereo`;

const sec = (n: number) => Math.max(0, n).toFixed(6);

/**
 * Mixes the tracks over a timeline of `duration` seconds in ONE ffmpeg pass and writes a 48 kHz stereo
 * 32-bit float PCM WAV inside opts.workDir, exactly round(duration × 48000) samples long, so the muxer
 * never drifts from the video. Float keeps the headroom of a sum of tracks (volume up to 2) instead of
 * clipping it here; the AAC/Opus encoders take float input.
 *
 * Per track (the AudioSpec defaults: volume 1, loop true, fadeIn 0, fadeOut 1, normalize false), one chain:
 *   input (`-stream_loop -1` when looping) → 48 kHz stereo → loudnorm (two-pass, linear, when normalize)
 *   → atrim to the audible length → apad to the window (loop=false: silence after the source ends)
 *   → volume → afade in (from the track's start) → afade out (ending where the track's sound ends: the
 *   window's end, or the source's end when it does not loop and is shorter) → adelay to `start`
 *   → apad + atrim to the timeline's length.
 * The window of a track is [start, end ?? duration] clipped to the timeline. Chains are summed with `amix`
 * followed by `volume=n`: every chain has the timeline's exact length, so amix's 1/n scaling is constant
 * and undone exactly, on old ffmpeg builds (no `normalize` option) and new ones alike.
 * No tracks (or none inside the timeline) gives silence. Aborting opts.signal kills ffmpeg (AbortError).
 */
export async function mixAudio(tracks: AudioTrack[], duration: number, opts: MixAudioOptions): Promise<string> {
  finite(duration, 'duration');
  if (duration <= 0) throw new RangeError('duration must be > 0');
  if (!opts || !opts.workDir) throw new TypeError('opts.workDir is required');
  tracks.forEach((t, i) => checkTrack(t, i, duration));
  if (opts.signal?.aborted) throw abortError();

  const sr = MIX_SAMPLE_RATE;
  const totalSamples = Math.round(duration * sr);
  const total = totalSamples / sr;
  const out = join(opts.workDir, `mix-${randomBytes(6).toString('hex')}.wav`);
  const ffmpeg = ffmpegBinary(opts.ffmpegPath);

  const live = tracks
    .map((t) => ({ t, spec: resolveAudioSpec(t.spec), start: t.start, end: Math.min(t.end ?? total, total) }))
    .filter((x) => x.start < total && x.end > x.start);

  // Source durations (for loop=false) and loudness measurements (for normalize), in parallel.
  const prepared = await Promise.all(
    live.map(async (x) => {
      const windowLen = x.end - x.start;
      const probe = await probeMedia(x.spec.path, { ffprobePath: opts.ffprobePath ?? ffprobeBinary(), signal: opts.signal }).catch((e: Error) => {
        if (e.name === 'AbortError') throw e;
        throw new Error(`audio ${x.spec.path} cannot be read: ${e.message}`);
      });
      const stream = probe.streams.find((s) => s.codec_type === 'audio');
      if (!stream) throw new Error(`audio ${x.spec.path} has no audio stream`);
      const srcDur = Number(stream.duration ?? probe.format.duration ?? NaN);
      const audible = x.spec.loop || !Number.isFinite(srcDur) ? windowLen : Math.min(windowLen, srcDur);
      // A looped source sounds as loud as one pass of it: measure at most one pass.
      const once = Number.isFinite(srcDur) && srcDur < audible;
      const measure = { ffmpegPath: opts.ffmpegPath, signal: opts.signal };
      const loud = x.spec.normalize ? await measureLoudness(x.spec.path, once ? srcDur : audible, x.spec.loop && !once, measure) : null;
      return { ...x, windowLen, audible, loud };
    }),
  );

  const args = ['-hide_banner', '-nostdin', '-nostats', '-v', 'error', '-y'];
  const chains: string[] = [];
  const labels: string[] = [];
  prepared.forEach((x, i) => {
    if (x.spec.loop) args.push('-stream_loop', '-1');
    args.push('-i', x.spec.path);
    const winSamples = Math.max(1, Math.round(x.windowLen * sr));
    const audibleSamples = Math.max(1, Math.min(winSamples, Math.round(x.audible * sr)));
    const audible = audibleSamples / sr;
    const f: string[] = [PREP];
    if (x.loud) {
      const { I, TP, LRA } = LOUDNESS_TARGET;
      const m = x.loud;
      const gain = I - m.input_i;
      // loudnorm's linear mode is one constant gain when the true peak allows it: applied as such (exact, and
      // without loudnorm's 192 kHz round trip); otherwise loudnorm's dynamic mode, seeded with the measurement.
      if (m.input_tp + gain <= TP) f.push(`volume=${gain.toFixed(3)}dB`);
      else
        f.push(
          `loudnorm=I=${I}:TP=${TP}:LRA=${LRA}:measured_I=${m.input_i}:measured_TP=${m.input_tp}:measured_LRA=${m.input_lra}` +
            `:measured_thresh=${m.input_thresh}:offset=${m.target_offset}:linear=true`,
          PREP,
        );
    }
    f.push(`atrim=end_sample=${audibleSamples}`, `apad=whole_len=${winSamples}`, `atrim=end_sample=${winSamples}`);
    if (x.spec.volume !== 1) f.push(`volume=${x.spec.volume}`);
    const fadeIn = Math.min(x.spec.fadeIn, audible);
    const fadeOut = Math.min(x.spec.fadeOut, audible);
    if (fadeIn > 0) f.push(`afade=t=in:st=0:d=${sec(fadeIn)}`);
    if (fadeOut > 0) f.push(`afade=t=out:st=${sec(audible - fadeOut)}:d=${sec(fadeOut)}`);
    const delayMs = (Math.round(x.start * sr) / sr) * 1000;
    if (delayMs > 0) f.push(`adelay=delays=${delayMs.toFixed(4)}|${delayMs.toFixed(4)}`);
    f.push(`apad=whole_len=${totalSamples}`, `atrim=end_sample=${totalSamples}`, 'asetpts=N/SR/TB');
    chains.push(`[${i}:a:0]${f.join(',')}[t${i}]`);
    labels.push(`[t${i}]`);
  });

  let graph: string;
  if (labels.length === 0) {
    args.push('-f', 'lavfi', '-i', `anullsrc=r=${sr}:cl=stereo`);
    graph = `[0:a]atrim=end_sample=${totalSamples}[mix]`;
  } else if (labels.length === 1) {
    graph = `${chains[0]};[t0]anull[mix]`;
  } else {
    graph =
      `${chains.join(';')};${labels.join('')}amix=inputs=${labels.length}:duration=longest:dropout_transition=0,` +
      `volume=${labels.length},atrim=end_sample=${totalSamples}[mix]`;
  }
  args.push('-filter_complex', graph, '-map', '[mix]', '-ar', String(sr), '-ac', String(MIX_CHANNELS), '-c:a', 'pcm_f32le', '-f', 'wav', out);
  try {
    await runMedia(ffmpeg, args, { signal: opts.signal });
  } catch (e) {
    // A killed or failed run leaves no partial WAV behind.
    await rm(out, { force: true });
    throw e;
  }
  return out;
}
