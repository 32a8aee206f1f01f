import type { z } from "zod";
import { RegistryMessage } from "../contract/envelope";
import { ValidationKey } from "../contract/validation-keys";
import { readJsonObject } from "./body";
import type { Ctx } from "./context";
import { Refusal } from "./respond";
import { bodyFieldErrors } from "./validation";

/** A positive id (a PostgreSQL integer) from the path, else 400 with the field named. */
export function pathId(value: string | undefined, field: string): number {
  if (!value || !/^[1-9]\d{0,9}$/.test(value) || Number(value) > 2_147_483_647)
    throw new Refusal(400, RegistryMessage.badRequest, { [field]: ValidationKey.invalidValue });
  return Number(value);
}

/** A JSON body that meets its schema, else 400 with each field's error (bodyFieldErrors). */
export async function readBody<T>(ctx: Ctx, schema: z.ZodType<T>): Promise<T> {
  const raw = await readJsonObject(ctx.request);
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new Refusal(400, RegistryMessage.badRequest, bodyFieldErrors(parsed.error, raw));
  return parsed.data;
}
