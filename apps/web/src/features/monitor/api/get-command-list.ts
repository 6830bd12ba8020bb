import { api } from '../../../api/instance.ts';

export type CommandStatus = 'pending' | 'sent' | 'acknowledged' | 'failed' | 'timedOut';

export interface CommandRow {
  CommandID: number;
  Type: string;
  Status: CommandStatus;
  Result: string | null;
  CreateTime: string;
  SentTime: string | null;
  DoneTime: string | null;
}

export const getCommandList = (deviceId: string) =>
  api.post<CommandRow[]>('Command/GetCommandList', { DeviceID: deviceId });
