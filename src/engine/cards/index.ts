import type { CardName } from '../types.js';
import { burn } from './burn.js';
import { counter } from './counter.js';
import { decode } from './decode.js';
import { intercept } from './intercept.js';
import { lock } from './lock.js';
import { lure } from './lure.js';
import { probe } from './probe.js';
import type { CardRule } from './rule.js';
import { returnCard } from './return.js';
import { shuffle } from './shuffle.js';

export const RULES: Record<CardName, CardRule> = {
  锁定: lock,
  调虎离山: lure,
  截获: intercept,
  退回: returnCard,
  破译: decode,
  烧毁: burn,
  识破: counter,
  试探: probe,
  真伪莫辨: shuffle,
};
