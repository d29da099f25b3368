// The strong policy's knowledge of 贝雷帽·初版: every death brings 游戏剩下你和另一位玩家 nearer (换日 as 003's).
import { teach } from '../../strong-kit.js';

teach('贝雷帽·初版', { mission: { kind: 'fewLeft' } });
