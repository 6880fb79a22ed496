import FFT from 'fft.js';
import type { BeatAnalysis } from '../audio';
import { audioSourceDuration, localFile } from '../audio/mix';
import { abortError, ffmpegBinary, runMedia } from '../ffmpeg';

/**
 * Beat detection, in JavaScript over PCM decoded by ffmpeg. The method (documented in the library's README):
 *
 * 1. Decode: ffmpeg → mono, 22050 Hz, 32-bit float (at most `maxDuration` seconds, default 600).
 * 2. Onset strength by spectral flux (after 768 samples of silence, so a beat at 0 s is seen entering):
 *    STFT with a 1024-sample Hann window and a 256-sample hop (11.6 ms,
 *    86 frames/s) through fft.js; log-compressed magnitudes log(1 + 100·|X|); the flux of a frame is the sum
 *    over bins of the half-wave rectified increase from the previous frame.
 * 3. Onsets: peaks of the flux that are the maximum within ±50 ms, above an adaptive threshold (the moving
 *    median over ±250 ms plus δ = 0.1 of the largest flux) and at least 70 ms after the previous onset. Each
 *    onset is then placed to ~1.5 ms in the time domain: at the sharpest rise of a 32-sample energy envelope
 *    within the analysis window that produced the peak.
 * 4. Tempo: autocorrelation of the onset envelope (flux minus its moving mean, rectified) over the lags of
 *    60–200 bpm, weighted by a log-Gaussian prior centred on 120 bpm (σ = 1 octave) against octave errors;
 *    the period is refined by parabolic interpolation.
 * 5. Beats: dynamic-programming beat tracking (Ellis 2007): the cumulative score of a frame is its smoothed
 *    onset strength plus the best score of a predecessor between P/2 and 2P frames earlier, penalised by
 *    α·log²(gap/P) (α = 100); backtracking from the best final score gives beats on the tempo grid that fall
 *    on strong onsets. Leading and trailing beats on weak frames are dropped, and every beat within 50 ms of a
 *    detected onset takes the onset's precise time. The reported bpm is the least-squares slope of the beats
 *    against their grid index.
 * Silence (or a file without onsets) gives `{ beats: [], bpm: 0 }`.
 */

export const BEAT_SAMPLE_RATE = 22_050;
const WIN = 1024;
const HOP = 256;
const FRAME_RATE = BEAT_SAMPLE_RATE / HOP;
/** Samples of silence put before the signal (an onset at 0 s is then seen entering the window). */
const PAD = WIN - HOP;

export interface DetectBeatsOptions {
  ffmpegPath?: string;
  /** ffprobe (reads a looped file's declared duration); default @ffprobe-installer/ffprobe. */
  ffprobePath?: string;
  signal?: AbortSignal;
  /** Seconds of audio analysed from the start (default 600). */
  maxDuration?: number;
  /**
   * The length of the timeline the audio is looped over (AudioSpec.loop, the default): when the file is
   * shorter, its beats are repeated at every pass, as the mixer plays it. Also bounds the decode.
   */
  loopTo?: number;
}

/** Decodes the first audio stream of `path` to mono float PCM at 22050 Hz. */
export async function decodeMono(path: string, opts: DetectBeatsOptions = {}): Promise<Float32Array> {
  const max = opts.maxDuration ?? 600;
  const args = [
    '-hide_banner',
    '-nostdin',
    '-v',
    'error',
    '-i',
    localFile(path),
    '-t',
    String(max),
    '-map',
    '0:a:0',
    '-ac',
    '1',
    '-ar',
    String(BEAT_SAMPLE_RATE),
    '-f',
    'f32le',
    '-',
  ];
  const buf = await runMedia(ffmpegBinary(opts.ffmpegPath), args, { signal: opts.signal });
  const n = Math.floor(buf.length / 4);
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) out[i] = buf.readFloatLE(i * 4);
  return out;
}

/** Half-wave rectified log-magnitude spectral flux, one value per hop (frame k's window starts at k·HOP). */
export function spectralFlux(x: Float32Array, signal?: AbortSignal): Float32Array {
  const frames = x.length < WIN ? 0 : Math.floor((x.length - WIN) / HOP) + 1;
  const flux = new Float32Array(frames);
  if (frames === 0) return flux;
  const fft = new FFT(WIN);
  const hann = new Float64Array(WIN);
  for (let i = 0; i < WIN; i++) hann[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / WIN);
  const input = new Float64Array(WIN);
  const spec = fft.createComplexArray() as number[];
  const bins = WIN / 2 + 1;
  let prev = new Float64Array(bins);
  let cur = new Float64Array(bins);
  for (let k = 0; k < frames; k++) {
    if ((k & 1023) === 0 && signal?.aborted) throw abortError();
    const off = k * HOP;
    for (let i = 0; i < WIN; i++) input[i] = x[off + i] * hann[i];
    fft.realTransform(spec, input);
    let f = 0;
    for (let b = 0; b < bins; b++) {
      const re = spec[2 * b];
      const im = spec[2 * b + 1];
      const m = Math.log1p(100 * Math.sqrt(re * re + im * im));
      cur[b] = m;
      if (k > 0 && m > prev[b]) f += m - prev[b];
    }
    flux[k] = f;
    const t = prev;
    prev = cur;
    cur = t;
  }
  return flux;
}

function movingMedian(a: Float32Array, half: number): Float32Array {
  const out = new Float32Array(a.length);
  const win: number[] = [];
  for (let k = 0; k < a.length; k++) {
    const lo = Math.max(0, k - half);
    const hi = Math.min(a.length - 1, k + half);
    win.length = 0;
    for (let j = lo; j <= hi; j++) win.push(a[j]);
    win.sort((p, q) => p - q);
    out[k] = win[win.length >> 1];
  }
  return out;
}

function movingMean(a: Float32Array, half: number): Float32Array {
  const out = new Float32Array(a.length);
  const cum = new Float64Array(a.length + 1);
  for (let i = 0; i < a.length; i++) cum[i + 1] = cum[i] + a[i];
  for (let k = 0; k < a.length; k++) {
    const lo = Math.max(0, k - half);
    const hi = Math.min(a.length, k + half + 1);
    out[k] = (cum[hi] - cum[lo]) / (hi - lo);
  }
  return out;
}

/** Peak-picked onset frames of the flux (adaptive threshold, minimum gap). */
export function pickOnsets(flux: Float32Array): number[] {
  let max = 0;
  for (const v of flux) max = Math.max(max, v);
  if (max <= 0) return [];
  const localMax = Math.round(0.05 * FRAME_RATE);
  const med = movingMedian(flux, Math.round(0.25 * FRAME_RATE));
  const delta = 0.1 * max;
  const minGap = Math.round(0.07 * FRAME_RATE);
  const onsets: number[] = [];
  for (let k = 1; k < flux.length; k++) {
    const v = flux[k];
    if (v < med[k] + delta) continue;
    let isMax = true;
    for (let j = Math.max(0, k - localMax); j <= Math.min(flux.length - 1, k + localMax); j++) {
      if (flux[j] > v || (flux[j] === v && j < k)) {
        isMax = false;
        break;
      }
    }
    if (!isMax) continue;
    if (onsets.length && k - onsets[onsets.length - 1] < minGap) continue;
    onsets.push(k);
  }
  return onsets;
}

/**
 * The precise time of the onset found at flux frame k: the sharpest rise of a short-time energy envelope in
 * the part of the signal that frame k added to the analysis (the window of frame k and its predecessor).
 * The envelope is the energy of the first difference (pre-emphasis: attacks are broadband, while a sustained
 * bass note would otherwise swing the energy of short windows at every zero crossing) over 64 samples every
 * 32; a rise is measured against the largest of the three previous windows.
 */
export function refineOnset(x: Float32Array, k: number): number {
  const step = 32;
  const width = 64;
  const from = Math.max(1, (k - 1) * HOP + WIN / 4);
  const to = Math.min(x.length, k * HOP + WIN);
  const n = Math.floor((to - from - width) / step) + 1;
  if (n < 4) return (k * HOP + WIN / 2) / BEAT_SAMPLE_RATE;
  const e = new Float64Array(n);
  let emax = 0;
  for (let j = 0; j < n; j++) {
    let s = 0;
    for (let i = from + j * step; i < from + j * step + width; i++) {
      const d = x[i] - x[i - 1];
      s += d * d;
    }
    e[j] = s;
    emax = Math.max(emax, s);
  }
  const eps = emax * 1e-3 + 1e-12;
  let best = 1;
  let bestRise = -Infinity;
  for (let j = 1; j < n; j++) {
    const before = Math.max(e[j - 1], j > 1 ? e[j - 2] : 0, j > 2 ? e[j - 3] : 0);
    const rise = Math.log(e[j] + eps) - Math.log(before + eps);
    if (rise > bestRise) {
      bestRise = rise;
      best = j;
    }
  }
  // The attack lies in the last `step` samples of the window that rose.
  return (from + best * step + width - step) / BEAT_SAMPLE_RATE;
}

/** Tempo period in frames (fractional) from the onset envelope's autocorrelation, 60–200 bpm; 0 when none. */
export function estimatePeriod(env: Float32Array): number {
  const minLag = Math.floor((60 / 200) * FRAME_RATE);
  // Lags up to 1 s (60 bpm), or half the signal for a short loop (which must hold two periods at least).
  const maxLag = Math.min(Math.ceil((60 / 60) * FRAME_RATE), Math.floor(env.length / 2) - 1);
  if (maxLag < minLag + 2) return 0;
  const acf = new Float64Array(maxLag + 2);
  for (let lag = minLag - 1; lag <= maxLag + 1; lag++) {
    let s = 0;
    for (let i = lag; i < env.length; i++) s += env[i] * env[i - lag];
    acf[lag] = s / (env.length - lag);
  }
  const prior = (lag: number) => Math.exp(-0.5 * Math.log2(lag / (0.5 * FRAME_RATE)) ** 2);
  let best = -1;
  let bestVal = 0;
  for (let lag = minLag; lag <= maxLag; lag++) {
    const v = acf[lag] * prior(lag);
    if (v > bestVal && acf[lag] >= acf[lag - 1] && acf[lag] >= acf[lag + 1]) {
      bestVal = v;
      best = lag;
    }
  }
  if (best < 0) return 0;
  const a = acf[best - 1];
  const b = acf[best];
  const c = acf[best + 1];
  const den = a - 2 * b + c;
  return best + (den < 0 ? (0.5 * (a - c)) / den : 0);
}

/** Ellis (2007) dynamic-programming beat tracker over the onset envelope; beat frames ascending. */
export function trackBeats(env: Float32Array, period: number, tightness = 100): number[] {
  const n = env.length;
  if (!n || period <= 0) return [];
  // Local score: the envelope normalised by its standard deviation, smoothed by a Gaussian of period/32.
  let mean = 0;
  for (const v of env) mean += v;
  mean /= n;
  let sd = 0;
  for (const v of env) sd += (v - mean) ** 2;
  sd = Math.sqrt(sd / n) || 1;
  const half = Math.max(1, Math.round(period / 8));
  const kernel: number[] = [];
  for (let i = -half; i <= half; i++) kernel.push(Math.exp(-0.5 * ((i * 32) / period) ** 2));
  const local = new Float64Array(n);
  for (let t = 0; t < n; t++) {
    let s = 0;
    for (let i = -half; i <= half; i++) {
      const j = t + i;
      if (j >= 0 && j < n) s += (env[j] / sd) * kernel[i + half];
    }
    local[t] = s;
  }
  const score = new Float64Array(n);
  const back = new Int32Array(n).fill(-1);
  const lo = Math.round(period / 2);
  const hi = Math.round(2 * period);
  let maxLocal = 0;
  for (const v of local) maxLocal = Math.max(maxLocal, v);
  let started = false;
  for (let t = 0; t < n; t++) {
    let best = -Infinity;
    let arg = -1;
    for (let tau = t - hi; tau <= t - lo; tau++) {
      if (tau < 0) continue;
      const v = score[tau] - tightness * Math.log((t - tau) / period) ** 2;
      if (v > best) {
        best = v;
        arg = tau;
      }
    }
    // Until the first real onset nothing is chained, and a chain that would only lose score is not
    // extended: the frame starts a new beat track (as it would after silence or a tempo change).
    if (!started && local[t] > 0.01 * maxLocal) started = true;
    if (arg >= 0 && started && best > 0) {
      score[t] = local[t] + best;
      back[t] = arg;
    } else score[t] = local[t];
  }
  // The last beat: the best cumulative score within the final period.
  let end = n - 1;
  let endVal = -Infinity;
  for (let t = Math.max(0, n - Math.ceil(period)); t < n; t++) {
    if (score[t] > endVal) {
      endVal = score[t];
      end = t;
    }
  }
  const beats: number[] = [];
  for (let t = end; t >= 0; t = back[t]) {
    beats.push(t);
    if (back[t] < 0) break;
  }
  beats.reverse();
  // Drop leading and trailing beats on weak frames (silence before the music starts or after it ends).
  let rms = 0;
  for (const v of local) rms += v * v;
  rms = Math.sqrt(rms / n);
  let a = 0;
  let b = beats.length;
  while (a < b && local[beats[a]] < 0.5 * rms) a++;
  while (b > a && local[beats[b - 1]] < 0.5 * rms) b--;
  return beats.slice(a, b);
}

/** Beats and tempo of PCM samples (mono, 22050 Hz). */
export function analyseBeats(samples: Float32Array, signal?: AbortSignal): BeatAnalysis {
  let energy = 0;
  for (let i = 0; i < samples.length; i++) energy += samples[i] * samples[i];
  if (!samples.length || Math.sqrt(energy / samples.length) < 1e-4) return { beats: [], bpm: 0 };
  // Silence before the start, so an onset at 0 s enters the analysis windows like any other.
  const x = new Float32Array(PAD + samples.length);
  x.set(samples, PAD);
  const padSeconds = PAD / BEAT_SAMPLE_RATE;
  const flux = spectralFlux(x, signal);
  const onsetFrames = pickOnsets(flux);
  if (onsetFrames.length < 2) return { beats: [], bpm: 0 };
  const onsets = onsetFrames.map((k) => refineOnset(x, k));
  const mean = movingMean(flux, Math.round(0.5 * FRAME_RATE));
  const env = new Float32Array(flux.length);
  for (let k = 0; k < flux.length; k++) env[k] = Math.max(0, flux[k] - mean[k]);
  const period = estimatePeriod(env);
  if (period <= 0) return { beats: [], bpm: 0 };
  const frames = trackBeats(env, period);
  // Frame k's flux peak: where it lies relative to the onset it reports, learnt from the detected onsets.
  const lag = median(onsetFrames.map((k, i) => k / FRAME_RATE - onsets[i]));
  const beats: number[] = [];
  let j = 0;
  for (const f of frames) {
    const t = f / FRAME_RATE - lag;
    while (j + 1 < onsets.length && Math.abs(onsets[j + 1] - t) <= Math.abs(onsets[j] - t)) j++;
    const snapped = (Math.abs(onsets[j] - t) <= 0.05 ? onsets[j] : t) - padSeconds;
    if (snapped > -0.01 && (!beats.length || snapped > beats[beats.length - 1] + 0.01)) beats.push(Math.max(0, snapped));
  }
  return { beats: beats.map((b) => Math.round(b * 10000) / 10000), bpm: Math.round(tempoOf(beats, period / FRAME_RATE) * 100) / 100 };
}

function median(a: number[]): number {
  if (!a.length) return 0;
  const s = [...a].sort((p, q) => p - q);
  return s[s.length >> 1];
}

/** bpm from the least-squares slope of beat times against their index on a grid of `period` seconds. */
function tempoOf(beats: number[], period: number): number {
  if (beats.length < 2) return period > 0 ? 60 / period : 0;
  const idx = beats.map((b) => Math.round((b - beats[0]) / period));
  const n = beats.length;
  const mx = idx.reduce((s, v) => s + v, 0) / n;
  const my = beats.reduce((s, v) => s + v, 0) / n;
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    num += (idx[i] - mx) * (beats[i] - my);
    den += (idx[i] - mx) ** 2;
  }
  const slope = den > 0 ? num / den : period;
  return slope > 0 ? 60 / slope : 0;
}

/** Beats and tempo of an audio file. Aborting kills ffmpeg (AbortError). */
export async function detectBeats(path: string, opts: DetectBeatsOptions = {}): Promise<BeatAnalysis> {
  const loopTo = opts.loopTo !== undefined && Number.isFinite(opts.loopTo) && opts.loopTo > 0 ? opts.loopTo : undefined;
  const maxDuration = Math.min(opts.maxDuration ?? 600, loopTo ?? Infinity);
  const x = await decodeMono(path, { ...opts, maxDuration });
  if (opts.signal?.aborted) throw abortError();
  const r = analyseBeats(x, opts.signal);
  // A pass of the loop is as long as the mixer makes it: the decoded audio, cut at the container's duration
  // (AAC and Vorbis decode a few ms of encoder padding past it).
  let length = x.length / BEAT_SAMPLE_RATE;
  if (loopTo && r.beats.length && length < loopTo - 1e-3) {
    const declared = await audioSourceDuration(path, { ffprobePath: opts.ffprobePath, signal: opts.signal }).catch((e: Error) => {
      // The file decoded; without a usable ffprobe the decoded length stands.
      if (e.name === 'AbortError') throw e;
      return NaN;
    });
    if (declared < length) length = declared;
  }
  if (!loopTo || !r.beats.length || length >= loopTo - 1e-3 || length <= 0) return r;
  return { bpm: r.bpm, beats: tileBeats(r.beats, length, loopTo) };
}

/** Beats of a source of `length` seconds looped over `total` seconds (one beat kept where two meet at a seam). */
export function tileBeats(beats: number[], length: number, total: number): number[] {
  const out: number[] = [];
  for (let pass = 0; pass * length < total; pass++) {
    for (const b of beats) {
      const t = Math.round((b + pass * length) * 10000) / 10000;
      if (t >= total) break;
      if (out.length && t - out[out.length - 1] < 0.05) continue;
      out.push(t);
    }
  }
  return out;
}

/**
 * Moves scene cuts (scene start times, ascending; cuts[0] stays where it is, normally 0) to the nearest beat,
 * working in whole frames of `o.fps`:
 * - order is kept and cuts stay at least one frame apart;
 * - no scene becomes shorter than `o.minScene` (nor than it already was, when the spec made it shorter),
 *   the last one included (up to `o.total`), and every cut leaves room for the scenes after it;
 * - a cut with no beat inside those bounds keeps its time (moved only as far as the bounds demand when
 *   an earlier cut moved past it).
 * Returns times of whole frames (k / fps).
 */
export function snapCuts(cuts: number[], beats: number[], o: { minScene: number; total: number; fps: number }): number[] {
  const fps = o.fps;
  if (!(fps > 0) || !Number.isFinite(fps)) throw new RangeError('fps must be > 0');
  if (!cuts.length) return [];
  const toF = (t: number) => Math.round(t * fps);
  const orig = cuts.map(toF);
  const totalF = toF(o.total);
  const minF = Math.max(1, Math.ceil(o.minScene * fps - 1e-6));
  const n = orig.length;
  // Shortest each scene may become: minScene, or its own length when the spec made it shorter; ≥ 1 frame.
  const lens = orig.map((c, i) => (i + 1 < n ? orig[i + 1] : totalF) - c);
  const mins = lens.map((l) => Math.max(1, Math.min(minF, l)));
  const tail = new Array<number>(n + 1).fill(0);
  for (let i = n - 1; i >= 0; i--) tail[i] = tail[i + 1] + mins[i];
  const beatF = [...new Set(beats.filter((b) => Number.isFinite(b)).map(toF))].sort((a, b) => a - b);
  const out = [orig[0]];
  for (let i = 1; i < n; i++) {
    const lo = out[i - 1] + mins[i - 1];
    const hi = Math.max(lo, totalF - tail[i]);
    let best = -1;
    for (const b of beatF) {
      if (b < lo || b > hi) continue;
      if (best < 0 || Math.abs(b - orig[i]) < Math.abs(best - orig[i])) best = b;
    }
    out.push(best >= 0 ? best : Math.min(Math.max(orig[i], lo), hi));
  }
  return out.map((f) => f / fps);
}
