import { percentile, processCpuMs, round, runForDuration } from './bench-utils';

/** One side of a comparison: the process that answers (for its CPU) and the request that loads it. */
export interface Side {
  pid: number;
  task: () => Promise<void>;
}

interface PhaseTotals {
  latencies: number[];
  elapsedMs: number;
  serverCpuMs: number;
  clientCpuMs: number;
}

/** CPU (user + system, ms) this process, the load generator, has used so far. */
function ownCpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

async function phase(side: Side, durationMs: number, concurrency: number) {
  const serverBefore = processCpuMs(side.pid) ?? Number.NaN;
  const clientBefore = ownCpuMs();
  const { latencies, elapsedMs } = await runForDuration(durationMs, concurrency, side.task);
  return {
    latencies,
    elapsedMs,
    serverCpuMs: (processCpuMs(side.pid) ?? Number.NaN) - serverBefore,
    clientCpuMs: ownCpuMs() - clientBefore,
  };
}

function add(totals: PhaseTotals, result: PhaseTotals): void {
  for (const value of result.latencies) totals.latencies.push(value);
  totals.elapsedMs += result.elapsedMs;
  totals.serverCpuMs += result.serverCpuMs;
  totals.clientCpuMs += result.clientCpuMs;
}

function summary(totals: PhaseTotals) {
  const requests = totals.latencies.length;
  return {
    requestsPerSecond: round(requests / (totals.elapsedMs / 1000)),
    p50Ms: round(percentile(totals.latencies, 50), 2),
    p99Ms: round(percentile(totals.latencies, 99), 2),
    requests,
    serverCpuMsPerRequest: round(totals.serverCpuMs / requests, 4),
    clientCpuMsPerRequest: round(totals.clientCpuMs / requests, 4),
  };
}

/**
 * Our server against a bare one in alternating phases of `roundMs` each, `rounds` times, with the same
 * client code and connections. This machine's speed swings twofold from one second to the next, so one
 * long phase each compares two different machines; adjacent short phases share the machine's state, and
 * the median of the rounds' ratios leaves the odd disturbed round out. The side that goes first alternates
 * from round to round, so a machine that speeds up or slows down through the run favours neither.
 *
 * Besides each side's rate, latency and server CPU per request, the load generator's own CPU per request:
 * it shares the cores, so the rate ratio is about (bare + client) / (ours + client) in CPU per request.
 */
export async function alternatingRounds(
  ours: Side,
  bare: Side,
  options: { rounds: number; roundMs: number; concurrency: number },
) {
  const empty = (): PhaseTotals => ({ latencies: [], elapsedMs: 0, serverCpuMs: 0, clientCpuMs: 0 });
  const oursTotals = empty();
  const bareTotals = empty();
  const perRound: Array<{ ratio: number; ours: number; bare: number; cpuRatio: number }> = [];
  for (let index = 0; index < options.rounds; index += 1) {
    const run = (side: Side) => phase(side, options.roundMs, options.concurrency);
    const oursFirst = index % 2 === 0;
    const first = await run(oursFirst ? ours : bare);
    const second = await run(oursFirst ? bare : ours);
    const [oursRound, bareRound] = oursFirst ? [first, second] : [second, first];
    add(oursTotals, oursRound);
    add(bareTotals, bareRound);
    const rate = (result: PhaseTotals) => result.latencies.length / (result.elapsedMs / 1000);
    const cpuPerRequest = (result: PhaseTotals) => result.serverCpuMs / result.latencies.length;
    perRound.push({
      ratio: round(rate(oursRound) / rate(bareRound), 3),
      ours: round(rate(oursRound), 0),
      bare: round(rate(bareRound), 0),
      cpuRatio: round(cpuPerRequest(oursRound) / cpuPerRequest(bareRound), 2),
    });
  }
  const oursSummary = summary(oursTotals);
  const bareSummary = summary(bareTotals);
  return {
    ours: oursSummary,
    bare: bareSummary,
    ratioToBare: round(
      percentile(
        perRound.map((entry) => entry.ratio),
        50,
      ),
      3,
    ),
    perRound,
    cpuRatioToBare: round(oursSummary.serverCpuMsPerRequest / bareSummary.serverCpuMsPerRequest, 2),
    // What the CPU figures alone predict for the rate ratio, the load generator's share included.
    cpuPredictedRatio: round(
      (bareSummary.serverCpuMsPerRequest + bareSummary.clientCpuMsPerRequest) /
        (oursSummary.serverCpuMsPerRequest + oursSummary.clientCpuMsPerRequest),
      3,
    ),
  };
}
