import type { MessageListInput, MessageRow } from '@lodestar/contract/messages';
import type { Page } from '@lodestar/domain';
import { api } from '../../../api/instance.ts';

export type { MessageListInput, MessageRow };
export type MessageSortColumn = NonNullable<MessageListInput['SortColumn']>;
export type MessageFilterInput = Omit<MessageListInput, 'PageIndex' | 'PageSize' | 'SortColumn' | 'SortType'>;

/** Every message list query key starts with this, so a send refreshes them all. */
export const messageListRoot = ['messages', 'list'] as const;

export const getMessageList = (q: MessageListInput) => api.post<Page<MessageRow>>('Message/GetMessageList', q);
