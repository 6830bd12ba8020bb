/**
 * Command and message calls whose other-hold ids (DeviceID(s), HoldID, BatchID, CommandID) modules/commands/
 * routes.test.ts tries ("another hold's ids answer like missing ones").
 */
export const COMMANDS_TENANCY_PATHS: string[] = [
  'Command/GetCommandTypes',
  'Command/SendBatch',
  'Command/GetBatch',
  'Command/CancelCommand',
  'Command/RetryBatch',
  'Command/ExportBatch',
  'Message/SendMessage',
  'Message/GetMessageList',
];
