import { AppLink } from "~/navigation/app-link";
import { ContentImage } from "~/components/responsive-image";
import { localize } from "~/content/localize";
import { resolveLanguage } from "~/i18n/language";
import { pageMeta } from "~/utils/page-meta";
import type { Route } from "./+types/service";

/** The page's texts and cards from content/service.yaml, in the visitor's language (decision 060). */
export function loader({ request, context }: Route.LoaderArgs) {
  const { lang } = resolveLanguage(new URL(request.url), request.headers.get("Cookie"));
  const { title, intro, cards } = localize(context.content.get("service"), lang);
  return { title, intro, cards };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, () => ({ title: args.loaderData?.title ?? "", description: args.loaderData?.intro }));

export default function Service({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container section">
      <h1>{loaderData.title}</h1>
      <p className="lead">{loaderData.intro}</p>
      <ul className="service-grid">
        {loaderData.cards.map((card, index) => (
          // Cards have no name of their own; the editor's order is the list's.
          <li className="service-card" key={index}>
            {/* The first card's picture is in view under the heading: loaded at once, not lazily. */}
            <ContentImage
              picture={card.image}
              widths={[320, 640, 960, 1200]}
              sizes="(max-width: 592px) calc(100vw - 32px), 560px"
              alt=""
              className="service-card__image"
              priority={index === 0}
            />
            <div className="service-card__body">
              <h2>{card.name}</h2>
              <p>{card.description}</p>
              <AppLink to={card.link.to} className="button">
                {card.link.label}
              </AppLink>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
