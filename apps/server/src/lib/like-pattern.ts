// `%text%` for ILIKE with the text's own wildcards taken literally (the admin searches).
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
