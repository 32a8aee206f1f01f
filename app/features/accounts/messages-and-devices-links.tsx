import { Link } from "react-router";
import { useTranslation } from "~/texts/use-translation";

/** On /profile (docs/decisions/109): the links to the message choices and the signed-in devices. */
export function MessagesAndDevicesLinks() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="messages-devices-title" className="card">
      <h2 id="messages-devices-title">{t("messagesAndDevices.title")}</h2>
      <ul>
        <li>
          <Link to="/profile/messages">{t("messagesAndDevices.messagesLink")}</Link>
        </li>
        <li>
          <Link to="/profile/devices">{t("messagesAndDevices.devicesLink")}</Link>
        </li>
      </ul>
    </section>
  );
}
