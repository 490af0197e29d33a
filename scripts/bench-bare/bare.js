/* global document, window */
// `npm run bench`'s floor: reveal.js itself, as many slides as the deck (27) of text only, no plugin, its own CSS only,
// served beside the reveal.js package by scripts/bench.ts. Its first slide and its slide changes are timed as ours
// are: any deck built on reveal.js pays at least this much.
import Reveal from '../reveal/dist/reveal.mjs';

const slides = document.querySelector('.slides');
for (let i = 1; i <= 27; i++) {
  const section = document.createElement('section');
  const title = document.createElement(i === 1 ? 'h1' : 'h2');
  title.textContent = i === 1 ? 'How servers wait' : `Slide ${i}`;
  const words = document.createElement('p');
  words.textContent = 'A few words, as a slide has beside its demo: how a server waits for many connections at once.';
  section.append(title, words);
  // ?fragments=N: each slide's words come in N more steps (the press walk of scripts/bench-presses.ts)
  const steps = Number(new URLSearchParams(window.location.search).get('fragments') ?? 0);
  for (let f = 1; f <= steps; f++) {
    const step = document.createElement('p');
    step.className = 'fragment';
    step.textContent = `Step ${f}: one more line of words appears.`;
    section.append(step);
  }
  slides.append(section);
}

// The settings of ours that change what a slide change does: the address, the slides kept near, no centring.
window.deck = new Reveal({ hash: true, viewDistance: 2, center: false, slideNumber: 'c/t', progress: true });
window.deck.initialize();
