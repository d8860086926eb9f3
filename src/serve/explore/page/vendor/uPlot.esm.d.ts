// The types of uPlot's ESM build, which the page imports as ./vendor/uPlot.esm.js (served from
// node_modules/uplot/dist by explore-routes.ts): the package's own declarations.
export { default } from 'uplot';
