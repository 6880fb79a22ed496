import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createRequire } from 'node:module';

const requireHere = createRequire(__filename);

/** ffmpeg from the option, else `@ffmpeg-installer/ffmpeg` (its binary ships in the npm package). */
export function ffmpegBinary(path?: string): string {
  return path || (requireHere('@ffmpeg-installer/ffmpeg') as { path: string }).path;
}

/** ffprobe from the option, else `@ffprobe-installer/ffprobe`. */
export function ffprobeBinary(path?: string): string {
  return path || (requireHere('@ffprobe-installer/ffprobe') as { path: string }).path;
}

/** The error of an aborted run: `name` is 'AbortError', as with fetch. */
export function abortError(): Error {
  return Object.assign(new Error('The operation was aborted'), { name: 'AbortError' });
}

export class FfmpegError extends Error {
  constructor(
    message: string,
    readonly code: number | null,
    readonly stderr: string,
  ) {
    super(message);
    this.name = 'FfmpegError';
  }
}

export interface SpawnOptions {
  signal?: AbortSignal;
  /** Keep at most this many bytes of stderr's tail for error messages (default 16 KiB). */
  stderrTail?: number;
}

export interface RunningProcess {
  child: ChildProcessWithoutNullStreams;
  /** Resolves with stdout's bytes when the process exits with 0; rejects with FfmpegError or an AbortError. */
  done: Promise<Buffer>;
}

/**
 * Spawns ffmpeg or ffprobe. Aborting the signal kills the process (SIGKILL: nothing of its output is
 * wanted) and `done` rejects with an AbortError. stdout is collected (use it for small outputs:
 * ffprobe's JSON, decoded PCM of a short clip); write large outputs to files.
 */
export function spawnMedia(binary: string, args: string[], opts: SpawnOptions = {}): RunningProcess {
  const child = spawn(binary, args, { stdio: ['pipe', 'pipe', 'pipe'] });
  const tail = opts.stderrTail ?? 16 * 1024;
  const out: Buffer[] = [];
  let err = '';
  child.stdout.on('data', (b: Buffer) => out.push(b));
  child.stderr.on('data', (b: Buffer) => {
    err += b.toString('utf8');
    if (err.length > tail * 2) err = err.slice(-tail);
  });
  // A closed stdin (ffmpeg exited early) must not become an uncaught EPIPE.
  child.stdin.on('error', () => undefined);
  const done = new Promise<Buffer>((resolve, reject) => {
    let aborted = false;
    const onAbort = () => {
      aborted = true;
      child.kill('SIGKILL');
    };
    if (opts.signal?.aborted) onAbort();
    else opts.signal?.addEventListener('abort', onAbort, { once: true });
    child.on('error', (e) => {
      opts.signal?.removeEventListener('abort', onAbort);
      reject(e);
    });
    child.on('close', (code, sig) => {
      opts.signal?.removeEventListener('abort', onAbort);
      if (aborted) return reject(abortError());
      if (code === 0) return resolve(Buffer.concat(out));
      const last = err.trim().split('\n').slice(-3).join(' | ');
      reject(new FfmpegError(`${binary.split('/').pop()} exited with ${code ?? sig}: ${last}`, code, err.slice(-tail)));
    });
  });
  return { child, done };
}

/** Runs a command to its end (stdin closed at once). */
export function runMedia(binary: string, args: string[], opts: SpawnOptions = {}): Promise<Buffer> {
  const p = spawnMedia(binary, args, opts);
  p.child.stdin.end();
  return p.done;
}

export interface ProbeStream {
  index: number;
  codec_type: 'video' | 'audio' | string;
  codec_name: string;
  pix_fmt?: string;
  width?: number;
  height?: number;
  r_frame_rate?: string;
  avg_frame_rate?: string;
  nb_frames?: string;
  duration?: string;
  sample_rate?: string;
  channels?: number;
}

export interface ProbeResult {
  format: { format_name: string; duration?: string; size?: string; bit_rate?: string };
  streams: ProbeStream[];
}

/** ffprobe's JSON description of a media file (format and streams). */
export async function probeMedia(path: string, opts: { ffprobePath?: string; signal?: AbortSignal; countFrames?: boolean } = {}): Promise<ProbeResult> {
  const args = ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams'];
  if (opts.countFrames) args.push('-count_frames');
  const out = await runMedia(ffprobeBinary(opts.ffprobePath), [...args, path], { signal: opts.signal });
  return JSON.parse(out.toString('utf8')) as ProbeResult;
}

/** `30000/1001` → 29.97. */
export function frameRate(rate: string | undefined): number {
  if (!rate) return 0;
  const [n, d] = rate.split('/').map(Number);
  return d ? n / d : n;
}
