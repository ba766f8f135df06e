// The static text of the footer's About, Terms and Privacy Policy modals (SPEC.md §2); it loads with the modal.
import type { ReactNode } from 'react';
import type { FooterTopic } from './footer-topics';

export const FOOTER_TOPIC_BODIES: Record<FooterTopic, ReactNode> = {
  about: (
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
  ),
  terms: (
    <>
      <p>Prices are in Indian rupees (Rs.) and include taxes. The price charged is the one shown when you place your order.</p>
      <p>
        Orders are prepared in small batches and delivered to the address you give at checkout. You can pay online by
        card or in cash on delivery. If a payment fails, no order is charged; you may try again.
      </p>
      <p>If anything is wrong with your order, write to us within 7 days of delivery and we will make it right.</p>
    </>
  ),
  privacy: (
    <>
      <p>
        We keep only what we need to deliver your ghee: your name, email, mobile number and address, and the orders
        you place. We never see or store your card number; card payments are handled by our payment provider.
      </p>
      <p>
        We email you about your orders and your account only. We do not sell or share your details with anyone
        except the courier who delivers your order.
      </p>
      <p>To see, change or remove your details, use your Account page or write to us.</p>
    </>
  ),
};
