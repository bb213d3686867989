/**
 * The shape of a game's rules help (the "Rules" panel at the table): a
 * one-paragraph aim and short sections of points, written per game in
 * src/games/<id>/rules-text.ts from RULES.md in plain words for players.
 */
export interface RulesText {
  /** What you are trying to do, in one or two sentences. */
  readonly aim: string;
  readonly sections: readonly { readonly title: string; readonly points: readonly string[] }[];
}
