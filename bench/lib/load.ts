// The load generator, run as a process of its own so that it does not share the
// server's event loop: autocannon with the options given as JSON in argv[2], and
// the result printed as JSON with the CPU milliseconds the load itself took. With
// several URLs, connection i loads urls[i % n] only, as n clients each working on
// their own resource would.
import autocannon from 'autocannon';

export interface LoadOptions {
  urls: string[];
  connections: number;
  seconds: number;
  method: 'GET' | 'PUT';
  headers: Record<string, string>;
  body?: string;
}

const options = JSON.parse(process.argv[2] ?? '{}') as LoadOptions;
let connection = 0;
const result = await autocannon({
  url: options.urls[0]!,
  connections: options.connections,
  duration: options.seconds,
  method: options.method,
  headers: options.headers,
  ...(options.body === undefined ? {} : { body: options.body }),
  setupClient(client) {
    const url = new URL(options.urls[connection++ % options.urls.length]!);
    client.setRequests([
      {
        method: options.method,
        path: url.pathname + url.search,
        headers: options.headers,
        ...(options.body === undefined ? {} : { body: options.body }),
      },
    ]);
  },
});
const used = process.cpuUsage();
process.stdout.write(JSON.stringify({ ...result, cpuMs: (used.user + used.system) / 1000 }));
