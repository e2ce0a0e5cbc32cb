/** Ruler thickness in px. */
export const RULER_PX = 20;

/**
 * An mm ruler along one edge of the canvas: a tick each mm, longer every 5, numbered every 10, spaced
 * `scale` px per mm so it reads true at any zoom.
 */
export function LabelRuler({
  length,
  scale,
  vertical,
}: {
  length: number;
  scale: number;
  vertical?: boolean;
}) {
  const ticks = [];
  for (let mm = 0; mm <= Math.floor(length); mm += 1) {
    const at = mm * scale;
    const size = mm % 10 === 0 ? RULER_PX : mm % 5 === 0 ? RULER_PX / 2 : RULER_PX / 4;
    ticks.push(
      vertical ? (
        <line key={mm} x1={RULER_PX - size} x2={RULER_PX} y1={at} y2={at} />
      ) : (
        <line key={mm} y1={RULER_PX - size} y2={RULER_PX} x1={at} x2={at} />
      ),
    );
    if (mm % 10 === 0 && mm > 0) {
      ticks.push(
        <text key={`n${mm}`} x={vertical ? 1 : at + 2} y={vertical ? at - 2 : 9} fontSize={9} fill="#8c8c8c">
          {mm}
        </text>,
      );
    }
  }
  const extent = length * scale + 1;
  return (
    <svg
      width={vertical ? RULER_PX : extent}
      height={vertical ? extent : RULER_PX}
      stroke="#bfbfbf"
      strokeWidth={1}
      style={{ display: 'block', background: '#fafafa' }}
      aria-hidden
    >
      {ticks}
    </svg>
  );
}
