import type { FastifyBaseLogger } from 'fastify';

const MB = 1024 * 1024;

/**
 * At LOG_LEVEL=debug, logs the process's memory every `everyMs` (a `memory` line, in MB): resident set,
 * the JavaScript heap, and `external` with its `arrayBuffers`, where the embedded database's WebAssembly
 * memory and Node.js buffers are counted (`npm run bench:memory` reads these lines). Answers the stop.
 */
export function logMemory(log: FastifyBaseLogger, everyMs = 10_000): () => void {
  if (log.level !== 'debug' && log.level !== 'trace') return () => undefined;
  const write = () => {
    const usage = process.memoryUsage();
    const mb = (bytes: number) => Math.round(bytes / MB);
    log.debug(
      {
        rssMb: mb(usage.rss),
        heapUsedMb: mb(usage.heapUsed),
        heapTotalMb: mb(usage.heapTotal),
        externalMb: mb(usage.external),
        arrayBuffersMb: mb(usage.arrayBuffers),
      },
      'memory',
    );
  };
  write();
  const timer = setInterval(write, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
