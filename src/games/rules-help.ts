/**
 * The rules help a table shows behind its "Rules" button: the game's name,
 * its aim and rules in short points (each module's `rulesText`, written in
 * src/games/<id>/rules-text.ts, the players' words for docs/rules/<id>.md), and the options this table was
 * created with, each as its form label and value in words ("Four of a kind
 * burns the stack: yes"), the defaults filled in.
 */
import { formFields, optionValueText, type OptionValue } from './game-meta.js';
import type { RulesText } from './module.js';
import { gameModule } from './index.js';

export interface RulesHelpView extends RulesText {
  readonly name: string;
  /** This table's options in words; empty for a game without options. */
  readonly options: readonly { readonly label: string; readonly value: string; readonly help: string | null }[];
}

/** The rules help of `gameId` with the table's `options` (as created; missing ones take their defaults); null for an unknown game or one without help. */
export function rulesHelp(gameId: string, options: Readonly<Record<string, OptionValue>> = {}): RulesHelpView | null {
  const module = gameModule(gameId);
  const text = module?.rulesText;
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
