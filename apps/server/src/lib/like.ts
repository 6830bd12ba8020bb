/**
 * A LIKE / ILIKE pattern that matches `s` anywhere, its own `%`, `_` and `\` taken literally
 * (PostgreSQL's default escape character is the backslash).
 */
export const escapeLike = (s: string): string => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
