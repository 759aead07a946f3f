import { useTranslation } from "react-i18next";
import { pageMeta } from "~/utils/page-meta";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: t("contact.title"), description: t("contact.intro") }));

export default function Contact() {
  const { t } = useTranslation();
  return (
    <div className="container section narrow">
      <h1>{t("contact.heading")}</h1>
      <p className="lead">{t("contact.intro")}</p>
      <form className="contact-form" aria-label={t("contact.formTitle")} method="post" noValidate>
        <div className="field">
          <label htmlFor="contact-name">{t("contact.name")}</label>
          <input id="contact-name" name="name" type="text" autoComplete="name" maxLength={200} required />
        </div>
        <div className="field">
          <label htmlFor="contact-email">{t("contact.email")}</label>
          <input id="contact-email" name="email" type="email" autoComplete="email" maxLength={254} required />
        </div>
        <div className="field">
          <label htmlFor="contact-phone">{t("contact.phone")}</label>
          <input id="contact-phone" name="telephone" type="tel" inputMode="numeric" autoComplete="tel" maxLength={30} required />
        </div>
        <div className="field">
          <label htmlFor="contact-message">{t("contact.message")}</label>
          <textarea id="contact-message" name="nachricht" rows={8} placeholder={t("contact.messagePlaceholder")} required />
        </div>
        <button type="submit" className="button">
          {t("contact.submit")}
        </button>
      </form>
    </div>
  );
}
