// The public landing page (spec §2): hero, features, sender name demo, pricing, about.
import { AboutSection } from './about-section';
import { FeaturesSection } from './features-section';
import { HeroSection } from './hero-section';
import { PricingSection } from './pricing-section';
import { SenderNameDemo } from './sender-name-demo';

export function LandingPage() {
  return (
    <>
      <HeroSection />
      <FeaturesSection />
      <SenderNameDemo />
      <PricingSection />
      <AboutSection />
    </>
  );
}
