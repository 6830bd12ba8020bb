import { index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { paymentOrders } from './schema-billing.ts';
import { holds, users } from './schema-core.ts';

/**
 * Invoices (spec section 2 "invoice management", function 85): a hold's request over its paid payment orders,
 * issued by the provider above it with the invoice number and the PDF it issued (under DATA_DIR, `file_path`
 * relative to it). Money in fen; type and status are packages/domain invoices.ts' texts.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    /** The requester's hold: the invoice is visible in its lineage's subtrees. */
    holdId: integer('hold_id')
      .notNull()
      .references(() => holds.id),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** InvoiceType: ordinary or special. */
    type: text('type').notNull(),
    title: text('title').notNull(),
    taxNo: text('tax_no').notNull(),
    email: text('email').notNull(),
    /** The sum of its orders' amounts when asked. */
    amountFen: integer('amount_fen').notNull(),
    /** InvoiceStatus: requested, issued. */
    status: text('status').notNull().default('requested'),
    invoiceNo: text('invoice_no'),
    filePath: text('file_path'),
    fileSize: integer('file_size'),
    issuedBy: integer('issued_by').references(() => users.id, { onDelete: 'set null' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('invoices_hold_created_idx').on(t.holdId, t.createdAt)],
);

/** The orders an invoice covers: an order is invoiced once, ever (the unique index is the last word). */
export const invoiceOrders = pgTable(
  'invoice_orders',
  {
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => paymentOrders.id),
  },
  (t) => [primaryKey({ columns: [t.invoiceId, t.orderId] }), uniqueIndex('invoice_orders_order_idx').on(t.orderId)],
);
