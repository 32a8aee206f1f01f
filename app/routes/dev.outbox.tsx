import type { Route } from "./+types/dev.outbox";
import { useTranslation } from "~/texts/use-translation";
import type { RouteHandle } from "~/components/document-title";
import { readDemoOutbox } from "~/registry/demo-outbox.server";
import { PageFlash } from "~/components/flash-messages";
import { withTexts } from "~/texts/texts.server";
import { portalContext } from "~/platform/context";

export const handle: RouteHandle = { titleKey: "outbox.title" };

/** PLT-015: what would have been sent, in demo mode only. */
export const loader = withTexts("dev.outbox", async function loader({ context: routerContext }: Route.LoaderArgs) {
  const context = routerContext.get(portalContext);
  return { entries: await readDemoOutbox(context) };
});

export default function DemoOutbox({ loaderData: { entries } }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <main id="main" className="container" tabIndex={-1}>
      <PageFlash />
      <h1>{t("outbox.heading")}</h1>
      <p>{t("outbox.intro")}</p>
      {entries.length === 0 ? (
        <p>{t("outbox.empty")}</p>
      ) : (
        <ol className="outbox" reversed>
          {entries.map((e, i) => (
            <li key={i}>
              <article>
                <dl>
                  <dt>{t("outbox.channel")}</dt>
                  <dd>{t(e.channel === "email" ? "outbox.email" : "outbox.sms")}</dd>
                  <dt>{t("outbox.to")}</dt>
                  <dd>{e.to}</dd>
                  <dt>{t("outbox.subject")}</dt>
                  <dd>{e.subject}</dd>
                  <dt>{t("outbox.sentAt")}</dt>
                  <dd>
                    <time dateTime={e.createdAt}>{e.createdAt}</time>
                  </dd>
                </dl>
                <pre>{e.text}</pre>
              </article>
            </li>
          ))}
        </ol>
      )}
    </main>
  );
}
