/** Query keys of the command calls: a send or cancel invalidates its batch's key. */
export const COMMAND_TYPES_KEY = ['commands', 'types'] as const;
export const BATCH_KEY = ['commands', 'batch'] as const;
export const COMMAND_LIST_KEY = ['commands', 'list'] as const;
