import IORedis, { RedisOptions } from 'ioredis';

/** ioredis options from a redis:// or rediss:// URL (BullMQ needs maxRetriesPerRequest: null). */
export function redisOptionsFromUrl(url: string): RedisOptions {
  const u = new URL(url);
  const db = u.pathname && u.pathname !== '/' ? Number(u.pathname.slice(1)) : 0;
  return {
    host: u.hostname,
    port: u.port ? Number(u.port) : 6379,
    username: u.username ? decodeURIComponent(u.username) : undefined,
    password: u.password ? decodeURIComponent(u.password) : undefined,
    db: Number.isFinite(db) ? db : 0,
    tls: u.protocol === 'rediss:' ? {} : undefined,
    maxRetriesPerRequest: null,
    enableOfflineQueue: true,
  };
}

export function createRedisClient(url: string, name: string): IORedis {
  return new IORedis({ ...redisOptionsFromUrl(url), connectionName: name, lazyConnect: false });
}
