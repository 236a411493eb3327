import http from 'node:http';

// A GET through node:http on kept-alive sockets, for load loops. The benchmark
// shares the machine's cores with the server it measures: the global fetch
// (undici's streams and WHATWG bodies) spends several times the client CPU of
// a plain request, which the server then lacks. The bare SQL side is driven by
// the pg driver, as lean; both sides read their whole answer.

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

export interface Answer {
  status: number;
  body: string;
}

export function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/** Closes the kept sockets (the process can end). */
export const closeSockets = () => agent.destroy();
