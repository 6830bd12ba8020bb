/** docs/SIM-API-2.md "SMS". */
export type { OrderView, PayOrderRow } from '@lodestar/domain';
export interface SmsRow {
  MessageID: number;
  MSISDN: string;
  ICCID: string;
  HoldName: string;
  Content: string;
  Segments: number;
  State: number;
  StateText: string;
  Error: string;
  Provider: string;
  UserName: string;
  CreateTime: string;
  SentTime: string;
  DeliveredTime: string;
}

export interface SmsFilters {
  MSISDN: string;
  ICCID: string;
  /** -1 all */
  State: number;
  HoldID?: number | undefined;
  StartTime: string;
  EndTime: string;
}

export interface SmsListReply {
  rows: SmsRow[];
  total: number;
  Totals: { Count: number; Segments: number };
}

export interface SmsBalance {
  HoldID: number;
  HoldName: string;
  Balance: number;
  /** local: messages are written to the server log, nothing is delivered. */
  Provider: 'local' | 'http';
}

export interface SmsPack {
  PackID: string;
  Count: number;
  PriceFen: number;
}

export interface SendSmsReply {
  Count: number;
  Segments: number;
  Balance: number;
  MessageIDs: number[];
}
