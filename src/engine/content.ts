// The content of the engine: every card and every character, registered into the core's registry
// (registry.ts). The engine's entry (index.ts) loads this before anything else; the core itself
// never imports it.
import './cards/index.js';
import './characters/index.js';
import './characters/classic/index.js';
