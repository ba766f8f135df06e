// User-facing text. SPEC.md §5 and §8 wording is kept word for word (spelling mistakes included)
// because users, support notes and end-to-end tests match on it.
import {
  OFFER_MAX,
  OFFER_MIN,
  PRODUCT_NAME_MAX,
  PRODUCT_NAME_MIN,
  QTY_MAX,
  QTY_MIN,
  RATING_STAR_MAX,
  RATING_STAR_MIN,
} from './constants';

export const VALIDATION = {
  // SPEC.md §5
  emailRequired: 'Email is required',
  emailInvalid: 'Email format is invalid',
  nameRequired: 'Name is required',
  mobileRequired: 'Mobile number is required',
  mobileInvalid: 'Mobile number must be 10 digits',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters',
  // DESIGN.md §7.1
  passwordTooCommon: 'This password is too common. Choose another.',
  newPasswordHint: 'At least 8 characters. Two or three uncommon words make a strong password that is easy to remember.',
  passwordIsEmail: 'Do not use your email address as your password. Choose another.',
  passwordIsShopName: 'Do not use the shop\'s name in your password. Choose another.',
  passwordTooGuessable: (hint: string) => `This password is easy to guess${hint ? ` (${hint})` : ''}. Add another word or two: uncommon words, not a name or a date.`,
  // Billing and profile
  addressRequired: 'Address is required',
  pincodeRequired: 'Pincode is required',
  pincodeInvalid: 'Pincode must be 6 digits',
  districtRequired: 'District is required',
  stateRequired: 'State is required',
  // DESIGN.md §8.2
  stateUnknown: 'Choose your state or union territory from the list',
  pincodeInOtherState: (pincode: string, states: readonly string[]) => `${pincode} is in ${states.join(' or ')}`,
  // One line of a person's or business's details (single-line.ts): which field, what is wrong, what to type.
  notOneLine: (label: string, found: string) => `${label} must be one line of plain text: remove the ${found}.`,
  noWebAddress: (label: string, instead: string) => `${label} cannot contain a web address (https://, www.): type ${instead} only.`,
  gstinBusinessNameRequired: 'Business name is required with a GSTIN (it is printed on the invoice)',
  itemQtyRange: `Quantity must be between ${QTY_MIN} and ${QTY_MAX}`,
  // Ours: limits the spec does not word
  // Which field, its limit, and (when known) how long the text sent was: "Must be at most 100" left the owner of a
  // long pasted name guessing which field and by how much.
  tooLong: (label: string, max: number, length?: number) =>
    `${label} can be at most ${max} characters${length === undefined ? '' : `; this one has ${length}`}.`,
  resetTokenRequired: 'The reset link is invalid or has expired',
  // DESIGN.md §7.1: changing the e-mail
  currentPasswordRequired: 'Enter your current password to change your email address',
  currentPasswordWrong: 'That is not your current password',
  passwordNotSetForEmailChange:
    'Set a password first (use the link we mailed you, or "Forgot password" on the login page), then change your email address',
  emailChangeLinkInvalid: 'The confirmation link is invalid, was already used or has expired',
  itemsRequired: 'Add at least one item to the order',
  tooManyItems: (max: number) => `An order can have at most ${max} lines`,
  itemNameRequired: 'Item name is required',
  productSizeOverLimit: (product: string, size: string, bottles: number) =>
    `At most ${QTY_MAX} bottles of ${product} ${size} per order; this order has ${bottles} across its lines. Lower the quantity to ${QTY_MAX} or fewer.`,
  sizeInvalid: 'Size must be a positive whole number of ml',
  priceInvalid: 'Price must be a positive whole number of rupees',
  amountInvalid: 'Amount must be a whole number of rupees',
  receiptRequired: 'Receipt is required',
  orderIdRequired: 'Order id is required',
  paymentIdRequired: 'Payment id is required',
  signatureRequired: 'Payment signature is required',
  paymentModeInvalid: 'Choose Online or Cash on Delivery',
  statusInvalid: 'Choose a valid order status',
  productNameLength: `Product name must be ${PRODUCT_NAME_MIN} to ${PRODUCT_NAME_MAX} characters`,
  offerRange: `Offer must be a whole number between ${OFFER_MIN} and ${OFFER_MAX}`,
  ratingsInvalid: 'Ratings must be a whole number of 0 or more',
  ratingStarRange: `Rating must be a whole number between ${RATING_STAR_MIN} and ${RATING_STAR_MAX}`,
  sizesRequired: 'Add at least one size',
  tooManySizes: (max: number) => `A product can have at most ${max} sizes`,
  pricesSizesMismatch: 'Each size needs exactly one price',
  sizesNotUnique: 'Sizes must not repeat',
  defaultSizeNotListed: 'Default size must be one of the sizes',
  templateTitleRequired: 'Title is required',
  templateSubjectRequired: 'Subject is required',
  templateBodyRequired: 'Body is required: a mail with no text tells the customer nothing',
  settingsSubjectRequired: 'The order-confirmation subject is required',
  settingsBodyRequired: 'The order-confirmation body is required: customers would get an empty mail',
  // DESIGN.md §7.2: the order summary's agreement (checked in the browser only, decision 038)
  policiesAgreementRequired: 'Tick "I agree to the Terms and the Refund policy" to place your order.',
} as const;

export const TOASTS = {
  registerSuccess: 'Registeration successful',
  registerFailed: 'Registration Failed',
  loginSuccess: 'Login successful',
  loginFailed: 'Login Failed',
  guestRegisterExists: 'User name already exists',
  resetSent: 'Password reset request was sent to your email',
  resetFailed: 'User password reset failed',
  profileUpdated: 'Profile updated Successfully',
  profileFailed: 'Failed to update profile',
  emailChangeSent: (address: string) =>
    `We sent a confirmation link to ${address}. Your email address changes when you open it (within 24 hours).`,
  emailChanged: (address: string) => `Your email address is now ${address}.`,
  productsFailed: 'Failed to get the product list',
  addedToCart: (name: string) => `${name} has been added to cart successfully`,
  cartSizeFull: (name: string, max: number) => `Your cart already holds ${max} bottles of ${name} in this size, the most one order takes.`,
  addedUpToLimit: (name: string, added: number, max: number) =>
    `${added} ${added === 1 ? 'bottle' : 'bottles'} of ${name} added: ${max} of a size is the most one order takes.`,
  cashSelected: 'Cash on Delivery selected. Please proceed.',
  paymentProcessing: 'Hold on a second, your payment is Processing',
  paymentJustASecond: 'Just a second',
  paymentFailedPrefix: 'Payment Failed: ',
  paymentFailed: (description: string) => `Payment Failed: ${description}`,
  redirectingToPayment: 'redirecting to the payment page',
  templateAdded: 'Template added successfully',
  templateAddFailed: 'Failed to add email template',
  templatesFailed: 'Failed to get the email template',
  templateUpdated: 'Email template updated successfully',
  templateUpdateFailed: 'Failed to update the email template',
  templateDeleted: 'Email template deleted successfully',
  templateDeleteFailed: 'Failed to delete the email template',
  statusMailSent: 'Email delivered successfully',
  statusMailFailed: 'Failed to deliver the email template',
  statusMailProcessing: 'Your Email Request has processed, will take 1-2 minutes',
  settingsUpdated: 'Settings Updated Successfully',
  settingsFailed: 'Failed to update setting',
} as const;

export const SCREENS = {
  notFound: 'page not found',
  noProducts: 'No products found',
  cartEmpty: 'Your Cart is Empty',
  noCartItems: 'No items in the cart!',
  noEmailProvided: 'No email address provided.',
  noOrders: "Your Don't have any Orders",
  paymentSuccess: 'Your payment was successful',
  paymentFailure: 'Your payment failed',
  paymentVerified: 'User Payment Verified',
  paymentNotVerified: 'User Payment Not Verified',
  templateDuplicate: 'A template with the same status and default already exists. Update failed.',
  deleteDefaultTitle: 'Deleting a Default',
  deleteDefaultText:
    'You are deleting a default template of the Email! Are you sure you want to delete?',
  statusMailProcessing: TOASTS.statusMailProcessing,
  statusMailSent: TOASTS.statusMailSent,
  statusMailFailed: TOASTS.statusMailFailed,
  searchPlaceholder: 'Search products by name...',
  // Ours: the spec names these screens without wording them
  paymentFailureReason: 'The payment was declined by your bank.',
  orderPlaced: 'Your order is placed',
  payAtDoor: (amount: string) => `Please keep ${amount} ready to pay at the door when your ghee arrives.`,
  awaitingPayment: 'Awaiting payment',
  forbidden: 'You do not have access to this page',
  loginRequired: 'Please log in to see this page',
  testMode: 'TEST MODE',
} as const;
