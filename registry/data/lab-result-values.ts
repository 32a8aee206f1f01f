import type { LabValue, LabValueFlag } from "../contract/labs";
import type { Db } from "../db/types";

/** The values a lab reported for an order (table lab_result_values, migration 0007; docs/decisions/044). */

/** Replaces the order's values with these, in this order. */
export async function replaceLabResultValues(db: Db, orderId: number, values: readonly LabValue[], now: Date): Promise<void> {
  await db.query("delete from lab_result_values where lab_order_id = $1", [orderId]);
  if (values.length === 0) return;
  const params: unknown[] = [orderId, now];
  const rows = values.map((v, i) => {
    const at = params.push(i + 1, v.name, v.value, v.unit, v.referenceRange, v.flag);
    return `($1, $${at - 5}, $${at - 4}, $${at - 3}, $${at - 2}, $${at - 1}, $${at}, $2)`;
  });
  await db.query(
    `insert into lab_result_values (lab_order_id, position, name, value, unit, reference_range, flag, recorded_at) values ${rows.join(
      ", "
    )}`,
    params
  );
}

/** The order's values in the lab's order (none: an empty list). */
export async function labResultValues(db: Db, orderId: number): Promise<LabValue[]> {
  const rows = await db.query<{
    name: string;
    value: string;
    unit: string;
    reference_range: string;
    flag: LabValueFlag | null;
  }>("select name, value, unit, reference_range, flag from lab_result_values where lab_order_id = $1 order by position", [orderId]);
  return rows.map((r) => ({
    name: r.name,
    value: r.value,
    unit: r.unit,
    referenceRange: r.reference_range,
    flag: r.flag,
  }));
}
