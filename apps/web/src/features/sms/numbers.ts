import { MSISDN_RE, SMS_RULES } from '@lodestar/domain';

export interface ParsedNumbers {
  /** Distinct numbers, in the order typed. */
  numbers: string[];
  /** The first entry that is not a SIM number: its 1-based line and what was typed. */
  bad?: { line: number; value: string };
  tooMany: boolean;
}

/**
 * The send dialog's number box: one number per line or separated by commas (also "，", ";" or
 * "、"); spaces and dashes inside a number are dropped, as the server does.
 */
export function parseNumbers(text: string): ParsedNumbers {
  const numbers: string[] = [];
  const lines = text.split(/\r?\n/);
  for (const [i, line] of lines.entries()) {
    for (const raw of line.split(/[,，;；、]/)) {
      const value = raw.trim();
      if (!value) continue;
      const n = value.replace(/[\s-]/g, '');
      if (!MSISDN_RE.test(n)) return { numbers, bad: { line: i + 1, value }, tooMany: false };
      if (!numbers.includes(n)) numbers.push(n);
    }
  }
  return { numbers, tooMany: numbers.length > SMS_RULES.maxTargets };
}
