import { type RefObject, useEffect } from "react";

/**
 * Shows `value` in an uncontrolled field whenever the page's address changes it (a reset link,
 * Back), without remounting the field: a field remounted by a new `key` loses the keyboard focus
 * to `<body>` each time a search it sent comes back (issue 37, item 15).
 */
export function useFieldValue(ref: RefObject<HTMLInputElement | HTMLSelectElement | null>, value: string): void {
  useEffect(() => {
    const field = ref.current;
    if (field && field.value !== value) field.value = value;
  }, [ref, value]);
}
