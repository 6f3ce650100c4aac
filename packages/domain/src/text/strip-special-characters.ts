/** Spec 000 §5: the characters | & ; $ % @ " < > ( ) + , . are stripped from text. */
export const SPECIAL_CHARACTERS = [
  '|',
  '&',
  ';',
  '$',
  '%',
  '@',
  '"',
  '<',
  '>',
  '(',
  ')',
  '+',
  ',',
  '.',
] as const;

const SPECIAL_CHARACTERS_PATTERN = /[|&;$%@"<>()+,.]/g;

export const stripSpecialCharacters = (text: string): string => text.replace(SPECIAL_CHARACTERS_PATTERN, '');
