import { type Dispatch, type SetStateAction, useEffect, useState } from "react";
import { useLocation } from "react-router";

/**
 * Whether a menu is open. Every menu closes on navigation (a link chosen in it, back, forward, a
 * search sent from it); selecting the page that is already shown changes no location, so menus
 * still close on their links' clicks themselves.
 */
export function useMenuOpen(): [boolean, Dispatch<SetStateAction<boolean>>] {
  const location = useLocation();
  const [open, setOpen] = useState(false);
  useEffect(() => setOpen(false), [location.pathname, location.search]);
  return [open, setOpen];
}
