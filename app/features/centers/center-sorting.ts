import type { TextKey } from "~/texts/texts";
import { PrimaryGoal } from "../../../registry/contract/enums";
import { compareText } from "../../../registry/contract/text-order";

/** Center texts are compared in English, case and accents ignored, numbers as numbers. */
const byText = compareText("en", { sensitivity: "base", numeric: true });

/**
 * The centers table of the select-center screen: its sorting (CEN-004) and its two sections (CEN-003).
 */

/** The center fields the table sorts and groups by (names of CEN-013; the two unnamed counts named here). */
export type SortableCenter = {
  centerId: number;
  centerName: string;
  stateAbbr: string;
  distanceInMiles: number | null;
  isKidneyForLifeParticipant: boolean;
  isMicrositeCenterOfExcellence: boolean;
  isMicrositeParticipant: boolean;
  isMemberCenter: boolean;
  isRecipientShieldParticipant: boolean;
  performsNonSteroidProtocol: boolean;
  hasVoucherProgram: boolean;
  lowEpletTransplantsLast12Months: number | null;
  nkrTransplantsLast12Months: number | null;
  yearRangeLdNkrFacilitated: number | null;
  allLivingDonorTransplantsPriorYear: number | null;
  nkrPercentLdTransplants: number | null;
};

export type SortDirection = "asc" | "desc";
type Column<T> =
  | { kind: "text"; value: (c: T) => string; defaultDirection: "asc" }
  | { kind: "number"; value: (c: T) => number | null; defaultDirection: SortDirection }
  | { kind: "flag"; value: (c: T) => boolean; defaultDirection: "asc" };

/** The sortable columns, in table order, keyed by the value of ?sort=. */
export const centerColumns = {
  name: { kind: "text", value: (c: SortableCenter) => c.centerName, defaultDirection: "asc" },
  state: { kind: "text", value: (c: SortableCenter) => c.stateAbbr, defaultDirection: "asc" },
  distance: { kind: "number", value: (c: SortableCenter) => c.distanceInMiles, defaultDirection: "asc" },
  kidneyForLife: { kind: "flag", value: (c: SortableCenter) => c.isKidneyForLifeParticipant, defaultDirection: "asc" },
  // A null low-eplet count counts as -1 (CEN-004).
  lowEplet: { kind: "number", value: (c: SortableCenter) => c.lowEpletTransplantsLast12Months ?? -1, defaultDirection: "desc" },
  nkrLast12Months: { kind: "number", value: (c: SortableCenter) => c.nkrTransplantsLast12Months, defaultDirection: "desc" },
  nkrPriorYear: { kind: "number", value: (c: SortableCenter) => c.yearRangeLdNkrFacilitated, defaultDirection: "desc" },
  livingDonorPriorYear: { kind: "number", value: (c: SortableCenter) => c.allLivingDonorTransplantsPriorYear, defaultDirection: "desc" },
  nkrPercent: { kind: "number", value: (c: SortableCenter) => c.nkrPercentLdTransplants, defaultDirection: "desc" },
  microsites: { kind: "flag", value: (c: SortableCenter) => c.isMicrositeParticipant, defaultDirection: "asc" },
  nonSteroidal: { kind: "flag", value: (c: SortableCenter) => c.performsNonSteroidProtocol, defaultDirection: "asc" },
  voucher: { kind: "flag", value: (c: SortableCenter) => c.hasVoucherProgram, defaultDirection: "asc" },
  recipientShield: { kind: "flag", value: (c: SortableCenter) => c.isRecipientShieldParticipant, defaultDirection: "asc" },
  memberCenter: { kind: "flag", value: (c: SortableCenter) => c.isMemberCenter, defaultDirection: "asc" },
} as const satisfies Record<string, Column<SortableCenter>>;
export type CenterColumn = keyof typeof centerColumns;
export type CenterSort = { column: CenterColumn; direction: SortDirection } | null;

export function isCenterColumn(value: unknown): value is CenterColumn {
  return typeof value === "string" && Object.prototype.hasOwnProperty.call(centerColumns, value);
}

/** The initial sort: distance ascending. */
export const initialCenterSort: CenterSort = { column: "distance", direction: "asc" };

/** A sort read from ?sort=&dir= (an unknown column or direction falls back to the initial sort; ?sort= empty clears it). */
export function sortFromQuery(sort: string | null, dir: string | null): CenterSort {
  if (sort === null) return initialCenterSort;
  if (sort === "") return null;
  if (!isCenterColumn(sort)) return initialCenterSort;
  return { column: sort, direction: dir === "asc" || dir === "desc" ? dir : centerColumns[sort].defaultDirection };
}

/**
 * A click on a column heading (CEN-004): a new column takes its default direction; the same column flips;
 * a third click (the same column again, already flipped from its default) clears the sort.
 */
export function nextSort(current: CenterSort, clicked: CenterColumn): CenterSort {
  const defaultDirection = centerColumns[clicked].defaultDirection;
  if (!current || current.column !== clicked) return { column: clicked, direction: defaultDirection };
  if (current.direction === defaultDirection) return { column: clicked, direction: defaultDirection === "asc" ? "desc" : "asc" };
  return null;
}

function compare(column: Column<SortableCenter>, a: SortableCenter, b: SortableCenter, direction: SortDirection): number {
  const sign = direction === "asc" ? 1 : -1;
  switch (column.kind) {
    case "text":
      return sign * byText(column.value(a), column.value(b));
    case "flag":
      // Ascending puts participants first.
      return sign * (Number(column.value(b)) - Number(column.value(a)));
    case "number": {
      const x = column.value(a);
      const y = column.value(b);
      // An unknown value ('--') goes last in either direction.
      if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
      return sign * (x - y);
    }
  }
}

/** The centers in the given order; no sort keeps the order given; ties keep their order. */
export function sortCenters<T extends SortableCenter>(centers: readonly T[], sort: CenterSort): T[] {
  if (!sort) return [...centers];
  const column = centerColumns[sort.column] as Column<SortableCenter>;
  return centers
    .map((c, i) => ({ c, i }))
    .sort((a, b) => compare(column, a.c, b.c, sort.direction) || a.i - b.i)
    .map(({ c }) => c);
}

export type CenterSection<T> = { titleKey: TextKey; centers: T[] };

/**
 * The two sections of CEN-003: first the Microsite Centers of Excellence when the goal is
 * TransferToMicrositeCenter, else the Kidney for Life Centers; then 'Other NKR Member Centers' with the rest.
 * Each section is sorted with the table's sort.
 */
export function centerSections<T extends SortableCenter>(
  centers: readonly T[],
  primaryGoal: number,
  sort: CenterSort,
): [CenterSection<T>, CenterSection<T>] {
  const microsite = primaryGoal === PrimaryGoal.TransferToMicrositeCenter;
  const inFirst = (c: T) => (microsite ? c.isMicrositeCenterOfExcellence : c.isKidneyForLifeParticipant);
  return [
    {
      titleKey: microsite ? "selectCenter.sectionMicrositeExcellence" : "selectCenter.sectionKidneyForLife",
      centers: sortCenters(centers.filter(inFirst), sort),
    },
    {
      titleKey: "selectCenter.sectionOtherMembers",
      centers: sortCenters(
        centers.filter((c) => !inFirst(c)),
        sort,
      ),
    },
  ];
}

/** CEN-007: the goal is a microsite transfer and the chosen center does not take part in the Microsite Program. */
export function showsMicrositeWarning(primaryGoal: number, center: Pick<SortableCenter, "isMicrositeParticipant"> | undefined): boolean {
  return primaryGoal === PrimaryGoal.TransferToMicrositeCenter && center !== undefined && !center.isMicrositeParticipant;
}
