import { Form, useSubmit } from "react-router";
import { LIST_SORTS, SORT_PARAM, type ListSort } from "~/catalog/list-sort";
import { useT } from "~/i18n/use-t";

/**
 * The list's order (issue 39): a GET form of the list's own address, so it works without
 * JavaScript (choose, then "Sortieren"); with it, a choice reloads the list in place and the
 * address follows. A new order starts at page 1 (the form sends no page).
 */
export function ListSortForm({ sort, action }: { sort: ListSort | null; action: string }) {
  const t = useT();
  const submit = useSubmit();
  return (
    <Form method="get" action={action} className="list-sort" preventScrollReset>
      <label className="list-sort__label" htmlFor="list-sort">
        {t("products.sort.label")}
      </label>
      <select
        id="list-sort"
        name={SORT_PARAM}
        className="list-sort__select"
        defaultValue={sort ?? ""}
        key={sort ?? ""}
        onChange={(event) => {
          const form = event.currentTarget.form;
          if (!form) return;
          // The catalogue's order is the address without the parameter.
          const data = new FormData(form);
          if (data.get(SORT_PARAM) === "") data.delete(SORT_PARAM);
          void submit(data, { method: "get", action, preventScrollReset: true, replace: true });
        }}
      >
        <option value="">{t("products.sort.catalogue")}</option>
        {LIST_SORTS.map((value) => (
          <option key={value} value={value}>
            {t(`products.sort.${value}`)}
          </option>
        ))}
      </select>
      {/* Only without JavaScript: a button that went away at hydration would shift the toolbar. */}
      <noscript>
        <button type="submit" className="button list-sort__apply">
          {t("products.sort.apply")}
        </button>
      </noscript>
    </Form>
  );
}
