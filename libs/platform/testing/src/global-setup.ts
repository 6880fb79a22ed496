import { detectTestServices } from './lib/test-services';

/**
 * Once per run: find a real PostgreSQL (TEST_DATABASE_URL, or the machine's on 127.0.0.1:5432,
 * or an embedded one started here) and a Redis (TEST_REDIS_URL or 127.0.0.1:6379, if any).
 * The test workers are forked after this and inherit the variables.
 */
export default async function setup() {
  const services = await detectTestServices();
  process.env.TEST_DATABASE_URL = services.databaseUrl;
  if (services.redisUrl) process.env.TEST_REDIS_URL = services.redisUrl;
  else delete process.env.TEST_REDIS_URL;
  process.stdout.write(
    `test services: PostgreSQL ${services.databaseSource}, Redis ${services.redisUrl ?? 'none (inline queue)'}\n`,
  );
  return async () => {
    await services.stop();
  };
}
