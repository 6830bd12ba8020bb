import type { CommandStatus } from '@lodestar/domain';
import type { TFunction } from 'i18next';

/** Labels of the catalogue's types, parameters and options (commands.json); an unknown key shows as itself. */
export const typeLabel = (t: TFunction, type: string) => t(`commands:type.${type}`, { defaultValue: type });
export const paramLabel = (t: TFunction, key: string) => t(`commands:param.${key}`, { defaultValue: key });
export const optionLabel = (t: TFunction, key: string, value: string | number) =>
  t(`commands:option.${key}.${value}`, { defaultValue: String(value) });
export const statusLabel = (t: TFunction, status: string) => t(`commands:status.${status}`, { defaultValue: status });

/** Tag colours of a command's status, the same on every page that lists commands or messages. */
export const STATUS_COLOUR: Record<CommandStatus, string> = {
  queued: 'default',
  sent: 'processing',
  acknowledged: 'success',
  failed: 'error',
  expired: 'warning',
  cancelled: 'default',
};

/** Expiry choices of a send, in minutes (the catalogue's default, 24 h, among them). */
export const EXPIRY_CHOICES = [10, 60, 360, 1440, 4320, 10080] as const;
