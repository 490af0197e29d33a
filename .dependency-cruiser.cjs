/**
 * The deck's layers, bottom to top; each may import only the ones below it (and npm packages):
 *   lib/                 languages, text blocks, code languages, plural rules, seeded random, the demo contract
 *   components/ui/       shared Lit pieces (slider, step controls, code panel, chart, the demo base class, styles)
 *   components/shared/   what more than one demo uses: the JavaScript simulator, the quiz element
 *   components/<demo>/   one demo: its model, element, styles, text, speaker sequence
 *   slides/              the manifest and each slide's words; demos only lazily (import()), except their
 *                        plain-data `<demo>-sequence.ts`
 *   src/                 the shell: reveal.js, its plugins, the embed page
 *   server/              the workshop server (Node): on lib/ and the quizzes' pure modules only; nothing imports it
 * `npm run deps` checks it (part of `npm test`).
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'Modules that import each other, directly or through others. Type-only imports are erased at compile time and ' +
        'do not count here (the simulator counts them: js-sim-no-circular).',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'js-sim-no-circular',
      severity: 'error',
      comment:
        'No module of the simulator imports one that imports it back, not even for a type: the types its modules name ' +
        'each other by live in js-sim/engine-types.ts. (The rule above misses a cycle whose shortest form has a ' +
        'type-only step.)',
      from: { path: '^components/shared/js-sim/' },
      to: { circular: true },
    },
    {
      name: 'js-sim-through-its-entry',
      severity: 'error',
      comment:
        'Outside the simulator only its entry is imported: index.ts, which loads the simulator itself (simulator.ts) ' +
        'with loadSimulator(), so that a page’s first bundle holds only what reads a recording. sim-runner’s job, which ' +
        'runs the simulator (the worker, the page-thread fallback, npm run predict), imports simulator.ts; tests may ' +
        'reach the internals they test.',
      from: { pathNot: '^(components/shared/js-sim/|components/shared/sim-runner/sim-job\\.ts$|tests/)' },
      to: { path: '^components/shared/js-sim/', pathNot: '^components/shared/js-sim/index\\.ts$' },
    },
    {
      name: 'js-sim-simulator-in-the-job',
      severity: 'error',
      comment: 'Of the modules outside js-sim, only sim-runner’s job imports the simulator itself (simulator.ts).',
      from: { path: '^components/shared/sim-runner/sim-job\\.ts$' },
      to: { path: '^components/shared/js-sim/', pathNot: '^components/shared/js-sim/(index|simulator)\\.ts$' },
    },
    {
      name: 'lib-is-the-bottom',
      severity: 'error',
      comment: 'lib/ imports nothing of the project outside lib/.',
      from: { path: '^lib/' },
      to: { path: '^(components|slides|src)/' },
    },
    {
      name: 'ui-on-lib',
      severity: 'error',
      comment: 'components/ui/ builds on lib/ only.',
      from: { path: '^components/ui/' },
      to: { path: '^(components/(?!ui/)|slides/|src/)' },
    },
    {
      name: 'shared-on-lib',
      severity: 'error',
      comment: 'components/shared/ builds on lib/ and components/ui/ (and itself) only.',
      from: { path: '^components/shared/' },
      to: { path: '^(components/(?!shared/|ui/)|slides/|src/)' },
    },
    {
      name: 'demo-on-ui-shared-lib',
      severity: 'error',
      comment:
        'A demo imports lib/, components/ui/, components/shared/ and its own folder; never another demo, slides/ or src/.',
      from: { path: '^components/(?!ui/|shared/)([^/]+)/' },
      to: {
        path: '^(components/|slides/|src/)',
        pathNot: ['^components/(ui|shared)/', '^components/$1/'],
      },
    },
    {
      name: 'slides-load-demos-lazily',
      severity: 'error',
      comment: 'A slide loads its demo with import(); it may statically import only the plain-data speaker sequence.',
      from: { path: '^slides/' },
      to: {
        path: '^components/',
        pathNot: '^components/[^/]+/[^/]+-sequence\\.ts$',
        dependencyTypesNot: ['dynamic-import'],
      },
    },
    {
      name: 'slides-below-the-shell',
      severity: 'error',
      comment: 'slides/ never imports the shell.',
      from: { path: '^slides/' },
      to: { path: '^src/' },
    },
    {
      name: 'server-on-lib-and-quiz-modules',
      severity: 'error',
      comment:
        'server/ (Node) builds on lib/ and, for the answers it alone holds, the pure quiz modules (a model, its text, its ' +
        'answer); never on an element, slides/ or src/.',
      from: { path: '^server/' },
      to: {
        path: '^(components|slides|src)/',
        pathNot: '^components/[^/]+/[^/]+-(model|text|answer)\\.ts$',
      },
    },
    {
      name: 'nothing-imports-the-server',
      severity: 'error',
      comment: 'The deck runs in the browser: nothing in it imports server/ (tests and scripts start it as a program).',
      from: { path: '^(lib|components|slides|src)/' },
      to: { path: '^server/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/' },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    moduleSystems: ['es6'],
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
  },
};
