import { FadeOutlet } from '../components/fade-outlet';

/** Frame of print, report and full-screen routes: the page alone. */
export function BareLayout() {
  return (
    <div className="lw-bare">
      <FadeOutlet />
    </div>
  );
}
