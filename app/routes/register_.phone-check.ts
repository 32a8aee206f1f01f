import type { Route } from "./+types/register_.phone-check";
import { Country } from "../../registry/contract/enums";
import { phoneDigits, toE164 } from "../../registry/contract/phone";
import { phoneCheckView } from "~/features/accounts/phone-check-rules";
import { answerOr } from "~/registry/reach.server";
import { withCheckedErrors } from "~/texts/text-key.server";
import { portalContext } from "~/platform/context";

/**
 * The live phone check of the registration form (ACC-015), for its JavaScript: asks the registry's
 * POST /validate-phone (rate-limited per client address) and answers the feedback to show as a locale key.
 */
export async function loader({ url, context: routerContext }: Route.LoaderArgs) {
  const context = routerContext.get(portalContext);
  const params = url.searchParams;
  const phone = (params.get("phoneNumber") ?? "").slice(0, 40);
  // The rule of the address's country (docs/decisions/049).
  const country = params.get("country") === String(Country.Other) ? Country.Other : Country.UnitedStates;
  let answer = null;
  const number = toE164(phone, country);
  if (number) {
    // Only the number goes on, in the form the registry stores it (digits for the US, E.164 elsewhere).
    answer = await answerOr(
      context.registry.validatePhone(country === Country.Other ? number : phoneDigits(phone), context.clientAddress, country),
      null,
    );
  }
  return Response.json(phoneCheckView(phone, answer && withCheckedErrors(answer), country), { headers: { "Cache-Control": "no-store" } });
}
