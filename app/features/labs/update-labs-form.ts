import { isRequisitionFormat, normalizeRequisition } from "../../../registry/contract/labs";
import type { TextKey } from "~/texts/texts";

/**
 * The /update-labs form (LAB-006): a requisition # and the lab staff key, and one of two buttons.
 * The requisition is read as the registry reads it (trimmed, upper case, spaces and hyphens dropped) and must have
 * its format; the key must be given. (With JavaScript the buttons are also disabled while the requisition is empty.)
 */
export type UpdateLabsField = "requisition" | "labStaffKey";

/** Longest key accepted from the form (the registry's keys are 16+ characters; nothing longer is ever right). */
export const LAB_STAFF_KEY_MAX = 256;

export type UpdateLabsAction = "requisition" | "results";

export type UpdateLabsInput = {
  action: UpdateLabsAction;
  requisition: string;
  labStaffKey: string;
};

export type UpdateLabsValidation = { ok: true; value: UpdateLabsInput } | { ok: false; errors: Partial<Record<UpdateLabsField, TextKey>> };

/** Which button was pressed: 'Update Requisition' or 'Process Lab Results'; anything else is none. */
export function updateLabsAction(intent: unknown): UpdateLabsAction | null {
  return intent === "update-requisition" ? "requisition" : intent === "process-results" ? "results" : null;
}

export function validateUpdateLabs(input: { intent: unknown; requisition: string; labStaffKey: string }): UpdateLabsValidation {
  const requisition = normalizeRequisition(input.requisition);
  const labStaffKey = input.labStaffKey.trim();
  const errors: Partial<Record<UpdateLabsField, TextKey>> = {};
  if (!requisition) errors.requisition = "updateLabs.requisitionRequired";
  else if (!isRequisitionFormat(requisition)) errors.requisition = "updateLabs.requisitionFormat";
  if (!labStaffKey || labStaffKey.length > LAB_STAFF_KEY_MAX)
    errors.labStaffKey = labStaffKey ? "updateLabs.staffKeyInvalid" : "updateLabs.staffKeyRequired";
  const action = updateLabsAction(input.intent);
  if (errors.requisition || errors.labStaffKey || !action) return { ok: false, errors };
  return { ok: true, value: { action, requisition, labStaffKey } };
}
