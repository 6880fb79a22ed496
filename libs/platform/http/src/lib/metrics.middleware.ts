import type { NextFunction, Request, Response } from 'express';
import type { MetricsService } from './metrics.service';

/** The express side of the request metrics: times every request and records its route (as routed) and status. */
export function metricsMiddleware(metrics: MetricsService) {
  return (req: Request, res: Response, next: NextFunction) => {
    const done = metrics.startRequest();
    res.on('finish', () => {
      const route = req.route?.path ? `${req.baseUrl ?? ''}${req.route.path}` : 'unmatched';
      done({ method: req.method, route, status: res.statusCode });
    });
    next();
  };
}
