import type { LoaderFunctionArgs } from "@remix-run/node";
import { phoneDigits } from "../../registry/contract/phone";
import { phoneCheckView } from "~/domain/phone-check";
import { RegistryUnavailableError } from "~/registry/client.server";

/**
 * The live phone check of the registration form (000 §5 Phone), for its JavaScript: asks the registry's
 * POST /validate-phone (rate-limited per client address) and answers the feedback to show as a locale key.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const phone = phoneDigits(new URL(request.url).searchParams.get("phoneNumber") ?? "").slice(0, 20);
  let answer = null;
  if (phone.length === 10) {
    try {
      answer = await context.registry.validatePhone(phone, context.clientAddress);
    } catch (error) {
      if (!(error instanceof RegistryUnavailableError)) throw error;
    }
  }
  return Response.json(phoneCheckView(phone, answer), { headers: { "Cache-Control": "no-store" } });
}
