import { RegistrationStatus } from "../../../registry/contract/enums";
import type { Screening } from "../../../registry/contract/schemas";
import {
  centerColumns,
  initialCenterSort,
  nextSort,
  showsMicrositeWarning,
  sortFromQuery,
  type CenterColumn,
  type CenterSort,
  type SortableCenter,
} from "./center-sorting";
import { changeCenterDecision, type CancelCenterDetails } from "../../../registry/contract/change-center";
import { labsRequired, showsNotClearedView } from "~/components/registration-views";
import { readRegistryDate } from "../../../registry/contract/registry-dates";
import { isoDay } from "../../../registry/contract/patient-dates";
import { parseRegistryId } from "~/forms/registry-id";

/**
 * The select-center screen (CEN-001, CEN-002, CEN-004, CEN-009) as plain data: the query (?distance=&sort=&dir=&select=), the
 * links of the sortable headings, the cells of a row, the prior-year window, who may choose a center, and the
 * Select Center Confirmation dialog. The route renders it; nothing here talks to the registry.
 */

/** The distance filter: 100, 300, 1,000 miles or any (0); 300 by default (CEN-001). */
export const DISTANCE_OPTIONS = [100, 300, 1000, 0] as const;
export type DistanceFilter = (typeof DISTANCE_OPTIONS)[number];
export const DEFAULT_DISTANCE: DistanceFilter = 300;

/** ?distance= as one of the filter's values; anything else is the default. */
export function distanceFromQuery(value: string | null): DistanceFilter {
  const n = value !== null && /^[0-9]{1,4}$/.test(value) ? Number(value) : NaN;
  return (DISTANCE_OPTIONS as readonly number[]).includes(n) ? (n as DistanceFilter) : DEFAULT_DISTANCE;
}

export type SelectCenterQuery = { distance: DistanceFilter; sort: CenterSort; select: number | null };

export function readSelectCenterQuery(params: URLSearchParams): SelectCenterQuery {
  return {
    distance: distanceFromQuery(params.get("distance")),
    sort: sortFromQuery(params.get("sort"), params.get("dir")),
    select: parseRegistryId(params.get("select")),
  };
}

/**
 * The query string of a page state: the distance always; the sort unless it is the initial one (distance
 * ascending); a cleared sort as `sort=` (empty); the center whose confirmation dialog is open.
 */
export function queryString(q: SelectCenterQuery): string {
  const params = new URLSearchParams({ distance: String(q.distance) });
  if (q.sort === null) params.set("sort", "");
  else if (q.sort.column !== initialCenterSort?.column || q.sort.direction !== initialCenterSort.direction) {
    params.set("sort", q.sort.column);
    params.set("dir", q.sort.direction);
  }
  if (q.select !== null) params.set("select", String(q.select));
  return `?${params.toString()}`;
}

export type ColumnHeading = {
  column: CenterColumn;
  /** The link a click on the heading follows (CEN-004: default direction, flip, third click clears). */
  href: string;
  /** aria-sort, only on the sorted column. */
  ariaSort: "ascending" | "descending" | undefined;
};

export function columnHeadings(q: SelectCenterQuery): ColumnHeading[] {
  return (Object.keys(centerColumns) as CenterColumn[]).map((column) => ({
    column,
    href: queryString({ distance: q.distance, sort: nextSort(q.sort, column), select: null }),
    ariaSort: q.sort?.column === column ? (q.sort.direction === "asc" ? "ascending" : "descending") : undefined,
  }));
}

/** A count, or '--' when unknown. */
export function countText(n: number | null): string {
  return n === null ? "--" : String(n);
}
const milesFormats = new Map<string, Intl.NumberFormat>();
/**
 * Miles written in the page's language (`lang`), with its own separators ("1,000" and "11.0" in English, "1000" and
 * "11,0" in Spanish): `decimals` 1 for a distance (the registry measures to a tenth of a mile, CEN-005), 0 for the
 * distance filter's limits. The same writing everywhere a distance shows (the table, the microsite notice, the filter).
 */
export function milesText(miles: number, lang: string, decimals: 0 | 1 = 1): string {
  const id = `${lang}:${decimals}`;
  let format = milesFormats.get(id);
  if (!format) milesFormats.set(id, (format = new Intl.NumberFormat(lang, { minimumFractionDigits: decimals, maximumFractionDigits: decimals })));
  return format.format(miles);
}
/** A distance with one decimal in the page's language, or '--' when unknown (a postal code with no known location, CEN-005). */
export function distanceText(n: number | null, lang: string): string {
  return n === null ? "--" : milesText(n, lang);
}

/**
 * Whether the registry could not measure distances from the patient's postal code (CEN-005: a postal code outside
 * the US, or one it has no location for): it answers every member center, each without a distance, whatever the
 * filter. The page then says so in place of the filter, which cannot apply.
 */
export function distancesUnknown(centers: ReadonlyArray<{ distanceInMiles: number | null }>): boolean {
  return centers.length > 0 && centers.every((c) => c.distanceInMiles === null);
}
/** A percentage with at most one decimal, or '--'. */
export function percentText(n: number | null): string {
  return n === null ? "--" : `${Math.round(n * 10) / 10}%`;
}

export type CenterRow = {
  centerId: number;
  centerName: string;
  stateAbbr: string;
  /** Miles from the patient's postal code, null when unknown; written in the page's language by distanceText. */
  distance: number | null;
  kidneyForLife: boolean;
  lowEplet: string;
  nkrLast12Months: string;
  nkrPriorYear: string;
  livingDonorPriorYear: string;
  nkrPercent: string;
  microsites: boolean;
  nonSteroidal: boolean;
  voucher: boolean;
  recipientShield: boolean;
  memberCenter: boolean;
  /** The Select button is disabled for the current preferred center (CEN-006). */
  isCurrent: boolean;
  /** The link that opens the confirmation dialog for this center. */
  selectHref: string;
};

export function centerRow(c: SortableCenter, q: SelectCenterQuery, preferredCenterId: number): CenterRow {
  return {
    centerId: c.centerId,
    centerName: c.centerName,
    stateAbbr: c.stateAbbr,
    distance: c.distanceInMiles,
    kidneyForLife: c.isKidneyForLifeParticipant,
    lowEplet: countText(c.lowEpletTransplantsLast12Months),
    nkrLast12Months: countText(c.nkrTransplantsLast12Months),
    nkrPriorYear: countText(c.yearRangeLdNkrFacilitated),
    livingDonorPriorYear: countText(c.allLivingDonorTransplantsPriorYear),
    nkrPercent: percentText(c.nkrPercentLdTransplants),
    microsites: c.isMicrositeParticipant,
    nonSteroidal: c.performsNonSteroidProtocol,
    voucher: c.hasVoucherProgram,
    recipientShield: c.isRecipientShieldParticipant,
    memberCenter: c.isMemberCenter,
    isCurrent: preferredCenterId > 0 && c.centerId === preferredCenterId,
    selectHref: queryString({ ...q, select: c.centerId }),
  };
}

/**
 * The prior-year window of the popovers (CEN-002): from one year before the end date plus one day, to the end
 * date, both as their day (YYYY-MM-DD), which the popover writes in the page's language (docs/decisions/093); the
 * end date is the first center's yearRangeLastDate. February 29 a year back is February 28. No readable date, no window.
 */
export function priorYearRange(yearRangeLastDate: string | undefined): { from: string; to: string } | null {
  const end = readRegistryDate(yearRangeLastDate)?.at;
  if (!end) return null;
  const y = end.getUTCFullYear() - 1;
  const m = end.getUTCMonth();
  const lastDayOfMonth = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const yearBefore = Date.UTC(y, m, Math.min(end.getUTCDate(), lastDayOfMonth));
  return { from: isoDay(new Date(yearBefore + 24 * 60 * 60 * 1000)), to: isoDay(end) };
}

/**
 * Whether a center can be chosen for this registration: at select-center or beyond (lab step, sent to center), not
 * in the not-cleared view, not an immune-tolerance candidate or ruled out (the registration card shows the Select /
 * Change Center button only then, DSH-015).
 */
export function canChooseCenter(s: Pick<Screening, "status" | "isCleared">): boolean {
  return (
    (s.status === RegistrationStatus.SelectCenter ||
      s.status === RegistrationStatus.CompleteLabTests ||
      s.status === RegistrationStatus.SentToCenter) &&
    !showsNotClearedView(s)
  );
}

/**
 * The cancel-center details kept in the session (PLT-010) for the screening they were given for, until
 * `expiresAt` (ms since the epoch): a reason given long ago does not stand for a later change.
 */
export type StoredCancelCenter = CancelCenterDetails & { screeningId: number; expiresAt: number };
export const CANCEL_CENTER_KEEP_MS = 60 * 60 * 1000;

export type SelectionGate =
  | { kind: "unavailable" }
  /** The change is blocked ('Please Give Additional Time') or needs a reason first: the dashboard's dialog. */
  | { kind: "changeCenterDialog"; href: `/landing?change=${number}` }
  /** Go on: the reason and information sent with the selection (null for a first selection). */
  | { kind: "ok"; reason: number | null; other: string | null };

/**
 * Before the page lists centers, and again before a selection is sent (CEN-009): a screening that cannot choose a
 * center is refused; a change still inside the 3-day wait, or a change without the Additional Center Registration
 * answered for this screening, goes back to the dashboard's dialog; otherwise the selection goes on with the
 * stored reason (a first selection needs none).
 */
export function selectionGate(s: Screening, stored: StoredCancelCenter | undefined, now: Date): SelectionGate {
  if (!canChooseCenter(s)) return { kind: "unavailable" };
  const decision = changeCenterDecision(s, now);
  const dialog = { kind: "changeCenterDialog", href: `/landing?change=${s.id}` } as const;
  if (decision.kind === "closeOutWarning") return dialog;
  if (decision.kind === "additionalCenter") {
    if (!stored || stored.screeningId !== s.id || stored.expiresAt <= now.getTime()) return dialog;
    return { kind: "ok", reason: stored.reason, other: stored.other };
  }
  return { kind: "ok", reason: null, other: null };
}

/**
 * Whether `centerId` (?select= or the dialog's post) is the center this registration already has (CEN-006): the
 * confirmation reached again by the browser's Back after the selection was saved, or the same dialog posted twice.
 * The dashboard then says the center is selected, instead of the change-center dialogs a new choice would meet.
 */
export function selectsCurrentCenter(s: Pick<Screening, "preferredCenterId">, centerId: number | null): boolean {
  return centerId !== null && s.preferredCenterId > 0 && centerId === s.preferredCenterId;
}

export type ConfirmationView = {
  centerId: number;
  centerName: string;
  textKey: "selectCenter.confirm.labsText" | "selectCenter.confirm.transferText";
  buttonKey: "selectCenter.confirm.labsButton" | "selectCenter.confirm.transferButton";
  micrositeWarning: boolean;
};

/**
 * The Select Center Confirmation dialog (CEN-006) for the center of ?select=: only a center listed on the page
 * and not the current one. Labs still required (none uploaded) -> the blood-test text and 'I Understand,
 * Continue'; otherwise 'Are you sure you would like to transfer to {center}?' and 'Yes, Continue'. The microsite
 * warning shows for a microsite goal and a center outside the Microsite Program.
 */
export function confirmationView(
  s: Pick<Screening, "labsUploadedDateTime" | "primaryGoal" | "preferredCenterId">,
  centers: readonly SortableCenter[],
  select: number | null,
): ConfirmationView | null {
  if (select === null || select === s.preferredCenterId) return null;
  const center = centers.find((c) => c.centerId === select);
  if (!center) return null;
  const labs = labsRequired(s);
  return {
    centerId: center.centerId,
    centerName: center.centerName,
    textKey: labs ? "selectCenter.confirm.labsText" : "selectCenter.confirm.transferText",
    buttonKey: labs ? "selectCenter.confirm.labsButton" : "selectCenter.confirm.transferButton",
    micrositeWarning: showsMicrositeWarning(s.primaryGoal, center),
  };
}
