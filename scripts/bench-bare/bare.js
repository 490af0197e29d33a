// `npm run bench`'s floor for the first slide: reveal.js itself, two slides, no plugin, its own CSS only (served
// beside the reveal.js package by scripts/bench.ts). Any deck on reveal.js pays at least this much.
import Reveal from '../reveal/dist/reveal.mjs';

new Reveal({ hash: true }).initialize();
