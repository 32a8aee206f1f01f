import { Form } from "react-router";
import { useTranslation } from "~/texts/use-translation";
import type { AddressChoice, AddressLines } from "./pending-address";
import { CsrfField } from "~/components/csrf-field";
import { Dialog } from "~/components/dialog";

function Address({ lines }: { lines: AddressLines }) {
  const { t } = useTranslation();
  return (
    <address>
      {lines.street}
      <br />
      {[lines.city, lines.stateKey ? t(lines.stateKey) : lines.state].filter(Boolean).join(", ")} {lines.postalCode}
    </address>
  );
}

/**
 * The 'Confirm Address' dialog of ACC-007 (ACC-008). The form it answers for waits in the encrypted
 * session (docs/decisions/005), so each button is a small form of its own: it works without JavaScript and the
 * password never appears in the page.
 */
export function AddressDialog({
  choice: { recommended, submitted, otherState },
  action,
  cancelLabel,
}: {
  choice: AddressChoice;
  /** Where the buttons post (the page's own action). */
  action: string;
  cancelLabel: string;
}) {
  const { t } = useTranslation();
  const button = (intent: string, label: string, className?: string) => (
    <Form method="post" action={action} className="inline-form">
      <CsrfField />
      <button type="submit" name="intent" value={intent} className={className}>
        {label}
      </button>
    </Form>
  );
  return (
    // Focus opens on the title (docs/decisions/092), never on an answer that Enter would send at once.
    <Dialog
      id="address-dialog"
      title={t("address.title")}
      open
      dismissable={false}
      initialFocus="heading"
      footer={button("address-cancel", cancelLabel, "secondary")}
    >
      <p className={otherState ? "notice notice--warning" : "notice notice--info"} role="note">
        {recommended && otherState
          ? t("address.otherStateInfo", { zip: recommended.postalCode, state: recommended.stateKey ? t(recommended.stateKey) : recommended.state })
          : recommended
            ? t("address.recommendedInfo")
            : t("address.noMatch")}
      </p>
      {recommended ? (
        <section aria-labelledby="address-recommended-title" className="address-choice">
          <h3 id="address-recommended-title">{t("address.recommendedHeading")}</h3>
          <Address lines={recommended} />
          {button("address-recommended", t("address.useRecommended"), otherState ? "secondary" : undefined)}
        </section>
      ) : null}
      <section aria-labelledby="address-submitted-title" className="address-choice">
        <h3 id="address-submitted-title">{t("address.submittedHeading")}</h3>
        <Address lines={submitted} />
        {button("address-confirm", t("address.confirm"), recommended && !otherState ? "secondary" : undefined)}
      </section>
    </Dialog>
  );
}
