import type { SendMessageInput } from '@lodestar/contract/messages';
import { api } from '../../../api/instance.ts';

export type { SendMessageInput };

export const sendMessage = (body: SendMessageInput) =>
  api.post<{ BatchID: number; Count: number }>('Message/SendMessage', body);
