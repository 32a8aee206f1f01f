import { useTranslation } from "~/texts/use-translation";

/** Footer of PLT-004: family-of-sites bar, social links, copyright 2019 to this year, and the three links. */
export function SiteFooter({ year, demoMode }: { year: number; demoMode: boolean }) {
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <div className="container">
        <nav aria-label={t("footer.familyOfSites")}>
          <ul className="link-bar">
            <li>
              <a href="https://www.kidneyregistry.org/">{t("footer.siteRegistry")}</a>
            </li>
            <li>
              <a href="https://www.kidneyregistry.org/for-donors/">{t("footer.siteDonors")}</a>
            </li>
            <li>
              <a href="https://www.kidneyregistry.org/for-centers/">{t("footer.siteCenters")}</a>
            </li>
          </ul>
        </nav>
        <nav aria-label={t("footer.social")}>
          <ul className="link-bar">
            <li>
              <a href="https://www.facebook.com/kidneyregistry">{t("footer.socialFacebook")}</a>
            </li>
            <li>
              <a href="https://x.com/kidneyregistry">{t("footer.socialX")}</a>
            </li>
            <li>
              <a href="https://www.youtube.com/@kidneyregistry">{t("footer.socialYouTube")}</a>
            </li>
          </ul>
        </nav>
        <p>{t("footer.copyright", { year: String(year) })}</p>
        <ul className="link-bar">
          <li>
            <a href="https://www.kidneyregistry.org/site-map/">{t("footer.siteMap")}</a>
          </li>
          <li>
            <a href="https://www.kidneyregistry.org/privacy-policy/">{t("footer.privacyPolicy")}</a>
          </li>
          <li>
            <a href="https://www.kidneyregistry.org/accessibility/">{t("footer.accessibilityStatement")}</a>
          </li>
        </ul>
        {demoMode ? <p className="demo-note">{t("footer.demoData")}</p> : null}
      </div>
    </footer>
  );
}
