import { Inject, Module, OnModuleInit } from '@nestjs/common';
import { APP_CONFIG } from '@platform/config';
import { ffmpegBinary, spawnMedia } from '@platform/creative-video';
import type { ServiceDefinition } from '@platform/http';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { AppModule } from '../../app.module';
import { ArtifactsModule } from '../../artifacts/artifacts.module';
import { ArtifactsService } from '../../artifacts/artifacts.service';
import type { CreativeConfig } from '../../config';
import { JobHandlers } from '../job-handlers';
import { JobFailure, type JobContext, type JobHandler, type JobOutcome } from '../job-types';
import { JobsModule } from '../jobs.module';

/** What the test handler was asked to do (the job's request). */
export interface TestRequest {
  /** Seconds of a testsrc video, encoded in real time (`-re`), so a cancel lands mid-encode. */
  seconds: number;
  /** Fail the first N attempts with a JobFailure `test_failure`. */
  fail_attempts?: number;
  /** Throw a plain error (recorded as internal_error). */
  crash?: boolean;
}

/** The ffmpeg process and work directory of each attempt in this process, for the tests to inspect. */
export const testRuns = new Map<string, { pid: number; workDir: string; attempt: number }>();

/**
 * The `animate` handler of the jobs tests: real work through ffmpeg (a testsrc clip into the
 * attempt's workDir, stored as an artifact), progress from ffmpeg's own `-progress` report.
 */
export class TestAnimateHandler implements JobHandler {
  readonly kind = 'animate' as const;

  constructor(
    private readonly artifacts: ArtifactsService,
    private readonly config: CreativeConfig,
  ) {}

  async run(ctx: JobContext): Promise<JobOutcome> {
    const req = ctx.request as unknown as TestRequest;
    if (req.crash) throw new Error('the test handler crashed (this message must not reach the client)');
    if (ctx.attempt <= (req.fail_attempts ?? 0)) throw new JobFailure('test_failure', `attempt ${ctx.attempt} fails on purpose`);
    const fps = 10;
    const total = Math.round(req.seconds * fps);
    const out = join(ctx.workDir, 'clip.mp4');
    const args = ['-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', `testsrc=size=160x120:rate=${fps}`, '-t', String(req.seconds)];
    const run = spawnMedia(
      ffmpegBinary(this.config.media.ffmpegPath),
      [...args, '-pix_fmt', 'yuv420p', '-c:v', 'libx264', '-preset', 'ultrafast', '-progress', 'pipe:1', '-y', out],
      { signal: ctx.signal },
    );
    run.child.stdin.end();
    testRuns.set(ctx.jobId, { pid: run.child.pid!, workDir: ctx.workDir, attempt: ctx.attempt });
    run.child.stdout.on('data', (b: Buffer) => {
      const frames = /frame=(\d+)/g;
      let m: RegExpExecArray | null;
      let last = -1;
      while ((m = frames.exec(b.toString('utf8')))) last = Number(m[1]);
      if (last >= 0) ctx.progress(Math.min(0.99, last / total), { done: last, total });
    });
    await run.done;
    const stored = await this.artifacts.store(ctx.accountId, {
      data: { path: out },
      kind: 'video',
      mime: 'video/mp4',
      filename: 'clip.mp4',
      width: 160,
      height: 120,
      duration: req.seconds,
      source: { jobId: ctx.jobId },
    });
    return { artifacts: [{ artifact_id: stored.id, role: 'mp4' }], result: { frames: total, bytes: statSync(out).size, attempt: ctx.attempt } };
  }
}

@Module({ imports: [JobsModule, ArtifactsModule] })
class TestHandlerModule implements OnModuleInit {
  constructor(
    private readonly handlers: JobHandlers,
    private readonly artifacts: ArtifactsService,
    @Inject(APP_CONFIG) private readonly config: CreativeConfig,
  ) {}

  onModuleInit(): void {
    this.handlers.override(new TestAnimateHandler(this.artifacts, this.config));
  }
}

/** The creative service with the test handler registered (the test app and the worker processes of the kill test). */
export function withTestHandler(def: ServiceDefinition<CreativeConfig>): ServiceDefinition<CreativeConfig> {
  return {
    ...def,
    appModule: (config) => ({ module: class TestRoot {}, imports: [AppModule.forRoot(config), TestHandlerModule] }),
  };
}
