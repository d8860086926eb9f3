// @ts-check
// uPlot charts sized to their container. Each chart also has a table beside it in the view,
// so nothing is shown only as a picture.
import uPlot from './vendor/uPlot.esm.js';

/** @typedef {{ label: string, values: (number | null)[], step?: boolean, points?: boolean }} Series */
/** @typedef {{ x: number, label: string }} Mark */
/**
 * @typedef {object} ChartSpec
 * @property {number[]} xs seconds since the epoch
 * @property {Series[]} series
 * @property {string} yLabel
 * @property {Mark[]} [marks]
 * @property {string} description
 */

const COLOURS = ['#1f5fbf', '#c0392b', '#1e8449', '#8e44ad', '#b9770e', '#17202a'];
// The ESM build holds the stepped path builder (its types leave it optional, for custom builds).
const stepped = /** @type {NonNullable<typeof uPlot.paths.stepped>} */ (uPlot.paths.stepped);
/** @type {WeakMap<HTMLElement, uPlot>} */
const charts = new WeakMap();

/**
 * Draws (or redraws) a time chart in `container`. `series` are `{ label, values, step,
 * points }`; `xs` are seconds since the epoch; `marks` are `{ x, label }` drawn as dashed
 * vertical lines (corporate actions).
 * @param {HTMLElement} container
 * @param {ChartSpec} spec
 * @returns {uPlot}
 */
export function drawChart(container, { xs, series, yLabel, marks = [], description }) {
  charts.get(container)?.destroy();
  container.replaceChildren();
  container.setAttribute('role', 'img');
  container.setAttribute('aria-label', description);
  const width = Math.max(container.clientWidth, 280);
  /** @type {uPlot.Options} */
  const options = {
    width,
    height: width < 500 ? 220 : 320,
    scales: { x: { time: true } },
    series: [
      {},
      ...series.map((s, i) => ({
        label: s.label,
        stroke: COLOURS[i % COLOURS.length],
        width: 2,
        spanGaps: true,
        points: { show: s.points ?? true, size: 7 },
        ...(s.step ? { paths: stepped({ align: 1 }) } : {}),
      })),
    ],
    axes: [{}, { label: yLabel, size: 80 }],
    hooks: { draw: marks.length ? [(u) => drawMarks(u, marks)] : [] },
  };
  const chart = new uPlot(options, [xs, ...series.map((s) => s.values)], container);
  charts.set(container, chart);
  const resize = new ResizeObserver(() => {
    const next = Math.max(container.clientWidth, 280);
    if (Math.abs(next - chart.width) > 4) chart.setSize({ width: next, height: next < 500 ? 220 : 320 });
  });
  resize.observe(container);
  chart.hooks.destroy = [() => resize.disconnect()];
  return chart;
}

/**
 * @param {uPlot} u
 * @param {Mark[]} marks
 */
function drawMarks(u, marks) {
  const { ctx, bbox } = u;
  ctx.save();
  ctx.strokeStyle = '#6c3483';
  ctx.fillStyle = '#6c3483';
  ctx.setLineDash([5, 4]);
  ctx.font = `${Math.round(11 * devicePixelRatio)}px sans-serif`;
  for (const mark of marks) {
    const x = Math.round(u.valToPos(mark.x, 'x', true));
    if (x < bbox.left || x > bbox.left + bbox.width) continue;
    ctx.beginPath();
    ctx.moveTo(x, bbox.top);
    ctx.lineTo(x, bbox.top + bbox.height);
    ctx.stroke();
    ctx.fillText(mark.label, x + 3, bbox.top + 12 * devicePixelRatio);
  }
  ctx.restore();
}
