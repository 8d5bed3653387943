/** `%`, `_` and the escape character itself match literally in a LIKE pattern (ESCAPE '\') after this. */
export const likeLiteral = (text: string): string => text.replace(/[\\%_]/g, (character) => `\\${character}`);
