import { describe, expect, it } from "vitest";
import { DonorStatus, PrimaryGoal, Transfer } from "../../../registry/contract/enums";
import { isOffered, kidneyStatusOptions, optionLabel, primaryGoalOptions } from "./options";

describe("primary goal options (SCR-010)", () => {
  const G = PrimaryGoal;
  it.each([
    ["no center, has donor", 0, Transfer.Unknown, DonorStatus.HasDonor, [G.FindCenter, G.StandardVoucher, G.TransferToKidneyForLifeCenter, G.Other]],
    [
      "no center, find donor",
      0,
      Transfer.Yes,
      DonorStatus.FindDonor,
      [G.FindCenter, G.TransferToMicrositeCenter, G.TransferToKidneyForLifeCenter, G.Other],
    ],
    [
      "no center, no donor",
      0,
      Transfer.Yes,
      DonorStatus.NoDonor,
      [G.FindCenter, G.TransferToMicrositeCenter, G.TransferToKidneyForLifeCenter, G.Other],
    ],
    ["center kept, has donor", 7, Transfer.No, DonorStatus.HasDonor, [G.StandardVoucher, G.TransferToKidneyForLifeCenter, G.Other]],
    ["center, willing to transfer, other donor", 7, Transfer.Yes, DonorStatus.Other, [G.FindCenter, G.TransferToKidneyForLifeCenter, G.Other]],
    ["center, unknown willingness, unknown donor", 7, Transfer.Unknown, DonorStatus.Unknown, [G.TransferToKidneyForLifeCenter, G.Other]],
  ] as const)("%s", (_n, preferredCenterId, willingToTransfer, donorStatus, expected) => {
    const options = primaryGoalOptions({ preferredCenterId, willingToTransfer, donorStatus });
    expect(options.map((o) => o.value)).toEqual(expected);
    for (const o of options) {
      expect(o.labelKey).toMatch(/^screening\.primaryGoal\./);
      expect(o.descriptionKey).toMatch(/Description$/);
    }
  });

  it("labels and offers", () => {
    expect(optionLabel(kidneyStatusOptions, 0)).toBe("screening.patientSituation.dialysis2Years");
    expect(optionLabel(kidneyStatusOptions, 3)).toBeUndefined();
    expect(isOffered(kidneyStatusOptions, 99)).toBe(true);
    expect(isOffered(kidneyStatusOptions, -1)).toBe(false);
  });
});
