import { CompiledQuery } from 'kysely';
import type { Dialect, Executor } from '../db/database';

// Field by field the wire shape of toOrderView (SPEC.md §3, Order as returned), newest first, built by the
// database: reading twenty orders and forty lines into JavaScript objects to serialize them again costs four
// times as much as the finished text. order-repository.test.ts holds the two shapes equal.
const ORDER_FIELDS = (o: string) => `'id', ${o}.id, 'orderid', ${o}.orderid, 'paymentid', ${o}.paymentid, 'status', ${o}.status,
  'paymentmode', ${o}.paymentmode, 'paymentstatus', ${o}.payment_status, 'address', ${o}.address,
  'district', ${o}.district, 'state', ${o}.state, 'pincode', ${o}.pincode, 'mobilenumber', ${o}.mobilenumber,
  'totalAmount', ${o}.total_amount`;
const TAIL_FIELDS = (o: string) => `'createdAt', ${o}.created_at, 'username', ${o}.username, 'emailaddress', ${o}.emailaddress,
  'note', ${o}.note, 'receipt', ${o}.receipt, 'subtotal', ${o}.subtotal, 'deliveryFee', ${o}.delivery_fee, 'codFee', ${o}.cod_fee,
  'discount', ${o}.discount, 'couponCode', ${o}.coupon_code, 'invoiceNumber', ${o}.invoice_number,
  'gstin', ${o}.gstin, 'businessName', ${o}.business_name, 'confirmation', ${o}.confirmation,
  'confirmBy', case when ${o}.confirmation = 'PENDING' then ${o}.confirm_by end, 'refundedAmount', ${o}.refunded_amount,
  'refundProcessedAmount', ${o}.refund_processed_amount, 'deliveredAt', ${o}.delivered_at`;
const LINE_FIELDS = `'name', l.name, 'quantity', l.size_ml, 'itemQty', l.item_qty, 'finalPrice', l.unit_price`;
const SHIPMENT_FIELDS = `'mode', s.mode, 'courier', s.courier, 'awb', coalesce(s.awb, ''), 'trackingUrl', s.tracking_url, 'status', s.status`;
const EVENT_FIELDS = `'at', e.at, 'status', e.status, 'location', e.location`;
// A booking under way or a cancelled shipment is not shown (shipment-view-repository.ts says the same).
const SHIPMENT_SHOWN = `s.order_id = o.id and s.status not in ('BOOKING', 'CANCELLED')`;

const SQLITE_TEXT = `select json_group_array(json_object(${ORDER_FIELDS('o')},
    'items', (select json_group_array(json_object(${LINE_FIELDS}) order by l.position) from order_lines l where l.order_id = o.id),
    ${TAIL_FIELDS('o')}, 'whatsappOptIn', json(case when o.whatsapp_opt_in = 1 then 'true' else 'false' end),
    'shipment', (select json_object(${SHIPMENT_FIELDS},
      'events', (select json_group_array(json_object(${EVENT_FIELDS}) order by e.at, e.id) from shipment_events e where e.shipment_id = s.id))
      from shipments s where ${SHIPMENT_SHOWN})) order by o.created_at desc, o.id desc) as body
  from orders o where o.user_id = ?`;

const POSTGRES_TEXT = `select coalesce(json_agg(json_build_object(${ORDER_FIELDS('o')},
    'items', (select coalesce(json_agg(json_build_object(${LINE_FIELDS}) order by l.position), '[]'::json) from order_lines l where l.order_id = o.id),
    ${TAIL_FIELDS('o')}, 'whatsappOptIn', o.whatsapp_opt_in = 1,
    'shipment', (select json_build_object(${SHIPMENT_FIELDS},
      'events', (select coalesce(json_agg(json_build_object(${EVENT_FIELDS}) order by e.at, e.id), '[]'::json) from shipment_events e where e.shipment_id = s.id))
      from shipments s where ${SHIPMENT_SHOWN})) order by o.created_at desc, o.id desc), '[]'::json)::text as body
  from orders o where o.user_id = $1`;

/** A customer's orders as the JSON text GET /api/order answers, found by account id only. */
export async function customerOrdersJson(executor: Executor, dialect: Dialect, userId: number): Promise<string> {
  // A fixed text with one parameter, run as is: nothing for the query builder to build.
  const result = await executor.executeQuery<{ body: string }>(CompiledQuery.raw(dialect === 'sqlite' ? SQLITE_TEXT : POSTGRES_TEXT, [userId]));
  return result.rows[0]?.body ?? '[]';
}
