import type { Account } from "../../../registry/contract/schemas";
import type { TextKey } from "~/texts/texts";
import { isVerified } from "~/platform/verification";

export type StepCard = { titleKey: TextKey; badgeKey: TextKey };

/** The dashboard before any screening (DSH-002): warning when unverified, and the four step cards with their badges. */
export function dashboardBeforeScreening(account: Account | null): {
  verificationRequired: boolean;
  allVerified: boolean;
  canStartScreening: boolean;
  steps: StepCard[];
} {
  const verified = isVerified(account);
  return {
    verificationRequired: !verified,
    allVerified: !!account && account.isEmailVerified && account.isMobileVerified,
    canStartScreening: verified,
    steps: [
      { titleKey: "landing.stepScreening", badgeKey: verified ? "landing.badgeReadyToStart" : "landing.badgePendingVerification" },
      { titleKey: "landing.stepSelectCenter", badgeKey: "landing.badgePendingScreening" },
      { titleKey: "landing.stepLabTests", badgeKey: "landing.badgePendingCenterSelect" },
      { titleKey: "landing.stepSentToCenter", badgeKey: "landing.badgePendingLabTests" },
    ],
  };
}
