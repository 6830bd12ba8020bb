import type { OrderView, PayKind, PayMethod } from '@lodestar/domain';
import type { Executor } from '../../lib/executor.ts';

/** The transaction an order is marked paid in; fulfilments write in it. */
export type PaymentTx = Executor;

/** A payment order as fulfilments see it, at the moment it becomes paid. */
export interface PaidOrder {
  id: number;
  orderNo: string;
  kind: PayKind;
  holdId: number;
  userId: number | null;
  amountFen: number;
  smsPackId: string | null;
  smsCount: number | null;
  /** WalletTopUp: the VPoints priced when the order was made (null on orders older than that column). */
  vpoint: number | null;
  paidAt: Date;
}

/**
 * Runs inside the transaction that moves the order from pending to paid: it happens exactly once
 * however many times the provider calls back, and if it throws the order stays pending.
 */
export type Fulfilment = (tx: PaymentTx, order: PaidOrder) => Promise<void>;

/** A renewal order's line (docs/SIM-API-2.md). */
export interface NewOrderItem {
  simId: number;
  packageId: number;
  periods: number;
  months: number;
  feeFen: number;
}

export interface NewOrder {
  kind: PayKind;
  method: PayMethod;
  holdId: number;
  userId: number;
  amountFen: number;
  /** Shown by the provider to the payer. */
  subject: string;
  smsPackId?: string;
  smsCount?: number;
  /** WalletTopUp: the VPoints it credits, at the rate the payer is shown now. */
  vpoint?: number;
  items?: NewOrderItem[];
}

/** What the payments module offers the renewal and SMS modules. */
export interface Payments {
  /**
   * Writes the order and its items and opens it with the method's provider. With `tx` the order
   * is written in the caller's transaction (e.g. while it holds its SIM rows locked); a provider
   * that refuses the order makes this throw, and nothing is written.
   */
  createOrder(order: NewOrder, lang: string, timeZone: string, tx?: PaymentTx): Promise<OrderView>;
  onPaid(kind: PayKind, fulfil: Fulfilment): void;
  /** The pending (unexpired) order number holding each of these SIMs, if any. */
  pendingOrderOfSims(tx: PaymentTx, simIds: number[]): Promise<Map<number, string>>;
}

export type { OrderView };
