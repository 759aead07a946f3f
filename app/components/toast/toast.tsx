import { useCallback, useEffect, useRef, useState } from "react";
import { useT } from "~/i18n/use-t";
import "./toast.css";

export type ToastKind = "success" | "error";

export interface ToastItem {
  id: number;
  kind: ToastKind;
  text: string;
}

/** Toasts of one page: `show` adds one, `dismiss` removes it; `initial` covers server-rendered results. */
export function useToasts(initial: readonly Omit<ToastItem, "id">[] = []) {
  const [toasts, setToasts] = useState<ToastItem[]>(() => initial.map((toast, index) => ({ ...toast, id: index + 1 })));
  const nextId = useRef(initial.length + 1);
  const show = useCallback((kind: ToastKind, text: string) => {
    const id = nextId.current++;
    setToasts((list) => [...list, { id, kind, text }]);
    return id;
  }, []);
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((toast) => toast.id !== id)), []);
  return { toasts, show, dismiss };
}

export const TOAST_DURATION_MS = 5000;

/**
 * Toasts at the top centre. The two live regions are always in the page, empty or not, because
 * screen readers only announce changes inside a region they already know: success politely
 * (role=status), errors at once (role=alert). A toast closes after `duration`, which pauses while
 * it is hovered or focused, so nobody has to race the timer to read it (WCAG 2.2.1).
 */
export function ToastRegion({
  toasts,
  onDismiss,
  duration = TOAST_DURATION_MS,
}: {
  toasts: readonly ToastItem[];
  onDismiss: (id: number) => void;
  duration?: number;
}) {
  const t = useT();
  const render = (kind: ToastKind) =>
    toasts
      .filter((toast) => toast.kind === kind)
      .map((toast) => <Toast key={toast.id} toast={toast} onDismiss={onDismiss} duration={duration} closeLabel={t("toast.close")} />);
  return (
    <div className="toast-region" aria-label={t("toast.region")} role="region">
      <div className="toast-stack" role="status" aria-live="polite">
        {render("success")}
      </div>
      <div className="toast-stack" role="alert" aria-live="assertive">
        {render("error")}
      </div>
    </div>
  );
}

function Toast({
  toast,
  onDismiss,
  duration,
  closeLabel,
}: {
  toast: ToastItem;
  onDismiss: (id: number) => void;
  duration: number;
  closeLabel: string;
}) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const paused = hovered || focused;
  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => onDismiss(toast.id), duration);
    return () => clearTimeout(timer);
  }, [paused, duration, onDismiss, toast.id]);

  return (
    <div
      className={`toast toast--${toast.kind}`}
      data-kind={toast.kind}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
    >
      <span className="toast__icon" aria-hidden="true">
        {toast.kind === "success" ? "✓" : "!"}
      </span>
      <p className="toast__text">{toast.text}</p>
      <button type="button" className="toast__close" aria-label={closeLabel} onClick={() => onDismiss(toast.id)}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
