/**
 * Sign-ins per second through the real HTTP stack (bundled server, own process, SQLite), against the bare
 * argon2id verification rate measured in the same run on the same machine: the hash is the floor of a
 * sign-in, so the ratio says how much the rest of the stack costs. The load generator shares the cores, so
 * the CPU each side spends per sign-in is reported too (from /proc), with the server's share that is the
 * hash. A bare server that does nothing but the hash and answers the same bytes (the floor) is driven the
 * same way in the same rounds: its ratio says what HTTP and the load generator alone cost on the shared
 * cores, and ours over its rate what the rest of a sign-in costs. Also compares the latency of a wrong
 * password with that of an unknown account, which must be the same.
 */
import os from 'node:os';
import { bundleServer } from '../scripts/bundle-server.mjs';
import { hashPassword } from '../server/security/password-hasher';
import { startServerProcess } from '../tests/helpers/server-process';
import { createRawJsonClient } from './raw-http-client';
import { type BareHasher, mainThreadCpuMs, startBareHasher } from './bare-hasher';
import { startBareSignInServer } from './bare-server';
import { percentile, processCpuMs, report, round, runConcurrently } from './bench-utils';
import { createRequestSigner } from './request-signer';

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
/**
 * Rounds of a hash batch and a sign-in batch each, their ratio taken per round and the median reported.
 * Three rounds of 100 sign-ins (about 0.7 s each) swung 0.74-0.99 from one round to the next on this
 * machine, so the median of three moved with whichever round was disturbed: nine rounds, the order of the
 * two batches alternating so a machine speeding up or slowing down through a round favours neither (as
 * bench/alternating-rounds.ts does for bench:reads). Each round's ratio is reported.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9);
const TOTAL = Number(process.env.BENCH_SIGN_INS ?? ROUNDS * 100);
/**
 * Answers timed one at a time for the same-answer comparison, per kind: eight swung the ratio 0.89-1.02
 * between runs, a difference of one disturbed sample in a median of eight.
 */
const SAME_ANSWER_SAMPLES = Number(process.env.BENCH_SAME_ANSWER_SAMPLES ?? 30);
/**
 * Sign-ins before anything is timed. V8 optimises a function after it has run a few thousand bytecodes'
 * worth of budget several times over, so code that runs once per sign-in is still being compiled (on the
 * server's background threads, and run unoptimised on its event loop meanwhile) hundreds of sign-ins in:
 * after 100, `--trace-opt` counted about 110 optimisations during 900 more sign-ins, and the server's CPU
 * per sign-in beyond the hash kept falling for about a thousand. A server that has been up a while has
 * all of this behind it; the timed phases measure that server, not its first minute.
 */
const WARM_UP = Number(process.env.BENCH_WARM_UP_SIGN_INS ?? 1000);

async function main() {
  await bundleServer();
  // A new bundle's first start writes V8's code cache of it 10 s in (scripts/server-launcher.mjs): about
  // 0.1 s of the event loop that fell inside a timed round, as no later start pays it. One start and stop
  // first (the cache is written at exit), so the rounds measure the server as every later start runs.
  await (await startServerProcess()).stop();
  const server = await startServerProcess();
  const loadAverageAtStart = os.loadavg();
  let hasher: BareHasher | null = null;
  let floor: { stop: () => void } | null = null;
  try {
    // The raw client costs the shared cores least per request (see raw-http-client.ts).
    const client = createRawJsonClient(server.url);
    // Signed as the browser signs each request (request-signer.ts: the same headers, at less CPU).
    const signedHeaders = createRequestSigner();
    // A browser sends back the device cookie its first sign-in set (plugins/device-cookie.ts), so its
    // later sign-ins come from a device the account knows. Without it every sign-in here was a first
    // sign-in from a new device, which no returning user makes: a new device row each time.
    let deviceCookie: string | null = null;
    const signIn = async (account: string, password: string) => {
      const headers = signedHeaders();
      const answer = await client.post(
        '/api/account/loginV2',
        { account, password, agreed: true },
        deviceCookie ? { ...headers, cookie: deviceCookie } : headers,
      );
      deviceCookie ??= /\r\nset-cookie: (uc_device=[^;\r]*)/i.exec(answer.head)?.[1] ?? null;
      return answer.status;
    };
    const { account, password } = server.admin;
    // Warm the JIT of both processes before anything is timed.
    if ((await signIn(account, password)) !== 200 || !deviceCookie) throw new Error('first sign-in failed');
    await runConcurrently(WARM_UP, CONCURRENCY, async () => {
      if ((await signIn(account, password)) !== 200) throw new Error('warm-up sign-in failed');
    });

    // Bare hash-bound limit: the same argon2id verification in a process set up as the server is (its
    // thread pool), nothing else running (bare-hasher.ts). Timings here swing between runs, so hash and
    // sign-in phases alternate and each round gives a ratio.
    const storedHash = await hashPassword(password);
    hasher = await startBareHasher(storedHash, password);
    const perRound = Math.ceil(TOTAL / ROUNDS);
    const hashRates: number[] = [];
    const signInRates: number[] = [];
    const latencies: number[] = [];
    // CPU per operation: the server's (its threads included) and its main thread's alone, this process's
    // as the load generator, and a bare verification's. They show where a sign-in's time goes on a machine
    // the load generator shares.
    const cpu = {
      server: [] as number[],
      serverMain: [] as number[],
      client: [] as number[],
      hash: [] as number[],
    };
    const serverCpuMs = () => processCpuMs(server.pid) ?? Number.NaN;
    const serverMainCpuMs = () => mainThreadCpuMs(server.pid) ?? Number.NaN;
    const ownCpuMs = () => {
      const usage = process.cpuUsage();
      return (usage.user + usage.system) / 1000;
    };
    const hashBound = async (bench: BareHasher) => {
      // One verification per core in flight and as many as the sign-ins have: the hashing process has one
      // thread per core, so both run as many at once and measure the same rate, and the bound is their
      // hashes over their time together. (It was the better of the two: the larger of two measures of one
      // rate, which put the bound 2.2% above it on average in 12 pairs of batches that spread 5% here.)
      let hashes = 0;
      let elapsedMs = 0;
      for (const inFlight of [os.availableParallelism(), CONCURRENCY]) {
        const batch = await bench.run(perRound, inFlight);
        cpu.hash.push(batch.cpuMs / perRound);
        hashes += perRound;
        elapsedMs += batch.elapsedMs;
      }
      hashRates.push(hashes / (elapsedMs / 1000));
    };
    // The floor: a bare server that only verifies the hash and answers our bytes, driven by the same client
    // the same way (bare-server.ts). Its rate over the hash bound is what HTTP and the load generator
    // cost on these shared cores; our rate over its rate is what the rest of a sign-in costs.
    const recorded = await client.post(
      '/api/account/loginV2',
      { account, password, agreed: true },
      { ...signedHeaders(), cookie: deviceCookie! },
    );
    const floorServer = await startBareSignInServer(storedHash, recorded);
    floor = floorServer;
    const floorClient = createRawJsonClient(floorServer.url);
    const floorSignIn = async () => {
      const answer = await floorClient.post(
        '/api/account/loginV2',
        { account, password, agreed: true },
        { ...signedHeaders(), cookie: deviceCookie! },
      );
      if (answer.status !== 200) throw new Error(`the bare sign-in server answered ${answer.status}`);
    };
    await runConcurrently(perRound * 3, CONCURRENCY, floorSignIn);
    const floorRates: number[] = [];
    const floorBatch = async () => {
      const start = performance.now();
      await runConcurrently(perRound, CONCURRENCY, floorSignIn);
      floorRates.push(perRound / ((performance.now() - start) / 1000));
    };
    const ourBatch = async () => {
      const start = performance.now();
      const serverCpuStart = serverCpuMs();
      const serverMainCpuStart = serverMainCpuMs();
      const clientCpuStart = ownCpuMs();
      latencies.push(
        ...(await runConcurrently(perRound, CONCURRENCY, async () => {
          const status = await signIn(account, password);
          if (status !== 200) throw new Error(`sign-in answered ${status}`);
        })),
      );
      signInRates.push(perRound / ((performance.now() - start) / 1000));
      cpu.server.push((serverCpuMs() - serverCpuStart) / perRound);
      cpu.serverMain.push((serverMainCpuMs() - serverMainCpuStart) / perRound);
      cpu.client.push((ownCpuMs() - clientCpuStart) / perRound);
    };
    for (let round = 0; round < ROUNDS; round += 1) {
      if (round % 2 === 0) await hashBound(hasher);
      for (const batch of round % 2 === 0 ? [ourBatch, floorBatch] : [floorBatch, ourBatch]) await batch();
      if (round % 2 === 1) await hashBound(hasher);
    }
    floorClient.close();
    const ratios = signInRates.map((rate, index) => rate / hashRates[index]);
    const floorRatios = floorRates.map((rate, index) => rate / hashRates[index]);
    const ratiosToFloor = signInRates.map((rate, index) => rate / floorRates[index]);
    const signInsPerSecond = percentile(signInRates, 50);
    const hashesPerSecond = percentile(hashRates, 50);

    // One at a time, interleaved, so the machine is equally loaded for each kind of answer. Each round
    // comes from an address of its own (127.0.0.2, .3, ...): from one address, the failures of the rounds
    // before would call for the captcha after ten (IP_CAPTCHA_FAILURES), and the later rounds would time
    // the captcha's refusal, which does no hash, instead of the answers compared here. The wrong password
    // and the unknown name take turns going first; the right password ends each round, which forgets the
    // account's failure, so no round's wrong password is refused for the captcha or the lock.
    const timing = { right: [] as number[], wrong: [] as number[], unknown: [] as number[] };
    const expected = { right: 200, wrong: 401, unknown: 401 };
    for (let round = 0; round < SAME_ANSWER_SAMPLES; round += 1) {
      const from = createRawJsonClient(server.url, { localAddress: `127.0.0.${round + 2}` });
      // The connection is opened before anything is timed.
      await from.get('/api/health');
      const wrong = ['wrong', account, 'not-the-password'] as const;
      const unknown = ['unknown', `nobody${round}@demo-lab.test`, 'not-the-password'] as const;
      for (const [kind, who, secret] of [
        ...(round % 2 === 0 ? [wrong, unknown] : [unknown, wrong]),
        ['right', account, password] as const,
      ]) {
        const begin = performance.now();
        const { status } = await from.post(
          '/api/account/loginV2',
          { account: who, password: secret, agreed: true },
          signedHeaders(),
        );
        timing[kind].push(performance.now() - begin);
        if (status !== expected[kind]) throw new Error(`${kind} sign-in answered ${status}`);
      }
      from.close();
    }
    // Each round's wrong password and unknown name are answered next to each other, on the same machine
    // state: their ratio per round, and the median of those, is steadier than the ratio of the two
    // medians when other work on the machine comes and goes through the comparison.
    const pairRatios = timing.unknown.map((unknown, index) => unknown / timing.wrong[index]);
    const wrongP50 = percentile(timing.wrong, 50);
    const unknownP50 = percentile(timing.unknown, 50);

    report('login', {
      cores: os.availableParallelism(),
      // Other work on the machine changes every figure here: the load average before and after.
      loadAverageAtStart: loadAverageAtStart.map((value) => round(value, 2)),
      loadAverageAtEnd: os.loadavg().map((value) => round(value, 2)),
      warmUpSignIns: WARM_UP,
      signIns: perRound * ROUNDS,
      signInsPerRound: perRound,
      fromKnownDevice: true,
      rounds: ROUNDS,
      concurrency: CONCURRENCY,
      signInsPerSecond: round(signInsPerSecond),
      hashesPerSecond: round(hashesPerSecond),
      ratioToHashBound: round(percentile(ratios, 50), 3),
      ratioPerRound: ratios.map((ratio) => round(ratio, 3)),
      target: 'ratioToHashBound >= 0.9',
      // The bare sign-in server's rate over the hash bound, per round: no server can do better here.
      floorRatioToHashBound: round(percentile(floorRatios, 50), 3),
      floorRatioPerRound: floorRatios.map((ratio) => round(ratio, 3)),
      // Ours over the bare sign-in server's, per round: the cost of everything a sign-in does beyond HTTP
      // and the hash (signature, nonce, limits, account, log, session, cookies).
      ratioToFloor: round(percentile(ratiosToFloor, 50), 3),
      cpuMsPer: {
        bareVerification: round(percentile(cpu.hash, 50), 2),
        serverSignIn: round(percentile(cpu.server, 50), 2),
        serverSignInWithoutHash: round(percentile(cpu.server, 50) - percentile(cpu.hash, 50), 2),
        // The event loop's own CPU per sign-in: no hash runs there.
        serverMainThreadSignIn: round(percentile(cpu.serverMain, 50), 2),
        loadGeneratorRequest: round(percentile(cpu.client, 50), 2),
      },
      // The server's own efficiency: the share of its CPU per sign-in that is the hash. The rate ratio
      // above also pays for the load generator, which shares the cores here.
      serverCpuRatioToHash: round(percentile(cpu.hash, 50) / percentile(cpu.server, 50), 3),
      // What the CPU figures alone predict for the rate ratio, the load generator's share included: the
      // cores are shared, so a sign-in's rate is bound by the CPU both sides spend on it (CPU per sign-in
      // is steadier than rates when other work shares the machine).
      cpuPredictedRatio: round(
        percentile(cpu.hash, 50) / (percentile(cpu.server, 50) + percentile(cpu.client, 50)),
        3,
      ),
      latencyMs: { p50: round(percentile(latencies, 50)), p99: round(percentile(latencies, 99)) },
      sameAnswerTiming: {
        wrongPasswordP50Ms: round(wrongP50),
        unknownAccountP50Ms: round(unknownP50),
        rightPasswordP50Ms: round(percentile(timing.right, 50)),
        unknownOverWrong: round(unknownP50 / wrongP50, 3),
        unknownOverWrongPerRoundMedian: round(percentile(pairRatios, 50), 3),
        samplesPerKind: SAME_ANSWER_SAMPLES,
      },
    });
    client.close();
  } finally {
    hasher?.stop();
    floor?.stop();
    await server.stop();
  }
}

await main();
