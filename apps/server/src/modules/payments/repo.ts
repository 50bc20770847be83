import type { Db } from '../../db/db.ts';
import type { PaymentKind } from '../declarations/index.ts';
import type { PriceBinding } from './price.ts';

export interface PaymentRow {
  id: number;
  declaration_id: number | null;
  user_id: number;
  kind: PaymentKind;
  amount: string;
  status: 'pending' | 'paid';
  paid_invoice_id: string | null;
  created_at: Date;
  paid_at: Date | null;
}

export interface InvoiceRow {
  id: number;
  payment_id: number;
  provider: 'robokassa' | 'epay';
  mode: string;
  invoice_id: string;
  amount: string;
  status: 'created' | 'paid' | 'failed' | 'duplicate' | 'void' | 'closed';
  secret_hash: string | null;
  /** the tariff, options and price it was issued for (null: issued before binding, never pays) */
  bound_to: PriceBinding | null;
  void_reason: string | null;
  created_at: Date;
}

export function paymentsRepo(db: Db) {
  return {
    latest: (declarationId: number, kind: PaymentKind) =>
      db.one<PaymentRow>(
        `SELECT * FROM payments WHERE declaration_id = $1 AND kind = $2
         ORDER BY (status = 'pending') DESC, id DESC LIMIT 1`,
        [declarationId, kind],
      ),
    byId: (id: number, declarationId: number) =>
      db.one<PaymentRow>('SELECT * FROM payments WHERE id = $1 AND declaration_id = $2', [id, declarationId]),
    /** the open payment of that kind, created once (a concurrent second call finds the first) */
    async ensurePending(p: { declarationId: number; userId: number; kind: PaymentKind; amount: string; at: Date }) {
      await db.query(
        `INSERT INTO payments (declaration_id, user_id, kind, amount, status, created_at, updated_at)
         VALUES ($1, $2, $3, $4, 'pending', $5, $5)
         ON CONFLICT (declaration_id, kind) WHERE status = 'pending' DO NOTHING`,
        [p.declarationId, p.userId, p.kind, p.amount, p.at],
      );
      const row = await db.one<PaymentRow>(
        `SELECT * FROM payments WHERE declaration_id = $1 AND kind = $2 AND status = 'pending'`,
        [p.declarationId, p.kind],
      );
      if (!row) throw new Error('payment not created');
      return row;
    },
    setAmount: (id: number, amount: string, at: Date) =>
      db.query(`UPDATE payments SET amount = $2, updated_at = $3 WHERE id = $1 AND status = 'pending'`, [
        id,
        amount,
        at,
      ]),
    async newInvoice(p: {
      paymentId: number;
      provider: InvoiceRow['provider'];
      mode: string;
      price: PriceBinding;
      secretHash: string | null;
      at: Date;
    }): Promise<InvoiceRow> {
      const row = await db.one<InvoiceRow>(
        `INSERT INTO payment_invoices (payment_id, provider, mode, invoice_id, amount, bound_to, secret_hash, created_at)
         VALUES ($1, $2, $3, nextval('payment_invoice_seq')::text, $4, $5, $6, $7) RETURNING *`,
        [p.paymentId, p.provider, p.mode, p.price.amount, JSON.stringify(p.price), p.secretHash, p.at],
      );
      if (!row) throw new Error('invoice not created');
      return row;
    },
    invoice: (provider: InvoiceRow['provider'], invoiceId: string) =>
      db.one<InvoiceRow>('SELECT * FROM payment_invoices WHERE provider = $1 AND invoice_id = $2', [
        provider,
        invoiceId,
      ]),
    invoiceOfDeclaration: (invoiceId: string, declarationId: number) =>
      db.one<InvoiceRow>(
        `SELECT i.* FROM payment_invoices i JOIN payments p ON p.id = i.payment_id
         WHERE i.invoice_id = $1 AND p.declaration_id = $2`,
        [invoiceId, declarationId],
      ),
  };
}
