import {
  percentile,
  phaseSummary,
  type PhaseTotals,
  processCpuMs,
  round,
  runForDuration,
} from './bench-utils';

/** One side of a comparison: the process that answers (for its CPU) and the request that loads it. */
export interface Side {
  pid: number;
  task: () => Promise<void>;
}

/** A phase's totals with both CPU figures measured. */
type MeasuredTotals = Required<PhaseTotals> & { serverCpuMs: number };

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

function add(totals: MeasuredTotals, result: MeasuredTotals): void {
  for (const value of result.latencies) totals.latencies.push(value);
  totals.elapsedMs += result.elapsedMs;
  totals.serverCpuMs += result.serverCpuMs;
  totals.clientCpuMs += result.clientCpuMs;
}

/** CPU ms per request of the server (`serverCpuMs`) or the load generator (`clientCpuMs`). */
const perRequest = (totals: MeasuredTotals, cpu: 'serverCpuMs' | 'clientCpuMs') =>
  totals[cpu] / totals.latencies.length;

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
  const empty = (): MeasuredTotals => ({ latencies: [], elapsedMs: 0, serverCpuMs: 0, clientCpuMs: 0 });
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
    const rate = (result: MeasuredTotals) => result.latencies.length / (result.elapsedMs / 1000);
    perRound.push({
      ratio: round(rate(oursRound) / rate(bareRound), 3),
      ours: round(rate(oursRound), 0),
      bare: round(rate(bareRound), 0),
      cpuRatio: round(perRequest(oursRound, 'serverCpuMs') / perRequest(bareRound, 'serverCpuMs'), 2),
    });
  }
  const cpu = (totals: MeasuredTotals) =>
    perRequest(totals, 'serverCpuMs') + perRequest(totals, 'clientCpuMs');
  return {
    ours: phaseSummary(oursTotals),
    bare: phaseSummary(bareTotals),
    ratioToBare: round(
      percentile(
        perRound.map((entry) => entry.ratio),
        50,
      ),
      3,
    ),
    perRound,
    cpuRatioToBare: round(perRequest(oursTotals, 'serverCpuMs') / perRequest(bareTotals, 'serverCpuMs'), 2),
    // What the CPU figures alone predict for the rate ratio, the load generator's share included.
    cpuPredictedRatio: round(cpu(bareTotals) / cpu(oursTotals), 3),
  };
}
