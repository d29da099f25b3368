// Written by `npm run ai:fit -- --write` (src/cli/ai-fit.ts): the weights of learned.ts's models, one a table size.
import type { LearnedModel } from './learned.js';

export const LEARNED_MODELS: readonly LearnedModel[] = [
  {
    players: 5,
    faction: [0.0134, 1.5613, 0.1969, 0.3226, 0.005, 0.0491, -0.5605, 0.4191, -0.2384, -0.3567, -0.2171, 0.0738, -0.4952, -0.8802, 0.1389, -0.4935, 0.2479, 0.1712, -0.1725, -0.0639, -0.0429, 0.1029, -0.363, 0],
    soy: [-1.5402, 1.4157, 0, 0, 0, -0.0105, -0.0773, 0.1045, -0.0595, 0.036, 0, 0.0475, 0, -2.7081, -0.0419, 0, 0.3601, 0, -0.0943, -0.098, 0, 0.098, 0.1951, 0],
  },
];
