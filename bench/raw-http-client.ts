import net from 'node:net';

/** What a benchmark reads of an answer: its status, its head (status line and headers, unparsed) and body. */
export interface RawAnswer {
  status: number;
  head: string;
  body: string;
}

const HEADER_END = Buffer.from('\r\n\r\n');

/** How long a request may wait for its answer before the run fails. */
const ANSWER_LIMIT_MS = 10_000;

/**
 * One keep-alive HTTP/1.1 connection that sends one request at a time and reads answers framed by
 * Content-Length (what the server sends for JSON). It costs a fraction of node:http's client per request;
 * the load generator shares the two cores with the server under test, so every microsecond it spends is
 * taken from the server's figure.
 */
class RawConnection {
  private readonly socket: net.Socket;
  private buffered: Buffer = Buffer.alloc(0);
  private waiting: { resolve: (answer: RawAnswer) => void; reject: (error: Error) => void } | null = null;
  private readonly ready: Promise<void>;

  constructor(host: string, port: number, localAddress?: string) {
    this.socket = net.connect({ host, port, noDelay: true, localAddress });
    this.ready = new Promise((resolve, reject) => {
      this.socket.once('connect', () => resolve());
      this.socket.once('error', reject);
    });
    this.socket.on('data', (chunk: Buffer) => {
      this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk]);
      this.takeAnswer();
    });
    this.socket.on('error', (error) => this.fail(error));
    this.socket.on('close', () => {
      this.closed = true;
      this.fail(new Error('connection closed'));
    });
  }

  /**
   * Whether the connection has closed (the server ends a keep-alive connection left idle past its timeout:
   * node:http's is 5 s). A closed one is never used again: a request written to it would wait for ever.
   */
  closed = false;

  /** When the request waiting for its answer was sent (performance.now()), for the pool's watchdog. */
  sentAt = 0;

  async send(request: string): Promise<RawAnswer> {
    await this.ready;
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.sentAt = performance.now();
      this.socket.write(request);
    });
  }

  /** Fails the request in flight when its answer is overdue (see the pool's watchdog). */
  failIfOverdue(now: number, limitMs: number): void {
    if (this.waiting && now - this.sentAt > limitMs) {
      this.socket.destroy(new Error(`no answer within ${limitMs / 1000} s`));
    }
  }

  close(): void {
    this.socket.destroy();
  }

  private fail(error: Error): void {
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.reject(error);
  }

  private takeAnswer(): void {
    if (!this.waiting) return;
    const headerEnd = this.buffered.indexOf(HEADER_END);
    if (headerEnd === -1) return;
    const head = this.buffered.toString('latin1', 0, headerEnd);
    const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
    if (!length) {
      this.fail(new Error(`answer without content-length: ${head.split('\r\n')[0]}`));
      return;
    }
    const bodyStart = headerEnd + HEADER_END.length;
    const bodyEnd = bodyStart + Number(length[1]);
    if (this.buffered.length < bodyEnd) return;
    const answer = {
      status: Number(head.slice(9, 12)),
      head,
      body: this.buffered.toString('utf8', bodyStart, bodyEnd),
    };
    this.buffered = this.buffered.subarray(bodyEnd);
    const waiting = this.waiting;
    this.waiting = null;
    waiting.resolve(answer);
  }
}

/**
 * A pool of raw keep-alive connections for GETs and JSON POSTs, one per request in flight (at most
 * `maxConnections`). A request takes an idle connection (or opens one) and gives it back when its answer
 * has been read. `localAddress` is the address its connections come from (a loopback one such as
 * 127.0.0.2 stands for another client address).
 */
export function createRawJsonClient(
  baseUrl: string,
  options: { maxConnections?: number; localAddress?: string } = {},
) {
  const url = new URL(baseUrl);
  const port = Number(url.port);
  const maxConnections = options.maxConnections ?? 64;
  const idle: RawConnection[] = [];
  const all: RawConnection[] = [];
  // Requests beyond maxConnections wait for a connection to come back.
  const queued: Array<(connection: RawConnection) => void> = [];
  const take = (): Promise<RawConnection> => {
    let connection = idle.pop();
    while (connection?.closed) {
      all.splice(all.indexOf(connection), 1);
      connection = idle.pop();
    }
    if (connection) return Promise.resolve(connection);
    if (all.length < maxConnections) {
      const opened = new RawConnection(url.hostname, port, options.localAddress);
      all.push(opened);
      return Promise.resolve(opened);
    }
    return new Promise((resolve) => queued.push(resolve));
  };
  const give = (connection: RawConnection) => {
    const next = queued.shift();
    if (next) next(connection);
    else idle.push(connection);
  };
  // A benchmark must end: an answer that takes ten seconds fails the run. One watchdog for the pool
  // rather than a timer set and cleared per request, which the load generator paid on every request.
  const watchdog = setInterval(() => {
    const now = performance.now();
    for (const connection of all) connection.failIfOverdue(now, ANSWER_LIMIT_MS);
  }, 1000);
  watchdog.unref();
  const send = async (request: string): Promise<RawAnswer> => {
    const connection = await take();
    const answer = await connection.send(request);
    give(connection);
    return answer;
  };
  const headLines = (headers: Record<string, string>) => {
    let lines = '';
    for (const name in headers) lines += `${name}: ${headers[name]}\r\n`;
    return lines;
  };
  return {
    post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<RawAnswer> {
      const payload = JSON.stringify(body);
      return send(
        `POST ${path} HTTP/1.1\r\nhost: ${url.host}\r\ncontent-type: application/json\r\n` +
          `content-length: ${Buffer.byteLength(payload)}\r\n${headLines(headers)}\r\n${payload}`,
      );
    },
    get(path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
      return send(`GET ${path} HTTP/1.1\r\nhost: ${url.host}\r\n${headLines(headers)}\r\n`);
    },
    close(): void {
      clearInterval(watchdog);
      for (const connection of all) connection.close();
    },
  };
}
