import { describe, expect, it } from 'vitest';
import { SCREENS, TOASTS, VALIDATION } from './messages';

describe('VALIDATION', () => {
  it('keeps the SPEC.md §5 wording', () => {
    expect(VALIDATION.emailRequired).toBe('Email is required');
    expect(VALIDATION.emailInvalid).toBe('Email format is invalid');
    expect(VALIDATION.nameRequired).toBe('Name is required');
    expect(VALIDATION.mobileRequired).toBe('Mobile number is required');
    expect(VALIDATION.mobileInvalid).toBe('Mobile number must be 10 digits');
    expect(VALIDATION.passwordRequired).toBe('Password is required');
    expect(VALIDATION.passwordTooShort).toBe('Password must be at least 8 characters');
  });

  it('words billing and quantity rules', () => {
    expect(VALIDATION.addressRequired).toBe('Address is required');
    expect(VALIDATION.pincodeRequired).toBe('Pincode is required');
    expect(VALIDATION.pincodeInvalid).toBe('Pincode must be 6 digits');
    expect(VALIDATION.districtRequired).toBe('District is required');
    expect(VALIDATION.stateRequired).toBe('State is required');
    expect(VALIDATION.itemQtyRange).toBe('Quantity must be between 1 and 10');
    expect(VALIDATION.tooLong('Address', 200, 214)).toBe('Address can be at most 200 characters; this one has 214.');
    expect(VALIDATION.tooLong('Address', 200)).toBe('Address can be at most 200 characters.');
    expect(VALIDATION.productNameLength).toBe('Product name must be 2 to 100 characters');
    expect(VALIDATION.offerRange).toBe('Offer must be a whole number between 0 and 90');
  });
});

describe('TOASTS', () => {
  it('keeps the SPEC.md §8 wording, misspellings included', () => {
    expect(TOASTS.registerSuccess).toBe('Registeration successful');
    expect(TOASTS.registerFailed).toBe('Registration Failed');
    expect(TOASTS.loginSuccess).toBe('Login successful');
    expect(TOASTS.loginFailed).toBe('Login Failed');
    expect(TOASTS.guestRegisterExists).toBe('User name already exists');
    expect(TOASTS.resetSent).toBe('Password reset request was sent to your email');
    expect(TOASTS.resetFailed).toBe('User password reset failed');
    expect(TOASTS.profileUpdated).toBe('Profile updated Successfully');
    expect(TOASTS.profileFailed).toBe('Failed to update profile');
    expect(TOASTS.productsFailed).toBe('Failed to get the product list');
    expect(TOASTS.cashSelected).toBe('Cash on Delivery selected. Please proceed.');
    expect(TOASTS.paymentProcessing).toBe('Hold on a second, your payment is Processing');
    expect(TOASTS.paymentJustASecond).toBe('Just a second');
    expect(TOASTS.paymentFailedPrefix).toBe('Payment Failed: ');
    expect(TOASTS.redirectingToPayment).toBe('redirecting to the payment page');
    expect(TOASTS.templateAdded).toBe('Template added successfully');
    expect(TOASTS.templateAddFailed).toBe('Failed to add email template');
    expect(TOASTS.templatesFailed).toBe('Failed to get the email template');
    expect(TOASTS.templateUpdated).toBe('Email template updated successfully');
    expect(TOASTS.templateUpdateFailed).toBe('Failed to update the email template');
    expect(TOASTS.templateDeleted).toBe('Email template deleted successfully');
    expect(TOASTS.templateDeleteFailed).toBe('Failed to delete the email template');
    expect(TOASTS.statusMailSent).toBe('Email delivered successfully');
    expect(TOASTS.statusMailFailed).toBe('Failed to deliver the email template');
    expect(TOASTS.statusMailProcessing).toBe('Your Email Request has processed, will take 1-2 minutes');
    expect(TOASTS.settingsUpdated).toBe('Settings Updated Successfully');
    expect(TOASTS.settingsFailed).toBe('Failed to update setting');
  });

  it('builds the messages that carry a value', () => {
    expect(TOASTS.addedToCart('Classic Cow Ghee')).toBe(
      'Classic Cow Ghee has been added to cart successfully',
    );
    expect(TOASTS.paymentFailed('Card declined')).toBe('Payment Failed: Card declined');
  });
});

describe('SCREENS', () => {
  it('keeps the screen texts word for word', () => {
    expect(SCREENS.notFound).toBe('page not found');
    expect(SCREENS.noProducts).toBe('No products found');
    expect(SCREENS.cartEmpty).toBe('Your Cart is Empty');
    expect(SCREENS.noCartItems).toBe('No items in the cart!');
    expect(SCREENS.noEmailProvided).toBe('No email address provided.');
    expect(SCREENS.noOrders).toBe("Your Don't have any Orders");
    expect(SCREENS.paymentSuccess).toBe('Your payment was successful');
    expect(SCREENS.paymentFailure).toBe('Your payment failed');
    expect(SCREENS.paymentVerified).toBe('User Payment Verified');
    expect(SCREENS.paymentNotVerified).toBe('User Payment Not Verified');
    expect(SCREENS.templateDuplicate).toBe(
      'A template with the same status and default already exists. Update failed.',
    );
    expect(SCREENS.deleteDefaultTitle).toBe('Deleting a Default');
    expect(SCREENS.deleteDefaultText).toBe(
      'You are deleting a default template of the Email! Are you sure you want to delete?',
    );
    expect(SCREENS.statusMailProcessing).toBe('Your Email Request has processed, will take 1-2 minutes');
    expect(SCREENS.statusMailSent).toBe('Email delivered successfully');
    expect(SCREENS.statusMailFailed).toBe('Failed to deliver the email template');
    expect(SCREENS.searchPlaceholder).toBe('Search products by name...');
  });
});
