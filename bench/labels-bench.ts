import { performance } from 'node:perf_hooks';
import { renderLabelSvg } from '../domain/labels/render-label';
import type { LabelComponent, LabelRecord } from '../domain/schemas/label-templates';
import { percentile, report, round } from './bench-utils';

/**
 * `npm run bench:labels`: renders a 40-component template (barcodes of several symbologies, QR codes, text
 * with wrap, logos and lines) for 1,000 distinct records to SVG with the one renderer the designer, the print
 * page and the products' endpoint share. Target: under 2 ms per label.
 */
const RECORDS = 1000;
const TARGET_MS = 2;

function template(): { Width: number; Height: number; Components: LabelComponent[] } {
  const components: LabelComponent[] = [];
  const add = (component: Omit<LabelComponent, 'Key' | 'Y'> & { Y?: number }) =>
    components.push({ Key: `f${components.length}`, Y: (components.length % 20) * 4.5, ...component });
  for (const type of ['CODE128', 'CODE39', 'EAN13', 'ITF14', 'CODE128C', 'codabar'] as const) {
    add({ Kind: 'barcode', BarcodeType: type, X: 1, Width: 45, Height: 4 });
  }
  for (const level of ['L', 'M', 'Q', 'H'] as const) {
    add({ Kind: 'qrcode', ErrorCorrection: level, X: 50, Width: 18, Height: 18 });
  }
  for (let i = 0; i < 20; i += 1) {
    add({
      Kind: 'text',
      X: 70,
      Width: 28,
      Height: 4,
      FontSize: 7,
      Bold: i % 3 === 0,
      Wrap: i % 2 === 0,
      Padding: 0.5,
    });
  }
  for (let i = 0; i < 2; i += 1) add({ Kind: 'image', X: 1, Width: 10, Height: 6, LogoId: 'logo' });
  for (let i = 0; i < 4; i += 1) add({ Kind: 'hline', X: 0, Width: 100, Height: 1, LineWidth: 0.3 });
  for (let i = 0; i < 2; i += 1) add({ Kind: 'vline', X: 48, Width: 1, Height: 4, LineWidth: 0.2 });
  for (let i = 0; i < 2; i += 1) add({ Kind: 'split', X: 0, Width: 100, Height: 1 });
  return { Width: 100, Height: 90, Components: components };
}

/** A record with a distinct value per component, valid for each symbology (EAN-13 and ITF-14 get check digits). */
function record(n: number): LabelRecord {
  const serial = String(100000 + n);
  return {
    f0: `S-2026-${serial}`,
    f1: `LOT ${serial}`,
    f2: `590123${serial}`,
    f3: `1540014${serial}`,
    f4: `2026${serial}`,
    f5: `A${serial}B`,
    ...Object.fromEntries(
      Array.from({ length: 4 }, (_, i) => [`f${6 + i}`, `https://lab.example/s/${serial}/${i}`]),
    ),
    ...Object.fromEntries(
      Array.from({ length: 20 }, (_, i) => [`f${10 + i}`, `Sample ${serial} field ${i} 样品`]),
    ),
  };
}

const label = template();
const logos = { logo: 'data:image/png;base64,iVBORw0KGgo=' };
const records = Array.from({ length: RECORDS }, (_, n) => record(n));
for (const item of records.slice(0, 50)) renderLabelSvg(label, item, { logos });

/** One pass over every record: wall time per label, and the CPU time this process spent (the machine may be shared). */
function pass() {
  const latencies: number[] = [];
  let bytes = 0;
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (const item of records) {
    const t0 = performance.now();
    bytes += renderLabelSvg(label, item, { logos }).length;
    latencies.push(performance.now() - t0);
  }
  const used = process.cpuUsage(cpu);
  return {
    totalMs: performance.now() - started,
    cpuMs: (used.user + used.system) / 1000,
    latencies,
    bytes,
  };
}

// Three passes; the best one is reported, the usual way to keep other processes' noise out of a figure.
const passes = [pass(), pass(), pass()];
const best = passes.reduce((a, b) => (b.totalMs < a.totalMs ? b : a));
const perLabelMs = best.totalMs / RECORDS;

report('labels', {
  components: label.Components.length,
  records: RECORDS,
  totalMs: round(best.totalMs),
  perLabelMs: round(perLabelMs, 3),
  cpuPerLabelMs: round(best.cpuMs / RECORDS, 3),
  p50Ms: round(percentile(best.latencies, 50), 3),
  p99Ms: round(percentile(best.latencies, 99), 3),
  passesPerLabelMs: passes.map((p) => round(p.totalMs / RECORDS, 3)),
  averageSvgKb: round(best.bytes / RECORDS / 1024),
  targetMs: TARGET_MS,
  pass: perLabelMs < TARGET_MS,
});
