import { ButtonStyle, ComponentType, type APIActionRowComponent, type APIButtonComponent, type APIEmbed } from 'discord.js';
import { t, type Locale } from '../../i18n/index.js';
import { encodeId } from '../custom-id.js';
import { STORED_AI_LEVEL, seatRange, suggestsFourIntel, type Lobby } from '../../lobby/model.js';

export function renderLobby(l: Locale, lobby: Lobby): { embeds: APIEmbed[]; components: APIActionRowComponent<APIButtonComponent>[] } {
  const o = lobby.options;
  const players = lobby.seats.length
    ? lobby.seats.map((s, i) => `${i + 1}. ${s.userId ? `<@${s.userId}>` : t(l, 'lobby.ai', { name: s.name })}`).join('\n')
    : t(l, 'lobby.empty');
  const embed: APIEmbed = {
    title: t(l, 'lobby.title'),
    description: t(l, 'lobby.body', {
      host: lobby.hostId ? `<@${lobby.hostId}>` : '—',
      edition: t(l, `edition.${o.edition}`),
      characters: t(l, o.characters ? 'on' : 'off'),
      charset: t(l, o.characterSet === 'classic' ? 'charset.classic' : 'charset.standard'),
      victory: o.victoryIntel ?? 3,
      alliance: t(l, o.soySauceAlliance ? 'on' : 'off'),
      timer: o.timer,
      response: o.response ?? '—',
      rounds: o.roundLimit,
      ai: t(l, `ai.level.${o.ai ?? STORED_AI_LEVEL}`),
      aiAbout: t(l, `ai.about.${o.ai ?? STORED_AI_LEVEL}`),
      // Absent in lobbies opened before the coach: allowed, as in a new lobby.
      hints: t(l, o.hints === false ? 'off' : 'on'),
      count: lobby.seats.length,
      max: seatRange(lobby).max,
      players,
    }) + ((o.victoryIntel ?? 3) === 3 && suggestsFourIntel(lobby) ? `\n\n${t(l, 'lobby.suggestFour')}` : ''),
    color: 0xc0392b,
  };
  const b = (verb: 'join' | 'leave' | 'begin' | 'addai' | 'rmai', key: Parameters<typeof t>[1], style: ButtonStyle.Primary | ButtonStyle.Secondary | ButtonStyle.Success): APIButtonComponent => ({
    type: ComponentType.Button,
    style,
    label: t(l, key),
    custom_id: encodeId(lobby.id, 0, verb),
  });
  return {
    embeds: [embed],
    components: [
      {
        type: ComponentType.ActionRow,
        components: [
          b('join', 'lobby.join', ButtonStyle.Primary),
          b('leave', 'lobby.leave', ButtonStyle.Secondary),
          b('begin', 'lobby.begin', ButtonStyle.Success),
          b('addai', 'lobby.addAi', ButtonStyle.Secondary),
          b('rmai', 'lobby.removeAi', ButtonStyle.Secondary),
        ],
      },
    ],
  };
}
