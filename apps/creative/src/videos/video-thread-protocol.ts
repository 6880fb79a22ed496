import type { LoadedSceneSource, RenderVideoResult, SceneSpec, VideoProgress, VideoSpec } from '@platform/creative-video';
import type { MessagePort } from 'node:worker_threads';

/**
 * Messages between the service and the thread a video renders in (`video-thread.ts`, `video.worker.ts`), on a
 * port of the task's own. Everything is structured-cloned; a scene source that is loaded lazily stays with the
 * service (it reads the database and storage) and the thread asks for it by scene index when it first draws it.
 */

/** A lazy scene source, as the thread sees it: loaded by the service on request. */
export interface RemoteSceneSource {
  kind: 'remote';
  scene: number;
  looks?: 'ir' | 'image' | 'procedural';
}

export type ThreadSceneSpec = Omit<SceneSpec, 'source'> & { source: Exclude<SceneSpec['source'], { kind: 'lazy' }> | RemoteSceneSource };

/** A video task of the pool: the spec and options, and the port the task talks to the service on. */
export interface VideoThreadTask {
  spec: Omit<VideoSpec, 'scenes'> & { scenes: ThreadSceneSpec[] };
  workDir: string;
  ffmpegPath?: string;
  ffprobePath?: string;
  port: MessagePort;
  /**
   * Two Int32 words: [0] the service sets to 1 when the video is aborted (the `abort` message on the port only arrives
   * when the thread's event loop runs, which it does not while it rasterizes a heavy scene; the drawing reads this word
   * between chunks, `RenderVideoOptions.stop`); [1] the thread sets to its threadId + 1 when it starts.
   */
  stop: SharedArrayBuffer;
}

/** What the thread reports of an error: enough to rebuild the library's error classes on the other side. */
export interface ThreadError {
  name: string;
  message: string;
  stack?: string;
  /** VideoSpecError */
  issues?: unknown;
  /** FfmpegError */
  code?: number | null;
  stderr?: string;
  /** The load of this request failed on the service's side: its own error is the one to throw. */
  load?: number;
}

export type ToThread = { t: 'abort' } | { t: 'loaded'; id: number; source: LoadedSceneSource } | { t: 'load-failed'; id: number };

export type FromThread = { t: 'load'; id: number; scene: number } | { t: 'progress'; progress: VideoProgress };

/** What a task answers (errors as data: piscina would keep only their message). */
export type VideoThreadOutcome = { ok: true; result: RenderVideoResult } | { ok: false; error: ThreadError };
