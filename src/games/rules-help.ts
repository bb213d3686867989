/**
 * The rules help a table shows behind its "Rules" button: the game's name,
 * its aim and rules in short points (src/games/<id>/rules-text.ts), and the
 * options this table was created with, each as its form label and value in
 * words ("Four of a kind burns the stack: yes"), the defaults filled in.
 */
import { formFields, optionValueText, type OptionValue } from './module.js';
import { gameModule, type GameId } from './index.js';
import type { RulesText } from './rules-text-types.js';
import { rulesText as stressShed } from './stress-shed/rules-text.js';
import { rulesText as stressSpeed } from './stress-speed/rules-text.js';
import { rulesText as pesten } from './pesten/rules-text.js';
import { rulesText as fightingCards } from './fighting-cards/rules-text.js';
import { rulesText as schoolBlackjack } from './school-blackjack/rules-text.js';

const TEXTS: { readonly [K in GameId]: RulesText } = {
  'stress-shed': stressShed,
  'stress-speed': stressSpeed,
  pesten,
  'fighting-cards': fightingCards,
  'school-blackjack': schoolBlackjack,
};

export interface RulesHelpView extends RulesText {
  readonly name: string;
  /** This table's options in words; empty for a game without options. */
  readonly options: readonly { readonly label: string; readonly value: string; readonly help: string | null }[];
}

/** The rules help of `gameId` with the table's `options` (as created; missing ones take their defaults); null for an unknown game. */
export function rulesHelp(gameId: string, options: Readonly<Record<string, OptionValue>> = {}): RulesHelpView | null {
  const module = gameModule(gameId);
  const text = (TEXTS as Readonly<Record<string, RulesText>>)[gameId];
  if (!module || !text) return null;
  return {
    name: module.name,
    aim: text.aim,
    sections: text.sections,
    options: formFields(module).map(({ name, field, default: fallback }) => ({
      label: field.label,
      value: optionValueText(field, options[name] ?? fallback),
      help: field.help ?? null,
    })),
  };
}
