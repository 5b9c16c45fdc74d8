export const contact = {
  eyebrow: 'Contact',
  title: "Let's create something remarkable",
  intro:
    'Tell us about your project and we will reply within one business day with next steps and a few honest questions.',
  details: { email: 'Email', phone: 'Phone', visit: 'Visit' },
  /** Offered in the hero and on the visit line: the way to make the appointment it asks for. */
  bookCall: 'Book a call',
  form: {
    title: 'Start a project',
    nameLabel: 'Your name',
    emailLabel: 'Email address',
    serviceLabel: 'Service',
    servicePlaceholder: 'Select Service',
    messageLabel: 'Project details',
    messagePlaceholder: 'Goals, timeline, budget range: whatever you know so far.',
    /** Read only by screen readers that ignore aria-hidden; the field is a trap for bots. */
    honeypotLabel: 'Leave this field empty',
  },
  submitLabels: {
    idle: 'Start Your Project',
    sending: '⏳ Sending...',
    success: '✓ Message Sent!',
    error: '✗ Try Again',
  },
  announcements: {
    sending: 'Sending your message…',
    success: 'Thank you! Your message has been sent. We will reply within one business day.',
  },
  errors: {
    rejected: 'Failed to send message',
    thrown: 'Failed to send message. Please try again.',
    offline: 'We could not reach the studio. Check your connection and try again.',
  },
} as const;
