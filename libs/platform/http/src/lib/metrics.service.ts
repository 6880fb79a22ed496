import { Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

/** Prometheus metrics of one application (its own registry, so tests can run several apps). */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();
  private readonly requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests by method, route and status',
    labelNames: ['method', 'route', 'status'],
    registers: [this.registry],
  });
  private readonly duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by method and route',
    labelNames: ['method', 'route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  /**
   * Starts timing one request; the function it answers records the request (count and duration) once it has
   * finished. HTTP-free: the express middleware (`metricsMiddleware`) says what the method, route and status were.
   */
  startRequest(): (done: { method: string; route: string; status: number }) => void {
    const end = this.duration.startTimer();
    return ({ method, route, status }) => {
      this.requests.inc({ method, route, status: String(status) });
      end({ method, route });
    };
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }
}
