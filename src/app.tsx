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

/** The landing page: its sections in display order, and nothing else. */
export function App() {
  return (
    <>
      <SkipLink label={pageLabels.skipLink} />
      <Nav />
      <main id="main" tabIndex={-1} className="outline-none">
        <Hero />
        <Services />
        <Portfolio />
        <About />
        <Testimonials />
        <Contact />
      </main>
      <Footer />
    </>
  );
}
