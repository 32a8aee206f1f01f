import { centerReferralDetail, centerReferralItem, centerStatusResult, type CenterStatusBody } from "../../registry/contract/staff-center";
import type { PdfAnswer } from "./client.server";
import type { StaffCaller } from "./staff-calls.server";

/** The client's PDF download (client.server.ts's `pdf`): the file, or the registry's refusal. */
export type StaffPdfFetcher = (path: string, token: string, fileName: string) => Promise<PdfAnswer>;

/**
 * The transplant center's staff calls (docs/decisions/133): the referrals to the person's centers, one referral, its
 * signed consent's PDF, and the center's steps. The registry checks the center grant on each; another center's
 * referral is answered 404.
 */
export function staffCenterCalls(call: StaffCaller, pdf: StaffPdfFetcher) {
  return {
    referrals: (token: string, filter: { status?: number } = {}) =>
      call(
        "GET",
        `/api/staff/center/referrals${filter.status ? `?${new URLSearchParams({ status: String(filter.status) }).toString()}` : ""}`,
        centerReferralItem.array(),
        { token },
      ),
    referral: (token: string, id: number) => call("GET", `/api/staff/center/referrals/${id}`, centerReferralDetail, { token }),
    consentPdf: (token: string, id: number) => pdf(`/api/staff/center/referrals/${id}/consent.pdf`, token, `consent-referral-${id}.pdf`),
    setStatus: (token: string, id: number, body: CenterStatusBody) =>
      call("POST", `/api/staff/center/referrals/${id}/status`, centerStatusResult, { token, body }),
  };
}
export type StaffCenterCalls = ReturnType<typeof staffCenterCalls>;
