import type { ReactNode } from "react";
import { useTranslation } from "~/texts/use-translation";
import { PageFlash } from "./flash-messages";

/** A page whose data the registry could not give: its heading, why, then `children` (a way back). */
export function RegistryDownPage({ heading, children }: { heading: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <main id="main" className="container" tabIndex={-1}>
      <PageFlash />
      <h1>{heading}</h1>
      <p role="alert">{t("errors.registryDown")}</p>
      {children}
    </main>
  );
}
