/**
 * Sign-ins per second through the real HTTP stack (bundled server, own process, SQLite), against the bare
 * argon2id verification rate measured in the same run on the same machine: the hash is the floor of a
 * sign-in, so the ratio says how much the rest of the stack costs. The load generator shares the cores, so
 * the CPU each side spends per sign-in is reported too (from /proc), with the server's share that is the
 * hash. Also compares the latency of a wrong password with that of an unknown account, which must be the
 * same.
 */
import os from 'node:os';
import { verify } from '@node-rs/argon2';
import { bundleServer } from '../scripts/bundle-server.mjs';
import { hashPassword } from '../server/security/password-hasher';
import { startServerProcess } from '../tests/helpers/server-process';
import { createRawJsonClient } from './raw-http-client';
import { percentile, processCpuMs, report, round, runConcurrently, signedHeaders } from './bench-utils';

const TOTAL = Number(process.env.BENCH_SIGN_INS ?? 300);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const ROUNDS = 3;
const WARM_UP = 100;

async function main() {
  await bundleServer();
  const server = await startServerProcess();
  try {
    // The raw client costs the shared cores least per request (see raw-http-client.ts).
    const client = createRawJsonClient(server.url);
    const signIn = async (account: string, password: string) =>
      (await client.post('/api/account/loginV2', { account, password, agreed: true }, signedHeaders()))
        .status;
    const { account, password } = server.admin;
    // Warm the JIT of both processes before anything is timed.
    await runConcurrently(WARM_UP, CONCURRENCY, async () => {
      if ((await signIn(account, password)) !== 200) throw new Error('warm-up sign-in failed');
    });

    // Bare hash-bound limit: the same argon2id verification in this process, nothing else running.
    // Timings here swing between runs, so hash and sign-in phases alternate and each round gives a ratio.
    const storedHash = await hashPassword(password);
    const perRound = Math.ceil(TOTAL / ROUNDS);
    const hashRates: number[] = [];
    const signInRates: number[] = [];
    const latencies: number[] = [];
    // CPU per operation: the server's (its threads included), this process's as the load generator, and
    // a bare verification's. They show where a sign-in's time goes on a machine the load generator shares.
    const cpu = { server: [] as number[], client: [] as number[], hash: [] as number[] };
    const serverCpuMs = () => processCpuMs(server.pid) ?? Number.NaN;
    const ownCpuMs = () => {
      const usage = process.cpuUsage();
      return (usage.user + usage.system) / 1000;
    };
    for (let round = 0; round < ROUNDS; round += 1) {
      // The bound is the better of one verification per core and two per core in flight.
      let bestHashRate = 0;
      for (const inFlight of [os.availableParallelism(), os.availableParallelism() * 2]) {
        const hashStart = performance.now();
        const hashCpuStart = ownCpuMs();
        await runConcurrently(perRound, inFlight, async () => {
          await verify(storedHash, password);
        });
        cpu.hash.push((ownCpuMs() - hashCpuStart) / perRound);
        bestHashRate = Math.max(bestHashRate, perRound / ((performance.now() - hashStart) / 1000));
      }
      hashRates.push(bestHashRate);
      const start = performance.now();
      const serverCpuStart = serverCpuMs();
      const clientCpuStart = ownCpuMs();
      latencies.push(
        ...(await runConcurrently(perRound, CONCURRENCY, async () => {
          const status = await signIn(account, password);
          if (status !== 200) throw new Error(`sign-in answered ${status}`);
        })),
      );
      signInRates.push(perRound / ((performance.now() - start) / 1000));
      cpu.server.push((serverCpuMs() - serverCpuStart) / perRound);
      cpu.client.push((ownCpuMs() - clientCpuStart) / perRound);
    }
    const ratios = signInRates.map((rate, index) => rate / hashRates[index]);
    const signInsPerSecond = percentile(signInRates, 50);
    const hashesPerSecond = percentile(hashRates, 50);

    // One at a time, interleaved, so the machine is equally loaded for each kind of answer.
    const timing = { right: [] as number[], wrong: [] as number[], unknown: [] as number[] };
    for (let round = 0; round < 8; round += 1) {
      for (const [kind, who, secret] of [
        ['wrong', account, 'not-the-password'],
        ['unknown', `nobody${round}@demo-lab.test`, 'not-the-password'],
        ['right', account, password],
      ] as const) {
        const begin = performance.now();
        await signIn(who, secret);
        timing[kind].push(performance.now() - begin);
      }
    }
    const wrongP50 = percentile(timing.wrong, 50);
    const unknownP50 = percentile(timing.unknown, 50);

    report('login', {
      cores: os.availableParallelism(),
      signIns: perRound * ROUNDS,
      rounds: ROUNDS,
      concurrency: CONCURRENCY,
      signInsPerSecond: round(signInsPerSecond),
      hashesPerSecond: round(hashesPerSecond),
      ratioToHashBound: round(percentile(ratios, 50), 3),
      ratioPerRound: ratios.map((ratio) => round(ratio, 3)),
      target: 'ratioToHashBound >= 0.9',
      cpuMsPer: {
        bareVerification: round(percentile(cpu.hash, 50), 2),
        serverSignIn: round(percentile(cpu.server, 50), 2),
        serverSignInWithoutHash: round(percentile(cpu.server, 50) - percentile(cpu.hash, 50), 2),
        loadGeneratorRequest: round(percentile(cpu.client, 50), 2),
      },
      // The server's own efficiency: the share of its CPU per sign-in that is the hash. The rate ratio
      // above also pays for the load generator, which shares the cores here.
      serverCpuRatioToHash: round(percentile(cpu.hash, 50) / percentile(cpu.server, 50), 3),
      latencyMs: { p50: round(percentile(latencies, 50)), p99: round(percentile(latencies, 99)) },
      sameAnswerTiming: {
        wrongPasswordP50Ms: round(wrongP50),
        unknownAccountP50Ms: round(unknownP50),
        rightPasswordP50Ms: round(percentile(timing.right, 50)),
        unknownOverWrong: round(unknownP50 / wrongP50, 3),
      },
    });
    client.close();
  } finally {
    await server.stop();
  }
}

await main();
