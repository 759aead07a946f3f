import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { loadLanguage } from "~/i18n/i18n";
import { DEFAULT_LANG, isLang } from "~/i18n/language";
import { yieldToMain } from "~/utils/yield-to-main";

// React Router's default client entry, except that it first loads the texts of the language the
// server rendered (only that one is in the page's JavaScript; the server preloads its chunk).
// Setting up the texts takes milliseconds of its own: hydration starts in the next task, so the two
// do not add up to one long task.
const lang = document.documentElement.lang;
loadLanguage(isLang(lang) ? lang : DEFAULT_LANG).then(yieldToMain).then(
  () =>
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <HydratedRouter />
        </StrictMode>,
      );
    }),
  // Without its texts the page cannot hydrate; it stays the working server-rendered page.
  (error: unknown) => console.error("Could not load the page's texts", error),
);
