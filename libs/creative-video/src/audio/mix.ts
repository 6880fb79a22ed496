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

/**
 * A path for ffmpeg/ffprobe that can only be a local file: `file:` keeps a name such as `http://…`,
 * `pipe:0`, `concat:…` or `subfile,…` from being read through another protocol (an audio path is a file
 * on local disk; nothing that reaches it should make ffmpeg fetch a URL).
 */
export function localFile(path: string): string {
  return path.startsWith('file:') ? path : `file:${path}`;
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
  args.push(
    '-i',
    localFile(path),
    '-t',
    seconds.toFixed(6),
    '-map',
    '0:a:0',
    '-af',
    `${PREP},loudnorm=I=${I}:TP=${TP}:LRA=${LRA}:print_format=json`,
    '-f',
    'null',
    '-',
  );
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

/**
 * Seconds of one pass of an audio file as its container declares them (NaN when it does not say): the
 * length of a loop's pass, here and in detectBeats' `loopTo`. Refuses a missing file or one without audio.
 */
export async function audioSourceDuration(path: string, opts: { ffprobePath?: string; signal?: AbortSignal } = {}): Promise<number> {
  const probe = await probeMedia(localFile(path), { ffprobePath: opts.ffprobePath ?? ffprobeBinary(), signal: opts.signal }).catch((e: Error) => {
    if (e.name === 'AbortError') throw e;
    throw new Error(`audio ${path} cannot be read: ${e.message}`);
  });
  const stream = probe.streams.find((s) => s.codec_type === 'audio');
  if (!stream) throw new Error(`audio ${path} has no audio stream`);
  const d = Number(stream.duration ?? probe.format.duration ?? NaN);
  return d > 0 ? d : NaN;
}

const sec = (n: number) => Math.max(0, n).toFixed(6);

interface PreparedTrack {
  spec: ResolvedAudioSpec;
  /** The file the mix reads: the source, or one pass of it decoded (and loudnorm'd, dynamic mode) inside workDir. */
  input: string;
  start: number;
  windowLen: number;
  /** Seconds of sound in the window (the window, or the source's length when it does not loop). */
  audible: number;
  /** The normalizing gain, when loudnorm's linear mode applies. */
  gainDb?: number;
}

/** One track's chain up to its window (exactly winSamples long, starting at the window's start). */
function trackFilters(x: PreparedTrack, winSamples: number): string[] {
  const sr = MIX_SAMPLE_RATE;
  const audibleSamples = Math.max(1, Math.min(winSamples, Math.round(x.audible * sr)));
  const audible = audibleSamples / sr;
  const f: string[] = [PREP];
  // Normalization as loudnorm's linear mode: one constant gain (the dynamic case is pre-rendered).
  if (x.gainDb !== undefined) f.push(`volume=${x.gainDb.toFixed(3)}dB`);
  f.push(`atrim=end_sample=${audibleSamples}`, `apad=whole_len=${winSamples}`, `atrim=end_sample=${winSamples}`);
  if (x.spec.volume !== 1) f.push(`volume=${x.spec.volume}`);
  const fadeIn = Math.min(x.spec.fadeIn, audible);
  const fadeOut = Math.min(x.spec.fadeOut, audible);
  if (fadeIn > 0) f.push(`afade=t=in:st=0:d=${sec(fadeIn)}`);
  if (fadeOut > 0) f.push(`afade=t=out:st=${sec(audible - fadeOut)}:d=${sec(fadeOut)}`);
  return f;
}

/**
 * Runs fn over items, at most `limit` at a time, results in order. After a failure no new item starts, and
 * the rejection waits for the running ones to settle (so nothing writes into workDir after the cleanup).
 */
async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    while (next < items.length && !failure) {
      const i = next++;
      try {
        out[i] = await fn(items[i]);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure) throw failure.error;
  return out;
}

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
 *   window's end, or the source's end when it does not loop and is shorter) → adelay by the silence before
 *   it → apad + atrim to exact sample counts.
 * The window of a track is [start, end ?? duration] clipped to the timeline. Tracks whose windows do not
 * overlap (the scenes' own audio) share a lane: `concat` of silence + window pieces, each of an exact
 * sample count. Lanes, padded to the timeline's exact length, are summed with `amix` followed by
 * `volume=n`: every lane lasts the whole timeline, so amix's 1/n scaling is constant and undone exactly,
 * on old ffmpeg builds (no `normalize` option) and new ones alike.
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
  const temporaries: string[] = [];
  try {
    return await mix();
  } catch (e) {
    // A killed or failed run leaves no partial WAV behind.
    await rm(out, { force: true });
    throw e;
  } finally {
    await Promise.all(temporaries.map((t) => rm(t, { force: true })));
  }

  async function mix(): Promise<string> {
    const live = tracks
      .map((t) => ({ t, spec: resolveAudioSpec(t.spec), start: t.start, end: Math.min(t.end ?? total, total) }))
      .filter((x) => x.start < total && x.end > x.start);

    // Source durations (for loop=false) and loudness measurements (for normalize), in parallel.
    const prepared: PreparedTrack[] = await mapLimit(live, 4, async (x) => {
      const windowLen = x.end - x.start;
      const srcDur = await audioSourceDuration(x.spec.path, { ffprobePath: opts.ffprobePath, signal: opts.signal });
      const audible = x.spec.loop || !Number.isFinite(srcDur) ? windowLen : Math.min(windowLen, srcDur);
      // The source repeats in its window (a looped source sounds as loud as one pass of it: measure one pass).
      const once = Number.isFinite(srcDur) && srcDur < audible;
      const measure = { ffmpegPath: opts.ffmpegPath, signal: opts.signal };
      const span = once ? srcDur : audible;
      const loud = x.spec.normalize ? await measureLoudness(x.spec.path, span, x.spec.loop && !once, measure) : null;
      const track: PreparedTrack = { spec: x.spec, input: x.spec.path, start: x.start, windowLen, audible };
      const { I, TP, LRA } = LOUDNESS_TARGET;
      let dynamic = '';
      if (loud) {
        const gain = I - loud.input_i;
        // loudnorm's linear mode is one constant gain when the true peak allows it: applied as such in the mix
        // (exact, and without loudnorm's 192 kHz round trip). Otherwise loudnorm's dynamic mode, seeded with
        // the measurement, over one pass of the source (loudnorm runs at ~15x real time: over a looped
        // 300 s timeline it took 19 s).
        if (loud.input_tp + gain <= TP) track.gainDb = gain;
        else
          dynamic =
            `,loudnorm=I=${I}:TP=${TP}:LRA=${LRA}:measured_I=${loud.input_i}:measured_TP=${loud.input_tp}:measured_LRA=${loud.input_lra}` +
            `:measured_thresh=${loud.input_thresh}:offset=${loud.target_offset}:linear=true,${PREP}`;
      }
      // A source that will repeat is decoded once to PCM beside the mix, and the mix loops that: looping an
      // mp3 or AAC file itself repeats its encoder delay (15–25 ms of silence) at every seam, a gap and a drift.
      if (!once && !dynamic) return track;
      const rendered = join(opts.workDir, `src-${randomBytes(6).toString('hex')}.wav`);
      temporaries.push(rendered);
      const renderArgs = ['-hide_banner', '-nostdin', '-nostats', '-v', 'error', '-y'];
      if (x.spec.loop && !once) renderArgs.push('-stream_loop', '-1');
      // One pass, cut at the container's duration: AAC and Vorbis decoders leave the encoder's end padding
      // (5–15 ms) after the last sample, which would be a gap at every seam; or the part that plays.
      renderArgs.push(
        '-i',
        localFile(x.spec.path),
        '-t',
        span.toFixed(6),
        '-map',
        '0:a:0',
        '-af',
        `${PREP}${dynamic}`,
        '-c:a',
        'pcm_f32le',
        '-f',
        'wav',
        rendered,
      );
      await runMedia(ffmpeg, renderArgs, { signal: opts.signal });
      return { ...track, input: rendered };
    });

    const args = ['-hide_banner', '-nostdin', '-nostats', '-v', 'error', '-y'];
    // Lanes: tracks whose windows do not overlap (a video's scene tracks) share one lane, concatenated with
    // exact silences between them, so the mix sums a few full-length streams instead of one per scene.
    const order = prepared.map((_, i) => i).sort((a, b) => prepared[a].start - prepared[b].start);
    const lanes: { tracks: number[]; endSample: number }[] = [];
    for (const i of order) {
      const startSample = Math.round(prepared[i].start * sr);
      const endSample = startSample + Math.max(1, Math.round(prepared[i].windowLen * sr));
      const lane = lanes.find((l) => l.endSample <= startSample);
      if (lane) {
        lane.tracks.push(i);
        lane.endSample = endSample;
      } else lanes.push({ tracks: [i], endSample });
    }
    const chains: string[] = [];
    prepared.forEach((x) => {
      if (x.spec.loop) args.push('-stream_loop', '-1');
      args.push('-i', localFile(x.input));
    });
    const labels = lanes.map((lane, l) => {
      let cursor = 0;
      const pieces = lane.tracks.map((i) => {
        const x = prepared[i];
        const startSample = Math.round(x.start * sr);
        const winSamples = Math.max(1, Math.round(x.windowLen * sr));
        const f = trackFilters(x, winSamples);
        // The silence since the lane's previous track (or the timeline's start), then the track's window.
        const gap = startSample - cursor;
        if (gap > 0) {
          const ms = ((gap / sr) * 1000).toFixed(4);
          f.push(`adelay=delays=${ms}|${ms}`);
        }
        f.push(`apad=whole_len=${gap + winSamples}`, `atrim=end_sample=${gap + winSamples}`, 'asetpts=N/SR/TB');
        cursor = startSample + winSamples;
        chains.push(`[${i}:a:0]${f.join(',')}[p${i}]`);
        return `[p${i}]`;
      });
      const joined = pieces.length > 1 ? `${pieces.join('')}concat=n=${pieces.length}:v=0:a=1,` : `${pieces[0]}`;
      chains.push(`${joined}${pieces.length > 1 ? '' : 'anull,'}apad=whole_len=${totalSamples},atrim=end_sample=${totalSamples},asetpts=N/SR/TB[l${l}]`);
      return `[l${l}]`;
    });

    let graph: string;
    if (labels.length === 0) {
      args.push('-f', 'lavfi', '-i', `anullsrc=r=${sr}:cl=stereo`);
      graph = `[0:a]atrim=end_sample=${totalSamples}[mix]`;
    } else if (labels.length === 1) {
      graph = `${chains.join(';')};${labels[0]}anull[mix]`;
    } else {
      graph =
        `${chains.join(';')};${labels.join('')}amix=inputs=${labels.length}:duration=longest:dropout_transition=0,` +
        `volume=${labels.length},atrim=end_sample=${totalSamples}[mix]`;
    }
    args.push('-filter_complex', graph, '-map', '[mix]', '-ar', String(sr), '-ac', String(MIX_CHANNELS), '-c:a', 'pcm_f32le', '-f', 'wav', out);
    await runMedia(ffmpeg, args, { signal: opts.signal });
    return out;
  }
}
