import { initCreativeIr } from '@platform/creative-ir';
import { FfmpegError, renderVideo, VideoSpecError, type LoadedSceneSource, type SceneSpec } from '@platform/creative-video';
import { threadId } from 'node:worker_threads';
import { reportThreadMemory } from '../common/thread-memory-report';
import type { FromThread, ThreadError, ToThread, VideoThreadOutcome, VideoThreadTask } from './video-thread-protocol';

/**
 * A thread videos render in (piscina; its own webpack entry, `video-worker.js`; see `VideoThreads`).
 * Every frame is read back from the canvas into a new buffer, and V8 starts a full garbage collection
 * each time such external memory has grown enough (every few frames): here that marks this thread's small
 * heap, not the service's (figures: docs/performance.md). Yoga and the bundled fonts are loaded
 * once per thread; threads stay for the next video until idle. Scenes loaded lazily are asked of the
 * service by index, on the task's port.
 */
const ready = initCreativeIr();
reportThreadMemory('video');

function describe(e: unknown): ThreadError {
  const err = e instanceof Error ? e : new Error(String(e));
  const out: ThreadError = { name: err.name, message: err.message, stack: err.stack };
  if (err instanceof VideoSpecError) out.issues = err.issues;
  if (err instanceof FfmpegError) Object.assign(out, { code: err.code, stderr: err.stderr });
  const id = (err as { load?: unknown }).load;
  if (typeof id === 'number') out.load = id;
  return out;
}

export default async function videoWorker(task: VideoThreadTask): Promise<VideoThreadOutcome> {
  const { port } = task;
  const abort = new AbortController();
  const loads = new Map<number, { resolve: (s: LoadedSceneSource) => void; reject: (e: Error) => void }>();
  let nextLoad = 0;
  const send = (m: FromThread) => port.postMessage(m);
  port.on('message', (m: ToThread) => {
    if (m.t === 'abort') return abort.abort();
    const pending = loads.get(m.id);
    loads.delete(m.id);
    if (m.t === 'loaded') pending?.resolve(m.source);
    else pending?.reject(Object.assign(new Error('the scene could not be loaded'), { load: m.id }));
  });
  const load = (scene: number) =>
    new Promise<LoadedSceneSource>((resolve, reject) => {
      const id = nextLoad++;
      loads.set(id, { resolve, reject });
      send({ t: 'load', id, scene });
    });
  try {
    await ready;
    const scenes: SceneSpec[] = task.spec.scenes.map((s) => {
      if (s.source.kind !== 'remote') return s as SceneSpec;
      const { scene, looks } = s.source;
      return { ...s, source: { kind: 'lazy', looks, load: () => load(scene) } };
    });
    const stopWord = new Int32Array(task.stop);
    Atomics.store(stopWord, 1, threadId + 1);
    const result = await renderVideo(
      { ...task.spec, scenes },
      {
        workDir: task.workDir,
        ffmpegPath: task.ffmpegPath,
        ffprobePath: task.ffprobePath,
        signal: abort.signal,
        stop: () => Atomics.load(stopWord, 0) !== 0,
        onProgress: (progress) => send({ t: 'progress', progress }),
      },
    );
    return { ok: true, result };
  } catch (e) {
    return { ok: false, error: describe(e) };
  } finally {
    port.close();
  }
}
