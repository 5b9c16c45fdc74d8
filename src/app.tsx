import type { LandingOptions } from '../common/landing-options';
import type { SiteContent } from '../common/site-content';
import { About } from './sections/about/about';
import { Contact } from './sections/contact/contact';
import { Footer } from './sections/footer/footer';
import { Hero } from './sections/hero/hero';
import { Nav } from './sections/nav/nav';
import { Portfolio } from './sections/portfolio/portfolio';
import { Services } from './sections/services/services';
import { Testimonials } from './sections/testimonials/testimonials';
import { SkipLink } from './components/skip-link';
import { pageLabels } from './content/site';

/** The landing page: its sections in display order, each given its part of the document. */
export function App({ content, landing }: { content: SiteContent; landing: LandingOptions }) {
  return (
    <>
      <SkipLink label={pageLabels.skipLink} />
      <Nav />
      <main id="main" tabIndex={-1} className="outline-none">
        <Hero hero={content.hero} isBookingOn={landing.isBookingOn} />
        <Services services={content.services} />
        <Portfolio portfolio={content.portfolio} />
        <About about={content.about} />
        <Testimonials testimonials={content.testimonials} />
        <Contact contact={content.contact} isBookingOn={landing.isBookingOn} />
      </main>
      <Footer footer={content.footer} />
    </>
  );
}
