// How a record is summarised wherever it is named (SPEC §2, §9).

export const TITLE_DISPLAY_LENGTH = 60;
export const CREATORS_SHOWN = 3;
export const LICENSE_DESCRIPTION_LENGTH = 300;

/** Cuts a text to `length` characters, with an ellipsis when it was longer. */
export function truncate(text: string, length: number): string {
  const characters = [...text];
  return characters.length > length ? `${characters.slice(0, length).join('')}…` : text;
}

export const truncateTitle = (title: string) => truncate(title, TITLE_DISPLAY_LENGTH);

/** The first three names, and how many more there are. */
export function summariseCreators(names: readonly string[]): { shown: string[]; others: number } {
  return {
    shown: names.slice(0, CREATORS_SHOWN),
    others: Math.max(0, names.length - CREATORS_SHOWN),
  };
}
