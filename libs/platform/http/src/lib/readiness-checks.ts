import { Injectable } from '@nestjs/common';

export interface ReadinessProblem {
  /** In general terms: the probe is public (the details go to the log where the problem is found). */
  error: string;
}

/**
 * Checks a service adds to `GET /readyz` besides the database and the queue, e.g. creative's worker threads
 * (not ready while a terminated render thread keeps running). A check answers null when all is well.
 */
@Injectable()
export class ReadinessChecks {
  private readonly checks = new Map<string, () => ReadinessProblem | null>();

  register(name: string, check: () => ReadinessProblem | null): void {
    this.checks.set(name, check);
  }

  /** The problems of the registered checks now, by name (empty: ready). */
  problems(): Record<string, ReadinessProblem> {
    const out: Record<string, ReadinessProblem> = {};
    for (const [name, check] of this.checks) {
      const p = check();
      if (p) out[name] = p;
    }
    return out;
  }
}
