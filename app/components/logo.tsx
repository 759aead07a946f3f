import { useRootData } from "~/hooks/use-root-data";

/** The brand's word mark, drawn inline so it costs no request and scales crisply. */
export function Logo({ className }: { className?: string }) {
  const { brand } = useRootData();
  return (
    <svg className={className} viewBox="0 0 132 36" width="132" height="36" role="img" aria-label={brand.name}>
      <circle cx="18" cy="18" r="15" fill="none" stroke="currentColor" strokeWidth="4" />
      <circle cx="18" cy="18" r="4" fill={brand.colors.accent || "var(--accent)"} />
      <path d="M18 3v30M3 18h30M7.4 7.4l21.2 21.2M28.6 7.4L7.4 28.6" stroke="currentColor" strokeWidth="1.2" opacity="0.55" />
      <text x="42" y="27" fontFamily="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif" fontSize="24" fontWeight="800" letterSpacing="2" fill="currentColor">
        {brand.name}
      </text>
    </svg>
  );
}
