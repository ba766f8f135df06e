// The footer's About text (SPEC.md §2), the shop's own words; it loads with its modal. Terms and Privacy are the
// owner's policy pages, which the footer links (DESIGN.md §7.2).
export const ABOUT_TEXT = (
  <>
    <p>
      Ghee Shop is a family kitchen. We make premium small-batch ghee from the butter of grass-fed cows and
      buffaloes, slow-cooked over a low flame until it turns clear gold and smells of toasted nuts.
    </p>
    <p>
      Nothing is added. Ghee is naturally lactose-free, has a high smoke point for everyday cooking, and is rich
      in vitamins A, D, E and K. Every jar is filled by hand and delivered to your door.
    </p>
  </>
);
