import { useT } from "~/i18n/use-t";
import { AppLink } from "~/navigation/app-link";

/**
 * The specification's error screen ('Unexpected Application Error!'), with the real status in the
 * text and a way home. It never shows a stack trace: the server logs those.
 */
export function ErrorScreen({ status }: { status: number }) {
  const t = useT();
  const text =
    status === 404 ? t("error.notFound") : status >= 500 ? t("error.serverError", { status }) : t("error.generic", { status });
  return (
    <section className="error-screen" aria-labelledby="error-title">
      <p className="error-screen__status" aria-hidden="true">
        {status}
      </p>
      <h1 id="error-title">{t("error.title")}</h1>
      <p>{text}</p>
      <AppLink className="button" to="/">
        {t("error.home")}
      </AppLink>
    </section>
  );
}
