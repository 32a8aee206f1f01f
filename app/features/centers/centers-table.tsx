import type { TextKey } from "~/texts/texts";
import { Link } from "react-router";
import { useTranslation } from "~/texts/use-translation";
import { numericDate } from "../../../registry/contract/patient-dates";
import type { CenterColumn } from "./center-sorting";
import { distanceText, type CenterRow, type ColumnHeading } from "./select-center-view";

/**
 * One section of the select-center screen's centers (CEN-002): a real table whose caption is the section's
 * heading, each column heading a sort link (aria-sort on the sorted one, CEN-004) with its information in a
 * <details>, flags as a check mark or '--', counts or '--', and a Select link that opens the confirmation dialog
 * (a disabled button for the current center). Without JavaScript every link is a plain page request.
 * Select comes right after the center's name, so it is the row's first control; below 768 px each row is a card
 * whose cells carry their column's name (app.css), and the scroll box holds everything in it (docs/decisions/053).
 */

const FLAG_COLUMNS = new Set<CenterColumn>(["kidneyForLife", "microsites", "nonSteroidal", "voucher", "recipientShield", "memberCenter"]);

function ColumnInfo({ column, priorYear }: { column: CenterColumn; priorYear: { from: string; to: string } | null }) {
  const { t, i18n } = useTranslation();
  // The window's days as the specification writes them: MM/DD/YYYY, Spanish DD/MM/AAAA (CEN-002; docs/decisions/129).
  const range = priorYear ? { from: numericDate(priorYear.from, i18n.language), to: numericDate(priorYear.to, i18n.language) } : {};
  const key =
    (column === "nkrPriorYear" || column === "livingDonorPriorYear") && !priorYear
      ? (`selectCenter.columnInfo.${column}NoRange` as const)
      : (`selectCenter.columnInfo.${column}` as const);
  return (
    <details className="column-info">
      <summary>
        {t("selectCenter.info")}
        <span className="visually-hidden"> {t("selectCenter.infoAbout", { column: t(`selectCenter.column.${column}`) })}</span>
      </summary>
      <p>{t(key, range)}</p>
    </details>
  );
}

function Flag({ on }: { on: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <span aria-hidden="true" className={on ? "flag flag--on" : "flag"}>
        {on ? "✓" : "--"}
      </span>
      <span className="visually-hidden">{on ? t("selectCenter.yes") : t("selectCenter.no")}</span>
    </>
  );
}

function value(row: CenterRow, column: Exclude<CenterColumn, "name">, lang: string) {
  if (column === "state") return row.stateAbbr;
  // Miles in the page's language ("11.0" / "11,0"), as the filter and the microsite notice write them.
  if (column === "distance") return distanceText(row.distance, lang);
  if (FLAG_COLUMNS.has(column)) return <Flag on={row[column as "kidneyForLife"]} />;
  return row[column as "lowEplet" | "nkrLast12Months" | "nkrPriorYear" | "livingDonorPriorYear" | "nkrPercent"];
}

/** A cell with its column's name, shown only when the rows are stacked as cards (narrow screens). */
function Cell({ row, column }: { row: CenterRow; column: Exclude<CenterColumn, "name"> }) {
  const { t, i18n } = useTranslation();
  return (
    <td>
      <span className="cell-label">{t(`selectCenter.column.${column}`)}: </span>
      {value(row, column, i18n.language)}
    </td>
  );
}

function SelectControl({ row }: { row: CenterRow }) {
  const { t } = useTranslation();
  return row.isCurrent ? (
    <button type="button" className="secondary" disabled>
      {t("selectCenter.select")}
      <span className="visually-hidden">
        {" "}
        {row.centerName} {t("selectCenter.currentCenter")}
      </span>
    </button>
  ) : (
    <Link to={row.selectHref} role="button" preventScrollReset>
      {t("selectCenter.select")}
      <span className="visually-hidden"> {row.centerName}</span>
    </Link>
  );
}

export function CentersTable({
  id,
  titleKey,
  headings,
  rows,
  priorYear,
  firstRowId,
}: {
  id: string;
  /** The id of the first row's heading cell: the target of the page's "Go to the list of centers" link. */
  firstRowId?: string;
  titleKey: TextKey;
  headings: ColumnHeading[];
  rows: CenterRow[];
  priorYear: { from: string; to: string } | null;
}) {
  const { t } = useTranslation();
  const titleId = `${id}-title`;
  return (
    <div className="table-scroll" role="region" aria-labelledby={titleId} tabIndex={0}>
      <table className="centers-table">
        <caption>
          <h2 id={titleId}>{t(titleKey)}</h2>
        </caption>
        <thead>
          <tr>
            {headings.map((h) => [
              <th key={h.column} scope="col" aria-sort={h.ariaSort}>
                <Link to={h.href} preventScrollReset>
                  {t(`selectCenter.column.${h.column}`)}
                  {h.ariaSort ? (
                    <>
                      <span aria-hidden="true">{h.ariaSort === "ascending" ? " ▲" : " ▼"}</span>
                      <span className="visually-hidden">
                        {" "}
                        {t(h.ariaSort === "ascending" ? "selectCenter.sortedAscending" : "selectCenter.sortedDescending")}
                      </span>
                    </>
                  ) : null}
                </Link>
                <ColumnInfo column={h.column} priorYear={priorYear} />
              </th>,
              h.column === "name" ? (
                <th key="select" scope="col" className="centers-table__select">
                  <span className="visually-hidden">{t("selectCenter.actions")}</span>
                </th>
              ) : null,
            ])}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={row.centerId}>
              {headings.map((h) =>
                h.column === "name" ? (
                  [
                    <th key={h.column} scope="row" id={i === 0 ? firstRowId : undefined}>
                      <span className="center-name" title={row.centerName}>
                        {row.centerName}
                      </span>
                    </th>,
                    <td key="select" className="centers-table__select">
                      <SelectControl row={row} />
                    </td>,
                  ]
                ) : (
                  <Cell key={h.column} row={row} column={h.column} />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
