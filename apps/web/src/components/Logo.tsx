/** The Lodestar star. */
export function Logo({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" className="logo">
      <circle cx="12" cy="12" r="11.5" fill="#1677ff" />
      <path fill="#fff" d="M12 3.2l2.2 5.4 5.8.4-4.5 3.7 1.5 5.7L12 15.3l-5 3.1 1.5-5.7L4 9l5.8-.4z" />
    </svg>
  );
}
