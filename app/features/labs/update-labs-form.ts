import { isRequisitionFormat, normalizeRequisition } from "../../../registry/contract/labs";
import type { TextKey } from "~/texts/texts";

/**
 * The /update-labs form (LAB-006): a requisition # and one of two buttons, for a signed-in lab person
 * (docs/decisions/133). The requisition is read as the registry reads it (trimmed, upper case, spaces and hyphens
 * dropped) and must have its format. (With JavaScript the buttons are also disabled while the requisition is empty.)
 */
export type UpdateLabsField = "requisition";

export type UpdateLabsAction = "requisition" | "results";

export type UpdateLabsInput = { action: UpdateLabsAction; requisition: string };

export type UpdateLabsValidation = { ok: true; value: UpdateLabsInput } | { ok: false; errors: Partial<Record<UpdateLabsField, TextKey>> };

/** Which button was pressed: 'Update Requisition' or 'Process Lab Results'; anything else is none. */
export function updateLabsAction(intent: unknown): UpdateLabsAction | null {
  return intent === "update-requisition" ? "requisition" : intent === "process-results" ? "results" : null;
}

export function validateUpdateLabs(input: { intent: unknown; requisition: string }): UpdateLabsValidation {
  const requisition = normalizeRequisition(input.requisition);
  const errors: Partial<Record<UpdateLabsField, TextKey>> = {};
  if (!requisition) errors.requisition = "updateLabs.requisitionRequired";
  else if (!isRequisitionFormat(requisition)) errors.requisition = "updateLabs.requisitionFormat";
  const action = updateLabsAction(input.intent);
  if (errors.requisition || !action) return { ok: false, errors };
  return { ok: true, value: { action, requisition } };
}
