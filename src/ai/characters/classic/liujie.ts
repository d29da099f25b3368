// The strong policy's knowledge of 六姐·初版: her 搜取 puts a random card of the dead player's hand before
// her as intel (003's asks hand or intel): yes, unless a black one could kill her.
import { BLACK } from '../../cards.js';
import { teach } from '../../strong-kit.js';

teach('六姐·初版', {
  own: { 搜取: { decide: (c) => c.by((a) => (a.option !== 'yes' ? 0 : c.tb.counts[c.tb.me][BLACK] >= 2 ? -1 : 1)) } },
});
