/**
 * The authenticated read the client makes most, `GET /api/account/current`, sent as the client sends it
 * (signed with a fresh nonce, Accept-Language, the session cookies) at 10 keep-alive connections against
 * the bundled server (own process, SQLite). In the same run a bare node:http server, in its own process,
 * answers the same bytes: its rate is the machine's floor, and ours over it is what the stack costs. The
 * two are measured in alternating rounds (alternating-rounds.ts) and the ratio is the rounds' median. Then
 * the same read while 8 more connections flood correct sign-ins: a flood must queue, not starve reads.
 */
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { bundleServer } from '../scripts/bundle-server.mjs';
import { startServerProcess } from '../tests/helpers/server-process';
import {
  type BenchResponse,
  cookieHeader,
  createJsonClient,
  machineLoad,
  percentile,
  report,
  round,
  runForDuration,
  signedHeaders,
  timedPhase,
  warmUp,
} from './bench-utils';
import { alternatingRounds } from './alternating-rounds';
import { startBareFloor } from './bare-server';

const READ_CONNECTIONS = 10;
const FLOOD_CONNECTIONS = 8;
const WARM_UP_MS = Number(process.env.BENCH_WARM_UP_MS ?? 1000);
/** Reads (and bare answers) before a timed phase, however long they take (see warmUp). */
const WARM_UP_READS = Number(process.env.BENCH_WARM_UP_READS ?? 5000);
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 5000);
/** Alternating rounds of ours and bare (odd, so the median is one round's ratio), each phase ROUND_MS. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9);
const ROUND_MS = Number(process.env.BENCH_ROUND_MS ?? 1000);
const READ_PATH = '/api/account/current';
/** What a desktop Chrome adds to every API call besides the signing headers and cookies. */
const BROWSER_HEADERS = {
  accept: 'application/json, text/plain, */*',
  'accept-language': 'zh-CN',
  'user-agent':
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
};

/** Nonce rows in the server's database: reads must not add any. */
function nonceRows(dataDir: string): number {
  const sqlite = new Database(path.join(dataDir, 'portal.sqlite'), { readonly: true });
  try {
    return (sqlite.prepare('select count(*) as n from request_nonces').get() as { n: number }).n;
  } finally {
    sqlite.close();
  }
}

async function main() {
  await bundleServer();
  // A new bundle's first start writes V8's code cache of it 10 s in (scripts/server-launcher.mjs): half a
  // second of blocking that fell into or beside the timed phases, as no later start pays it. One start and
  // stop first (the cache is written at exit), so the phases measure the server as every later start runs.
  await (await startServerProcess()).stop();
  const server = await startServerProcess();
  try {
    const { account, password } = server.admin;
    const signInBody = { account, password, agreed: true };
    const setup = createJsonClient(server.url);
    const signedIn = await setup.post('/api/account/loginV2', signInBody, signedHeaders());
    if (signedIn.status !== 200) throw new Error(`sign-in answered ${signedIn.status}: ${signedIn.body}`);
    const cookie = cookieHeader(signedIn);
    setup.close();

    const reads = createJsonClient(server.url, { maxSockets: READ_CONNECTIONS });
    let sample: BenchResponse | null = null;
    const read = async () => {
      const response = await reads.get(READ_PATH, { ...BROWSER_HEADERS, ...signedHeaders(), cookie });
      if (response.status !== 200) throw new Error(`read answered ${response.status}: ${response.body}`);
      sample ??= response;
    };

    await warmUp(WARM_UP_MS, WARM_UP_READS, READ_CONNECTIONS, read);
    // The floor: the same bytes and content headers from a bare server, driven by the same client code.
    const answer = sample as BenchResponse | null;
    if (!answer) throw new Error('no read was answered');
    const bare = await startBareFloor(answer, {
      path: READ_PATH,
      headers: () => ({ ...BROWSER_HEADERS, ...signedHeaders(), cookie }),
      connections: READ_CONNECTIONS,
    });
    const loadBefore = machineLoad().loadAverage;
    let compared: Awaited<ReturnType<typeof alternatingRounds>>;
    let nonceRowsWrittenByReads: number;
    try {
      await warmUp(WARM_UP_MS, WARM_UP_READS, READ_CONNECTIONS, bare.read);
      const noncesBefore = nonceRows(server.dataDir);
      compared = await alternatingRounds(
        { pid: server.pid, task: read },
        { pid: bare.pid, task: bare.read },
        { rounds: ROUNDS, roundMs: ROUND_MS, concurrency: READ_CONNECTIONS },
      );
      nonceRowsWrittenByReads = nonceRows(server.dataDir) - noncesBefore;
    } finally {
      bare.stop();
    }
    const loadAfter = machineLoad().loadAverage;

    // Reads while correct sign-ins flood the server on their own connections.
    const flood = createJsonClient(server.url, { maxSockets: FLOOD_CONNECTIONS });
    const signIn = async () => {
      const response = await flood.post('/api/account/loginV2', signInBody, signedHeaders());
      if (response.status !== 200) throw new Error(`flood sign-in answered ${response.status}`);
    };
    await runForDuration(WARM_UP_MS, FLOOD_CONNECTIONS, signIn);
    const [duringFlood, signIns] = await Promise.all([
      // The server's CPU now includes the sign-ins' hashing: not a cost per read.
      timedPhase(null, { durationMs: DURATION_MS, concurrency: READ_CONNECTIONS }, read),
      runForDuration(DURATION_MS, FLOOD_CONNECTIONS, signIn),
    ]);
    flood.close();
    reads.close();

    const signInsPerSecond = round(signIns.latencies.length / (signIns.elapsedMs / 1000));
    report('reads', {
      cores: os.availableParallelism(),
      request: `GET ${READ_PATH}, signed, with Accept-Language and the session cookies`,
      connections: READ_CONNECTIONS,
      warmUpMs: WARM_UP_MS,
      warmUpReads: WARM_UP_READS,
      rounds: ROUNDS,
      roundMs: ROUND_MS,
      // Other work on the machine changes every figure here: the load average before and after the rounds.
      loadAverageBefore: loadBefore,
      loadAverageAfter: loadAfter,
      ratioToBare: compared.ratioToBare,
      ratioPerRound: compared.perRound.map((entry) => entry.ratio),
      cpuRatioToBare: compared.cpuRatioToBare,
      cpuPredictedRatio: compared.cpuPredictedRatio,
      ours: compared.ours,
      bareNodeHttp: compared.bare,
      perRound: compared.perRound,
      nonceRowsWrittenByReads,
      duringSignInFlood: {
        floodConnections: FLOOD_CONNECTIONS,
        read: duringFlood,
        signInsPerSecond,
        signInP50Ms: round(percentile(signIns.latencies, 50), 1),
      },
      targets: {
        ratioToBare: '>= 0.5',
        p99Ms: '<= 25',
        floodReadP99Ms: '<= 100',
      },
      met: compared.ratioToBare >= 0.5 && compared.ours.p99Ms <= 25 && duringFlood.p99Ms <= 100,
    });
  } finally {
    await server.stop();
  }
}

await main();
